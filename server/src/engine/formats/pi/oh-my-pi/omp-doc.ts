/** oh-my-pi's row in README.md's table of agents (repair/agent-table-doc.ts writes it). */
import type { AgentDoc } from "../../profile.js";

export const OMP_DOC: AgentDoc = {
  files: [{ path: "<encoded cwd>/*.jsonl", note: "pi v3 with oh-my-pi's title slot before the header" }],
  reads: "pi's session file as oh-my-pi writes it: the 256-byte title slot before the `session` header, pi's entries and oh-my-pi's own (`title_change`, `model_usage`, `session_init`, …; others are reported as not known)",
  sends: "pi's context, `convertToLlm` and pi-ai (oh-my-pi's fork), without pi's pruners",
  checks: ["header-not-first", "unknown-entry", "broken-parent", "duplicate-entry-id", "orphan-result", "error-turn-results", "leading-non-user", "pending-call", "dangling-call"],
  repairNote: "An inserted result is a `toolResult` entry (`isError: true`) linked into the branch, as for pi.",
  versions: "a session oh-my-pi migrated and wrote in 2026-08 (its own test fixture), read against oh-my-pi's loader; `reset_boundary`, `archive` and `ttsr_injection` are not modelled",
};
