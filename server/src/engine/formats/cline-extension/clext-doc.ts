/** Cline's VS Code extension's row in README.md's table of agents (repair/agent-table-doc.ts writes it). */
import type { AgentDoc } from "../profile.js";

export const CLEXT_DOC: AgentDoc = {
  files: [{ path: "<task id>/api_conversation_history.json", note: "3.x: one JSON array on one line, rewritten whole on every change; told from Roo Code's by its `modelInfo` or the absence of `ts`" }],
  reads: "the task's messages: Anthropic-shaped `text`, `image`, `tool_use`, `tool_result`, `thinking` blocks, each response's model and usage (3.37 and later); responses Cline cut short (\"[Response interrupted by API Error]\", \"…by user\"); the calls of tasks of XML tool calling are in the text (no id: shown, not checked)",
  sends: "what it sends on resume: the stored history with its \"[TASK RESUMPTION]\" text in the last user message (or a new one); native tool calling (3.89.2): each call's results first in the next message, \"result missing\" made up for a call without one, a result of no call of the message before left out; XML tool calling (3.15.0): nothing made up; the sliding window's range is not in the file (not applied); no model recorded: Anthropic assumed",
  checks: ["unknown-entry", "pending-call", "dangling-call"],
  repairNote: "The file is one JSON document: repairs, which edit lines, are not made on it.",
  versions: "3.15.0 (XML tool calling) and 3.89.2 (native), read from their source: 3 real task histories of May 2025 (XML tool calling; test/corpus/cline-extension) and damaged copies with native calls; not run",
};
