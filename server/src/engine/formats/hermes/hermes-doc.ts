/** Hermes Agent's row in README.md's table of agents (repair/agent-table-doc.ts writes it). */
import type { AgentDoc } from "../profile.js";

export const HERMES_DOC: AgentDoc = {
  files: [{ path: "state.db", note: "SQLite, tables `sessions` and `messages`, read without locking it" }],
  reads: "each session's row (model, provider, token totals) and its message rows in id order: user prompts, assistant text, reasoning and OpenAI-style `tool_calls`, `tool` rows answering them by `tool_call_id`, rewound rows (`active` 0)",
  sends: "what Hermes reloads on resume: the active rows in id order, a result whose call is not open dropped, consecutive user rows merged, a stand-in result for each call without one",
  checks: ["unknown-entry", "dangling-call", "pending-call", "orphan-result"],
  repairNote: "A database: nothing is written.",
  versions: "state.db schema 14: a real database (9 sessions, the Nous provider; test/corpus/hermes) and damaged copies, read from Hermes's source; not run",
};
