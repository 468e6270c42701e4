#!/usr/bin/env node
// Writes the constructed Gemini CLI chats of test/fixtures/gemini-cli/ (deterministic: ids are
// hashes of the file name and the record's place). Each is a shape Gemini CLI writes or a defect
// its chats really have; test/fixtures/peer-gemini-cli/ holds what the real CLI 0.61.0 sent when
// it resumed each (scripts/record-peers-agents.mjs gemini-cli). The files named `cli-*` are not
// made here: the real CLI wrote them (../shared/tools/peer-gemini gen.mjs, README there).
//   node scripts/agent-fixtures/gemini-cli.mjs
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { fileURLToPath } from "node:url";

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "test", "fixtures", "gemini-cli");
fs.mkdirSync(OUT, { recursive: true });
const hex = (s) => crypto.createHash("sha1").update(s).digest("hex");
const uuid = (s) => {
  const h = hex(s);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const PROJECT = hex("project").repeat(2).slice(0, 64);
const CONTEXT = "<session_context>\nThis is the Gemini CLI. We are setting up the context for our chat.\nToday's date is Friday, November 20, 2026 (formatted according to the user's locale).\nMy operating system is: linux\n</session_context>";
const ENV_ID = "d04923d38bb0f6017037e74183378ef4";

/** A chat as 0.61.0 writes it: the metadata line, the session context in a `$set`, then `lines` (objects, or raw strings). */
function chat(name, lines, { context = true, meta = true, kind = "main" } = {}) {
  let t = Date.parse("2026-11-20T10:00:00.000Z");
  const ts = () => new Date((t += 1000)).toISOString();
  const out = [];
  if (meta) out.push({ sessionId: uuid(`${name}:session`), projectHash: PROJECT, startTime: ts(), lastUpdated: ts(), kind });
  if (context) out.push({ $set: { messages: [{ id: ENV_ID, timestamp: ts(), type: "user", content: [{ text: CONTEXT }] }], lastUpdated: ts() } });
  let n = 0;
  for (const l of lines) {
    if (typeof l === "string" || l.$set || l.$rewindTo !== undefined) {
      out.push(l);
      continue;
    }
    const rec = { id: l.id ?? uuid(`${name}:${n++}`), timestamp: ts(), ...l };
    out.push(rec);
    if (rec.type === "user" || rec.type === "gemini") out.push({ $set: { lastUpdated: ts() } });
  }
  fs.writeFileSync(path.join(OUT, `${name}.jsonl`), out.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n");
}

const tokens = (input, output, cached = 0, thoughts = 0) => ({ input, output, cached, thoughts, tool: 0, total: input + output + thoughts });
const user = (text) => ({ type: "user", content: [{ text }] });
const model = (content, extra = {}) => ({ type: "gemini", content, thoughts: [], tokens: tokens(100, 5), model: "gemini-3.8-flash", ...extra });
const response = (id, name, output) => ({ functionResponse: { id, name, response: output instanceof Error ? { error: output.message } : { output } } });
const call = (id, name, args, output, extra = {}) => ({
  id,
  name,
  args,
  result: output === null ? null : [response(id, name, output)],
  status: output === null ? "cancelled" : output instanceof Error ? "error" : "success",
  timestamp: "2026-11-20T10:00:30.000Z",
  resultDisplay: "",
  description: "",
  displayName: name,
  renderOutputAsMarkdown: true,
  ...extra,
});
const results = (...parts) => ({ type: "user", content: parts });
const A = "read_file__read_file_1795000000000_0";
const B = "read_file__read_file_1795000000001_1";

// A finished exchange: no finding.
chat("basic", [user("hello"), model("Hello! How can I help?")]);

// Results kept only in the calls' record (as files before 0.60 have them): each sent once.
chat("results-in-call-record-only", [
  user("read both files"),
  model("reading", { toolCalls: [call(A, "read_file", { file_path: "a.txt" }, "alpha\n"), call(B, "read_file", { file_path: "b.txt" }, "beta\n")] }),
  model("Both read."),
]);

// 0.61's own shape, one call: the model record written twice (before and with its calls), the
// result in the call and again in a user record: sent twice.
{
  const id = uuid("result-twice:model");
  chat("result-twice", [
    user("read a"),
    model("", { id }),
    model("", { id, toolCalls: [call(A, "read_file", { file_path: "a.txt" }, "alpha\n")] }),
    results(response(A, "read_file", "alpha\n")),
    model("It says alpha."),
  ]);
}

// A call the user cancelled before it ran: `result: null`; the CLI sends the call without a response.
chat("call-without-result", [
  user("read a"),
  model("", { toolCalls: [call(A, "read_file", { file_path: "a.txt" }, null)] }),
  user("never mind, say hi"),
  model("Hi!"),
]);

// The history ends with a call that has no result (the CLI stopped while the tool ran).
chat("ends-with-call", [user("read a"), model("reading a", { toolCalls: [call(A, "read_file", { file_path: "a.txt" }, null, { status: "executing" })] })]);

// A function response whose call is in no model turn before it.
chat("orphan-response", [user("hi"), model("Hello."), results(response("read_file__read_file_1795000000009_0", "read_file", "stray\n")), model("ok")]);

// Thoughts: sent? not on Gemini 2 and 3; a turn of thoughts only is dropped.
chat("thoughts", [
  user("think about it"),
  model("Here is my answer.", { thoughts: [{ subject: "Planning", description: "I will answer briefly.", timestamp: "2026-11-20T10:00:05.000Z" }] }),
  user("and now?"),
  model("", { thoughts: [{ subject: "Thinking", description: "Nothing to say.", timestamp: "2026-11-20T10:00:09.000Z" }] }),
  user("well?"),
  model("Done thinking."),
]);

// A rewind: the record it names and every later one are gone.
{
  const second = uuid("rewind:second");
  chat("rewind", [user("first question"), model("First answer."), { id: second, ...user("second question") }, model("Second answer."), { $rewindTo: second }, user("another second question"), model("Another answer.")]);
}

// A rewind to an id that is not there drops every record.
chat("rewind-unknown-id", [user("first question"), model("First answer."), { $rewindTo: "no-such-id" }, user("fresh question"), model("Fresh answer.")]);

// A `$set` of messages (a compression, a rewrite) replaces every record before it.
chat("set-messages", [
  user("old question"),
  model("Old answer."),
  { $set: { messages: [{ id: uuid("set:1"), timestamp: "2026-11-20T10:01:00.000Z", type: "user", content: [{ text: "<state_snapshot>the user asked an old question</state_snapshot>" }] }, { id: uuid("set:2"), timestamp: "2026-11-20T10:01:01.000Z", type: "gemini", content: [{ text: "Got it. Thanks for the additional context!" }] }], lastUpdated: "2026-11-20T10:01:01.000Z" } },
  user("new question"),
  model("New answer."),
]);

// Records the CLI shows but never sends, and commands it leaves out.
chat("info-and-commands", [
  user("/help"),
  { type: "info", content: "Showing help." },
  user("?"),
  user("hello"),
  { type: "warning", content: "Rate limited, retrying." },
  { type: "error", content: "[API Error: quota]" },
  model("Hello!"),
]);

// A message type this reading does not know (twice): one finding.
chat("unknown-type", [user("hello"), { type: "compression_marker", content: "x" }, model("Hello!"), { type: "compression_marker", content: "y" }]);

// No metadata line: the CLI cannot load the file.
chat("no-metadata", [user("hello"), model("Hello!")], { meta: false });

// A sub-agent's chat (written under its parent's): `gemini --resume` does not list it.
chat("subagent-chat", [user("Investigate the codebase."), model("Done: three modules.")], { kind: "subagent" });

// Only the CLI's own context and commands: nothing to resume.
chat("nothing-to-resume", [user("/help"), { type: "info", content: "Showing help." }, user("/quit")]);

// A call the tool refused (status error, an error response): answered, nothing to report.
chat("error-result", [user("read c"), model("", { toolCalls: [call(A, "read_file", { file_path: "c.txt" }, new Error("File not found: c.txt"))] }), model("There is no c.txt.")]);

// A line cut in the middle of the file (an interrupted write), then more records: skipped silently.
chat("malformed-line", [user("hello"), '{"id":"cut-short","timestamp":"2026-11-20T10:00:09.000Z","type":"gemini","content":"Hel', user("are you there?"), model("Yes.")]);

// Strings instead of parts: user content, model content and a call's result.
chat("string-content", [
  { type: "user", content: "read a please" },
  model("reading", { toolCalls: [{ ...call(A, "read_file", { file_path: "a.txt" }, "x"), result: "alpha\n" }] }),
  model("It says alpha."),
]);

// A model turn with an empty text part: the CLI's curated history leaves it out.
chat("empty-text-part", [user("hello"), model([{ text: "" }]), user("hello?"), model("Hi!")]);

// A field of the wrong JSON type: a call id that is a number.
chat("wrong-field-type", [user("read a"), model("", { toolCalls: [{ ...call(A, "read_file", { file_path: "a.txt" }, "alpha\n"), id: 7 }] }), model("done")]);

// Before 0.40: one JSON document, pretty-printed (JSON.stringify(conversation, null, 2)).
{
  const name = "legacy-document";
  const doc = {
    sessionId: uuid(`${name}:session`),
    projectHash: PROJECT,
    startTime: "2025-10-21T20:04:20.819Z",
    lastUpdated: "2025-10-21T20:08:49.642Z",
    messages: [
      { id: uuid(`${name}:0`), timestamp: "2025-10-21T20:04:20.819Z", type: "user", content: "Create index.html and read it back." },
      {
        id: uuid(`${name}:1`),
        timestamp: "2025-10-21T20:04:39.638Z",
        type: "gemini",
        content: "I will create the file.",
        thoughts: [{ subject: "Beginning", description: "Create the file first.", timestamp: "2025-10-21T20:04:24.225Z" }],
        tokens: tokens(9000, 40, 8000, 12),
        model: "gemini-2.5-pro",
        toolCalls: [
          call("write_file-1761077079637-de5db03a65079", "write_file", { file_path: "/tmp/p/index.html", content: "<!DOCTYPE html>" }, "Successfully created and wrote to new file: /tmp/p/index.html."),
          call("read_file-1761077079640-aa01", "read_file", { absolute_path: "/tmp/p/index.html" }, "<!DOCTYPE html>"),
        ],
      },
      { id: uuid(`${name}:2`), timestamp: "2025-10-21T20:05:00.000Z", type: "gemini", content: "Created and read back.", thoughts: [], tokens: tokens(9100, 8, 9000), model: "gemini-2.5-pro" },
      { id: uuid(`${name}:3`), timestamp: "2025-10-21T20:06:00.000Z", type: "info", content: "Checkpoint saved." },
    ],
  };
  fs.writeFileSync(path.join(OUT, `${name}.json`), JSON.stringify(doc, null, 2));
}

// A document whose write was cut short: the CLI cannot load it.
{
  const text = fs.readFileSync(path.join(OUT, "legacy-document.json"), "utf8");
  fs.writeFileSync(path.join(OUT, "legacy-document-cut.json"), text.slice(0, Math.floor(text.length * 0.6)));
}
