/** OpenCode's row in README.md's table of agents (repair/agent-table-doc.ts writes it). */
import type { AgentDoc } from "../profile.js";

export const OPENCODE_DOC: AgentDoc = {
  files: [
    { path: "opencode.db", note: "from 1.2, SQLite, read without locking it; Kilo CLI: `~/.local/share/kilo/kilo.db`" },
    { path: "storage/", note: "before 1.2, one JSON record per session, message and part" },
  ],
  reads: "each session as `opencode export <id>` prints it (such a document is read too): messages with their parts (`text`, `reasoning`, `file`, `tool` call and result in one part, steps), each with its model and usage",
  sends: "what 1.18 sends: the messages since the last compaction, a tool part that never finished as an interrupted error result, a failed response left out",
  checks: ["unknown-entry", "dangling-call", "pending-call"],
  repairNote: "A database or an exported document: nothing is written.",
  versions: "1.18.33 (a real `opencode.db`) and Kilo CLI 7.3.40 (real database captures), read from OpenCode's source; not run",
};
