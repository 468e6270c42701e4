/**
 * Rule 5, commit boundary (commit-boundary.json): prune only when every unit is complete. A unit
 * is the closure of call/result and parallel-batch membership (an assistant and the results of
 * its calls). `pending-call` on an assistant at the end of the branch whose calls have no result
 * yet (a pruner must defer); `partial-message` on an assistant that stopped with `aborted` or
 * `error` (the truncated last line is reported by the session reader). A turn the user stopped
 * (Esc) is normal use, one per Esc: a hint, shown in the editor and the hover but not in the
 * Problems panel; an errored turn stays information.
 */
import { PI_RUNTIME, type PiRuntimeWords } from "./pi-runtime-words.js";
import type { Finding, Msg } from "../model/types.js";
import { PARTIAL_MESSAGE_CODES } from "../model/shape-findings.js";
import { lineOf, toolCallsOf } from "../model/types.js";
import type { OccurrenceIndex } from "../model/occurrence-index.js";
import { type CodeTable, type EnabledCodes, ALL_ENABLED, findingMaker } from "../model/finding-kit.js";

export const COMMIT_BOUNDARY_CODES = {
  "pending-call": {
    description: "Calls of the last turn without results: not a commit boundary.",
    severity: "information",
    follows: "seed commit-boundary.json: prune only when every unit is complete",
    fixes: ["insert-missing-result", "fix-all"],
  },
  ...PARTIAL_MESSAGE_CODES,
} as const satisfies CodeTable;

const make = findingMaker(COMMIT_BOUNDARY_CODES);

export function commitBoundaryFindings(before: Msg[], occ: OccurrenceIndex, enabled: EnabledCodes = ALL_ENABLED, words: PiRuntimeWords = PI_RUNTIME): Finding[] {
  const out: Finding[] = [];
  if (enabled.has("partial-message"))
  for (const m of before) {
    if (m.role === "assistant" && (m.stopReason === "aborted" || m.stopReason === "error")) {
      const line = lineOf(m);
      if (line === null) continue;
      const calls = toolCallsOf(m).length;
      out.push(make("partial-message", {
        line,
        path: ["message", "stopReason"],
        message:
          m.stopReason === "aborted"
            ? `Turn aborted before it finished; ${words.agent} does not send it. The assistant turn ended with stopReason \`aborted\` (the user pressed Esc, or the run was stopped: a timeout, a lost connection)${calls ? ` holding ${calls} tool call(s)` : ""}; ${words.sender} leaves it out of the request.`
            : `Turn ended in an error; ${words.agent} does not send it. The assistant turn ended with stopReason \`error\`${calls ? ` holding ${calls} tool call(s)` : ""}; ${words.sender} leaves it out of the request, so a pruner must not count it as a finished turn.`,
      }, m.stopReason === "aborted" ? "hint" : undefined));
    }
  }
  // The last unit: calls of the final assistant with no result and nothing after but results.
  let lastAssistant = -1;
  for (let i = before.length - 1; i >= 0; i--) {
    const r = before[i].role;
    if (r === "assistant") {
      lastAssistant = i;
      break;
    }
    if (r !== "toolResult") break;
  }
  if (lastAssistant >= 0 && enabled.has("pending-call")) {
    const a = before[lastAssistant];
    if (a.stopReason !== "aborted" && a.stopReason !== "error") {
      const missing = occ.occurrences.filter((o) => o.assistant === a && !o.result);
      if (missing.length > 0 && lineOf(a) !== null) {
        const total = toolCallsOf(a).length;
        out.push(make("pending-call", {
          line: lineOf(a)!,
          path: missing[0].callPath,
          toolCallId: missing[0].id,
          message: `The last turn is still waiting for tool results. ${missing.length} of ${total} tool call(s) have no result yet (${missing.slice(0, 10).map((o) => `\`${o.id}\``).join(", ")}${missing.length > 10 ? ", …" : ""}). The session is mid-turn (not at a commit boundary, where every call has its result), so a pruner should wait before rewriting it.`,
        }));
      }
    }
  }
  return out;
}
