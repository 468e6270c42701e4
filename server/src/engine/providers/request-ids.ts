/**
 * The calls and results of a request by id, for the provider rules that look at the whole request
 * (colliding-id, and pairing "anywhere" as the Responses API does it).
 *
 * Continued across builds: request arrays are built in place, generation after generation
 * (request-lineage.ts `requestLineage`), so the index of the generation before is taken back to the
 * messages the new one kept and extended with the rest. An append costs what it appends; a
 * request without lineage is indexed from the start. Property tests compare each rule's hits with
 * a check on a freshly built request after random appends and edits.
 */
import { type Part, type RequestMessage } from "./request-model.js";
import { requestLineage } from "./request-lineage.js";
import { partitionPoint } from "../model/arrays.js";

export type CallPart = Extract<Part, { kind: "call" }>;
export type ResultPart = Extract<Part, { kind: "result" }>;

export interface Use<P> {
  /** Index of the request message. */
  at: number;
  /** Index of the site in `sites` (request order of every call and result). */
  seq: number;
  part: P;
}

export type Site = { at: number; id: string } & ({ call: true; part: CallPart } | { call: false; part: ResultPart });

export interface RequestIds {
  /** Per id, its calls in request order. */
  calls: Map<string, Use<CallPart>[]>;
  /** Per id, its results in request order. */
  results: Map<string, Use<ResultPart>[]>;
  /** Every call and result in request order (a message's calls or results in their order). */
  sites: Site[];
  /** Ids with more than one call. */
  multi: ReadonlySet<string>;
  /** Ids whose last call comes after their last result (or that have no result). */
  open: ReadonlySet<string>;
  /** Results with no call of their id before them, in request order. */
  orphans: readonly Site[];
}

interface Kept extends RequestIds {
  multi: Set<string>;
  open: Set<string>;
  orphans: Site[];
  generation: number;
  /** Messages indexed. */
  length: number;
}

const kept = new WeakMap<RequestMessage[], Kept>();

/**
 * The ids of `req`. `callsOf` and `resultsOf` are the rules' memoised part lists (a message's
 * calls when it is an assistant message, its results when it is a user message).
 */
export function requestIds(req: RequestMessage[], callsOf: (m: RequestMessage) => CallPart[], resultsOf: (m: RequestMessage) => ResultPart[]): RequestIds {
  const lin = requestLineage(req);
  const prev = kept.get(req);
  if (prev && lin && prev.generation === lin.generation && prev.length === req.length) return prev;
  let ids: Kept;
  let from = 0;
  if (prev && lin && lin.generation === prev.generation + 1 && swappedInPlace(prev, req, lin, callsOf, resultsOf)) {
    prev.generation = lin.generation;
    return prev;
  }
  if (prev && lin && lin.generation === prev.generation + 1) {
    ids = prev;
    from = lin.keep;
    // Take back what the generation before had from `from` on: it is at the end of every list.
    const log = ids.sites;
    while (log.length > 0 && log[log.length - 1].at >= from) {
      const { id, call } = log.pop()!;
      const map: Map<string, Use<Part>[]> = call ? ids.calls : ids.results;
      const list = map.get(id)!;
      list.pop();
      if (list.length === 0) map.delete(id);
      if (call && list.length === 1) ids.multi.delete(id);
      settle(ids, id);
    }
    while (ids.orphans.length > 0 && ids.orphans[ids.orphans.length - 1].at >= from) ids.orphans.pop();
    ids.generation = lin.generation;
  } else ids = { calls: new Map(), results: new Map(), sites: [], multi: new Set(), open: new Set(), orphans: [], generation: lin?.generation ?? -1, length: 0 };
  for (let at = from; at < req.length; at++) {
    const m = req[at];
    for (const c of callsOf(m)) {
      const seq = ids.sites.length;
      if (add(ids.calls, c.id, { at, seq, part: c }) === 2) ids.multi.add(c.id);
      ids.sites.push({ at, id: c.id, call: true, part: c });
      settle(ids, c.id);
    }
    for (const r of resultsOf(m)) {
      const seq = ids.sites.length;
      add(ids.results, r.id, { at, seq, part: r });
      const site: Site = { at, id: r.id, call: false, part: r };
      ids.sites.push(site);
      const first = ids.calls.get(r.id)?.[0];
      if (!first || first.at >= at) ids.orphans.push(site);
      settle(ids, r.id);
    }
  }
  ids.length = req.length;
  if (lin) kept.set(req, ids);
  return ids;
}

/**
 * An edit that rebuilt some messages in the middle and kept the rest where they were (the build
 * took the end over unmoved): when the rebuilt messages hold the same calls and results, with
 * the same ids, in the same messages, only their parts change: swapped into the sites and uses in
 * place, the index is otherwise the same. False (nothing changed) when the edit is not such.
 */
function swappedInPlace(ids: Kept, req: RequestMessage[], lin: { keep: number; tailFrom: number; tailShift: number }, callsOf: (m: RequestMessage) => CallPart[], resultsOf: (m: RequestMessage) => ResultPart[]): boolean {
  if (lin.tailFrom < 0 || lin.tailShift !== 0 || ids.length !== req.length) return false;
  const sites = ids.sites;
  const first = partitionPoint(sites, (s) => s.at < lin.keep);
  const swaps: { seq: number; part: Part }[] = [];
  let i = first;
  const same = (at: number, id: string, call: boolean, part: Part): boolean => {
    const s = sites[i++];
    if (!s || s.at !== at || s.id !== id || s.call !== call) return false;
    if (s.part !== part) swaps.push({ seq: i - 1, part });
    return true;
  };
  for (let at = lin.keep; at < lin.tailFrom; at++) {
    const m = req[at];
    for (const c of callsOf(m)) if (!same(at, c.id, true, c)) return false;
    for (const r of resultsOf(m)) if (!same(at, r.id, false, r)) return false;
  }
  if (i < sites.length && sites[i].at < lin.tailFrom) return false;
  for (const { seq, part } of swaps) {
    const site = sites[seq];
    const list: Use<Part>[] = (site.call ? ids.calls : ids.results).get(site.id)!;
    list[partitionPoint(list, (u) => u.seq < seq)].part = part;
    site.part = part as never;
  }
  return true;
}

/** Keeps `open` right for `id` after its lists changed. */
function settle(ids: Kept, id: string): void {
  const calls = ids.calls.get(id);
  const results = ids.results.get(id);
  if (calls && (!results || calls[calls.length - 1].at > results[results.length - 1].at)) ids.open.add(id);
  else ids.open.delete(id);
}

/** Adds `use` to `id`'s list; the list's new length. */
function add<P>(map: Map<string, Use<P>[]>, id: string, use: Use<P>): number {
  const list = map.get(id);
  if (list) return list.push(use);
  map.set(id, [use]);
  return 1;
}
