/**
 * Rule 1, chain ranges (seed section A; AC 1-5a), as findings: `unresolved-range` with its reason,
 * `range-id-mismatch` (the ids actually dropped differ from `droppedToolCallIds`; the range
 * wins), and `id-set-drop-hazard` (a live call reuses an id some chain entry lists as dropped:
 * an id-set pruner such as pi-condense up to 2.5.0 would delete that live turn).
 */
import type { ChainReport } from "../pi-condense/chain-ranges.js";
import type { ChainEntry } from "../pi-condense/indexer-state.js";
import type { Finding, Msg } from "../types.js";
import type { Occurrence, OccurrenceIndex } from "./occurrence-identity.js";
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
    otherSeverities: { information: "the chain entry carries droppedOccurrenceKeys: written by pi-condense 2.6 or later, which drops by range" },
    follows: "seed #8: pi-condense 2.0 to 2.5.0 dropped by id set (v2.5.0 src/chain-range-prune.ts:68-116)",
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
      message: `Chain ${d.blockId} could not be placed, so nothing is compressed. Its range is unresolved (${REASON_TEXT[u.reason]}): ${u.detail}. It drops nothing and inserts no summary, so this part of the context is sent uncompressed.`,
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
      message: `Chain ${r.chain.data.blockId} drops other ids than it lists. \`droppedToolCallIds\` lists ${mm.recorded} id(s), the range holds ${mm.actual}` +
        (mm.missing.length ? `; listed but not in range: ${mm.missing.slice(0, 5).join(", ")}` : "") +
        (mm.extra.length ? `; in range but not listed: ${mm.extra.slice(0, 5).join(", ")}` : "") +
        ". The range wins; the boundary may have drifted.",
    }));
  }
  if (enabled.has("id-set-drop-hazard")) out.push(...idSetDropHazards(report, occ, droppedMsgs));
  return out;
}

/**
 * `id-set-drop-hazard`, only where an id is really reused. pi-condense 2.0 to 2.5.0
 * (`applyChainCompressions`, src/chain-range-prune.ts of v2.5.0, lines 68-116) dropped every
 * call and result whose id a chain entry lists in `droppedToolCallIds`, wherever it was. That
 * deletes a call only when it is not the one the chain dropped: a live turn that reuses the id.
 * The chain's own call is the one in its range (resolved), the one its `droppedOccurrenceKeys`
 * name, or else the one between its start and final timestamps (the earliest when none is).
 */
function idSetDropHazards(report: ChainReport, occ: OccurrenceIndex, droppedMsgs: Set<Msg>): Finding[] {
  const out: Finding[] = [];
  const inRange = new Map<ChainEntry, Set<unknown>>();
  for (const r of report.resolved) inRange.set(r.chain, new Set(r.dropped.map((m) => m.origin)));
  const chains = [...report.resolved.map((r) => r.chain), ...report.unresolved.map((u) => u.chain)];
  const droppedOrigins = new Set([...droppedMsgs].map((m) => m.origin));
  const byCall = new Map<string, number>(); // call -> index of its finding in out
  for (const chain of chains) {
    const d = chain.data;
    const keys = d.droppedOccurrenceKeys ? new Set(d.droppedOccurrenceKeys) : undefined;
    for (const id of new Set(d.droppedToolCallIds)) {
      const list = occ.byId.get(id);
      if (!list) continue;
      const own = ownOccurrences(chain, list, inRange.get(chain), keys);
      const isOwn = new Set(own);
      for (const o of list) {
        if (isOwn.has(o) || droppedOrigins.has(o.assistant.origin) || o.callLine === null) continue;
        const ownText = own.length
          ? `the call chain ${d.blockId} dropped (turn ${own.map((x) => x.turn).join(", ")})`
          : `a call chain ${d.blockId} lists as dropped`;
        const fixed = keys !== undefined;
        // One finding per call: another chain listing the same id adds its entry to `related`
        // (a warning wins over an information).
        const at = `${o.callLine}\0${o.id}\0${JSON.stringify(o.callPath ?? null)}`;
        const seenAt = byCall.get(at);
        const seen = seenAt === undefined ? undefined : out[seenAt];
        const rel = { line: chain.entry.line, message: `chain ${d.blockId} lists \`${o.id}\``, path: ["data", "droppedToolCallIds"] };
        if (seen && (seen.severity === "warning" || fixed)) {
          if (!seen.related!.some((x) => x.line === rel.line)) seen.related!.push(rel);
          continue;
        }
        const f = make("id-set-drop-hazard", {
          line: o.callLine,
          path: o.callPath,
          toolCallId: o.id,
          message:
            (fixed ? "This live call reuses an id a chain dropped (harmless here). " : "Old pi-condense versions would delete this live call. ") +
            `Call \`${o.id}\` (turn ${o.turn}) reuses the id of ${ownText}. ` +
            (fixed
              ? `Only pi-condense up to 2.5.0 drops by id set and would delete this live turn; chain ${d.blockId} carries \`droppedOccurrenceKeys\`, so it was written by 2.6 or later, which drops by range and keeps it.`
              : `pi-condense up to 2.5.0 drops by id set and deletes this live turn, orphaning its results (chain ${d.blockId} has no \`droppedOccurrenceKeys\`: it was written before 2.6); 2.6 and later drop by range and keep it.`),
          related: [...(seen?.related ?? []), rel],
        }, fixed ? "information" : "warning");
        if (seenAt !== undefined) out[seenAt] = f;
        else {
          byCall.set(at, out.length);
          out.push(f);
        }
      }
    }
  }
  out.sort((a, b) => a.line - b.line);
  return out;
}

function ownOccurrences(chain: ChainEntry, list: Occurrence[], rangeOrigins: Set<unknown> | undefined, keys: Set<string> | undefined): Occurrence[] {
  if (rangeOrigins) return list.filter((o) => rangeOrigins.has(o.assistant.origin));
  if (keys) return list.filter((o) => keys.has(o.key));
  const d = chain.data;
  const inWindow = list.filter((o) => {
    const t = o.assistant.timestamp;
    return typeof t === "number" && t > d.startUserTimestamp && (d.finalAssistantTimestamp === null || t <= d.finalAssistantTimestamp);
  });
  return inWindow.length ? inWindow : list.slice(0, 1);
}
