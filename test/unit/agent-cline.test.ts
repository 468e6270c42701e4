/**
 * Cline (the SDK of cline/cline, 0.0.78, which the CLI 3.x and the VS Code extension 4.x run on):
 * the real messages files of test/corpus/cline (the SDK's own session fixture, and a CLI 3.0.20
 * capture a reader tool committed), read, checked and rendered; and damaged copies of them (a call left without its result, as a session stopped
 * between the call and its result leaves it; a result whose call is gone; a block type this
 * reading does not know) with the findings they get. The reading: formats/cline/.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { formatProfile } from "../../server/src/engine/formats/registry.js";
import { fixAll } from "../../server/src/engine/repair/index.js";
import { type Finding, type Msg, toolCallsOf } from "../../server/src/engine/model/types.js";
import { checkJson, renderJson } from "../../server/src/presentation/report.js";
import { providerVerdicts } from "../../server/src/engine/providers/verdicts.js";
import { shownFindings } from "../../server/src/presentation/shown-findings.js";
import { findingPlace } from "../../server/src/engine/model/positions.js";
import { CORPUS } from "../helpers/corpus.js";

const AGENT = "cline";
const SDK = "cline-sdk-fixture-session.messages.json";
const CLI = "superbased-observer-clinecli-3.0.20.messages.json";

const corpus = (name: string) => readFileSync(join(CORPUS, AGENT, name), "utf8");
const codesAt = (findings: readonly Finding[]) => findings.map((f) => `${f.code}@${f.line + 1}`).sort();
const roles = (ms: readonly Msg[]) => {
  const out: Record<string, number> = {};
  for (const m of ms) out[m.role] = (out[m.role] ?? 0) + 1;
  return out;
};
/** A copy of a messages file changed by `edit` on its parsed document, written as the SDK writes it (`JSON.stringify(payload, null, 2)`). */
const damaged = (name: string, edit: (doc: any) => void) => {
  const doc = JSON.parse(corpus(name));
  edit(doc);
  return `${JSON.stringify(doc, null, 2)}\n`;
};

describe("Cline: the real messages files", () => {
  const want: Record<string, { messages: number; before: Record<string, number>; calls: number; provider: string; usage: number }> = {
    [SDK]: { messages: 32, before: { user: 5, assistant: 16, toolResult: 11 }, calls: 11, provider: "openai-chat", usage: 16 },
    [CLI]: { messages: 6, before: { user: 2, assistant: 3, toolResult: 1 }, calls: 1, provider: "deepseek", usage: 3 },
  };
  for (const [name, w] of Object.entries(want))
    it(`${name}: ${w.messages} messages, ${w.calls} calls each answered by the next message, no findings`, () => {
      const text = corpus(name);
      const a = analyze(text);
      assert.equal(a.session.format, AGENT);
      assert.equal(a.session.entries.length, w.messages, "one entry per message");
      // each entry at the line where its message starts, in order
      const lines = text.split("\n");
      for (const e of a.session.entries) assert.match(lines[e.line], /^\s*\{\s*$/, `entry ${e.id} starts its message's line`);
      assert.deepEqual(roles(a.before), w.before);
      const calls = a.before.flatMap((m) => toolCallsOf(m));
      assert.equal(calls.length, w.calls);
      a.before.forEach((m, i) => {
        for (const c of toolCallsOf(m)) assert.ok(a.before.slice(i + 1).some((r) => r.role === "toolResult" && r.toolCallId === c.id), `${c.id} answered`);
      });
      assert.deepEqual(codesAt(a.findings), []);
      assert.deepEqual(checkJson(name, a).findings, []);
      assert.equal(renderJson(name, a).format, AGENT);
      // What Cline sends: the stored messages.
      assert.equal(a.after, a.before);
      // Usage: each assistant message's metrics; the prompt's cached part apart from its input.
      assert.equal(a.usage.records.length, w.usage);
      assert.ok(a.usage.totals.output > 0 && a.usage.totals.cacheRead > 0);
      const pv = providerVerdicts(a);
      assert.equal(pv.target, w.provider, "the gateway's API: Chat Completions (DeepSeek's variant for its model)");
      assert.deepEqual(pv.findings.filter((f) => f.rejectedBy.includes(pv.target!)), [], "the target rejects nothing");
      // a JSON document is never repaired line-wise
      assert.equal(fixAll(text).text, text);
    });

  it("the SDK fixture: a call's id, name and place, its result's place, the attached file as sent", () => {
    const text = corpus(SDK);
    const doc = JSON.parse(text);
    const a = analyze(text);
    const first = a.before.find((m) => toolCallsOf(m).length > 0)!;
    const call = toolCallsOf(first)[0] as unknown as { id: string; name: string; path: unknown[] };
    assert.equal(call.id, "toolu_01ASLWrsc7sQ1adiRstjQa2n");
    assert.equal(call.name, doc.messages[1].content[1].name);
    assert.deepEqual(call.path, ["messages", 1, "content", 1, "id"]);
    const result = a.before.find((m) => m.role === "toolResult" && m.toolCallId === call.id)!;
    assert.deepEqual(result.resultPath, ["messages", 2, "content", 0, "tool_use_id"]);
    // a result whose content is a list of the tool's `{query, result}` objects shows them
    let lists = 0;
    for (const r of a.before.filter((m) => m.role === "toolResult")) {
      const [, i, , j] = r.resultPath as [string, number, string, number];
      if (!Array.isArray(doc.messages[i].content[j].content)) continue;
      lists++;
      assert.match((r.content as { text: string }[])[0].text, /^\{"query":/, `result ${r.toolCallId} shows its objects`);
    }
    assert.ok(lists >= 3, `${lists} results made of lists`);
    assert.equal(first.model, "anthropic/claude-opus-4.8-fast");
    // the attached file is the `<file_content>` text the SDK sends for it
    assert.match(JSON.stringify(a.before[0].content), /<file_content path=\\"\/Users\/example\/dev\/cline\/apps\/examples\/desktop-app\/webview\/components\/agent-sidebar\.tsx\\">/);
  });
});

describe("Cline: damaged copies", () => {
  it("a session stopped between a call and its result: Cline makes a result up on resume (dangling-call, a warning); no provider rejects it", () => {
    // The fixture's second call (message 3) loses its result message (4): the next message is the assistant's.
    const text = damaged(SDK, (d) => d.messages.splice(4, 1));
    const a = analyze(text);
    assert.equal(a.session.format, AGENT);
    const dangling = a.findings.filter((f) => f.code === "dangling-call");
    assert.equal(dangling.length, 1);
    assert.equal(dangling[0].severity, "warning");
    assert.equal(dangling[0].toolCallId, "toolu_019n9oXmedUvxzMqpZ7JtjDk");
    assert.deepEqual(dangling[0].path, ["messages", 3, "content", 1, "id"]);
    // drawn on the call's id (the path from the document's root), not on the message's first line
    assert.match(text.split("\n")[findingPlace(a.session.lines, dangling[0]).line], /"id": "toolu_019n9oXmedUvxzMqpZ7JtjDk"/, "on the line of the call's id");
    assert.match(dangling[0].message, /^Tool call without a result; Cline answers the call with a made-up error result on resume|^Tool call without a result; Cline answers it on resume/);
    assert.doesNotMatch(dangling[0].message, /\bpi\b/);
    // After: the made-up error result right after the call's message
    const at = a.after.findIndex((m) => toolCallsOf(m).some((c) => c.id === "toolu_019n9oXmedUvxzMqpZ7JtjDk"));
    const made = a.after[at + 1];
    assert.equal(made.role, "toolResult");
    assert.equal(made.toolCallId, "toolu_019n9oXmedUvxzMqpZ7JtjDk");
    assert.equal(made.isError, true);
    assert.equal(made.origin.kind, "synthetic");
    assert.match(JSON.stringify(made.content), /Tool execution was interrupted before a result was produced\. Tool: /);
    assert.equal(a.after.length, a.before.length + 1);
    const pv = providerVerdicts(a);
    assert.equal(pv.verdicts[pv.target!].rejects, false, "the made-up result answers the call");
    // no repair on a JSON document
    assert.equal(fixAll(text).text, text);
  });

  it("the file ends on a call: pending-call (information), the made-up result ends After", () => {
    const text = damaged(SDK, (d) => d.messages.splice(4));
    const a = analyze(text);
    assert.deepEqual(a.findings.map((f) => [f.code, f.severity, f.toolCallId]), [["pending-call", "information", "toolu_019n9oXmedUvxzMqpZ7JtjDk"]]);
    assert.match(text.split("\n")[findingPlace(a.session.lines, a.findings[0]).line], /"id": "toolu_019n9oXmedUvxzMqpZ7JtjDk"/);
    assert.match(a.findings[0].message, /may still be running/);
    assert.equal(a.after.at(-1)!.toolCallId, "toolu_019n9oXmedUvxzMqpZ7JtjDk");
    assert.equal(a.after.at(-1)!.origin.kind, "synthetic");
  });

  it("a result out of its place is sent as it is: the target provider rejects the call and the result", () => {
    // The first call's result (message 2) moved after the next assistant message: Cline counts it as there.
    const text = damaged(SDK, (d) => {
      const [result] = d.messages.splice(2, 1);
      d.messages.splice(3, 0, result);
    });
    const a = analyze(text);
    assert.deepEqual(a.findings.filter((f) => f.code === "dangling-call" || f.code === "pending-call"), [], "nothing made up");
    assert.equal(a.after, a.before);
    const pv = providerVerdicts(a);
    const shown = shownFindings(a, pv).filter((f) => f.severity === "error").map((f) => [f.code, f.toolCallId]);
    assert.deepEqual(shown, [
      ["dangling-call", "toolu_01ASLWrsc7sQ1adiRstjQa2n"],
      ["orphan-result", "toolu_01ASLWrsc7sQ1adiRstjQa2n"],
    ]);
  });

  it("a result whose call is gone: the call gets a made-up result, the result is sent as it is and rejected (orphan-result)", () => {
    const text = damaged(CLI, (d) => {
      const user = d.messages.find((m: any) => m.role === "user" && m.content.some((b: any) => b.type === "tool_result"));
      user.content.find((b: any) => b.type === "tool_result").tool_use_id = "call_gone";
    });
    const a = analyze(text);
    assert.deepEqual(a.findings.map((f) => [f.code, f.toolCallId]), [["dangling-call", "call_00_FVHDngQ9UnVkpWhENL0s3074"]]);
    const shown = shownFindings(a, providerVerdicts(a)).filter((f) => f.severity === "error");
    assert.deepEqual(shown.map((f) => [f.code, f.toolCallId]), [["orphan-result", "call_gone"]]);
    assert.equal(shown[0].path?.at(-1), "tool_use_id");
  });

  it("a block type this reading does not know: one information finding per type, the message still read", () => {
    const text = damaged(SDK, (d) => {
      d.messages[1].content.push({ type: "server_tool_use", id: "srv_1" });
      d.messages[3].content.push({ type: "server_tool_use", id: "srv_2" });
      d.messages[5].content.push({ type: "citation" });
    });
    const a = analyze(text);
    const drift = a.findings.filter((f) => f.code === "unknown-entry");
    assert.deepEqual(drift.map((f) => f.severity), ["information", "information"]);
    assert.match(drift[0].message, /Cline content block type `server_tool_use` is not known/);
    assert.equal(a.before.filter((m) => m.role === "assistant").length, 16);
    // the unknown blocks are left out of what is sent (not modelled), the rest of the message read
    assert.ok(!JSON.stringify(a.after).includes("srv_1"));
  });

  it("an image as the SDK stores it, and a `media` block: read, no finding", () => {
    const text = damaged(CLI, (d) => d.messages[0].content.push({ type: "image", data: "iVBORw0KGgo=", mediaType: "image/png" }, { type: "media" }));
    const a = analyze(text);
    assert.deepEqual(a.findings, []);
    const blocks = a.before[0].content as any[];
    assert.deepEqual(blocks.find((b) => b.type === "image"), { type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" });
    assert.ok(blocks.some((b) => b.type === "text" && b.text === "[media]"));
  });

  it("a message without a role; a Gemini CLI chat document is not Cline's", () => {
    const noRole = analyze(damaged(CLI, (d) => delete d.messages[1].role));
    assert.ok(noRole.findings.some((f) => f.code === "unknown-entry" && /without a user or assistant role/.test(f.message)));
    assert.equal(formatProfile(AGENT)!.detectDocument!('{\n\t"sessionId": "x",\n\t"projectHash": "y",\n\t"messages": ['), false, "a Gemini CLI chat is not Cline's");
  });
});
