/**
 * How a request build continues the previous one (an append or an edit keeps what it can) and says
 * what it kept: the last build per resume key, where to resume, the end to take over, the lineage.
 */
import type { Msg } from "../model/types.js";
import type { TupleKey } from "../model/tuple-key.js";
import { sharedPrefix, sharedSuffix } from "../model/fold-resume.js";

import type { RequestMessage } from "./request-model.js";

/**
 * A build kept to resume from: its wire and, per request message, the wire index it starts at.
 * A resumed build takes the kept one's arrays over and changes them in place (copying an array of
 * every request message was most of an append's cost on a large session): `generation` counts the
 * builds that array has been through and `keep` how many of its leading messages the latest build
 * kept from the one before (see `requestLineage`).
 */
export interface Built {
  wire: Msg[];
  out: RequestMessage[];
  starts: number[];
  generation: number;
  keep: number;
  /** Where the messages taken over from the kept build's end start (-1: none), and how far they moved. */
  tailFrom: number;
  tailShift: number;
}
/** The last build per resume key, keyed by the wire's first message (released with it). */
export const lastBuilt = new WeakMap<Msg, Map<TupleKey, Built>>();
/**
 * Forgets the builds kept for a wire's first message under the caller's keys (those whose first
 * part is `owner`) other than `keys` (the ones it just used): a pi session that switched model
 * does not keep the old model's build. Other callers' builds stay.
 */
export function keepBuilds(first: Msg | undefined, owner: string, keys: ReadonlySet<TupleKey>): void {
  const byKey = first ? lastBuilt.get(first) : undefined;
  if (byKey) for (const k of [...byKey.keys()]) if (k.parts[0] === owner && !keys.has(k)) byKey.delete(k);
}

/** The build or combination each returned request comes from (the array is its `out`). */
export const lineageOf = new WeakMap<RequestMessage[], RequestLineage & { out: RequestMessage[] }>();

/**
 * How a request `buildRequest` returned relates to the previous contents of the same array: its
 * generation (how many builds the array has been through) and how many leading messages the
 * latest build kept from the generation before. A caller that remembers the array's generation
 * knows which part is unchanged without comparing the messages; undefined for other arrays.
 */
export function requestLineage(req: readonly RequestMessage[]): RequestLineage | undefined {
  const b = lineageOf.get(req as RequestMessage[]);
  return b && b.out === req ? b : undefined;
}

export interface RequestLineage {
  readonly generation: number;
  /** Leading messages kept from the generation before. */
  readonly keep: number;
  /**
   * The messages from `tailFrom` on are the generation before's from `tailFrom - tailShift` on
   * (an edit further back: the build took the end over); -1 when it did not.
   */
  readonly tailFrom: number;
  readonly tailShift: number;
}

/**
 * The part of `prev`'s request a build of `wire` can take over at its end: when both wires end
 * with the same messages (an edit before them), `prev`'s request messages from the first assistant
 * message inside that shared end (past the part rebuilt from `from`) are the same, since the
 * builder's state is fresh at an assistant message. `at`: the first of them in `prev.out` (-1:
 * none); `until`: the wire index the build stops at.
 */
export function reusableTail(prev: Built, wire: Msg[], keep: number, from: number): { at: number; until: number } {
  const a = prev.wire;
  const s = sharedSuffix(a, wire, from);
  const firstShared = a.length - s; // in prev.wire
  for (let j = keep; j < prev.out.length; j++) {
    if (prev.out[j].role !== "assistant" || prev.starts[j] < firstShared) continue;
    const until = prev.starts[j] + (wire.length - a.length);
    return { at: j, until };
  }
  return { at: -1, until: wire.length };
}

/**
 * Where a build of `wire` can resume from `prev`: the count of its request messages to keep and
 * the wire index to go on from. A kept prefix ends right before an assistant message whose wire
 * index lies in the part both wires share, so the builder's state there is fresh (no open result
 * group; a Claude Code line group cannot continue across an assistant message).
 */
export function resumePoint(prev: Built, wire: Msg[]): { keep: number; from: number } {
  const k = sharedPrefix(prev.wire, wire);
  for (let j = prev.out.length - 1; j > 0; j--) if (prev.out[j].role === "assistant" && prev.starts[j] < k) return { keep: j, from: prev.starts[j] };
  return { keep: 0, from: 0 };
}

