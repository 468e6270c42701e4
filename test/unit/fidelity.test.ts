/**
 * Issue 14: the After view follows pi-condense 2.9.1's own code (and pi's) in seven places.
 *
 * Every expectation below is what the real code produces: each scenario was run through
 * pi-condense 2.9.1's `ToolCallIndexer.reconstructFromSession` and `pruneMessages`
 * (`DEFAULT_CONFIG` with `enabled: true`), inside a try/catch standing for pi's `emitContext`,
 * and the messages it returned (or the input, when it threw) are written here as literals.
 * Each test names the pi-condense (or pi) file and lines it follows.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { analyzeOptions, normalizeSettings } from "../../server/src/lsp/settings.js";
import { sessionText, type Spec } from "../helpers/session-builder.js";

/** Applies `fn` to the entry JSON of spec i (file line i + 1). */
function patch(text: string, i: number, fn: (e: any) => void): string {
  const lines = text.split("\n");
  const e = JSON.parse(lines[i + 1]);
  fn(e);
  lines[i + 1] = JSON.stringify(e);
  return lines.join("\n");
}

/** A message without the inspector's own annotations, as pi-condense returns it. */
function bare(m: any): any {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { origin, stubbed, thinkingStripped, purgedArgs, ...rest } = m;
  return rest;
}

/** `role@timestamp` per message; a synthetic chain message shows its text. */
const shape = (msgs: any[]) => msgs.map((m) => (m.origin.kind === "synthetic" && m.origin.synthetic === "chain-summary" ? m.content[0].text : `${m.role}@${m.timestamp ?? "-"}`));

const summaryRef = (id: string, ts: number, shortId = "t1") => ({ toolCallRefs: [{ shortId, toolCallId: id, resultTimestamp: ts }] });

/** A resolved chain b5 over bash_18 (1000..1200), and a live turn after it. Spec 8 is the chain entry. */
const CHAIN: Spec[] = [
  { user: 1000 },
  { assistant: 1100, calls: ["bash_18"] },
  { result: 1150, id: "bash_18" },
  { assistant: 1200, text: "done b5" },
  { user: 2000 },
  { assistant: 2100, calls: ["bash_19"] },
  { result: 2150, id: "bash_19" },
  { assistant: 2200, text: "done" },
  { chain: { blockId: "b5", start: 1000, final: 1200, dropped: ["bash_18"] } },
];
const CHAIN_INPUT = ["user@1000", "assistant@1100", "toolResult@1150", "assistant@1200", "user@2000", "assistant@2100", "toolResult@2150", "assistant@2200"];

function assertThrowsAt(text: string, line: number, path: (string | number)[], input: string[], piVersion?: "1.x" | "0.83") {
  const a = analyze(text, { piVersion });
  assert.ok(a.prune.threw, "2.9.1 throws on this input");
  // pi's emitContext catches the exception and keeps the messages it had: After is the input.
  assert.equal(a.pruned, a.before);
  assert.deepEqual(shape(a.pruned), input);
  assert.equal(a.dropped.filter((d) => d.by.kind === "chain" || d.by.kind === "orphan-sweep").length, 0);
  const f = a.findings.filter((x) => x.code === "pruner-throws");
  assert.equal(f.length, 1);
  assert.equal(f[0].severity, "error");
  assert.equal(f[0].line, line);
  assert.deepEqual(f[0].path, path);
  assert.match(f[0].message, /^pi-condense crashes on this entry, so nothing is pruned\. While the entry is in the session, pruning is off for every request\./);
  assert.ok(!a.findings.some((x) => x.code === "unresolved-range" || x.code === "orphan-result" && x.severity === "hint"));
  return a;
}

describe("1: a pruner that throws sends the unpruned context (pi runner.ts emitContext: catch, keep currentMessages)", () => {
  it("a chain entry without toolRefs (2.9.1 src/chain-range-prune.ts:50, entry.toolRefs.join)", () => {
    const text = patch(sessionText(CHAIN), 8, (e) => delete e.data.toolRefs);
    const a = assertThrowsAt(text, 9, ["data", "toolRefs"], CHAIN_INPUT);
    assert.match(a.findings.find((f) => f.code === "pruner-throws")!.message, /toolRefs\.join.*src\/chain-range-prune\.ts:50/);
    // Without the throw the same chain drops its middle: the model is not just switched off.
    assert.deepEqual(shape(analyze(sessionText(CHAIN)).pruned).slice(0, 3), ["user@1000", '<compressed-chain id="b5" tools="">\nsummary of b5\n</compressed-chain>', "assistant@1200"]);
  });
  it("an errored call without arguments past its cooldown (2.9.1 src/error-purge.ts:58-59, JSON.stringify(undefined).length)", () => {
    const specs: Spec[] = [
      { user: 1000 },
      { assistant: 1100, calls: ["write_1"] },
      { result: 1150, id: "write_1", isError: true },
      { assistant: 1200, calls: ["bash_2"] },
      { result: 1250, id: "bash_2" },
      { assistant: 1300, text: "ok" },
      { user: 2000 },
    ];
    const text = patch(sessionText(specs), 1, (e) => delete e.message.content[0].arguments);
    assertThrowsAt(text, 2, ["message", "content", 0, "arguments"], ["user@1000", "assistant@1100", "toolResult@1150", "assistant@1200", "toolResult@1250", "assistant@1300", "user@2000"]);
  });
  it("an assistant whose content is a string (2.9.1 src/orphan-sweep.ts:24-25, (content ?? []).filter)", () => {
    const text = patch(sessionText([{ user: 1000 }, { assistant: 1100, text: "x" }, { user: 2000 }]), 1, (e) => (e.message.content = "plain text"));
    assertThrowsAt(text, 2, ["message", "content"], ["user@1000", "assistant@1100", "user@2000"]);
  });
  it("a null content block (2.9.1 src/orphan-sweep.ts:25, c.type)", () => {
    const text = patch(sessionText([{ user: 1000 }, { assistant: 1100, text: "x" }, { user: 2000 }]), 1, (e) => e.message.content.push(null));
    assertThrowsAt(text, 2, ["message", "content", 1], ["user@1000", "assistant@1100", "user@2000"]);
  });
  it("a per-batch summary whose toolCallRefs is not an array, with a chain resolved (2.9.1 src/chain-range-prune.ts:14-16, 30, .some)", () => {
    const text = sessionText([...CHAIN, { customMessage: "context-prune-summary", content: "s", details: { toolCallRefs: { t1: "bash_18" } } }]);
    assertThrowsAt(text, 10, ["details", "toolCallRefs"], [...CHAIN_INPUT, "custom@1767225610000"]);
  });
  it("a chain without rangeSummaryText and droppedToolCallIds (2.9.1 src/pruner.ts:154-156 -> src/indexer.ts:418, ids.length)", () => {
    const text = patch(sessionText(CHAIN), 8, (e) => {
      delete e.data.rangeSummaryText;
      delete e.data.droppedToolCallIds;
    });
    assertThrowsAt(text, 9, ["data", "droppedToolCallIds"], CHAIN_INPUT);
  });
  it("after the throw, pi-ai still repairs the unpruned context (After = transformMessages of the input)", () => {
    const text = patch(sessionText([{ user: 1000 }, { assistant: 1100, calls: ["bash_1"] }, { user: 2000 }, { assistant: 2100, text: "x" }]), 3, (e) => (e.message.content = "plain text"));
    const a = analyze(text);
    assert.ok(a.prune.threw);
    assert.deepEqual(a.after.map((m) => m.role), ["user", "assistant", "toolResult", "user", "assistant"]);
    assert.equal(a.after[2].content[0].text, "No result provided");
  });
});

describe("1: every other input 2.9.1's render path throws on, and near misses that do not throw", () => {
  // Chain b5 protects bash_18; its final assistant has thinking (stripped). Spec 8 is the chain entry.
  const PROTECTED: Spec[] = [
    ...CHAIN.slice(0, 3),
    { assistant: 1200, text: "done b5", thinking: "hmm" },
    ...CHAIN.slice(4, 8),
    { chain: { blockId: "b5", start: 1000, final: 1200, dropped: ["bash_18"], protectedToolCallIds: ["bash_18"] } },
  ];
  const base = sessionText(PROTECTED);
  const summary = (details: unknown) => sessionText([...PROTECTED, { customMessage: "context-prune-summary", content: "s", details }]);
  // [name, session, where 2.9.1 throws (line, path) or null, the real TypeError / why not, 2.9.1 line]
  const cases: [string, string, [number, (string | number)[]] | null, string][] = [
    ["protectedToolCallIds is a number", patch(base, 8, (e) => (e.data.protectedToolCallIds = 5)), [9, ["data", "protectedToolCallIds"]], "number 5 is not iterable: src/chain-range-prune.ts:175"],
    ["protectedToolCallIds is a string", patch(base, 8, (e) => (e.data.protectedToolCallIds = "bash_18")), null, "a string is iterable (its characters): src/chain-range-prune.ts:175"],
    ["a protected result with a null block", patch(base, 2, (e) => e.message.content.push(null)), [3, ["message", "content", 1]], "reading 'type' of null: src/batch-capture.ts:8"],
    ["droppedToolCallIds holds a number", patch(base, 8, (e) => (e.data.droppedToolCallIds = [5])), [9, ["data", "droppedToolCallIds", 0]], "key.lastIndexOf is not a function: src/occurrence-key.ts:27"],
    ["droppedToolCallIds is a string", patch(base, 8, (e) => (e.data.droppedToolCallIds = "bash_18")), [9, ["data", "droppedToolCallIds"]], ".map is not a function: src/chain-range-prune.ts:199"],
    ["rangeSummaryText is a number", patch(base, 8, (e) => (e.data.rangeSummaryText = 5)), [9, ["data", "rangeSummaryText"]], "text.replace is not a function: src/nested-placeholders.ts:14"],
    ["rangeSummaryText is false", patch(base, 8, (e) => (e.data.rangeSummaryText = false)), [9, ["data", "rangeSummaryText"]], "text.replace is not a function: src/nested-placeholders.ts:14"],
    ["the chain's final assistant has string content", patch(base, 3, (e) => (e.message.content = "done")), [4, ["message", "content"]], "msg.content.filter is not a function: src/chain-range-prune.ts:38"],
    ["an assistant in range has object content", patch(base, 1, (e) => (e.message.content = { a: 1 })), [2, ["message", "content"]], "object is not iterable: src/chain-range-prune.ts:190"],
    ["an assistant in range has string content (then dropped)", patch(base, 1, (e) => (e.message.content = "calls")), null, "a string iterates: src/chain-range-prune.ts:190"],
    ["droppedOccurrenceKeys is null", patch(base, 8, (e) => { e.data.droppedOccurrenceKeys = null; delete e.data.rangeSummaryText; }), null, "?? falls back to droppedToolCallIds: src/pruner.ts:156"],
    ["droppedOccurrenceKeys is a number", patch(base, 8, (e) => { e.data.droppedOccurrenceKeys = 7; delete e.data.rangeSummaryText; }), [9, ["data", "droppedOccurrenceKeys"]], "number 7 is not iterable: src/indexer.ts:419"],
    ["a summary ref is null", summary({ toolCallRefs: [null] }), [10, ["details", "toolCallRefs", 0]], "reading 'resultTimestamp' of null: src/chain-range-prune.ts:31"],
    ["a summary ref's toolCallId is a number, no timestamp", summary({ toolCallRefs: [{ toolCallId: 5 }] }), [10, ["details", "toolCallRefs", 0]], "key.lastIndexOf is not a function: src/chain-range-prune.ts:33"],
    ["a covered ref before a null one", summary({ toolCallRefs: [{ toolCallId: "bash_18", resultTimestamp: 1150 }, null] }), null, ".some stops at the covered ref: src/chain-range-prune.ts:30"],
    ["a ref with resultTimestamp null", summary({ toolCallRefs: [{ toolCallId: 5, resultTimestamp: null }] }), null, "null is not undefined: occKey, no lastIndexOf: src/chain-range-prune.ts:32"],
    [
      "{b7} names a chain without summary or ids (unresolved itself)",
      patch(sessionText([...PROTECTED, { chain: { blockId: "b7", start: 5000, final: 5200, dropped: [] } }]), 9, (e) => {
        delete e.data.rangeSummaryText;
        delete e.data.droppedToolCallIds;
      }).replace('"summary of b5"', '"see {b7}"'),
      [10, ["data", "droppedToolCallIds"]],
      "reading 'length' of undefined: src/indexer.ts:418 via the lookup of src/pruner.ts:157-161",
    ],
  ];
  for (const [name, text, where, real] of cases)
    it(`${name} (${real})`, () => {
      for (const piVersion of ["1.x", "0.83"] as const) {
        const a = analyze(text, { piVersion });
        if (!where) {
          assert.equal(a.prune.threw, undefined);
          continue;
        }
        assert.equal(a.pruned, a.before);
        const f = a.findings.filter((x) => x.code === "pruner-throws");
        assert.deepEqual(f.map((x) => [x.line, x.path]), [where]);
      }
    });
});

describe("2: per-batch summary coverage reads only details.toolCallRefs (2.9.1 src/chain-range-prune.ts:14-16, 25-35, 232)", () => {
  it("a legacy { toolCallIds } summary after the chain stays; a toolCallRefs summary of the same call is dropped", () => {
    const text = sessionText([
      ...CHAIN.slice(0, 4),
      { customMessage: "context-prune-summary", content: "legacy summary", details: { toolCallIds: ["bash_18"] } },
      { customMessage: "context-prune-summary", content: "refs summary", details: summaryRef("bash_18", 1150) },
      ...CHAIN.slice(4),
    ]);
    const a = analyze(text);
    assert.deepEqual(shape(a.pruned), [
      "user@1000",
      '<compressed-chain id="b5" tools="">\nsummary of b5\n</compressed-chain>',
      "assistant@1200",
      "custom@1767225605000",
      "user@2000",
      "assistant@2100",
      "toolResult@2150",
      "assistant@2200",
    ]);
    assert.equal(a.pruned[3].content, "legacy summary");
    assert.deepEqual(a.dropped.filter((d) => d.by.kind === "chain" && d.by.blockId === "b5").map((d) => d.msg.origin.kind === "entry" && d.msg.origin.line), [2, 3, 6]);
  });
});

describe("3: chain synthetic body lookup as the indexer does it (2.9.1 src/indexer.ts:102-117, 417-438, 464-469; src/pruner.ts:154-161)", () => {
  it("a chain entry without droppedOccurrenceKeys (pre-2.6) finds no occurrence-keyed body: the synthetic is empty", () => {
    const text = patch(
      sessionText([...CHAIN.slice(0, 4), { customMessage: "context-prune-summary", content: "body of bash_18", details: summaryRef("bash_18", 1150) }, ...CHAIN.slice(4)]),
      9,
      (e) => delete e.data.rangeSummaryText,
    );
    const a = analyze(text);
    assert.deepEqual(shape(a.pruned), ["user@1000", '<compressed-chain id="b5" tools="">\n\n</compressed-chain>', "assistant@1200", "user@2000", "assistant@2100", "toolResult@2150", "assistant@2200"]);
  });
  it("identical summary texts appear once", () => {
    const text = patch(
      sessionText([
        { user: 1000 },
        { assistant: 1100, calls: ["bash_18"] },
        { result: 1150, id: "bash_18" },
        { assistant: 1160, calls: ["bash_19"] },
        { result: 1170, id: "bash_19" },
        { assistant: 1200, text: "done b5" },
        { customMessage: "context-prune-summary", content: "same text", details: summaryRef("bash_18", 1150) },
        { customMessage: "context-prune-summary", content: "same text", details: summaryRef("bash_19", 1170, "t2") },
        { user: 2000 },
        { chain: { blockId: "b5", start: 1000, final: 1200, dropped: ["bash_18", "bash_19"], droppedOccurrenceKeys: ["bash_18@1150", "bash_19@1170"] } },
      ]),
      9,
      (e) => delete e.data.rangeSummaryText,
    );
    assert.deepEqual(shape(analyze(text).pruned), ["user@1000", '<compressed-chain id="b5" tools="">\nsame text\n</compressed-chain>', "assistant@1200", "user@2000"]);
  });
  it("for a block id two chain entries carry, {bN} takes the one registered first, not the earlier range", () => {
    const turn = (u: number, id: string): Spec[] => [{ user: u }, { assistant: u + 100, calls: [id] }, { result: u + 150, id }, { assistant: u + 200, text: "done" }];
    const text = sessionText([
      ...turn(1000, "bash_18"),
      ...turn(2000, "bash_19"),
      ...turn(3000, "bash_20"),
      { user: 4000 },
      { chain: { blockId: "b5", start: 2000, final: 2200, dropped: ["bash_19"], rangeSummaryText: "later b5" } },
      { chain: { blockId: "b5", start: 1000, final: 1200, dropped: ["bash_18"], rangeSummaryText: "earlier b5" } },
      { chain: { blockId: "b9", start: 3000, final: 3200, dropped: ["bash_20"], rangeSummaryText: "b9 after {b5}" } },
    ]);
    assert.deepEqual(shape(analyze(text).pruned), [
      "user@1000",
      '<compressed-chain id="b5" tools="">\nearlier b5\n</compressed-chain>',
      "assistant@1200",
      "user@2000",
      '<compressed-chain id="b5" tools="">\nlater b5\n</compressed-chain>',
      "assistant@2200",
      "user@3000",
      '<compressed-chain id="b9" tools="">\nb9 after later b5\n</compressed-chain>',
      "assistant@3200",
      "user@4000",
    ]);
  });
});

describe("4: the stub of a spilled record (2.9.1 src/pruner.ts:117-126)", () => {
  it("without spillBytes it reads '? bytes'", () => {
    const text = sessionText([
      { user: 1000 },
      { assistant: 1100, calls: ["read_1"] },
      { result: 1150, id: "read_1", text: "huge" },
      { assistant: 1200, text: "ok" },
      { user: 2000 },
      {
        custom: "context-prune-index",
        data: { toolCalls: [{ toolCallId: "read_1", toolName: "read", args: { path: "a.txt" }, resultText: "huge", isError: false, turnIndex: 0, timestamp: 1100, resultTimestamp: 1150, spillPath: "/blobs/read_1", resultPreview: "hu" }] },
      },
      { customMessage: "context-prune-summary", content: "read a.txt", details: summaryRef("read_1", 1150) },
    ]);
    const stub = bare(analyze(text).pruned[2]);
    assert.deepEqual(stub, {
      role: "toolResult",
      toolCallId: "read_1",
      toolName: "read",
      content: [
        {
          type: "text",
          text: "[Oversized output spilled to file — ? bytes.]\nTool: read\nPreview (head):\nhu\nFull output — read this file (offset/limit supported): /blobs/read_1\nOr use context_tree_query with ref `t1`.",
        },
      ],
      isError: false,
      timestamp: 1150,
    });
  });
});

describe("5: id-set-drop-hazard only where an id is reused (pi-condense v2.5.0 src/chain-range-prune.ts:68-116 drops by id set)", () => {
  it("not for a chain's own call under an entry that does not resolve", () => {
    const a = analyze(
      sessionText([
        { user: 1000 },
        { assistant: 1100, calls: ["bash_18"] },
        { result: 1150, id: "bash_18" },
        { assistant: 1200, text: "done" },
        { user: 2000 },
        { chain: { blockId: "b5", start: 1000, final: 9999, dropped: ["bash_18"] } },
      ]),
    );
    assert.deepEqual(a.findings.filter((f) => f.code === "unresolved-range").map((f) => f.line), [6]);
    assert.deepEqual(a.findings.filter((f) => f.code === "id-set-drop-hazard"), []);
  });
  const reuse: Spec[] = [
    { user: 1000 },
    { assistant: 1100, calls: ["bash_23"] },
    { result: 1150, id: "bash_23" },
    { assistant: 1200, text: "done b7" },
    { user: 2000 },
    { assistant: 2100, calls: ["bash_23"] },
    { result: 2150, id: "bash_23" },
    { assistant: 2200, text: "done" },
    { chain: { blockId: "b7", start: 1000, final: 1200, dropped: ["bash_23"] } },
  ];
  it("on a live call reusing the chain's id, naming the reuse; a pre-2.6 entry is a warning", () => {
    const h = analyze(sessionText(reuse)).findings.filter((f) => f.code === "id-set-drop-hazard");
    assert.deepEqual(h.map((f) => [f.line, f.severity]), [[6, "warning"]]);
    assert.match(h[0].message, /^Old pi-condense versions would delete this live call\. Call `bash_23` \(turn 3\) reuses the id of the call chain b7 dropped \(turn 1\)\./);
    assert.match(h[0].message, /up to 2\.5\.0.*written before 2\.6/);
  });
  it("an entry with droppedOccurrenceKeys was written by 2.6+: information, and it says so", () => {
    const specs = reuse.map((s) => ("chain" in s ? { chain: { ...s.chain, droppedOccurrenceKeys: ["bash_23@1150"] } } : s));
    const h = analyze(sessionText(specs)).findings.filter((f) => f.code === "id-set-drop-hazard");
    assert.deepEqual(h.map((f) => [f.line, f.severity]), [[6, "information"]]);
    assert.match(h[0].message, /written by 2\.6 or later, which drops by range/);
  });
});

describe("6: messages as pi builds them (pi session-manager buildSessionContext: message entries as stored)", () => {
  it("a bashExecution gets no content field; pi-condense returns it as stored", () => {
    const a = analyze(sessionText([{ user: 1000 }, { bash: 1050, command: "ls" }, { assistant: 1100, text: "x" }, { user: 2000 }]));
    assert.deepEqual(bare(a.pruned[1]), { role: "bashExecution", command: "ls", output: "", exitCode: 0, cancelled: false, truncated: false, timestamp: 1050 });
    assert.ok(!("content" in a.before[1]));
  });
});

describe("7: pi version (pi 0.83 passes system messages to the context event; pi 1.x hides them and fills missing content)", () => {
  const text = sessionText([
    { user: 1000 },
    { assistant: 1100, calls: ["bash_1"] },
    { custom: "placeholder" },
    { result: 1150, id: "bash_1" },
    { assistant: 1200, text: "done" },
    { user: 2000 },
  ]).replace(/\{"type":"custom","id":"e3".*?\}\n/, (m) => {
    const e = JSON.parse(m);
    return JSON.stringify({ type: "message", id: e.id, parentId: e.parentId, timestamp: e.timestamp, message: { role: "system", content: "You are pi.", timestamp: 1120 } }) + "\n";
  });
  it("0.83: the system message is a barrier for the sweep (2.9.1 src/orphan-sweep.ts:39-45), then convertToLlm drops it", () => {
    const a = analyze(text, { piVersion: "0.83" });
    assert.deepEqual(shape(a.pruned), ["user@1000", "assistant@1100", "system@1120", "assistant@1200", "user@2000"]);
    assert.deepEqual(a.dropped.map((d) => [d.msg.origin.kind === "entry" && d.msg.origin.line, d.by]), [[3, { kind: "convert-unknown-role" }], [4, { kind: "orphan-sweep" }]]);
    // pi-ai then answers the call the sweep left open with its synthetic result.
    assert.deepEqual(a.after.map((m) => m.role), ["user", "assistant", "toolResult", "assistant", "user"]);
    assert.equal(a.after[2].content[0].text, "No result provided");
  });
  it("1.x (the default): system messages are hidden from pi-condense; nothing is swept", () => {
    for (const a of [analyze(text), analyze(text, { piVersion: "1.x" })]) {
      assert.deepEqual(shape(a.pruned), ["user@1000", "assistant@1100", "toolResult@1150", "assistant@1200", "user@2000"]);
      assert.equal(a.prune.swept.length, 0);
    }
  });
  it("an assistant without content: 0.83 hands it to pi-condense as stored, which throws in error purge (2.9.1 src/error-purge.ts:49); 1.x fills in []", () => {
    const noContent = patch(
      sessionText([{ user: 1000 }, { assistant: 1100, calls: ["bash_1"] }, { result: 1150, id: "bash_1", isError: true }, { assistant: 1200, text: "x" }, { user: 2000 }]),
      3,
      (e) => delete e.message.content,
    );
    assertThrowsAt(noContent, 4, ["message", "content"], ["user@1000", "assistant@1100", "toolResult@1150", "assistant@1200", "user@2000"], "0.83");
    const a = analyze(noContent, { piVersion: "1.x" });
    assert.equal(a.prune.threw, undefined);
    assert.deepEqual(a.pruned[3].content, []);
  });
});

describe("7: the transcriptInspector.piVersion setting", () => {
  it("defaults to the newest pi, takes 0.83, ignores anything else, and reaches analyze", () => {
    assert.equal(normalizeSettings({}).piVersion, "1.x");
    assert.equal(normalizeSettings({ piVersion: "0.83" }).piVersion, "0.83");
    assert.equal(normalizeSettings({ piVersion: "2.0" }).piVersion, "1.x");
    assert.equal(analyzeOptions(normalizeSettings({ piVersion: "0.83" })).piVersion, "0.83");
  });
});

describe("the transcriptInspector.agentVersions setting", () => {
  it("keeps a release the agent's profile names, ignores anything else, and reaches analyze for that agent's sessions only", () => {
    assert.deepEqual(normalizeSettings({}).agentVersions, {});
    assert.deepEqual(normalizeSettings({ agentVersions: { "claude-code": "2.0" } }).agentVersions, { "claude-code": "2.0" });
    assert.deepEqual(normalizeSettings({ agentVersions: { "claude-code": "1.0", codex: 2, nothing: "2.0", toString: "2.0" } }).agentVersions, {});
    const s = normalizeSettings({ agentVersions: { "claude-code": "2.0" } });
    assert.equal(analyzeOptions(s, "claude-code").agentVersion, "2.0");
    assert.equal(analyzeOptions(s, "pi").agentVersion, undefined);
    assert.equal(analyzeOptions(s).agentVersion, undefined);
  });
});
