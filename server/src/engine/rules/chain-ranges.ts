/**
 * Rule 1, chain ranges (seed section A; AC 1-5a), as findings: `unresolved-range` with its reason,
 * `range-id-mismatch` (the ids actually dropped differ from `droppedToolCallIds`; the range
 * wins), and `id-set-drop-hazard` (a live call reuses an id some chain entry lists as dropped:
 * an id-set pruner such as pi-condense up to 2.5.0 would delete that live turn).
 */
import type { ChainReport } from "../pi-condense/chain-ranges.js";
import type { Finding, Msg } from "../types.js";
import type { OccurrenceIndex } from "./occurrence-identity.js";
import { ALL_ENABLED, type CodeTable, type EnabledCodes, findingMaker } from "./rule.js";

export const CHAIN_RANGE_CODES = {
  "unresolved-range": {
    description: "A chain entry whose range cannot be resolved; it drops nothing.",
    severity: "warning",
    otherSeverities: { information: "a nested or duplicate range (it starts inside another one)" },
    follows: "seed section A (chain ranges, AC 1-5a)",
    fixes: [],
  },
  "range-id-mismatch": {
    description: "The ids a chain range drops differ from its droppedToolCallIds.",
    severity: "information",
    follows: "seed section A (chain ranges): the range wins",
    fixes: [],
  },
  "id-set-drop-hazard": {
    description: "A live call reuses an id listed as dropped by a chain entry.",
    severity: "warning",
    follows: "seed #8: pi-condense up to 2.5.0 dropped by id set",
    fixes: [],
  },
} as const satisfies CodeTable;

const make = findingMaker(CHAIN_RANGE_CODES);

const REASON_TEXT: Record<string, string> = {
  "null-final": "null final",
  "missing-start": "missing start",
  "ambiguous-start": "ambiguous start",
  "missing-end": "missing end",
  "ambiguous-end": "ambiguous end",
  "end-before-start": "end before start",
  nested: "starts inside another range",
  "duplicate-start": "starts inside another range",
};

export function chainFindings(report: ChainReport, occ: OccurrenceIndex, droppedMsgs: Set<Msg>, enabled: EnabledCodes = ALL_ENABLED): Finding[] {
  const out: Finding[] = [];
  if (enabled.has("unresolved-range"))
  for (const u of report.unresolved) {
    const d = u.chain.data;
    const path =
      u.reason === "null-final" || u.reason.endsWith("-end") ? ["data", "finalAssistantTimestamp"] : ["data", "startUserTimestamp"];
    out.push(make("unresolved-range", {
      line: u.chain.entry.line,
      path: u.reason === "end-before-start" ? ["data"] : path,
      message: `Chain ${d.blockId} is unresolved (${REASON_TEXT[u.reason]}): ${u.detail}. It drops nothing and inserts no summary, so this part of the context is sent uncompressed.`,
      related: u.other ? [{ line: u.other.entry.line, message: `chain ${u.other.data.blockId}` }] : undefined,
    }, u.reason === "nested" || u.reason === "duplicate-start" ? "information" : undefined));
  }
  if (enabled.has("range-id-mismatch"))
  for (const r of report.resolved) {
    if (!r.mismatch) continue;
    const mm = r.mismatch;
    out.push(make("range-id-mismatch", {
      line: r.chain.entry.line,
      path: ["data", "droppedToolCallIds"],
      message: `Chain ${r.chain.data.blockId}: \`droppedToolCallIds\` lists ${mm.recorded} id(s), the range holds ${mm.actual}` +
        (mm.missing.length ? `; listed but not in range: ${mm.missing.slice(0, 5).join(", ")}` : "") +
        (mm.extra.length ? `; in range but not listed: ${mm.extra.slice(0, 5).join(", ")}` : "") +
        ". The range wins; the boundary may have drifted.",
    }));
  }
  // id-set-drop-hazard: a live call whose bare id some chain lists as dropped
  const chains = [...report.resolved.map((r) => r.chain), ...report.unresolved.map((u) => u.chain)];
  if (enabled.has("id-set-drop-hazard"))
  for (const o of occ.occurrences) {
    if (droppedMsgs.has(o.assistant) || o.callLine === null) continue;
    const listing = chains.filter((c) => c.data.droppedToolCallIds.includes(o.id));
    if (listing.length === 0) continue;
    out.push(make("id-set-drop-hazard", {
      line: o.callLine,
      path: o.callPath,
      toolCallId: o.id,
      message: `Live call \`${o.id}\` (turn ${o.turn}) reuses an id that chain ${listing.map((c) => c.data.blockId).join(", ")} lists as dropped. A pruner that drops by id set (pi-condense up to 2.5.0) deletes this live turn and orphans its results; the positional render keeps it.`,
      related: listing.map((c) => ({ line: c.entry.line, message: `chain ${c.data.blockId} lists \`${o.id}\``, path: ["data", "droppedToolCallIds"] })),
    }));
  }
  return out;
}
