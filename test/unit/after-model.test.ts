/**
 * Issue 12: every message's text and estimate are what is sent; the After column says what it
 * models per format and models it (pi: pruner + convertToLlm; Claude Code: what it sends on
 * resume, test/unit/claude-code-resume-golden.test.ts; Codex: compacted replacement history and
 * rollbacks; else after = before); render json carries the inspector's numbers and the recorded usage.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { renderJson } from "../../server/src/presentation/report.js";
import { buildRenderView } from "../../server/src/presentation/view-model.js";
import { corpusText } from "../helpers/corpus.js";

const jsonl = (objs: unknown[]) => objs.map((o) => JSON.stringify(o)).join("\n") + "\n";

describe("pi: agent roles read as convertToLlm sends them", () => {
  const a = analyze(corpusText("pi/pi-mono-before-compaction-v1.jsonl"));
  const view = buildRenderView(a, "file:///x.jsonl", null);
  const r = renderJson("x.jsonl", a);
  const at = (col: { line: number | null }[], line: number) => col.find((m) => m.line === line) as any;
  it("the compaction summary (line 629) keeps its text and estimate after", () => {
    const b = at(view.before, 629);
    const after = at(view.after, 629);
    assert.equal(b.role, "compactionSummary");
    assert.equal(after.role, "compactionSummary");
    assert.match(after.preview, /^The conversation history before this point was compacted into the following summary: <summary> # Context Checkpoint/);
    assert.ok(b.tokens > 900);
    assert.equal(after.tokens, b.tokens);
    assert.equal(after.chars, b.chars);
  });
  it("the bash execution (line 1002) keeps its tokens", () => {
    const b = at(view.before, 1002);
    const after = at(view.after, 1002);
    assert.equal(after.role, "bashExecution");
    assert.ok(b.tokens > 10000);
    assert.equal(after.tokens, b.tokens);
    assert.match(after.preview, /^Ran `find \.` ```/);
  });
  it("render --format json agrees with the view model, message by message and in total", () => {
    assert.deepEqual(r.before.map((m) => m.tokens), view.before.map((m) => m.tokens));
    assert.deepEqual(r.after.map((m) => m.tokens), view.after.map((m) => m.tokens));
    assert.equal(r.totals.before.tokens, view.totals.before.tokens);
    assert.equal(r.totals.after.tokens, view.totals.after.tokens);
    assert.deepEqual(r.totals.saved, view.totals.saved);
    assert.equal(r.totals.saved.tokens, r.totals.before.tokens - r.totals.after.tokens);
    assert.equal(at(r.after, 629).tokens, at(r.before, 629).tokens);
    // only the skipped (aborted/error) turns are saved here: no agent message counts as saved
    const dropped = new Set(r.dropped.map((d) => d.line));
    const savedByDrops = r.before.filter((m) => m.line !== null && dropped.has(m.line)).reduce((n, m) => n + m.tokens, 0);
    assert.equal(r.totals.saved.tokens, savedByDrops - r.after.filter((m) => m.line === null).reduce((n, m) => n + m.tokens, 0));
  });
  it("timestamps are ISO strings; pi's recorded usage and cost sit on the assistant messages", () => {
    assert.equal(at(r.before, 629).timestamp, "2025-12-08T23:54:21.502Z");
    const withUsage = view.before.filter((m) => m.usage);
    assert.ok(withUsage.length > 100 && withUsage.every((m) => m.role === "assistant"));
    assert.ok(withUsage.every((m) => typeof m.usage!.cost === "number"));
    assert.ok(view.totals.recorded && view.totals.recorded.responses >= withUsage.length);
    assert.deepEqual(r.totals.recorded, view.totals.recorded);
    assert.equal(r.afterModel.kind, "pi-condense");
    assert.equal(r.pruner, "pi-condense");
  });
});

describe("Claude Code: the context Claude Code rebuilds on resume", () => {
  it("messages before the latest compact boundary are not sent; the summary and what follows are", () => {
    const a = analyze(corpusText("claude-code/daaain-dag-compact-after-rewind.jsonl"));
    const r = renderJson("x", a);
    assert.equal(r.pruner, "none");
    assert.equal(r.afterModel.kind, "agent-resume");
    assert.match(r.afterModel.label, /compact boundary on line 9/);
    // Before follows logicalParentUuid through the boundary: the rewound branch b2, not b1
    assert.deepEqual(r.before.map((m) => m.line), [1, 2, 5, 6, 7, 8, 10, 11, 12]);
    // the summary (line 10) and the next prompt (line 11) are one user message, as Claude Code merges them
    assert.deepEqual(r.after.map((m) => m.lines), [[10, 11], [12]]);
    assert.ok(r.dropped.every((d) => d.by === "compact-boundary:L9"));
    assert.equal(r.dropped.length, 6);
    assert.ok(!a.findings.some((f) => f.code === "broken-parent"));
  });
  it("without a boundary: what Claude Code sends is the whole conversation, message for message here", () => {
    const a = analyze(corpusText("claude-code/daaain-minimal-showcase-parallel-agents.jsonl"));
    assert.equal(a.afterModel.kind, "agent-resume");
    assert.match(a.afterModel.label, /^what Claude Code 2\.1\.112 sends on resume/);
    const r = renderJson("x", a);
    assert.deepEqual(r.after.map((m) => [m.lines, m.role]), r.before.map((m) => [m.lines, m.role]));
    assert.equal(a.dropped.length, 0);
    assert.equal(a.pruner, "none");
  });
  it("usage: streamed copies of one message count once and sit on the merged message", () => {
    const usage = { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 100, cache_creation_input_tokens: 7 };
    const base = { isSidechain: false, sessionId: "s", timestamp: "2025-01-01T00:00:00.000Z" };
    const text = jsonl([
      { ...base, type: "user", uuid: "u", parentUuid: null, message: { role: "user", content: "go" } },
      { ...base, type: "assistant", uuid: "a1", parentUuid: "u", message: { id: "m1", role: "assistant", content: [{ type: "text", text: "x" }], usage } },
      { ...base, type: "assistant", uuid: "a2", parentUuid: "a1", message: { id: "m1", role: "assistant", content: [{ type: "tool_use", id: "t1", name: "Bash", input: {} }], usage } },
      { ...base, type: "user", uuid: "r", parentUuid: "a2", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "ok" }] } },
    ]);
    const a = analyze(text);
    const v = buildRenderView(a, "file:///x", null);
    const withUsage = v.before.filter((m) => m.usage);
    assert.equal(withUsage.length, 1);
    assert.deepEqual(withUsage[0].usage, { input: 10, output: 5, cacheRead: 100, cacheWrite: 7 });
    assert.equal(v.totals.recorded!.responses, 1);
    assert.equal(v.before[0].timestamp, "2025-01-01T00:00:00.000Z");
  });
});

describe("Codex: the history Codex sends on resume (docs/research/codex-resume.md)", () => {
  const env = (type: string, payload: unknown, i: number) => ({ timestamp: `2025-01-01T00:00:0${i}.000Z`, type, payload });
  const msg = (role: string, text: string) => ({ type: "message", role, content: [{ type: role === "assistant" ? "output_text" : "input_text", text }] });
  const head = [
    env("session_meta", { id: "0c0de000-0000-4000-8000-000000000abc", timestamp: "2025-01-01T00:00:00.000Z", cwd: "/", originator: "codex_cli_rs", cli_version: "0.1" }, 0),
    env("response_item", msg("developer", "rules"), 1),
    env("response_item", msg("user", "first"), 2),
    env("response_item", msg("assistant", "reply one"), 3),
  ];
  it("a compacted item with replacement_history replaces what came before", () => {
    const a = analyze(jsonl([...head, env("compacted", { message: "sum", replacement_history: [msg("user", "first"), msg("user", "summary text")] }, 4), env("response_item", msg("assistant", "after"), 5)]));
    const r = renderJson("x", a);
    assert.equal(a.afterModel.kind, "agent-resume");
    // Codex sends developer messages: both columns hold the one on line 2; a compaction ends the response before it
    assert.deepEqual(r.before.map((m) => [m.line, m.role]), [[2, "developer"], [3, "user"], [4, "assistant"], [6, "assistant"]]);
    assert.deepEqual(r.after.map((m) => [m.line, m.lines, m.synthetic ?? m.role]), [[null, [5], "resume-history"], [null, [5], "resume-history"], [6, [6], "assistant"]]);
    assert.deepEqual(r.dropped.map((d) => [d.line, d.by]), [[2, "compacted:L5"], [3, "compacted:L5"], [4, "compacted:L5"]]);
  });
  it("without replacement_history: the real user messages, then the summary as a user message (no initial context)", () => {
    const a = analyze(jsonl([...head, env("compacted", { message: "the summary" }, 4)]));
    assert.deepEqual(a.after.map((m) => [m.origin.kind === "entry" ? m.origin.line : "syn", m.role]), [[2, "user"], ["syn", "user"]]);
    assert.equal(a.after[1].content[0].text, "the summary");
    assert.equal(renderJson("x", a).dropped.map((d) => d.line).join(), "2,4");
  });
  it("thread_rolled_back drops the last user turns", () => {
    const a = analyze(jsonl([...head, env("response_item", msg("user", "second"), 4), env("response_item", msg("assistant", "reply two"), 5), env("event_msg", { type: "thread_rolled_back", num_turns: 1 }, 6)]));
    assert.deepEqual(a.after.map((m) => m.origin.kind === "entry" && m.origin.line), [1, 2, 3]);
    assert.deepEqual(renderJson("x", a).dropped.map((d) => [d.line, d.by]), [[5, "rolled-back:L7"], [6, "rolled-back:L7"]]);
  });
  it("token_count usage attaches to the response before it; no compaction: After is Before's messages, sent as they are", () => {
    const a = analyze(jsonl([...head, env("event_msg", { type: "token_count", info: { last_token_usage: { input_tokens: 100, cached_input_tokens: 60, output_tokens: 9, reasoning_output_tokens: 4 } } }, 4)]));
    assert.match(a.afterModel.label, /^what Codex 0\.171 sends when it resumes this rollout/);
    assert.deepEqual(a.after, a.before);
    a.after.forEach((m, i) => assert.equal(m, a.before[i]));
    const v = buildRenderView(a, "file:///x", null);
    assert.deepEqual(v.before.find((m) => m.role === "assistant")!.usage, { input: 40, output: 9, cacheRead: 60, cacheWrite: 0, reasoning: 4 });
    assert.equal(renderJson("x", a).after.find((m) => m.role === "assistant")!.usage!.output, 9);
  });
});
