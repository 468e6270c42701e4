/** Anthropic's view of a request: consecutive messages of one role combined into one. */
import type { RequestMessage } from "./request-model.js";
import { lineageOf, type RequestLineage, requestLineage } from "./request-lineage.js";

/**
 * The last combination per request array (request arrays are built in place, generation by
 * generation): its own array, changed in place too, and per message the request index it starts at.
 */
interface Combined extends RequestLineage {
  readonly sourceGeneration: number;
  out: RequestMessage[];
  starts: number[];
}
const lastCombined = new WeakMap<RequestMessage[], Combined>();

/**
 * Anthropic's first-party API combines consecutive turns of one role into one message. A request
 * whose array was built again (`requestLineage`) keeps the combined messages that lie wholly in
 * its kept part, followed by a message of the other role that is kept too, and combines the rest.
 */
export function combineConsecutive(req: RequestMessage[]): RequestMessage[] {
  const lin = requestLineage(req);
  const prev = lastCombined.get(req);
  if (prev && lin && lin.generation === prev.sourceGeneration) return prev.out;
  let out: RequestMessage[] = [];
  let starts: number[] = [];
  let from = 0;
  let kept = 0;
  if (prev && lin && lin.generation === prev.sourceGeneration + 1) {
    lastCombined.delete(req);
    // Combined message j stays when the message after it starts inside the kept part.
    let q = prev.starts.length;
    while (q > 0 && prev.starts[q - 1] >= lin.keep) q--;
    kept = Math.max(0, q - 1);
    if (kept > 0) {
      from = prev.starts[kept];
      out = prev.out;
      starts = prev.starts;
      out.length = kept;
      starts.length = kept;
    }
  }
  for (let i = from; i < req.length; i++) {
    const m = req[i];
    const last = out.length > kept ? out[out.length - 1] : undefined;
    if (last && last.role === m.role) out[out.length - 1] = { role: last.role, parts: [...last.parts, ...m.parts], sources: [...last.sources, ...m.sources], sameModel: last.sameModel && m.sameModel, stopReason: m.stopReason };
    else {
      out.push(m);
      starts.push(i);
    }
  }
  if (lin) {
    const c: Combined = { sourceGeneration: lin.generation, out, starts, generation: kept > 0 && prev ? prev.generation + 1 : 0, keep: kept, tailFrom: -1, tailShift: 0 };
    lastCombined.set(req, c);
    lineageOf.set(out, c);
  }
  return out;
}

