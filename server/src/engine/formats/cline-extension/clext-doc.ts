/** Cline's VS Code extension's row in README.md's table of agents (repair/agent-table-doc.ts writes it). */
import type { AgentDoc } from "../profile.js";

export const CLEXT_DOC: AgentDoc = {
  files: [{ path: "<task id>/api_conversation_history.json", note: "one JSON array on one line (no `ts`: told from Roo Code's by that), rewritten whole on every change" }],
  reads: "the task's messages: Anthropic-shaped `text`, `image`, `tool_use`, `tool_result`, `thinking` blocks; responses Cline cut short (\"[Response interrupted by API Error]\", \"…by user\"); the calls of tasks of XML tool calling are in the text (no id: shown, not checked)",
  sends: "what 3.15.0 sends on resume: the stored history with its \"[TASK RESUMPTION]\" text in the last user message (or a new one); no result made up for a call; the sliding window's range is not in the file (not applied); the provider is not in the file (Anthropic assumed)",
  checks: ["unknown-entry"],
  repairNote: "The file is one JSON document: repairs, which edit lines, are not made on it.",
  versions: "3.15.0, read from its source: 3 real task histories of May 2025 (XML tool calling; test/corpus/cline-extension) and damaged copies; not run",
};
