/** Cursor's row in README.md's table of agents (repair/agent-table-doc.ts writes it). */
import type { AgentDoc } from "../profile.js";

export const CURSOR_DOC: AgentDoc = {
  files: [{ path: "<project>/agent-transcripts/<id>/<id>.jsonl", note: "the editor's agent and `cursor-agent`" }],
  reads:
    "one message per line (`role`, `message.content`: `text` and `tool_use` blocks with name and input) and the `turn_ended` lines with their status; shown only: Cursor records no call ids, no tool results, no timestamps, model or usage, and its thinking as `[REDACTED]`",
  sends: "not known (Cursor builds its requests on its own servers): After is the transcript as stored, no provider is assumed and the provider rules check nothing of it",
  checks: ["unknown-entry", "repeated-call"],
  repairNote: "No call/result repair applies: the transcript has no call ids and no results.",
  versions: "transcripts of 2026, read from a real transcript (test/corpus/cursor) and public readers (Cursor is closed source); not run",
};
