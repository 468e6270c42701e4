/** OpenClaw's row in README.md's table of agents (repair/agent-table-doc.ts writes it). */
import type { AgentDoc } from "../../profile.js";

export const OPENCLAW_DOC: AgentDoc = {
  files: [{ path: "*.jsonl", note: "the default agent's; another agent's under `agents/<agent id>/sessions`; pi v3, written by OpenClaw's embedded pi runtime" }],
  reads:
    "pi's session file (OpenClaw runs pi's `SessionManager`), with OpenClaw's `leaf` rows choosing the active branch, its `custom` records (`model-snapshot`, `openclaw:…`) and its transcript-only assistant turns; its trajectory beside the session (`<session>.trajectory.jsonl`, 2026.6 and 2026.7): the last `context.compiled`",
  sends:
    "pi's context, `convertToLlm` and pi-ai without pi's pruners, then OpenClaw's replay filter (its delivery mirrors and injected notes are not sent) and the tool-call ids its replay policy gives (a reused `call_1` sent as `call1`, `call12`, …); compared with the trajectory's last `context.compiled` where there is one",
  checks: ["header-not-first", "unknown-entry", "broken-parent", "duplicate-entry-id", "orphan-result", "error-turn-results", "leading-non-user", "pending-call", "dangling-call", "recorded-context-differs", "recorded-context-invalid"],
  repairNote: "An inserted result is a `toolResult` entry (`isError: true`) linked into the branch, as for pi.",
  versions:
    "2026.7.35: a session it wrote here with its trajectory and the request it sent (ids, messages and the trajectory's record agree with the After column); sessions of 2026-02 (kayba-ai/agentic-context-engine) and 2026-07 (meridianlabs-ai/inspect_scout), read against OpenClaw's tree and replay code in the code index; the rest of its per-provider transcript hygiene (synthetic results, merged user turns) is not modelled",
};
