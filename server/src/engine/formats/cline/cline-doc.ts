/** Cline's row in README.md's table of agents (repair/agent-table-doc.ts writes it). */
import type { AgentDoc } from "../profile.js";

export const CLINE_DOC: AgentDoc = {
  files: [{ path: "<id>/<id>.messages.json", note: "the SDK's, one JSON document" }],
  reads: "the document's `messages`: Anthropic-shaped user and assistant messages (`text`, `file`, `thinking`, `tool_use`, `tool_result` blocks), each with its model and usage",
  sends: "what SDK 0.0.78 sends on resume: the stored messages (a `file` block as its `<file_content>` text), an error result made up after each call with no result anywhere; long results cut to its budgets (not modelled)",
  checks: ["unknown-entry", "dangling-call", "pending-call"],
  repairNote: "The file is one JSON document: repairs, which edit lines, are not made on it.",
  versions: "SDK 0.0.78 and CLI 3.0.56, read from their source: the SDK's own session fixture, a CLI 3.0.20 capture (test/corpus/cline) and damaged copies; not run",
};
