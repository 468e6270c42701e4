/** Roo Code's row in README.md's table of agents (repair/agent-table-doc.ts writes it). */
import type { AgentDoc } from "../profile.js";

export const ROO_DOC: AgentDoc = {
  files: [{ path: "<task id>/api_conversation_history.json", note: "one JSON array on one line, rewritten whole on every change" }],
  reads: "the task's messages: Anthropic-shaped `text`, `image`, `tool_use`, `tool_result` blocks and Roo Code's reasoning blocks, its condense and truncation tags; the calls of tasks of XML tool calling (before 3.42) are in the text (no id: shown, not checked)",
  sends: "what 3.52.1 sends on resume: the history from the last condense summary on, hidden and orphaned messages left out, a result made up for each call of the last turn that has none; the provider is not in the file (Anthropic assumed)",
  checks: ["unknown-entry", "pending-call"],
  repairNote: "The file is one JSON document: repairs, which edit lines, are not made on it.",
  versions: "3.52.1, read from its source: 3 real task histories of Roo Code 3.2x (XML tool calling, one condensed; test/corpus/roo-code) and damaged copies; not run",
};
