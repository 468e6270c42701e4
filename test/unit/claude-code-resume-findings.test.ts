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
    ["assistant-string-content", ["1:resume-refused"], ["1:resume-refused"]],
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
    const r = REPAIRS["make-id-unique"].one!(a, f[0].line, f[0].toolCallId, false)!;
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

/** Raw Claude Code lines, each linked to the one before (`message.id` as given, so a response can span lines). */
function lines(objs: Record<string, unknown>[]): string {
  return objs.map((o, i) => JSON.stringify({ uuid: `l${i + 1}`, parentUuid: i ? `l${i}` : null, sessionId: "cc", timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i + 1)).toISOString(), ...o })).join("\n") + "\n";
}
const user = (content: unknown) => ({ type: "user", message: { role: "user", content } });
const assistant = (id: string, content: unknown) => ({ type: "assistant", message: { id, role: "assistant", model: "claude-opus-4-5", content } });
const sentBlocks = (t: string, agentVersion: string) => analyze(t, { agentVersion }).after.flatMap((m) => (m.role === "assistant" && Array.isArray(m.content) ? m.content.map((b: any) => (b.type === "text" ? JSON.stringify(b.text) : b.type)) : []));

describe("Claude Code 2.0.31's own rules, as its recordings of the corpus show them", () => {
  it("a response's whitespace-only text line is sent by 2.0.31 (it merges a response's lines as they are), not by 2.1", () => {
    const t = lines([
      user("Why?"),
      assistant("msg_a", [{ type: "text", text: "\n\n" }]),
      assistant("msg_a", [{ type: "tool_use", id: "toolu_1", name: "Read", input: { file_path: "a" } }]),
      user([{ type: "tool_result", tool_use_id: "toolu_1", content: "x" }]),
      assistant("msg_b", [{ type: "text", text: "Done." }]),
    ]);
    assert.deepEqual(sentBlocks(t, "2.0"), ['"\\n\\n"', "toolCall", '"Done."']);
    assert.deepEqual(sentBlocks(t, "2.1"), ["toolCall", '"Done."']);
  });

  it("2.0.31 leaves out a call without an id (only string ids count as answered); 2.1 sends it with its id-less result", () => {
    const t = lines([user("Run it."), assistant("msg_a", [{ type: "text", text: "Running." }, { type: "tool_use", name: "Bash", input: { command: "ls" } }]), user([{ type: "tool_result", content: "ok" }]), assistant("msg_b", [{ type: "text", text: "Done." }])]);
    assert.deepEqual(sentBlocks(t, "2.0"), ['"Running."', '"Done."']);
    assert.deepEqual(sentBlocks(t, "2.1"), ['"Running."', "toolCall", '"Done."']);
  });
});

describe("a session Claude Code refuses to resume", () => {
  const turns = (content: unknown) => lines([user("Open README"), assistant("msg_a", content), user("List files")]);
  const refused = turns("Read README and extracted the title.");

  for (const [agentVersion, release, who] of [
    ["2.1", "2.1.112", "Claude Code"],
    ["2.0", "2.0.31", "Claude Code 2.0"],
  ] as const)
    it(`${release}: an assistant line whose content is a string sends nothing, and the finding says why`, () => {
      const a = analyze(refused, { agentVersion });
      assert.equal(a.after.length, 0);
      assert.match(a.afterModel.label, new RegExp(`^Claude Code ${release.replace(/\./g, "\\.")} refuses to resume this file \\(the assistant message on line 2 `));
      assert.deepEqual(a.dropped.map((d) => d.by), a.before.map(() => ({ kind: "resume-skip", why: "refused", line: 1 })));
      const f = a.findings.filter((x) => x.code === "resume-refused");
      assert.deepEqual(f.map((x) => [x.line, x.severity, x.path]), [[1, "information", ["message", "content"]]]);
      assert.ok(f[0].message.startsWith(`${who} does not resume this session. `), f[0].message);
      assert.deepEqual(analyze(turns([{ type: "text", text: "Read README and extracted the title." }]), { agentVersion }).findings.filter((x) => x.code === "resume-refused"), [], "as a list of blocks it resumes");
    });
});
