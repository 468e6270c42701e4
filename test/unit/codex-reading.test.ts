/**
 * Codex's reading on resume (docs/research/codex-resume.md), the rules the recordings in
 * test/fixtures/peer-codex do not reach: the compaction's user-message budget, outputs of the
 * wrong kind, a compaction or rollback line Codex cannot decode, contextual updates trimmed with a
 * rolled-back turn, the refusals, what the reasoning rule sees, and appends continued as a fresh
 * analysis reads them.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { continueAnalysis, type ContinuedAnalysis } from "../../server/src/engine/incremental/continue-analysis.js";
import { codexHistory } from "../../server/src/engine/formats/codex/codex-history.js";
import { SHORTENED_NOTE, SUMMARY_NOTE } from "../../server/src/engine/formats/codex/codex-sent-item.js";
import { parseText, type ParsedText } from "../../server/src/engine/model/parse.js";
import { sourceLinesOf } from "../../server/src/engine/model/types.js";
import { patchLines } from "../../server/src/engine/model/patch-lines.js";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { providerVerdicts } from "../../server/src/engine/providers/verdicts.js";
import { renderJson } from "../../server/src/presentation/report.js";
import { analysisShape } from "../helpers/analysis-shape.js";

const env = (type: string, payload: unknown, s: number) => ({ timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString(), type, payload });
const META = { id: "0c0de000-0000-4000-8000-000000000007", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w", originator: "codex_cli_rs", cli_version: "0.171.0" };
/** A rollout: the session meta, then each entry a response item (an object with `type`) or a whole line (`{ line: ... }`). */
function rollout(items: (Record<string, unknown> | { line: Record<string, unknown> })[], meta: Record<string, unknown> = META): string {
  const lines = [env("session_meta", meta, 0)];
  items.forEach((x, i) => lines.push("line" in x ? (x.line as ReturnType<typeof env>) : env("response_item", x, i + 1)));
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}
const line = (type: string, payload: unknown, s = 59) => ({ line: env(type, payload, s) });
const user = (text: string) => ({ type: "message", role: "user", content: [{ type: "input_text", text }] });
const dev = (text: string) => ({ type: "message", role: "developer", content: [{ type: "input_text", text }] });
const say = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text }] });
const call = (id: string) => ({ type: "function_call", name: "exec_command", arguments: "{}", call_id: id });
const out = (id: string, type = "function_call_output") => ({ type, call_id: id, output: "ok" });
const reasoning = (id?: string) => ({ type: "reasoning", ...(id ? { id } : {}), summary: [{ type: "summary_text", text: "t" }], encrypted_content: "ENC" });

const sent = (t: string) => codexHistory(analyze(t).session).items.map((i) => `${i.source}:${i.payload.type === "message" ? i.payload.role : i.payload.type}@${i.line + 1}`);
const codes = (t: string) => analyze(t).findings.map((f) => `${f.line + 1}:${f.code}`);

describe("Codex's reading: compaction without replacement history (section 6)", () => {
  it("keeps the newest real user messages within 20,000 tokens, the one that does not fit shortened and marked, then the summary", () => {
    const big = "x".repeat(50_000); // 12,500 tokens at 4 bytes a token
    const t = rollout([user("first"), user(big), say("a"), user(big), line("compacted", { message: "S" }, 9), user("after")]);
    const h = codexHistory(analyze(t).session);
    assert.deepEqual(h.items.map((i) => i.source), ["rebuilt", "rebuilt", "summary", "file"], "'first' no longer fits");
    assert.equal(h.items[0].note, SHORTENED_NOTE, "the older big message is cut to what is left of the budget");
    assert.ok(h.items[0].payload.content[0].text.length < 50_000 && h.items[0].payload.content[0].text.includes("tokens truncated"));
    assert.equal(h.items[1].note, undefined, "the newest is kept as it is");
    assert.equal(h.items[2].note, SUMMARY_NOTE);
    assert.deepEqual(h.items[2].payload.content, [{ type: "input_text", text: "S" }]);
  });

  it("leaves out Codex's contextual messages and an earlier compaction's summary", () => {
    const prefix = "Another language model started to solve this problem and produced a summary of its thinking process. You also have access to the state of the tools that were used by that language model. Use this to build on the work that has already been done and avoid duplicating work. Here is the summary produced by the other language model, use the information in this summary to assist with your own analysis:";
    const t = rollout([dev("<permissions instructions>x</permissions instructions>"), user("<environment_context>x</environment_context>"), user("task"), user(`${prefix}\nold summary`), line("compacted", { message: "" }, 9)]);
    assert.deepEqual(sent(t), ["rebuilt:user@4", "summary:user@6"]);
    assert.equal(codexHistory(analyze(t).session).items[1].payload.content[0].text, "(no summary available)");
  });
});

describe("Codex's reading: calls and outputs pair per kind (R7.1, R7.2)", () => {
  it("a custom_tool_call_output does not answer a function_call: it is dropped, and the call is answered with \"aborted\"", () => {
    const t = rollout([user("go"), call("c1"), out("c1", "custom_tool_call_output"), say("done")]);
    assert.deepEqual(sent(t), ["file:user@2", "file:function_call@3", "aborted:function_call_output@3", "file:assistant@5"]);
    assert.deepEqual(codes(t), ["3:dangling-call", "4:orphan-output"]);
    const f = analyze(t).findings;
    assert.match(f[0].message, /the `custom_tool_call_output` on line 4 is of another kind/);
    assert.match(f[1].message, /the call on line 3 is a `function_call`, which a `custom_tool_call_output` does not answer/);
  });

  it("an output whose call a replacement history left out is dropped, and says so", () => {
    const t = rollout([user("go"), call("c1"), line("compacted", { message: "S", replacement_history: [user("go")] }, 9), out("c1")]);
    assert.deepEqual(sent(t), ["replacement-history:user@4"]);
    assert.match(analyze(t).findings.find((x) => x.code === "orphan-output")!.message, /its call on line 3 was cut by the compaction on line 4/);
  });

  it("two calls with one id and no output both get one; a local shell call without call_id gets none", () => {
    const t = rollout([user("go"), call("c1"), call("c1"), { type: "local_shell_call", status: "completed", action: { type: "exec", command: ["ls"] } }, user("next")]);
    assert.deepEqual(sent(t), ["file:user@2", "file:function_call@3", "aborted:function_call_output@3", "file:function_call@4", "aborted:function_call_output@4", "file:local_shell_call@5", "file:user@6"]);
  });
});

describe("Codex's reading: lines it cannot decode (R2.2)", () => {
  it("a compacted line whose replacement history does not decode is skipped: the compaction is not applied, and a warning says so", () => {
    const t = rollout([user("go"), say("a"), line("compacted", { message: "S", replacement_history: [{ type: "message", role: "user", content: [{ type: "future_part", text: "?" }] }] }, 9), user("more")]);
    assert.deepEqual(sent(t), ["file:user@2", "file:assistant@3", "file:user@5"]);
    const f = analyze(t).findings;
    assert.deepEqual(f.map((x) => `${x.line + 1}:${x.code}:${x.severity}`), ["4:undecodable-line:warning"]);
    assert.match(f[0].message, /^Line Codex cannot read; it skips it on resume\. The compaction on this line does not decode: `payload\.replacement_history\[0\]\.content\[0\]` is a part of type `future_part`.*so this compaction is not applied/);
  });

  it("a rollback whose count is not a number is skipped: the turns are sent", () => {
    const t = rollout([user("one"), say("a"), user("two"), say("b"), line("event_msg", { type: "thread_rolled_back", num_turns: "1" })]);
    assert.deepEqual(sent(t), ["file:user@2", "file:assistant@3", "file:user@4", "file:assistant@5"]);
    assert.match(analyze(t).findings[0].message, /so the turns it rolled back are sent again/);
  });

  it("a function call without call_id: the line is skipped with a warning; the rest of its response is still sent", () => {
    const t = rollout([user("go"), { type: "function_call", name: "x", arguments: "{}" }, say("done")]);
    const a = analyze(t);
    assert.deepEqual(codes(t), ["3:undecodable-line"]);
    assert.match(a.findings[0].message, /`payload\.call_id` is missing/);
    assert.deepEqual(a.before.map(sourceLinesOf), [[1], [2, 3]], "Before holds it, in its response's assistant message");
    assert.deepEqual(renderJson("x", a).dropped, [], "that message is still sent, without the call");
    assert.deepEqual(a.after.map(sourceLinesOf), [[1], [3]]);
  });
});

describe("Codex's reading: rollbacks (section 5)", () => {
  it("a rolled-back turn takes the context updates Codex put right before it", () => {
    const t = rollout([user("one"), say("a"), dev("<model_switch>m</model_switch>"), user("<environment_context>e</environment_context>"), user("two"), say("b"), line("event_msg", { type: "thread_rolled_back", num_turns: 1 })]);
    assert.deepEqual(sent(t), ["file:user@2", "file:assistant@3"]);
    assert.deepEqual(renderJson("x", analyze(t)).dropped.map((d) => [d.line, d.by]), [[4, "rolled-back:L8"], [5, "rolled-back:L8"], [6, "rolled-back:L8"], [7, "rolled-back:L8"]]);
  });
});

describe("Codex's reading: files Codex refuses (R2.4, R2.6)", () => {
  const refusal = (t: string) => codexHistory(analyze(t).session).refusal?.reason;
  it("a session meta without a UUID id, an unknown history mode, no meta at all", () => {
    assert.match(refusal(rollout([user("go")], { ...META, id: "s1" }))!, /`payload\.id` is not a UUID/);
    assert.match(refusal(rollout([user("go")], { ...META, history_mode: "default" }))!, /history_mode: "default"/);
    const noMeta = [env("event_msg", { type: "user_message", message: "hi" }, 0), env("turn_context", { model: "m" }, 1)].map((x) => JSON.stringify(x)).join("\n") + "\n";
    assert.equal(analyze(noMeta).session.format, "codex");
    assert.equal(refusal(noMeta), "it has no `session_meta` line");
  });
  it("nothing is sent: every Before message is dropped as refused, one information finding", () => {
    const a = analyze(rollout([user("go"), say("ok")], { ...META, cwd: undefined }));
    assert.deepEqual(a.after, []);
    assert.deepEqual(renderJson("x", a).dropped.map((d) => d.by), ["refused", "refused"]);
    assert.match(a.afterModel.label, /^Codex 0\.171 refuses to resume this file \(its first line Codex can read as a conversation item \(line 2\) comes before any session metadata it can read \(the `session_meta` on line 1 does not decode: `payload\.cwd` is missing\)\): nothing of it is sent$/);
    assert.deepEqual(a.findings.map((f) => [f.code, f.severity]), [["resume-refused", "information"]]);
  });
});

describe("the reasoning rule reads what Codex sends (R4.1)", () => {
  const rejects = (t: string) => providerVerdicts(analyze(t), { target: "openai-responses" }).findings.filter((f) => f.code === "reasoning-item-incomplete").map((f) => f.line + 1);
  it("a reasoning item with its id whose call Codex cannot decode is sent without the item that followed it", () => {
    assert.deepEqual(rejects(rollout([user("go"), reasoning("rs_1"), call("c1"), out("c1")])), [], "sent with its call");
    assert.deepEqual(rejects(rollout([user("go"), reasoning("rs_1"), { type: "function_call", arguments: "{}", call_id: "c1" }, user("next")])), [3]);
  });
  it("one a compaction or rollback cut is not sent, so not checked; one without id is never paired", () => {
    assert.deepEqual(rejects(rollout([user("go"), reasoning("rs_1"), line("compacted", { message: "S", replacement_history: [user("go")] }, 9), user("next")])), []);
    assert.deepEqual(rejects(rollout([user("one"), say("a"), user("two"), reasoning("rs_2"), line("event_msg", { type: "thread_rolled_back", num_turns: 1 })])), []);
    assert.deepEqual(rejects(rollout([user("go"), reasoning(), user("next")])), []);
  });
});

describe("Codex: appends continued equal fresh analyses, turn boundaries included (property, bounded)", () => {
  const append = (parsed: ParsedText, text: string) => patchLines(parsed, [{ range: { start: { line: parsed.lines.length, character: 0 }, end: { line: parsed.lines.length, character: 0 } }, text }])!;
  const next = (prev: ContinuedAnalysis, parsed: ParsedText) => continueAnalysis(parsed, {}, { checkpoint: prev.checkpoint, analysis: prev.analysis });
  const joined = (parsed: ParsedText) => [...parsed.lines.all()].map((l) => l.text + l.eol).join("");
  const piece = fc.oneof(
    fc.constant<Record<string, unknown>>({ rt: "response_item", p: user("again") }),
    fc.constant<Record<string, unknown>>({ rt: "response_item", p: say("ok") }),
    fc.constant<Record<string, unknown>>({ rt: "response_item", p: reasoning("rs_x") }),
    fc.integer({ min: 1, max: 3 }).map((k) => ({ rt: "response_item", p: call(`c${k}`) })),
    fc.integer({ min: 1, max: 3 }).map((k) => ({ rt: "response_item", p: out(`c${k}`) })),
    fc.constant<Record<string, unknown>>({ rt: "event_msg", p: { type: "task_started", turn_id: "t" } }),
    fc.constant<Record<string, unknown>>({ rt: "event_msg", p: { type: "thread_rolled_back", num_turns: 1 } }),
    fc.constant<Record<string, unknown>>({ rt: "compacted", p: { message: "S" } }),
    fc.constant<Record<string, unknown>>({ rt: "response_item", p: { type: "function_call_output", call_id: "c1", output: { content: "x" } } }),
  );
  it("random appends", () => {
    fc.assert(
      fc.property(fc.array(fc.array(piece, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }), (batches) => {
        let doc = parseText(rollout([user("hi")]));
        let v = continueAnalysis(doc, {});
        let s = 100;
        for (const batch of batches) {
          doc = append(doc, batch.map((b) => JSON.stringify(env(b.rt as string, b.p, s++))).join("\n") + "\n");
          v = next(v, doc);
          assert.deepEqual(analysisShape(v.analysis), analysisShape(analyze(joined(doc))));
        }
      }),
      { seed: 2028, numRuns: 120 },
    );
  });
});
