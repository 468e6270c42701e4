/**
 * The calls and results of a request by id, for the provider rules that look at the whole request
 * (colliding-id, and pairing "anywhere" as the Responses API does it).
 *
 * Continued across builds: request arrays are built in place, generation after generation
 * (request.ts `requestLineage`), so the index of the generation before is taken back to the
 * messages the new one kept and extended with the rest. An append costs what it appends; a
 * request without lineage is indexed from the start. Property tests compare each rule's hits with
 * a check on a freshly built request after random appends and edits.
 */
import { requestLineage, type Part, type RequestMessage } from "./request.js";

export type CallPart = Extract<Part, { kind: "call" }>;
export type ResultPart = Extract<Part, { kind: "result" }>;

export interface Use<P> {
  /** Index of the request message. */
  at: number;
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
}

interface Kept extends RequestIds {
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
    }
    ids.generation = lin.generation;
  } else ids = { calls: new Map(), results: new Map(), sites: [], generation: lin?.generation ?? -1, length: 0 };
  for (let at = from; at < req.length; at++) {
    const m = req[at];
    for (const c of callsOf(m)) {
      add(ids.calls, c.id, { at, part: c });
      ids.sites.push({ at, id: c.id, call: true, part: c });
    }
    for (const r of resultsOf(m)) {
      add(ids.results, r.id, { at, part: r });
      ids.sites.push({ at, id: r.id, call: false, part: r });
    }
  }
  ids.length = req.length;
  if (lin) kept.set(req, ids);
  return ids;
}

function add<P>(map: Map<string, Use<P>[]>, id: string, use: Use<P>): void {
  const list = map.get(id);
  if (list) list.push(use);
  else map.set(id, [use]);
}
