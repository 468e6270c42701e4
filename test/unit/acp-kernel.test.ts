/**
 * acp-kernel folds, rendered from billion-context-pi's sidecar (`<session>.jsonl.acp.json`).
 * No public session with such a sidecar exists, so every case here is a constructed session plus a
 * sidecar built from the kernel's data model (CompressionState: blocks with effectiveMessageIds
 * coverage, messageRefs): see research notes section 3.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { assertNoOrphanToolResults } from "../helpers/invariants.js";
import { sessionText, type Spec } from "../helpers/session-builder.js";

/** Entry ids are e1, e2, ... for spec 0, 1, ... (see session-builder). */
const block = (blockId: string, ids: string[], extra: object = {}) => ({
  blockId, runId: "r1", tier: 1, summary: `summary of ${blockId}`, directMessageIds: ids, effectiveMessageIds: ids,
  directBlockIds: [], compressedTokens: 10, createdAt: 1, survivedCount: 0, generation: "young", active: true, ...extra,
});
const sidecar = (blocks: object[], byRef: Record<string, string> = {}) =>
  JSON.stringify({ blocks, messageRefs: { byRaw: {}, byRef }, tokenSnapshot: {}, nudge: {}, stats: { tokensCompressed: 0, compressionCount: 0 }, nextBlockId: 9, nextRunId: 2, liveRefOrigins: [] });
const run = (specs: Spec[], side: string) => analyze(sessionText(specs), { acpSidecar: { text: side, name: "s.jsonl.acp.json" } });
const shape = (msgs: any[]) => msgs.map((m) => (m.origin.kind === "entry" ? m.origin.entryId : `summary:${m.origin.blockId}`));

describe("acp-kernel conditional first-user pin (first-user-pin.diff)", () => {
  it("drop-safe: the covered first user disappears and the summary leads", () => {
    const specs: Spec[] = [{ user: 1, text: "long task description" }, { assistant: 2 }, { user: 3 }, { assistant: 4 }];
    const a = run(specs, sidecar([block("b1", ["e1", "e2"])]));
    assert.equal(a.pruner, "acp-kernel");
    assert.deepEqual(shape(a.after), ["summary:b1", "e3", "e4"]);
    assert.match(a.after[0].content[0].text, /^\[Compressed conversation section\]\nsummary of b1$/);
    assert.equal(a.after[0].role, "user", "billion-context-pi surfaces the system summary as a user message");
    assert.ok(!a.findings.some((f) => f.code === "first-user-pinned" || f.code === "leading-non-user"));
    assert.deepEqual(a.dropped.map((d) => [d.msg.origin.kind === "entry" && d.msg.origin.entryId, d.by]), [["e1", { kind: "acp-block", blockId: "b1" }], ["e2", { kind: "acp-block", blockId: "b1" }]]);
  });
  it("degenerate: no user survives behind it, so the covered first user stays pinned beside its summary", () => {
    const specs: Spec[] = [{ user: 1, text: "the task" }, { assistant: 2, text: "working" }, { assistant: 3, text: "more" }];
    const a = run(specs, sidecar([block("b1", ["e1"])]));
    assert.deepEqual(shape(a.after), ["summary:b1", "e1", "e2", "e3"]);
    const pin = a.findings.filter((f) => f.code === "first-user-pinned");
    assert.deepEqual(pin.map((f) => f.line), [1]);
    assert.match(pin[0].message, /block b1/);
    assert.match(pin[0].message, /8 characters are re-sent verbatim/);
  });
  it("an uncovered first user is never affected", () => {
    const a = run([{ user: 1 }, { assistant: 2 }, { user: 3 }, { assistant: 4 }], sidecar([block("b1", ["e2"])]));
    assert.deepEqual(shape(a.after), ["e1", "summary:b1", "e3", "e4"]);
  });
});

describe("pair-safe anchoring and sub-id coverage", () => {
  it("a summary never lands between a call and its results", () => {
    // cores: e1 user, e2#x_1, e2#y_2, e3 result x, e4 result y, e5 user; the block covers only e3
    const specs: Spec[] = [{ user: 1 }, { assistant: 2, calls: ["x_1", "y_2"] }, { result: 3, id: "x_1" }, { result: 4, id: "y_2" }, { user: 5 }];
    const a = run(specs, sidecar([block("b1", ["e3"])]));
    assert.deepEqual(a.acp!.kernel.anchors, [{ blockId: "b1", requested: 3, insertAt: 5 }]);
    assert.deepEqual(shape(a.after), ["e1", "e2", "e4", "summary:b1", "e5"]);
    const assistant = a.after[1];
    assert.deepEqual(assistant.content.filter((b: any) => b.type === "toolCall").map((b: any) => b.id), ["y_2"], "the call whose result is folded is stripped as an orphan");
    assertNoOrphanToolResults(a.after);
  });
  it("a summary never splits a run of assistant cores", () => {
    const specs: Spec[] = [{ user: 1 }, { assistant: 2, text: "plan" }, { assistant: 3, calls: ["z_1"] }, { result: 4, id: "z_1" }, { user: 5 }];
    const a = run(specs, sidecar([block("b1", ["e3", "e4"])]));
    assert.deepEqual(a.acp!.kernel.anchors, [{ blockId: "b1", requested: 2, insertAt: 1 }]);
    assert.deepEqual(shape(a.after), ["e1", "summary:b1", "e2", "e5"]);
  });
  it("sub-id coverage: covering `e2#x_1` covers the whole multi-call assistant (by base id)", () => {
    const specs: Spec[] = [{ user: 1 }, { assistant: 2, calls: ["x_1", "y_2"] }, { result: 3, id: "x_1" }, { result: 4, id: "y_2" }, { user: 5 }];
    const a = run(specs, sidecar([block("b1", ["e2#x_1", "e3"])]));
    assert.deepEqual(shape(a.after), ["e1", "summary:b1", "e5"]);
    assert.deepEqual(a.dropped.map((d) => d.by), [{ kind: "acp-block", blockId: "b1" }, { kind: "acp-block", blockId: "b1" }, { kind: "acp-strip-orphan" }]);
    assertNoOrphanToolResults(a.after);
  });
  it("an already-rendered summary keeps its place; inactive blocks cover nothing", () => {
    const a = run([{ user: 1 }, { assistant: 2 }, { user: 3 }], sidecar([block("b1", ["e2"], { active: false })]));
    assert.deepEqual(shape(a.after), ["e1", "e2", "e3"]);
  });
});

describe("sidecar problems", () => {
  const specs: Spec[] = [{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "zz_9" }];
  for (const [name, text, why] of [
    ["not JSON", "{nope", /not valid JSON/],
    ["no blocks array", JSON.stringify({ blocks: 3 }), /`blocks` is not an array/],
    ["a block without coverage", JSON.stringify({ blocks: [{ blockId: "b1" }] }), /effectiveMessageIds/],
  ] as const) {
    it(`invalid sidecar (${name}): acp-sidecar-invalid, analysed with pi-condense instead`, () => {
      const a = run(specs, text);
      const f = a.findings.filter((x) => x.code === "acp-sidecar-invalid");
      assert.equal(f.length, 1);
      assert.match(f[0].message, why);
      assert.equal(a.pruner, "pi-condense");
      assert.ok(a.findings.some((x) => x.code === "orphan-result"), "the rest of the analysis still runs");
    });
  }
  it("acp-dangling-ref for block coverage and message refs naming nothing", () => {
    const a = run([{ user: 1 }, { assistant: 2 }, { user: 3 }], sidecar([block("b1", ["e2", "ghost-1"], { directBlockIds: ["b0"] })], { m00001: "e1", m00002: "gone-9" }));
    const f = a.findings.filter((x) => x.code === "acp-dangling-ref");
    assert.equal(f.length, 2);
    assert.match(f[0].message, /block b1 names message id\(s\) ghost-1 and block\(s\) b0/);
    assert.match(f[1].message, /m00002 -> gone-9/);
  });
});

describe("CLI render reports the pruner", () => {
  it("reads <session>.jsonl.acp.json beside the file", () => {
    const root = resolve(__dirname, "..", "..");
    assert.equal(spawnSync(process.execPath, [join(root, "scripts", "build.mjs")], { cwd: root }).status, 0);
    const dir = mkdtempSync(join(tmpdir(), "ti-acp-"));
    try {
      const p = join(dir, "s.jsonl");
      writeFileSync(p, sessionText([{ user: 1 }, { assistant: 2 }, { user: 3 }, { assistant: 4 }]));
      const render = () => JSON.parse(spawnSync(process.execPath, [join(root, "dist", "cli.js"), "render", p], { encoding: "utf8" }).stdout);
      assert.equal(render().pruner, "pi-condense");
      writeFileSync(p + ".acp.json", sidecar([block("b1", ["e1", "e2"])]));
      const r = render();
      assert.equal(r.pruner, "acp-kernel");
      assert.deepEqual(r.after.map((m: any) => m.synthetic ?? m.line), ["acp-summary", 4, 5]);
      assert.deepEqual(r.dropped.map((d: any) => d.by), ["acp:b1", "acp:b1"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
