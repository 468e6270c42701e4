/**
 * Claude Code's resume findings (formats/claude-code/claude-code-resume-findings.ts) on the
 * recorded fixtures (test/fixtures/claude-code, no corpus file needed), per reading version, and
 * the two ways 2.1 and 2.0.31 differ on pairing (docs/research/claude-code-resume.md 5.7, 8.1):
 * 2.1 sends a call id once and drops a result that answers no call; 2.0 sends such a result.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { applyRepairEdits, REPAIRS } from "../../server/src/engine/repair/index.js";
import { ccSession, text, toolResult, toolUse } from "../helpers/provider-sessions.js";

const FIXTURES = join(__dirname, "..", "fixtures", "claude-code");
const fixture = (name: string) => readFileSync(join(FIXTURES, `${name}.jsonl`), "utf8");
const codes = (t: string, agentVersion?: string) => analyze(t, agentVersion ? { agentVersion } : undefined).findings.map((f) => `${f.line}:${f.code}`);

describe("Claude Code's resume findings on the recorded fixtures", () => {
  // [fixture, 2.1 findings, 2.0 findings]: where the two readings differ, and where they agree on a loss.
  const table: [string, string[], string[]][] = [
    ["call-without-result", ["1:dangling-call"], ["1:dangling-call"]],
    ["partial-results", ["1:dangling-call"], ["1:dangling-call"]],
    ["orphan-result", ["2:broken-parent"], ["2:broken-parent", "2:orphan-result"]],
    ["progress-in-chain", [], ["4:orphan-result", "4:resume-skips-turns"]],
    ["progress-side-branch", ["8:resume-skips-turns"], ["8:resume-skips-turns"]],
    ["parallel-sibling-branches", [], ["2:resume-drops-results"]],
    ["parallel-results-out-of-order", [], ["2:resume-drops-results"]],
    ["attachments", [], []],
    ["compact-boundary", [], []],
  ];
  for (const [name, v21, v20] of table) {
    it(`${name}: 2.1 ${JSON.stringify(v21)}, 2.0 ${JSON.stringify(v20)}`, () => {
      const t = fixture(name);
      assert.deepEqual(codes(t), v21);
      assert.deepEqual(codes(t, "2.0"), v20);
    });
  }
});

describe("a call id sent twice", () => {
  const s = ccSession([
    { user: "hi" },
    { assistant: [toolUse("toolu_a")] },
    { user: [toolResult("toolu_a")] },
    { assistant: [toolUse("toolu_a")] },
    { user: [toolResult("toolu_a")] },
    { assistant: [text("done")] },
  ]);

  it("2.1 leaves the later call out and says so under colliding-id; renaming it keeps the call", () => {
    const a = analyze(s);
    const f = a.findings.filter((x) => x.code === "colliding-id");
    assert.deepEqual(f.map((x) => [x.line, x.toolCallId]), [[3, "toolu_a"]]);
    assert.match(f[0].message, /Claude Code drops the later call on resume/);
    const sentCalls = (t: string) => analyze(t).after.flatMap((m) => (Array.isArray(m.content) ? m.content : [])).filter((b: any) => b.type === "toolCall").length;
    assert.equal(sentCalls(s), 1, "one of the two calls is sent");
    const r = REPAIRS["make-id-unique"].one!(a, s, f[0].line, f[0].toolCallId, false)!;
    assert.ok(r, "the rename is offered");
    const next = applyRepairEdits(s, r.edits);
    assert.deepEqual(codes(next), []);
    assert.equal(sentCalls(next), 2, "both calls are sent");
  });

  it("2.0.31 sends both calls (no pairing repair): only the generic colliding-id, in its words", () => {
    const f = analyze(s, { agentVersion: "2.0" }).findings;
    assert.deepEqual(f.map((x) => `${x.line}:${x.code}`), ["3:colliding-id"]);
    assert.match(f[0].message, /is reused: 2 calls in 2 turns use it/);
  });
});
