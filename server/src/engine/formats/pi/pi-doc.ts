/** pi's row in README.md's table of agents (repair/agent-table-doc.ts writes it). */
import type { AgentDoc } from "../profile.js";

export const PI_DOC: AgentDoc = {
  files: [{ path: "**/*.jsonl", note: "v1 to v3" }],
  reads:
    "the `session` header and the entries linked by `id`/`parentId` (v1 files migrated in memory), the branch of the last entry, compactions and branch summaries, pi-condense's `context-prune-chain` entries and acp-kernel's sidecar `<session>.jsonl.acp.json`",
  sends: "pi-condense (or acp-kernel with its sidecar), then pi's `convertToLlm` and pi-ai",
  checks: [
    "header-not-first",
    "unknown-entry",
    "broken-parent",
    "duplicate-entry-id",
    "unresolved-range",
    "range-id-mismatch",
    "id-set-drop-hazard",
    "pruner-throws",
    "orphan-result",
    "error-turn-results",
    "leading-non-user",
    "pending-call",
    "dangling-call",
    "first-user-pinned",
    "acp-dangling-ref",
    "acp-sidecar-invalid",
  ],
  repairNote: "An inserted result is a `toolResult` entry (`isError: true`) linked into the branch.",
  versions:
    "pi 1.x and 0.83 (the `piVersion` setting), pi-condense 2.9.1, acp-kernel: their code modelled phase by phase; the corpus (`../shared/corpus`) and the sample",
};
