/** Codex's row in README.md's table of agents (repair/agent-table-doc.ts writes it). */
import type { AgentDoc } from "../profile.js";

export const CODEX_DOC: AgentDoc = {
  files: [{ path: "**/rollout-*.jsonl" }],
  reads:
    "`session_meta`, every `response_item` in file order (one response's items as one assistant message), `compacted` lines with their replacement history, `thread_rolled_back` events ([Codex on resume](#codex-on-resume))",
  sends:
    "what it rebuilds on resume: the newest `compacted` replacement history, rollbacks applied, lines it cannot decode skipped, an `\"aborted\"` output made up for each call without one",
  checks: ["resume-refused", "undecodable-line", "orphan-output", "dangling-call", "pending-call"],
  repairNote: "An inserted result is the `\"aborted\"` output Codex makes up itself; a call answered by another call's output is not renamed.",
  versions:
    "0.171.0: the real CLI resumed every Codex file of the corpus and 27 constructed rollouts (`test/fixtures/peer-codex`), all 38 compared item for item; `test/fixtures/codex`",
};
