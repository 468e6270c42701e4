/**
 * Rule 3, the orphan sweep (seed section C with the gh-11 barrier rule), as findings:
 * `orphan-result` on each tool result the sweep removes, pointing at the call of that id if any.
 */
import type { SweptResult } from "../render/pi-condense/orphan-sweep.js";
import type { Finding } from "../model/types.js";
import { lineOf } from "../model/types.js";
import { type Occurrence, type OccurrenceIndex, resultPathOf } from "../model/occurrence-index.js";
import { cappedRelated } from "../model/related-cap.js";
import { type CodeTable, findingMaker } from "../model/finding-kit.js";

export const ORPHAN_SWEEP_CODES = {
  "orphan-result": {
    description: "A tool result with no open call of its id in its turn.",
    severity: "error",
    otherSeverities: { information: "the agent leaves the result out when it resumes (Copilot CLI): nothing the model saw is lost" },
    follows: "seed section C (orphan sweep) with gh-11's barrier rule",
    fixes: ["move-result", "drop-duplicate-result", "remove-orphan", "fix-all-orphans", "fix-all"],
  },
} as const satisfies CodeTable;

const make = findingMaker(ORPHAN_SWEEP_CODES);

export function orphanFindings(swept: SweptResult[], occ: OccurrenceIndex): Finding[] {
  const out: Finding[] = [];
  // The placed calls of each id, filtered once per id (many orphans can share one reused id).
  const callsOf = new Map<string, Occurrence[]>();
  for (const s of swept) {
    const line = lineOf(s.msg);
    if (line === null) continue;
    const id = String(s.msg.toolCallId);
    let calls = callsOf.get(id);
    if (!calls) {
      calls = (occ.byId.get(id) ?? []).filter((o) => o.callLine !== null);
      callsOf.set(id, calls);
    }
    const why =
      s.reason === "already-consumed"
        ? "a second result for a call already answered in this turn"
        : s.reason === "after-barrier"
          ? `its call's turn was closed by a ${s.barrier?.role ?? "non-tool"} message${s.barrier && lineOf(s.barrier) !== null ? ` on line ${lineOf(s.barrier)! + 1}` : ""} in between (pi-ai has already sent a synthetic result there)`
          : calls.length > 0
            ? "no call with this id is open in its turn (the id was used by an earlier turn)"
            : "no call with this id exists on the branch";
    const self = { line, path: resultPathOf(s.msg) };
    out.push(make("orphan-result", {
      ...self,
      toolCallId: id,
      unnecessary: true,
      message: `Tool result without its call. Result \`${id}\`: ${why}. Sent as is, the provider rejects the request; the orphan sweep removes it from the rendered context.`,
      related: cappedRelated(calls, (o) => ({ line: o.callLine!, path: o.callPath, message: `call \`${o.id}\`, turn ${o.turn}` }), self, { total: calls.length }),
    }));
  }
  return out;
}
