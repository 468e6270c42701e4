/** GitHub Copilot CLI's row in README.md's table of agents (repair/agent-table-doc.ts writes it). */
import type { AgentDoc } from "../profile.js";

export const COPILOT_CLI_DOC: AgentDoc = {
  files: [{ path: "<id>/events.jsonl", note: "1.0" }],
  reads:
    "the events in file order (not by `parentId`): user, assistant (with its tool requests) and tool-completion events, sub-agent events grouped under the call that ran them; the 166 event types of 1.0.102 and the fields its loader requires",
  sends:
    "what 1.0.102 sends on resume: the history from the last compaction or `/clear`, each call followed by its results in call order (one made up for a call without), reasoning not sent",
  checks: ["unknown-entry", "dangling-call", "orphan-result"],
  repairNote: "An inserted result is the one the CLI would make up.",
  versions:
    "1.0.102: 19 constructed sessions (`test/fixtures/copilot-cli`) resumed by the real CLI, its 17 requests and 2 refusals compared; not tried: sessions the CLI wrote itself, the older flat `session-state/<id>.jsonl` layout",
};
