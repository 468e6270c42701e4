#!/usr/bin/env node
// Writes the constructed GitHub Copilot CLI sessions of test/fixtures/copilot-cli/ (deterministic:
// ids are hashes of the file name and the event's place). Each is a defect the CLI really writes or
// a shape its loader handles in its own way; test/fixtures/peer-copilot-cli/ holds what the real
// CLI sent when it resumed each (scripts/record-peers-agents.mjs copilot-cli).
//   node scripts/agent-fixtures/copilot-cli.mjs
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { fileURLToPath } from "node:url";

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "test", "fixtures", "copilot-cli");
fs.mkdirSync(OUT, { recursive: true });
const uuid = (s) => {
  const h = crypto.createHash("sha1").update(s).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** Events -> lines (ids, timestamps and parent links filled in); returns the lines. */
function session(name, events) {
  const sid = uuid(`${name}:session`);
  let prev = null;
  let t = Date.parse("2026-11-20T10:00:00.000Z");
  const lines = events.map((e, i) => {
    const id = e.id ?? uuid(`${name}:${i}`);
    const ev = { type: e.type, data: e.type === "session.start" ? { sessionId: sid, ...e.data } : e.data, id, timestamp: new Date((t += 1000)).toISOString(), parentId: prev };
    if (e.agentId) ev.agentId = e.agentId;
    prev = id;
    return JSON.stringify(ev);
  });
  write(name, lines);
  return lines;
}
const write = (name, lines, tail = "\n") => fs.writeFileSync(path.join(OUT, `${name}.jsonl`), lines.join("\n") + tail);

const start = { type: "session.start", data: { version: 1, producer: "copilot-agent", copilotVersion: "1.0.102", startTime: "2026-11-20T10:00:00.000Z", context: { cwd: "/tmp/project" } } };
const user = (text) => ({ type: "user.message", data: { content: text, transformedContent: text } });
const ts = (n) => ({ type: "assistant.turn_start", data: { turnId: String(n) } });
const te = (n) => ({ type: "assistant.turn_end", data: { turnId: String(n) } });
let mid = 0;
const asst = (text, calls = []) => ({ type: "assistant.message", data: { messageId: `m-${++mid}`, content: text, toolRequests: calls.map(([id, name, args]) => ({ toolCallId: id, name, arguments: args, type: "function" })), model: "gpt-4.1" } });
const tstart = (id, name, args) => ({ type: "tool.execution_start", data: { toolCallId: id, toolName: name, arguments: args } });
const tdone = (id, text, ok = true) => ({ type: "tool.execution_complete", data: ok ? { toolCallId: id, success: true, result: { content: text } } : { toolCallId: id, success: false, error: { message: text } } });
const usage = (i, o) => ({ type: "session.usage_record", data: { usage: { model: "gpt-4.1", inputTokens: i, outputTokens: o, cacheReadTokens: 20, cacheWriteTokens: 0, apiEndpoint: "/chat/completions" } } });
const A = ["view", { path: "a.txt" }];
const B = ["view", { path: "b.txt" }];
const base = (extra = []) => [start, user("list files"), ts(0), usage(100, 5), asst("", [["call_1", ...A]]), tstart("call_1", ...A), tdone("call_1", "alpha\n"), te(0), ts(1), usage(120, 2), asst("done"), te(1), ...extra];

session("basic", base());
session("parallel-results-out-of-order", [start, user("read both"), ts(0), asst("reading", [["call_1", ...A], ["call_2", ...B]]), tstart("call_1", ...A), tstart("call_2", ...B), tdone("call_2", "beta\n"), tdone("call_1", "alpha\n"), te(0), ts(1), asst("done"), te(1)]);
session("call-without-result-mid", [start, user("read a"), ts(0), asst("reading a", [["call_1", ...A]]), tstart("call_1", ...A), te(0), user("never mind"), ts(1), asst("ok"), te(1)]);
session("call-without-result-end", [start, user("read a"), ts(0), asst("reading a", [["call_1", ...A]]), tstart("call_1", ...A)]);
session("orphan-result", [...base(), user("again"), ts(2), asst("again"), tdone("call_9", "stray\n"), te(2)]);
session("duplicate-call-id", [start, user("read a twice"), ts(0), asst("", [["call_1", ...A]]), tstart("call_1", ...A), tdone("call_1", "alpha\n"), te(0), ts(1), asst("", [["call_1", ...B]]), tstart("call_1", ...B), tdone("call_1", "beta\n"), te(1), ts(2), asst("done"), te(2)]);
session("failed-result", [start, user("read c"), ts(0), asst("", [["call_1", "view", { path: "c.txt" }]]), tstart("call_1", "view", { path: "c.txt" }), tdone("call_1", "no such file", false), te(0), ts(1), asst("no file"), te(1)]);
const trunc = session("truncated-last-line", base());
write("truncated-last-line", [...trunc.slice(0, -1), trunc[trunc.length - 1].slice(0, 40)], "");
session("unknown-event", base([{ type: "foo.bar", data: { x: 1 } }, user("next"), ts(2), asst("ok"), te(2), { type: "foo.bar", data: { x: 2 } }]));
session("compaction", [...base(), { type: "session.compaction_start", data: {} }, { type: "session.compaction_complete", data: { success: true, summaryContent: "Summary: the user listed files." } }, user("and now?"), ts(2), asst("now this"), te(2)]);
session("context-cleared", [...base(), { type: "session.context_cleared", data: { messagesCleared: 4 } }, user("fresh start"), ts(2), asst("fresh"), te(2)]);
session("subagent-events", [start, user("delegate"), ts(0), asst("", [["call_1", "task", { prompt: "list" }]]), tstart("call_1", "task", { prompt: "list" }), { type: "subagent.started", data: { toolCallId: "call_1", agentName: "explore", agentDisplayName: "Explore", agentDescription: "explores" } }, { ...asst("", [["sub_1", ...A]]), agentId: "agent-1" }, { ...tstart("sub_1", ...A), agentId: "agent-1" }, { ...tdone("sub_1", "alpha\n"), agentId: "agent-1" }, { ...asst("sub done"), agentId: "agent-1" }, { type: "subagent.completed", data: { toolCallId: "call_1", agentName: "explore", agentDisplayName: "Explore" } }, tdone("call_1", "the subagent found a.txt"), te(0), ts(1), asst("done"), te(1)]);
session("system-and-reasoning", [start, { type: "system.message", data: { role: "system", content: "You are Copilot." } }, user("think"), ts(0), { type: "assistant.reasoning", data: { reasoningId: "r-1", content: "thinking about it" } }, { type: "assistant.message", data: { messageId: "m-r", content: "thought", toolRequests: [], reasoningText: "thinking about it" } }, te(0)]);
// Refused by the loader: the whole file will not resume.
const missing = base().map((e, i) => (i === 7 ? { type: "session.truncation", data: { reason: "context_limit" } } : e));
session("refused-missing-field", missing);
const nonUuid = session("refused-non-uuid-id", base()).map((l, i) => (i === 3 ? l.replace(/"id":"[^"]+"/, '"id":"e4"') : l));
write("refused-non-uuid-id", nonUuid);
// Two compactions: which prompts the summary message lists, and how it joins them; a failed compaction cuts nothing.
const compact = (summary) => [{ type: "session.compaction_start", data: {} }, { type: "session.compaction_complete", data: { success: true, summaryContent: summary } }];
session("compaction-twice", [...base(), ...compact("Summary one."), user("and now?"), ts(2), asst("now this"), te(2), user("third"), ts(3), asst("three"), te(3), ...compact("Summary two."), user("last"), ts(4), asst("last one"), te(4)]);
session("compaction-failed", [...base(), { type: "session.compaction_start", data: {} }, { type: "session.compaction_complete", data: { success: false, error: "the model call failed" } }, user("and now?"), ts(2), asst("now this"), te(2)]);
// A prompt whose text as sent (transformedContent) differs from what the user typed (content): which one goes where.
const typed = (text, sent) => ({ type: "user.message", data: { content: text, transformedContent: sent } });
session("transformed-content", [start, typed("list files", "<current_datetime>2026-11-20T10:00:02.000Z</current_datetime>\n\nlist files"), ts(0), asst("listed"), te(0), ...compact("Summary: listed."), typed("and now?", "<reminder>be brief</reminder>\n\nand now?"), ts(1), asst("now this"), te(1)]);
// A parent that is gone (the line before was removed, as the orphan repair removes one): the CLI does not follow parentId.
const gone = session("parent-gone", base()).map((l, i) => (i === 6 ? l.replace(/"parentId":"[^"]+"/, `"parentId":"${uuid("parent-gone:removed")}"`) : l));
write("parent-gone", gone);
console.log(`wrote ${fs.readdirSync(OUT).length} files to ${OUT}`);
