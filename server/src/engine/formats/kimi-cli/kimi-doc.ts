/** Kimi CLI's row in README.md's table of agents (repair/agent-table-doc.ts writes it). */
import type { AgentDoc } from "../profile.js";

export const KIMI_CLI_DOC: AgentDoc = {
  files: [{ path: "<md5 of the work dir>/<id>/context.jsonl" }, { path: "<md5 of the work dir>/<id>.jsonl", note: "before" }],
  reads:
    "one kosong message per line (`role`, `content`, the assistant's `tool_calls`, the tool message's `tool_call_id`) and the `_system_prompt`, `_checkpoint` and `_usage` marker lines; a revert or a compaction rotates the file, so it holds one history",
  sends: "what 1.49.0 sends on resume: the messages as stored, adjacent user messages merged; it repairs nothing",
  checks: ["unknown-entry", "dangling-call", "orphan-result", "malformed-arguments"],
  repairNote: "An inserted result is a tool message in the CLI's `<system>ERROR: …</system>` style that says the repair wrote it; malformed arguments are not repaired.",
  versions: "1.49.0, read from its source: the 3 real context files of the corpus and damaged copies of them; not run",
};
