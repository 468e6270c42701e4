/**
 * Rule 1, chain ranges (seed section A; AC 1-5a), as findings: `unresolved-range` with its reason,
 * `range-id-mismatch` (the ids actually dropped differ from `droppedToolCallIds`; the range
 * wins), and `id-set-drop-hazard` (a live call reuses an id some chain entry lists as dropped:
 * an id-set pruner such as pi-condense up to 2.5.0 would delete that live turn).
 */
import type { ChainReport } from "../render/pi-condense/chain-ranges.js";
import type { ChainEntry } from "../render/pi-condense/indexer-state.js";
import type { Finding, Msg } from "../model/types.js";
import type { Occurrence, OccurrenceIndex } from "../model/occurrence-index.js";
import { cappedRelated, MAX_RELATED } from "../model/related-cap.js";
import { ALL_ENABLED, type CodeTable, type EnabledCodes, findingMaker } from "../model/finding-kit.js";
import { pushAll } from "../model/arrays.js";

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
  if (enabled.has("id-set-drop-hazard")) pushAll(out, idSetDropHazards(report, occ, droppedMsgs));
  return out;
}

/**
 * `id-set-drop-hazard`, only where an id is really reused. pi-condense 2.0 to 2.5.0
 * (`applyChainCompressions`, src/chain-range-prune.ts of v2.5.0, lines 68-116) dropped every
 * call and result whose id a chain entry lists in `droppedToolCallIds`, wherever it was. That
 * deletes a call only when it is not the one the chain dropped: a live turn that reuses the id.
 * The chain's own call is the one in its range (resolved), the one its `droppedOccurrenceKeys`
 * name, or else the one between its start and final timestamps (the earliest when none is).
 *
 * One finding per live call (not per chain and call), naming the chains that list its id (capped).
 * Cost: each chain's own calls are found through indexes (its range, its keys, or a binary
 * search by timestamp), so the work is linear in chains' ids plus occurrences, not their product.
 */
function idSetDropHazards(report: ChainReport, occ: OccurrenceIndex, droppedMsgs: Set<Msg>): Finding[] {
  const out: Finding[] = [];
  const chains = [...report.resolved.map((r) => ({ chain: r.chain, range: r.dropped as Msg[] | undefined })), ...report.unresolved.map((u) => ({ chain: u.chain, range: undefined }))];
  if (!chains.some((c) => c.chain.data.droppedToolCallIds?.length)) return out;
  const index = new OwnIndex(occ);
  const droppedOrigins = new Set([...droppedMsgs].map((m) => m.origin));
  // id -> the chains listing it, each with its own calls of that id.
  const listing = new Map<string, Listing[]>();
  const ownCount = new Map<Occurrence, number>();
  for (const { chain, range } of chains) {
    const d = chain.data;
    const ids = new Set(d.droppedToolCallIds);
    const ownById = range ? index.inRange(range) : d.droppedOccurrenceKeys ? index.byKeys(d.droppedOccurrenceKeys) : undefined;
    for (const id of ids) {
      const list = occ.byId.get(id);
      if (!list) continue;
      const own = ownById ? index.inFileOrder(ownById.get(id) ?? []) : index.inWindow(id, list, d.startUserTimestamp, d.finalAssistantTimestamp);
      for (const o of own) ownCount.set(o, (ownCount.get(o) ?? 0) + 1);
      const entry: Listing = { chain, own: new Set(own), fixed: d.droppedOccurrenceKeys !== undefined };
      const l = listing.get(id);
      if (l) l.push(entry);
      else listing.set(id, [entry]);
    }
  }
  for (const [id, chainsOfId] of listing) {
    for (const o of occ.byId.get(id) ?? []) {
      if (droppedOrigins.has(o.assistant.origin) || o.callLine === null) continue;
      const owners = ownCount.get(o) ?? 0;
      if (owners >= chainsOfId.length) continue;
      // The chains that list this id without owning this call: walk only as far as shown.
      const shown: Listing[] = [];
      for (const c of chainsOfId) {
        if (c.own.has(o)) continue;
        shown.push(c);
        if (shown.length >= MAX_RELATED) break;
      }
      const listed = chainsOfId.length - owners;
      const main = shown.find((c) => !c.fixed) ?? shown[0];
      const d = main.chain.data;
      const ownTurns = [...main.own].map((x) => x.turn);
      const ownText = ownTurns.length
        ? `the call chain ${d.blockId} dropped (turn ${ownTurns.slice(0, 5).join(", ")}${ownTurns.length > 5 ? ", …" : ""})`
        : `a call chain ${d.blockId} lists as dropped`;
      const others = listed > 1 ? ` ${listed.toLocaleString("en-US")} chain entries list this id.` : "";
      const self = { line: o.callLine, path: o.callPath };
      out.push(make("id-set-drop-hazard", {
        ...self,
        toolCallId: o.id,
        message:
          (main.fixed ? "This live call reuses an id a chain dropped (harmless here). " : "Old pi-condense versions would delete this live call. ") +
          `Call \`${o.id}\` (turn ${o.turn}) reuses the id of ${ownText}. ` +
          (main.fixed
            ? `Only pi-condense up to 2.5.0 drops by id set and would delete this live turn; chain ${d.blockId} carries \`droppedOccurrenceKeys\`, so it was written by 2.6 or later, which drops by range and keeps it.`
            : `pi-condense up to 2.5.0 drops by id set and deletes this live turn, orphaning its results (chain ${d.blockId} has no \`droppedOccurrenceKeys\`: it was written before 2.6); 2.6 and later drop by range and keep it.`) +
          others,
        related: cappedRelated(shown, (c) => ({ line: c.chain.entry.line, message: `chain ${c.chain.data.blockId} lists \`${o.id}\``, path: ["data", "droppedToolCallIds"] }), self, { total: listed }),
      }, main.fixed ? "information" : "warning"));
    }
  }
  out.sort((a, b) => a.line - b.line);
  return out;
}

interface Listing {
  chain: ChainEntry;
  own: Set<Occurrence>;
  fixed: boolean;
}

/** Indexes to find a chain's own calls without scanning every occurrence of an id per chain. */
class OwnIndex {
  private byAssistant?: Map<unknown, Occurrence[]>;
  private byKey?: Map<string, Occurrence[]>;
  private byTime = new Map<string, { t: number; o: Occurrence }[]>();
  private position?: Map<Occurrence, number>;

  constructor(private readonly occ: OccurrenceIndex) {}

  /** The calls of a resolved chain's range, by id. */
  inRange(range: readonly Msg[]): Map<string, Occurrence[]> {
    if (!this.byAssistant) this.byAssistant = group(this.occ.occurrences, (o) => o.assistant.origin);
    const out = new Map<string, Occurrence[]>();
    for (const m of range) if (m.role === "assistant") for (const o of this.byAssistant.get(m.origin) ?? []) push(out, o.id, o);
    return out;
  }

  /** The calls named by `droppedOccurrenceKeys`, by id. */
  byKeys(keys: readonly string[]): Map<string, Occurrence[]> {
    if (!this.byKey) this.byKey = group(this.occ.occurrences, (o) => o.key);
    const out = new Map<string, Occurrence[]>();
    for (const k of new Set(keys)) for (const o of this.byKey.get(k) ?? []) push(out, o.id, o);
    return out;
  }

  /** The calls of `id` between start (exclusive) and final (inclusive), else the earliest. */
  inWindow(id: string, list: Occurrence[], start: number, final: number | null): Occurrence[] {
    let sorted = this.byTime.get(id);
    if (!sorted) {
      sorted = [];
      for (const o of list) if (typeof o.assistant.timestamp === "number") sorted.push({ t: o.assistant.timestamp, o });
      sorted.sort((a, b) => a.t - b.t);
      this.byTime.set(id, sorted);
    }
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid].t > start) hi = mid;
      else lo = mid + 1;
    }
    const own: Occurrence[] = [];
    for (let i = lo; i < sorted.length && (final === null || sorted[i].t <= final); i++) own.push(sorted[i].o);
    return own.length ? this.inFileOrder(own) : list.slice(0, 1);
  }

  /** Sorts occurrences into file order (as a scan of an id's list gives them). */
  inFileOrder(own: Occurrence[]): Occurrence[] {
    if (own.length < 2) return own;
    if (!this.position) this.position = new Map(this.occ.occurrences.map((o, i) => [o, i]));
    const at = this.position;
    return own.sort((a, b) => at.get(a)! - at.get(b)!);
  }
}

function group<K>(occurrences: Occurrence[], key: (o: Occurrence) => K): Map<K, Occurrence[]> {
  const out = new Map<K, Occurrence[]>();
  for (const o of occurrences) push(out, key(o), o);
  return out;
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v);
  else m.set(k, [v]);
}
