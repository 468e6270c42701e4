/** Builds the request a provider receives from the wire messages, resuming the previous build (request-lineage.ts). */
import type { Msg } from "../model/types.js";
import { lineOf } from "../model/types.js";
import { pushAll } from "../model/arrays.js";
import type { TupleKey } from "../model/tuple-key.js";

import type { RequestMessage } from "./request-model.js";
import { contentParts, crossModelParts, partIndex, userParts } from "./request-content.js";
import { type Built, lastBuilt, lineageOf, resumePoint, reusableTail } from "./request-lineage.js";
import { serialise, type Serializer } from "./request-serializer.js";

export interface RequestOptions {
  /** Each file line is one request message (the format profile's `oneMessagePerLine`: Claude Code). */
  oneMessagePerLine: boolean;
  /** Whether an assistant wire message was produced by the target model. */
  sameModel: (m: Msg) => boolean;
  /** The parsed value of a file line (Claude Code: to order a line's blocks as written). */
  lineValue?: (line: number) => unknown;
  /** What the agent's own serialiser does on the way out (pi-ai's provider modules). */
  serializer?: Serializer;
  /**
   * Names everything the build depends on besides the wire messages (format, serializer, what
   * `sameModel` answers). Given, a build whose wire starts with the previous build's messages
   * (the same objects: an append) keeps that build's messages up to the last assistant message
   * in the shared part and builds only the rest.
   */
  resumeKey?: TupleKey;
}

export function buildRequest(wire: Msg[], opts: RequestOptions): RequestMessage[] {
  const first = wire[0];
  const byKey = first && opts.resumeKey !== undefined ? lastBuilt.get(first) : undefined;
  const prev = byKey?.get(opts.resumeKey!);
  // Taken out while its arrays change: a build that throws leaves nothing half-changed behind.
  if (prev) byKey!.delete(opts.resumeKey!);
  const { keep, from } = prev ? resumePoint(prev, wire) : { keep: 0, from: 0 };
  const tail = prev ? reusableTail(prev, wire, keep, from) : { at: -1, until: wire.length };
  let out: RequestMessage[] = [];
  let starts: number[] = [];
  if (prev && keep > 0) {
    out = prev.out;
    starts = prev.starts;
  }
  // With a kept start and end (an edit), the new middle is built apart and put in their place.
  const between = prev && keep > 0 && tail.at >= 0;
  if (prev && keep > 0 && !between) {
    out.length = keep;
    starts.length = keep;
  }
  const dest: RequestMessage[] = between ? [] : out;
  const destStarts: number[] = between ? [] : starts;
  let resultGroup: RequestMessage | undefined;
  let groupLine: number | null = null;
  for (let w = from; w < tail.until; w++) {
    const m = wire[w];
    if (m.role === "system") continue;
    if (m.role === "assistant") {
      resultGroup = undefined;
      const same = opts.sameModel(m);
      let parts = contentParts(m);
      if (!same) parts = crossModelParts(parts);
      if (opts.serializer) parts = serialise(parts, opts.serializer);
      if (parts.length === 0 && opts.serializer?.dropEmpty) continue;
      dest.push({ role: "assistant", parts, sources: [m], sameModel: same, stopReason: m.stopReason });
      destStarts.push(w);
      continue;
    }
    const line = lineOf(m);
    if (opts.oneMessagePerLine) {
      // One line, one message: a line's results and other blocks in the order of the line.
      const last = dest[dest.length - 1];
      if (last && last.role === "user" && line !== null && groupLine === line) {
        last.sources.push(m);
        pushAll(last.parts, userParts(m));
        continue;
      }
      groupLine = line;
      dest.push({ role: "user", parts: userParts(m), sources: [m], sameModel: false });
      destStarts.push(w);
      continue;
    }
    if (m.role === "toolResult") {
      if (resultGroup) {
        pushAll(resultGroup.parts, userParts(m));
        resultGroup.sources.push(m);
      } else {
        resultGroup = { role: "user", parts: userParts(m), sources: [m], sameModel: false };
        dest.push(resultGroup);
        destStarts.push(w);
      }
      continue;
    }
    resultGroup = undefined;
    const parts = opts.serializer?.dropEmptyUser ? serialise(userParts(m), opts.serializer) : userParts(m);
    if (parts.length === 0 && opts.serializer?.dropEmptyUser) continue;
    dest.push({ role: "user", parts, sources: [m], sameModel: false });
    destStarts.push(w);
  }
  const shift = prev ? wire.length - prev.wire.length : 0;
  let built = out.length;
  if (between) {
    // out[keep, tail.at) gives way to the new middle; the end stays, its wire starts moved.
    const removed = tail.at - keep;
    if (dest.length === removed)
      for (let i = 0; i < removed; i++) {
        out[keep + i] = dest[i];
        starts[keep + i] = destStarts[i];
      }
    else if (dest.length <= 4096) {
      // eslint-disable-next-line no-restricted-syntax -- bounded: at most 4,096 (a longer middle takes the branch below)
      out.splice(keep, removed, ...dest);
      // eslint-disable-next-line no-restricted-syntax -- bounded: as above
      starts.splice(keep, removed, ...destStarts);
    } else {
      out = out.slice(0, keep).concat(dest, out.slice(tail.at));
      starts = starts.slice(0, keep).concat(destStarts, starts.slice(tail.at));
    }
    built = keep + dest.length;
    if (shift !== 0) for (let j = built; j < starts.length; j++) starts[j] += shift;
  } else if (prev && tail.at >= 0) {
    // Nothing kept at the start: new arrays, with the kept build's end after the new part.
    for (let j = tail.at; j < prev.out.length; j++) {
      out.push(prev.out[j]);
      starts.push(prev.starts[j] + shift);
    }
  }
  const reused = tail.at >= 0;
  if (opts.oneMessagePerLine)
    for (let i = keep; i < built; i++) {
      const m = out[i];
      if (m.role === "user" && m.sources.length > 1) m.parts.sort((a, b) => partIndex(a, opts.lineValue) - partIndex(b, opts.lineValue));
    }
  if (first && opts.resumeKey !== undefined) {
    const b: Built = { wire, out, starts, generation: prev && keep > 0 ? prev.generation + 1 : 0, keep, tailFrom: reused ? built : -1, tailShift: reused ? built - tail.at : 0 };
    let map = lastBuilt.get(first);
    if (!map) lastBuilt.set(first, (map = new Map()));
    map.set(opts.resumeKey, b);
    lineageOf.set(out, b);
  }
  return out;
}

