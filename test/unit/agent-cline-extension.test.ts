/**
 * Cline's VS Code extension (3.15.0's reading): the real task histories of
 * test/corpus/cline-extension (three tasks of May 2025, XML tool calling), read, checked and
 * rendered; told from Roo Code's file of the same name; and damaged copies with what Cline really
 * leaves: a response cut short by an API error or the user, a history ending on the user's
 * message, a call of native tool calling without its result (Cline makes none up), a result whose
 * call is gone, a block type this reading does not know, a message of no known role. The
 * reading: formats/cline-extension/.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { detectSession } from "../../server/src/engine/formats/registry.js";
import { fixAll } from "../../server/src/engine/repair/index.js";
import { parseText } from "../../server/src/engine/model/parse.js";
import { type Msg, toolCallsOf } from "../../server/src/engine/model/types.js";
import { checkJson, renderJson } from "../../server/src/presentation/report.js";
import { providerVerdicts } from "../../server/src/engine/providers/verdicts.js";
import { CLEXT_RESUMPTION_TEXT } from "../../server/src/engine/formats/cline-extension/clext-resume.js";
import { CLEXT_RESULT_MISSING } from "../../server/src/engine/formats/cline-extension/clext-words.js";
import { CORPUS } from "../helpers/corpus.js";
import { call, codes, result, roles, taskHistories } from "../helpers/task-history.js";

const AGENT = "cline-extension";
const { name, corpus, damaged } = taskHistories(AGENT, "jasonleonardvolk-tori");
const format = (text: string) => detectSession(parseText(text).lines.held).format;
const lastText = (m: Msg) => (m.content as any[])[(m.content as any[]).length - 1].text;

describe("Cline (VS Code extension): the real task histories", () => {
  const want: Record<string, { items: number; before: Record<string, number>; findings: string[]; lastRole: string }> = {
    "1746979936610": { items: 28, before: { user: 14, assistant: 14 }, findings: ["partial-message/information"], lastRole: "assistant" },
    "1747001887058": { items: 5, before: { user: 3, assistant: 2 }, findings: [], lastRole: "user" },
    "1747070769331": { items: 15, before: { user: 8, assistant: 7 }, findings: [], lastRole: "user" },
  };
  for (const [task, w] of Object.entries(want))
    it(`${task}: ${w.items} messages on one line, XML tool calls (no call id), ${w.findings.length ? w.findings.join(", ") : "no findings"}`, () => {
      const text = corpus(task);
      assert.equal(text.split("\n").length, 1, "one line, as JSON.stringify writes it");
      const a = analyze(text);
      assert.equal(a.session.format, AGENT);
      assert.equal(a.session.entries.length, w.items);
      assert.deepEqual(roles(a.before), w.before);
      assert.equal(a.before.flatMap((m) => toolCallsOf(m)).length, 0, "calls are XML in the text");
      assert.deepEqual(codes(a.findings), w.findings);
      assert.deepEqual(codes(checkJson(name(task), a).findings), w.findings);
      assert.equal(renderJson(name(task), a).format, AGENT);
      assert.equal(a.session.branch[a.session.branch.length - 1].raw.role, w.lastRole);
      const pv = providerVerdicts(a);
      assert.equal(pv.target, "anthropic", "the file names no provider: Anthropic assumed");
      assert.deepEqual(pv.findings.filter((f) => f.rejectedBy.includes("anthropic")), [], "nothing Anthropic rejects");
      assert.equal(fixAll(text).text, text, "a JSON document is never repaired");
    });

  it("1746979936610: the last response is only the API-error marker; resumed, a new user message with the resumption text follows it", () => {
    const a = analyze(corpus("1746979936610"));
    const f = a.findings[0];
    assert.equal(f.code, "partial-message");
    assert.deepEqual(f.path, [27, "content", 0, "text"]);
    assert.match(f.message, /^Cline cut this response short and marked it "\[Response interrupted by API Error\]"/);
    assert.match(f.message, /Nothing of the response was received/);
    assert.equal(a.after.length, a.before.length + 1);
    const added = a.after[a.after.length - 1];
    assert.deepEqual([added.role, added.origin.kind, lastText(added)], ["user", "synthetic", CLEXT_RESUMPTION_TEXT]);
  });

  it("1747070769331: ends on the user's message (the browser's screenshot): it is sent again with the resumption text after its own blocks", () => {
    const a = analyze(corpus("1747070769331"));
    assert.equal(a.after.length, a.before.length);
    const stored = a.before[a.before.length - 1];
    const sent = a.after[a.after.length - 1];
    assert.equal(sent.origin, stored.origin, "the same stored message, pairs with its row");
    assert.deepEqual(sent.content.map((b: any) => b.type), ["text", "text", "image", "text", "text"]);
    assert.equal(lastText(sent), CLEXT_RESUMPTION_TEXT);
    assert.equal(stored.content.length, 4, "the stored message is not changed");
  });
});

describe("Cline (VS Code extension): told from Roo Code's file of the same name", () => {
  it("Roo Code's task histories stay Roo Code's", () => {
    for (const f of ["jsboige-roo-state-manager-38948ef0", "jsboige-roo-state-manager-bc93a6f7", "jsboige-roo-state-manager-e73ea764"])
      assert.equal(format(readFileSync(join(CORPUS, "roo-code", `${f}.api_conversation_history.json`), "utf8")), "roo-code", f);
  });
  it("a message with a `ts` is Roo Code's; without, opening with <task>, Cline's", () => {
    const task = [{ role: "user", content: [{ type: "text", text: "<task>\nfix it\n</task>" }] }, { role: "assistant", content: [{ type: "text", text: "ok" }] }];
    assert.equal(format(JSON.stringify(task)), AGENT);
    assert.equal(format(JSON.stringify(task.map((m, i) => ({ ...m, ts: i + 1 })))), "roo-code");
    assert.equal(format(JSON.stringify([{ role: "user", content: [{ type: "text", text: "hello" }] }])), "unknown", "not opened as Cline opens a task: no agent's");
  });
  it("3.37 and later: a response's `modelInfo` tells Cline's file (even with the `ts` of 3.67 and later) and names its provider", () => {
    const modern = (providerId: string, modelId: string) =>
      JSON.stringify([
        { role: "user", content: [{ type: "text", text: "<task>\nfix it\n</task>" }], ts: 1 },
        { role: "assistant", content: [{ type: "text", text: "ok" }], modelInfo: { modelId, providerId, mode: "act" }, metrics: { tokens: { prompt: 10, completion: 2, cached: 3 }, cost: 0.01 }, ts: 2 },
      ]);
    const a = analyze(modern("anthropic", "claude-sonnet-4-5-20250929"));
    assert.equal(a.session.format, AGENT);
    assert.equal(providerVerdicts(a).target, "anthropic");
    assert.equal(a.before[1].model, "claude-sonnet-4-5-20250929");
    assert.deepEqual(
      a.usage.records.map((r) => [r.input, r.output, r.cacheRead, r.model]),
      [[7, 2, 3, "claude-sonnet-4-5-20250929"]],
      "metrics: the uncached part of the prompt as input, the cached part as cache reads",
    );
    const b = analyze(modern("openrouter", "anthropic/claude-sonnet-4.5"));
    assert.equal(b.session.format, AGENT);
    assert.notEqual(providerVerdicts(b).target, "anthropic", "a gateway takes Chat Completions requests");
  });
  it("a first message longer than the 64 KB the detection reads is left to Roo Code's reading (the path is not seen)", () => {
    const long = [{ role: "user", content: [{ type: "text", text: `<task>\n${"x".repeat(70_000)}\n</task>` }] }, { role: "assistant", content: [{ type: "text", text: "ok" }] }];
    assert.equal(format(JSON.stringify(long)), "roo-code");
  });
});

describe("Cline (VS Code extension): damaged copies", () => {
  it("a response the user stopped: partial-message as a hint, with what was received", () => {
    const a = analyze(
      damaged("1747070769331", (items) => {
        items.push({ role: "assistant", content: [{ type: "text", text: "Let me look at the theme.\n\n[Response interrupted by user]" }] });
      }),
    );
    assert.deepEqual(codes(a.findings), ["partial-message/hint"]);
    assert.match(a.findings[0].message, /the user stopped the response/);
    assert.match(a.findings[0].message, /what was received before it stopped/);
  });

  it("the last turn's native call has no result (the task stopped while its tool ran): pending-call; resumed, 3.89.2 answers it with \"result missing\" before the resumption text", () => {
    const a = analyze(
      damaged("1747070769331", (items) => {
        items.push({ role: "assistant", content: [{ type: "text", text: "Reading both." }, call("toolu_01A"), call("toolu_01B", "list_files")] });
      }),
    );
    assert.deepEqual(codes(a.findings), ["pending-call/information", "pending-call/information"]);
    assert.deepEqual(a.findings.map((f) => [f.toolCallId, f.path]), [
      ["toolu_01A", [15, "content", 1, "id"]],
      ["toolu_01B", [15, "content", 2, "id"]],
    ]);
    assert.match(a.findings[0].message, /^The task stopped before this call's result\./);
    assert.deepEqual(a.after.slice(-3).map((m) => [m.role, m.toolCallId, m.content[0].text]), [
      ["toolResult", "toolu_01A", CLEXT_RESULT_MISSING],
      ["toolResult", "toolu_01B", CLEXT_RESULT_MISSING],
      ["user", undefined, CLEXT_RESUMPTION_TEXT],
    ]);
    assert.deepEqual(providerVerdicts(a).findings.filter((f) => f.rejectedBy.includes("anthropic")), [], "answered: nothing rejected");
  });

  it("the last message is the user's and answers one of two calls: pending-call for the other, answered first on resume", () => {
    const a = analyze(
      damaged("1747070769331", (items) => {
        items.push({ role: "assistant", content: [call("toolu_01A"), call("toolu_01B")] }, { role: "user", content: [result("toolu_01A"), { type: "text", text: "<environment_details>\n</environment_details>" }] });
      }),
    );
    assert.deepEqual(a.findings.map((f) => [f.code, f.toolCallId]), [["pending-call", "toolu_01B"]]);
    assert.deepEqual(a.after.slice(-3).map((m) => [m.role, m.toolCallId ?? null, (m.content as any[]).map((b) => b.text)]), [
      ["toolResult", "toolu_01A", ["ok"]],
      ["toolResult", "toolu_01B", [CLEXT_RESULT_MISSING]],
      ["user", null, ["<environment_details>\n</environment_details>", CLEXT_RESUMPTION_TEXT]],
    ]);
  });

  it("a native call without its result earlier in the task: dangling-call (a warning), answered in every request; a result of another call in that message is left out", () => {
    const a = analyze(
      damaged("1747070769331", (items) => {
        items.push(
          { role: "assistant", content: [call("toolu_01A")] },
          { role: "user", content: [{ type: "text", text: "[read_file] Result: cancelled" }, result("toolu_other")] },
          { role: "assistant", content: [{ type: "text", text: "ok" }] },
        );
      }),
    );
    assert.deepEqual(codes(a.findings), ["dangling-call/warning"]);
    assert.match(a.findings[0].message, /^Tool call without a result; Cline answers it in every request with a made-up result, "result missing"/);
    const at = a.after.findIndex((m) => toolCallsOf(m).some((c) => c.id === "toolu_01A"));
    assert.deepEqual(a.after.slice(at + 1, at + 3).map((m) => [m.role, m.toolCallId]), [
      ["toolResult", "toolu_01A"],
      ["user", undefined],
    ], "the result first, then the message's text");
    assert.deepEqual(a.dropped.map((d) => [d.msg.toolCallId, d.by]), [["toolu_other", { kind: "resume-drop", what: "orphan-result" }]]);
    assert.deepEqual(providerVerdicts(a).findings.filter((f) => f.rejectedBy.includes("anthropic")), []);
  });

  it("results after their calls' text are moved first; two results of one call: the message's last is sent", () => {
    const a = analyze(
      damaged("1747070769331", (items) => {
        items.push({ role: "assistant", content: [call("toolu_01A"), call("toolu_01B")] }, { role: "user", content: [{ type: "text", text: "note" }, result("toolu_01B", "b"), result("toolu_01A", "a1"), result("toolu_01A", "a2")] });
      }),
    );
    assert.deepEqual(a.findings, []);
    assert.deepEqual(a.after.slice(-4).map((m) => [m.role, m.toolCallId ?? null, m.content[0].text]), [
      ["toolResult", "toolu_01A", "a2"],
      ["toolResult", "toolu_01B", "b"],
      ["user", null, "note"],
      ["user", null, CLEXT_RESUMPTION_TEXT],
    ]);
    assert.deepEqual(a.dropped.map((d) => d.msg.content[0].text), ["a1"]);
  });

  it("a native call answered in the next message: paired, nothing rejected; a result whose call is gone: Anthropic rejects it", () => {
    const paired = analyze(
      damaged("1747070769331", (items) => {
        items.push({ role: "assistant", content: [call("toolu_01A")] }, { role: "user", content: [result("toolu_01A"), { type: "text", text: "<environment_details>\n</environment_details>" }] });
      }),
    );
    assert.deepEqual(paired.findings, []);
    assert.deepEqual(providerVerdicts(paired).findings.filter((f) => f.rejectedBy.includes("anthropic")), []);
    assert.deepEqual(paired.before.filter((m) => m.role === "toolResult").map((m) => [m.toolCallId, m.resultPath]), [["toolu_01A", [16, "content", 0, "tool_use_id"]]]);

    // after a message without calls: sent as it is
    const orphan = analyze(
      damaged("1747070769331", (items) => {
        items.push({ role: "assistant", content: [{ type: "text", text: "Done." }] }, { role: "user", content: [result("toolu_gone")] });
      }),
    );
    assert.ok(
      providerVerdicts(orphan).findings.some((f) => f.code === "orphan-result" && f.rejectedBy.includes("anthropic") && f.toolCallId === "toolu_gone"),
      "Anthropic rejects a result answering no call",
    );
  });

  it("a block type this reading does not know: one information finding per type, the rest read", () => {
    const a = analyze(
      damaged("1747070769331", (items) => {
        items[1].content.push({ type: "reasoning_details", text: "x" });
        items[3].content.push({ type: "reasoning_details", text: "y" });
      }),
    );
    assert.deepEqual(codes(a.findings), ["unknown-entry/information"]);
    assert.match(a.findings[0].message, /^Cline content block type `reasoning_details` is not known to this version\. This reading follows Cline 3\.15\.0/);
    assert.equal(a.session.entries.length, 15);
  });

  it("hostile items: a message of no known role and a bare number cost one finding each, never a crash", () => {
    const a = analyze(
      damaged("1747070769331", (items) => {
        items.splice(2, 0, { role: "system", content: "x" }, 42, null);
      }),
    );
    assert.deepEqual(codes(a.findings), ["unknown-entry/warning", "unknown-entry/warning", "unknown-entry/warning"]);
    assert.equal(a.session.entries.length, 18);
    assert.ok(a.after.length > 0);
  });
});
