/** Gemini CLI's row in README.md's table of agents (repair/agent-table-doc.ts writes it). */
import type { AgentDoc } from "../profile.js";

export const GEMINI_CLI_DOC: AgentDoc = {
  files: [
    { path: "<project>/chats/session-*.jsonl", note: "0.40+" },
    { path: "<project>/chats/session-*.json", note: "before 0.40, one JSON document" },
  ],
  reads:
    "a JSONL chat as its loader reads it (the metadata line, message records, a record of an id already seen replacing it, `$set` and `$rewindTo` lines), or a document's `messages`; a model record keeps its calls with their results",
  sends:
    "what 0.61.0 sends on `gemini --resume`: no session context, commands or `info`/`warning`/`error` records; each model turn's text and calls, then their results; thoughts not sent",
  checks: ["unknown-entry", "resume-refused", "dangling-call", "orphan-result"],
  repairNote:
    "JSONL only (a document is never edited line-wise): a user record that only repeats results is deleted, an inserted result is the CLI's response for a cancelled call.",
  versions:
    "0.61.0 (0.60 read for results sent twice): 26 chats (4 written by the real CLI, 22 constructed) and the 4 public chats of the corpus resumed by the real CLI, all 30 recordings compared part for part",
};
