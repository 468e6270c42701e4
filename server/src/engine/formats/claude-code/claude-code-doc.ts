/** Claude Code's row in README.md's table of agents (repair/agent-table-doc.ts writes it). */
import type { AgentDoc } from "../profile.js";

export const CLAUDE_CODE_DOC: AgentDoc = {
  files: [{ path: "**/*.jsonl" }],
  reads:
    "the `parentUuid` tree as Claude Code reads it: the leaf it resumes, missing and progress parents bridged, parallel calls brought back from sibling branches, attachments, through each `compact_boundary`; sidechain lines grouped under their calls ([Claude Code's reading](#claude-codes-reading))",
  sends:
    "what 2.1.112 (or 2.0.31: the `agentVersions` setting) sends on resume: from the last compact boundary, calls without a result left out, the lines of one response and consecutive user messages merged",
  checks: ["unknown-entry", "broken-parent", "duplicate-entry-id", "resume-refused", "resume-skips-turns", "resume-drops-results", "dangling-call", "pending-call", "orphan-result"],
  repairNote: "An inserted result is the `tool_result` Claude Code writes for a call the user interrupted.",
  versions:
    "2.1.112 and 2.0.31: the requests the real CLIs sent when they resumed each file of `test/fixtures/claude-code` and the corpus (`test/fixtures/peer-cc`), compared message for message",
};
