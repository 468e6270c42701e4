/**
 * Roo Code (3.52.1's reading): the real task histories of test/corpus/roo-code (three tasks of Roo
 * Code 3.2x, XML tool calling, one condensed), read, checked and rendered; and damaged copies with
 * what a task of native tool calling leaves when it stops between a call and its result (the last
 * turn's call answered on resume), a call without its result earlier in the task (sent as it is:
 * the provider rules judge it), a condense of 3.43 and later, a sliding-window truncation, a block
 * type this reading does not know. The reading: formats/roo-code/.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { fixAll } from "../../server/src/engine/repair/index.js";
import { toolCallsOf } from "../../server/src/engine/model/types.js";
import { checkJson, renderJson } from "../../server/src/presentation/report.js";
import { providerVerdicts } from "../../server/src/engine/providers/verdicts.js";
import { ROO_INTERRUPTED_TEXT } from "../../server/src/engine/formats/roo-code/roo-words.js";
import { call, codes, result, roles, taskHistories } from "../helpers/task-history.js";

const AGENT = "roo-code";
const { name, corpus, damaged } = taskHistories(AGENT, "jsboige-roo-state-manager");

describe("Roo Code: the real task histories", () => {
  const want: Record<string, { items: number; before: Record<string, number>; sent: number }> = {
    bc93a6f7: { items: 63, before: { user: 33, assistant: 30 }, sent: 63 },
    "38948ef0": { items: 8, before: { user: 5, assistant: 3 }, sent: 8 },
    // condensed by 3.2x (first message, an assistant summary, the rest): 3.52.1 sends from the summary on
    e73ea764: { items: 24, before: { user: 12, assistant: 12 }, sent: 23 },
  };
  for (const [task, w] of Object.entries(want))
    it(`${task}: ${w.items} messages on one line, XML tool calls (no call id), no findings; ${w.sent} sent on resume`, () => {
      const text = corpus(task);
      assert.equal(text.split("\n").length, 1, "one line, as safeWriteJson writes it");
      const a = analyze(text);
      assert.equal(a.session.format, AGENT);
      assert.equal(a.session.entries.length, w.items);
      assert.deepEqual(roles(a.before), w.before);
      assert.equal(a.before.flatMap((m) => toolCallsOf(m)).length, 0, "calls are XML in the text");
      assert.deepEqual(a.findings, []);
      assert.deepEqual(checkJson(name(task), a).findings, []);
      assert.equal(renderJson(name(task), a).format, AGENT);
      assert.equal(a.after.length, w.sent);
      const pv = providerVerdicts(a);
      assert.equal(pv.target, "anthropic", "the file names no provider: Roo Code's default");
      assert.equal(fixAll(text).text, text, "a JSON document is never repaired");
    });

  it("e73ea764: the summary and what follows it are sent; the task's first message, before the summary, is not", () => {
    const a = analyze(corpus("e73ea764"));
    assert.deepEqual(a.dropped.map((d) => [d.msg.origin.kind === "entry" && d.msg.origin.entryId, d.by]), [["[0]", { kind: "resume-cut", by: "compacted", line: 0 }]]);
    assert.equal((JSON.parse(corpus("e73ea764"))[1] as any).isSummary, true);
  });
});

describe("Roo Code: damaged copies (native tool calling)", () => {
  it("the last turn's calls have no result (the task stopped while its tools ran): pending-call, answered on resume", () => {
    const a = analyze(
      damaged("38948ef0", (items) => {
        items.push({ role: "assistant", content: [{ type: "text", text: "Reading both." }, call("toolu_01A"), call("toolu_01B", "list_files")], ts: 1 });
      }),
    );
    assert.deepEqual(codes(a.findings), ["pending-call/information", "pending-call/information"]);
    assert.deepEqual(a.findings.map((f) => [f.toolCallId, f.path]), [
      ["toolu_01A", [8, "content", 1, "id"]],
      ["toolu_01B", [8, "content", 2, "id"]],
    ]);
    assert.match(a.findings[0].message, /^The task stopped before this call's result\./);
    assert.deepEqual(a.after.slice(-2).map((m) => [m.role, m.toolCallId, m.content[0].text]), [
      ["toolResult", "toolu_01A", ROO_INTERRUPTED_TEXT],
      ["toolResult", "toolu_01B", ROO_INTERRUPTED_TEXT],
    ]);
    assert.deepEqual(providerVerdicts(a).findings.filter((f) => f.rejectedBy.includes("anthropic")), [], "answered: nothing rejected");
  });

  it("the last message is the user's and answers one of two calls: the other is answered on resume", () => {
    const a = analyze(
      damaged("38948ef0", (items) => {
        items.push({ role: "assistant", content: [call("toolu_01A"), call("toolu_01B")], ts: 1 }, { role: "user", content: [result("toolu_01A")], ts: 2 });
      }),
    );
    assert.deepEqual(a.findings.map((f) => [f.code, f.toolCallId]), [["pending-call", "toolu_01B"]]);
    assert.deepEqual(a.after.slice(-2).map((m) => [m.toolCallId, m.content[0].text]), [
      ["toolu_01A", "ok"],
      ["toolu_01B", ROO_INTERRUPTED_TEXT],
    ]);
  });

  it("a call without its result earlier in the task is sent as it is: Anthropic rejects it", () => {
    const a = analyze(
      damaged("38948ef0", (items) => {
        items.push({ role: "assistant", content: [call("toolu_01A")], ts: 1 }, { role: "user", content: [{ type: "text", text: "never mind" }], ts: 2 }, { role: "assistant", content: [{ type: "text", text: "ok" }], ts: 3 });
      }),
    );
    assert.deepEqual(codes(a.findings), []);
    const pv = providerVerdicts(a);
    assert.ok(
      pv.findings.some((f) => f.rejectedBy.includes("anthropic") && f.toolCallId === "toolu_01A"),
      `Anthropic rejects the call with no result: ${pv.findings.map((f) => f.code).join(", ")}`,
    );
  });

  it("a condense (3.43 and later): the history from the summary on; a result whose call is before it is left out", () => {
    const a = analyze(
      damaged("38948ef0", (items) => {
        items.push({ role: "assistant", content: [call("toolu_01A")], ts: 1 });
        for (const m of items) m.condenseParent = "c1";
        items.push({ role: "user", content: [result("toolu_01A"), { type: "text", text: "## Conversation Summary\nWe read a.ts." }], ts: 2, isSummary: true, condenseId: "c1" });
      }),
    );
    assert.deepEqual(a.after.map((m) => [m.role, m.role === "user" ? m.content[0].text.slice(0, 23) : m.toolCallId]), [["user", "## Conversation Summary"]]);
    assert.equal(a.dropped.filter((d) => d.by.kind === "resume-cut").length, a.before.length - 2);
    assert.deepEqual(a.dropped.filter((d) => d.by.kind === "resume-drop").map((d) => d.msg.toolCallId), ["toolu_01A"]);
    assert.deepEqual(a.findings, [], "a summary last: nothing added on resume");
  });

  it("a sliding-window truncation hides the messages its marker names", () => {
    const a = analyze(
      damaged("38948ef0", (items) => {
        items[1].truncationParent = "t1";
        items[2].truncationParent = "t1";
        items.splice(3, 0, { role: "user", content: "[Sliding window truncation: 2 messages hidden to reduce context]", ts: 1, isTruncationMarker: true, truncationId: "t1" });
      }),
    );
    assert.equal(a.after.length, a.before.length - 2);
    assert.deepEqual(a.dropped.map((d) => d.msg.origin.kind === "entry" && d.msg.origin.entryId), ["[1]", "[2]"]);
  });

  it("what is sent is the stored messages themselves (the inspector pairs each with its row); a copy keeps its origin", () => {
    const a = analyze(
      damaged("38948ef0", (items) => {
        items.push({ role: "assistant", content: [{ type: "reasoning", text: "let me think" }, { type: "text", text: "Done." }], ts: 1 }, { role: "assistant", content: [{ type: "reasoning", text: "only thinking" }], ts: 2 }, { role: "user", content: "next", ts: 3 });
      }),
    );
    const stored = new Set(a.before);
    const copies = a.after.filter((m) => !stored.has(m));
    assert.deepEqual(copies.map((m) => m.content.map((b: any) => b.type)), [["text"]], "only the message whose reasoning is left out is a copy");
    assert.ok(a.before.some((m) => m.origin === copies[0].origin), "the copy shares its stored message's origin");
    assert.deepEqual(a.dropped.map((d) => [d.msg.content.map((b: any) => b.type), d.by.kind === "resume-cut" && d.by.by]), [[["thinking"], "not-sent"]], "a message of reasoning only is not sent");
    assert.ok(!providerVerdicts(a).findings.some((f) => f.code.startsWith("empty-content")), "no empty message sent");
  });

  it("a summary last that answers nothing: nothing added on resume, even after a turn with calls", () => {
    const a = analyze(
      damaged("38948ef0", (items) => {
        items.push({ role: "assistant", content: [call("toolu_01A")], ts: 1 }, { role: "user", content: [{ type: "text", text: "## Conversation Summary\nNothing yet." }], ts: 2, isSummary: true, condenseId: "c1" });
      }),
    );
    assert.deepEqual(a.findings, []);
    assert.deepEqual(a.after.map((m) => m.role), ["user"]);
  });

  it("a truncation marker before the summary hides nothing; one after it hides its messages; a result whose call it hides is still sent (Anthropic rejects it)", () => {
    const a = analyze(
      damaged("38948ef0", (items) => {
        items[1].truncationParent = "t0";
        items.splice(2, 0, { role: "user", content: "[Sliding window truncation: 1 messages hidden to reduce context]", ts: 1, isTruncationMarker: true, truncationId: "t0" });
        items.push(
          { role: "user", content: [{ type: "text", text: "## Conversation Summary" }], ts: 2, isSummary: true, condenseId: "c1" },
          { role: "assistant", content: [call("toolu_01X")], ts: 3, truncationParent: "t1" },
          { role: "user", content: "[Sliding window truncation: 1 messages hidden to reduce context]", ts: 4, isTruncationMarker: true, truncationId: "t1" },
          { role: "user", content: [result("toolu_01X")], ts: 5 },
          { role: "assistant", content: [{ type: "text", text: "ok" }], ts: 6 },
        );
      }),
    );
    assert.deepEqual(a.after.map((m) => m.role), ["user", "user", "toolResult", "assistant"], "the summary, the marker, the result, the answer");
    assert.ok(providerVerdicts(a).findings.some((f) => f.rejectedBy.includes("anthropic") && f.toolCallId === "toolu_01X"), "its call is hidden: Anthropic rejects the result");
  });

  it("the last user message sent again: its environment details left out, the made-up result right after its own (no text between results)", () => {
    const env = "<environment_details>\n# VSCode Visible Files\nsrc/a.ts\n</environment_details>";
    const a = analyze(
      damaged("38948ef0", (items) => {
        items.push({ role: "assistant", content: [call("toolu_01A"), call("toolu_01B")], ts: 1 }, { role: "user", content: [result("toolu_01A"), { type: "text", text: env }], ts: 2 });
      }),
    );
    assert.deepEqual(a.after.slice(-2).map((m) => [m.role, m.toolCallId]), [
      ["toolResult", "toolu_01A"],
      ["toolResult", "toolu_01B"],
    ]);
    assert.deepEqual(providerVerdicts(a).findings.filter((f) => f.rejectedBy.includes("anthropic")), []);
  });

  it("a first message longer than the 64 KB the detection reads: still a Roo Code task", () => {
    const text = damaged("38948ef0", (items) => {
      items[0].content[0].text = `<task>\n${"x".repeat(70_000)}\n</task>`;
    });
    assert.equal(analyze(text).session.format, AGENT);
  });

  it("a block type this reading does not know: one information finding per type; an item with no role: a warning", () => {
    const a = analyze(
      damaged("38948ef0", (items) => {
        items[1].content.push({ type: "hologram" }, { type: "hologram" });
        items.push({ content: "no role", ts: 9 });
      }),
    );
    assert.deepEqual(a.findings.map((f) => [f.code, f.severity, f.message.split(".")[0]]), [
      ["unknown-entry", "information", "Roo Code content block type `hologram` is not known to this version"],
      ["unknown-entry", "warning", "Roo Code message without a user or assistant role"],
    ]);
  });
});
