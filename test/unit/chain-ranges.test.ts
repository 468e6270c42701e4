/**
 * Rule 1, chain ranges, positional (seed toolcall-id-collisions.md section A; AC 1-5a), through
 * the whole render of a constructed session file.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { applyChainRanges } from "../../server/src/engine/render/pi-condense/chain-ranges.js";
import { IndexerState } from "../../server/src/engine/render/pi-condense/indexer-state.js";
import { readSession } from "../../server/src/engine/session/read-session.js";
import { assertNoOrphanToolResults } from "../helpers/invariants.js";
import { seedRegressionSpecs, sessionText, type Spec } from "../helpers/session-builder.js";

const lineOf = (m: any) => (m.origin.kind === "entry" ? m.origin.line : null);
/** 0-based spec index of each message of a render (synthetic -> "s:<block>"). */
const specIdx = (msgs: any[]) => msgs.map((m) => (m.origin.kind === "entry" ? m.origin.line - 1 : `s:${m.origin.blockId ?? m.origin.synthetic}`));

/** An id-set pruner as pi-condense up to 2.5.0 had it: union of droppedToolCallIds, no bound. */
function idSetPrune(messages: any[], dropped: Set<string>): any[] {
  return messages.filter((m) => {
    if (m.role === "toolResult") return !dropped.has(m.toolCallId);
    if (m.role === "assistant") return !(m.content ?? []).some((b: any) => b.type === "toolCall" && dropped.has(b.id));
    return true;
  });
}

describe("seed #8 regression: two compressed chains, then a live turn reusing bash_23", () => {
  const a = analyze(sessionText(seedRegressionSpecs()));
  it("fails under an id-set drop (the pre-fix behaviour the fixture was built for)", () => {
    const broken = idSetPrune(a.before, new Set(["bash_18", "bash_23"]));
    assert.ok(!broken.some((m) => lineOf(m) === 10), "id-set drop deletes the live assistant (spec 9)");
    assert.ok(broken.some((m) => m.role === "toolResult" && m.toolCallId === "gauntlet_setting_24"), "and leaves its sibling result");
    assert.throws(() => assertNoOrphanToolResults(broken), /gauntlet_setting_24/);
  });
  it("AC 1: only the chain middles drop; the live turn survives whole", () => {
    assert.deepEqual(
      a.dropped.map((d) => [lineOf(d.msg)! - 1, d.by]),
      [[1, { kind: "chain", blockId: "b5" }], [2, { kind: "chain", blockId: "b5" }], [5, { kind: "chain", blockId: "b7" }], [6, { kind: "chain", blockId: "b7" }]],
    );
    assert.deepEqual(specIdx(a.pruned), [0, "s:b5", 3, 4, "s:b7", 7, 8, 9, 10, 11]);
    assertNoOrphanToolResults(a.pruned);
    assertNoOrphanToolResults(a.after, "wire");
    assert.equal(a.prune.swept.length, 0, "AC 13: the sweep does not fire on chain fixtures");
  });
  it("reports the id-set hazard on the live bash_23 and the collision", () => {
    const hazard = a.findings.filter((f) => f.code === "id-set-drop-hazard");
    assert.deepEqual(hazard.map((f) => [f.line, f.toolCallId]), [[10, "bash_23"]]);
    assert.deepEqual(hazard[0].related!.map((r) => r.line), [14]);
    const coll = a.findings.filter((f) => f.code === "colliding-id");
    assert.deepEqual(coll.map((f) => [f.line, f.toolCallId]), [[10, "bash_23"]]);
    assert.deepEqual(coll[0].related!.map((r) => r.line), [6]);
    assert.ok(!a.findings.some((f) => f.severity === "error"));
  });
  it("the synthetic chain message sits right after its start user and carries the summary", () => {
    const s = a.pruned[1];
    assert.equal(s.role, "user");
    assert.equal(s.origin.kind, "synthetic");
    assert.match(s.content[0].text, /^<compressed-chain id="b5" tools="">\nsummary of b5\n<\/compressed-chain>$/);
  });
});

function render(specs: Spec[]) {
  return analyze(sessionText(specs));
}

const basic = (chain: Partial<{ start: number; final: number | null; dropped: string[] }> = {}): Spec[] => [
  { user: 1000 },
  { assistant: 1100, calls: ["read_1"] },
  { result: 1150, id: "read_1" },
  { assistant: 1200, text: "end", thinking: "private thoughts" },
  { user: 2000 },
  { assistant: 2100, text: "live" },
  { chain: { blockId: "b1", start: 1000, final: 1200, dropped: ["read_1"], ...chain } },
];

describe("resolveRange: unique match or nothing (AC 3)", () => {
  const cases: [string, Spec[], string][] = [
    ["null final", basic({ final: null }), "null final"],
    ["missing start", basic({ start: 999 }), "missing start"],
    ["missing end", basic({ final: 1199 }), "missing end"],
    ["end before start", basic({ start: 2000, final: 1200 }), "end before start"],
    ["duplicate start timestamp", [...basic().slice(0, 4), { user: 1000 }, ...basic().slice(5)], "ambiguous start"],
    ["duplicate end timestamp", [...basic().slice(0, 5), { assistant: 1200, text: "again" }, basic()[6]], "ambiguous end"],
  ];
  for (const [name, specs, reason] of cases) {
    it(`${name}: drops nothing, no synthetic, unresolved-range (${reason})`, () => {
      const a = render(specs);
      assert.equal(a.dropped.length, 0);
      assert.ok(!a.pruned.some((m) => m.origin.kind === "synthetic"));
      assert.equal(a.pruned, a.before, "unchanged render returns the input array");
      const u = a.findings.filter((f) => f.code === "unresolved-range");
      assert.equal(u.length, 1);
      assert.equal(u[0].line, 7);
      assert.match(u[0].message, new RegExp(`\\(${reason}\\)`));
    });
  }
  it("role-gating: a toolResult sharing the start millisecond is not ambiguity", () => {
    const specs = basic();
    specs[2] = { result: 1000, id: "read_1" };
    const a = render(specs);
    assert.equal(a.findings.filter((f) => f.code === "unresolved-range").length, 0);
    assert.deepEqual(a.dropped.map((d) => lineOf(d.msg)), [2, 3]);
  });
});

describe("range-scoped rules (AC 4, 5, 5a)", () => {
  it("thinking is stripped at the end assistant only, which is kept", () => {
    const specs = basic();
    specs[5] = { assistant: 2100, text: "live", thinking: "keep me" };
    const a = render(specs);
    const end = a.pruned.find((m) => lineOf(m) === 4)!;
    assert.deepEqual(end.content.map((b: any) => b.type), ["text"]);
    const live = a.pruned.find((m) => lineOf(m) === 6)!;
    assert.deepEqual(live.content.map((b: any) => b.type), ["thinking", "text"]);
  });
  it("user and third-party custom messages inside a range survive; assistant/toolResult/summary drop", () => {
    const specs: Spec[] = [
      { user: 1000 },
      { assistant: 1100, calls: ["read_1"] },
      { result: 1150, id: "read_1" },
      { customMessage: "other-extension", content: "third party note" },
      { customMessage: "context-prune-summary", content: "batch summary", details: { toolCallRefs: [{ shortId: "t1", toolCallId: "read_1", resultTimestamp: 1150 }] } },
      { user: 1170, text: "steer" },
      { assistant: 1200, text: "end" },
      { chain: { blockId: "b1", start: 1000, final: 1200, dropped: ["read_1"] } },
    ];
    const a = render(specs);
    assert.deepEqual(a.dropped.map((d) => [lineOf(d.msg)! - 1, d.by]), [[1, { kind: "chain", blockId: "b1" }], [2, { kind: "chain", blockId: "b1" }], [4, { kind: "chain", blockId: "b1" }]]);
    assert.deepEqual(specIdx(a.pruned), [0, "s:b1", 3, 5, 6]);
  });
  it("a per-batch summary after the end is suppressed by coverage (agent-message batching)", () => {
    const specs: Spec[] = [
      ...basic().slice(0, 4),
      { customMessage: "context-prune-summary", content: "late summary", details: { toolCallRefs: [{ shortId: "t1", toolCallId: "read_1", resultTimestamp: 1150 }] } },
      { customMessage: "context-prune-summary", content: "unrelated summary", details: { toolCallRefs: [{ shortId: "t2", toolCallId: "read_1", resultTimestamp: 9999 }] } },
      { user: 2000 },
      { chain: { blockId: "b1", start: 1000, final: 1200, dropped: ["read_1"] } },
    ];
    const a = render(specs);
    assert.deepEqual(a.dropped.map((d) => lineOf(d.msg)! - 1), [1, 2, 4], "only the summary covering read_1@1150 drops");
  });
  it("protected output inside the range is relocated into the synthetic", () => {
    const specs = basic();
    specs[6] = { chain: { blockId: "b1", start: 1000, final: 1200, dropped: ["read_1"], protectedToolCallIds: ["read_1"] } };
    const a = render(specs);
    const syn = a.pruned.find((m) => m.origin.kind === "synthetic")!;
    assert.match(syn.content[0].text, /<protected-output tool="read">\noutput of read_1\n<\/protected-output>/);
  });
  it("AC 5: re-applying the same chain entries is a no-op", () => {
    const s = readSession(sessionText(seedRegressionSpecs()));
    const a = analyze(sessionText(seedRegressionSpecs()));
    const idx = IndexerState.rebuild(s.branch);
    const chains = idx.getChainEntries();
    const once = applyChainRanges(a.before, chains, (c) => c.data.rangeSummaryText ?? "", true).messages;
    const twice = applyChainRanges(once, chains, (c) => c.data.rangeSummaryText ?? "", true).messages;
    assert.deepEqual(specIdx(twice), specIdx(once));
    assert.equal(twice.filter((m) => m.origin.kind === "synthetic").length, 2);
  });
  it("an entry starting inside another range is skipped with a diagnostic", () => {
    const specs: Spec[] = [
      { user: 1000 },
      { assistant: 1100, calls: ["a_1"] },
      { result: 1150, id: "a_1" },
      { user: 1160 },
      { assistant: 1170, calls: ["a_2"] },
      { result: 1180, id: "a_2" },
      { assistant: 1190, text: "inner end" },
      { assistant: 1200, text: "outer end" },
      { chain: { blockId: "b1", start: 1000, final: 1200, dropped: ["a_1", "a_2"] } },
      { chain: { blockId: "b2", start: 1160, final: 1190, dropped: ["a_2"] } },
    ];
    const a = render(specs);
    const u = a.findings.filter((f) => f.code === "unresolved-range");
    assert.deepEqual(u.map((f) => f.line), [10]);
    assert.match(u[0].message, /starts inside another range/);
    assert.equal(a.pruned.filter((m) => m.origin.kind === "synthetic").length, 1);
    assertNoOrphanToolResults(a.pruned);
  });
  it("range-id-mismatch: the ids actually dropped differ from droppedToolCallIds; the range wins", () => {
    const a = render(basic({ dropped: ["read_1", "ghost_9"] }));
    const f = a.findings.filter((x) => x.code === "range-id-mismatch");
    assert.equal(f.length, 1);
    assert.match(f[0].message, /lists 2 id\(s\), the range holds 1; listed but not in range: ghost_9/);
    assert.deepEqual(a.dropped.map((d) => lineOf(d.msg)), [2, 3]);
  });
  it("a result stubbed in phase 1 and then dropped by its chain is reported as dropped by the chain", () => {
    const specs = [
      ...basic(),
      { custom: "context-prune-index", data: { toolCalls: [{ toolCallId: "read_1", toolName: "read", args: {}, resultText: "x", isError: false, turnIndex: 0, timestamp: 1, resultTimestamp: 1150 }] } } as Spec,
    ];
    const a = render(specs);
    assert.deepEqual(a.dropped.map((d) => [lineOf(d.msg), d.by]), [[2, { kind: "chain", blockId: "b1" }], [3, { kind: "chain", blockId: "b1" }]]);
  });
  it("a later chain entry for the same start replaces the earlier one (registry keyed by start)", () => {
    const specs = [...basic({ final: null }), { chain: { blockId: "b1", start: 1000, final: 1200, dropped: ["read_1"] } } as Spec];
    const a = render(specs);
    assert.equal(a.findings.filter((f) => f.code === "unresolved-range").length, 0);
    assert.equal(a.dropped.length, 2);
  });
});
