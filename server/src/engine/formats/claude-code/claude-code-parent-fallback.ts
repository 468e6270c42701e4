/**
 * Claude Code 2.1's stand-in for a missing parent (docs/research/claude-code-resume.md section
 * 3.7): the line of the map, not yet on the chain, with the same `isSidechain` value, whose time
 * is at most 5 s before the line's own (both `new Date(timestamp)` valid), the closest in time;
 * the first in map order on ties.
 *
 * Claude Code scans the whole map for each missing parent. Here the candidates are sorted once
 * per `isSidechain` value by (time, map position descending) and a lookup is a binary search for
 * the latest time not after the line's, then a step back over lines already on the chain through
 * union-find links: O(n log n) to build, near-constant per walked line.
 */
import type { TranscriptLine } from "./claude-code-transcript.js";

/** The 5 s window (the constant 5000 of 3.7). */
export const FALLBACK_WINDOW_MS = 5000;

/** `new Date(timestamp).getTime()` as Claude Code computes it for the fallback (NaN when invalid). */
export function dateTime(v: unknown): number {
  return new Date(v as string).getTime();
}

interface Group {
  times: number[];
  lines: TranscriptLine[];
  /** Union-find: the nearest index at or before i still free (not on the chain), -1 when none. */
  free: Int32Array;
}

export class ParentFallback {
  private readonly groups = new Map<unknown, Group>();
  private readonly at = new Map<TranscriptLine, { group: Group; index: number }>();

  constructor(map: ReadonlyMap<unknown, TranscriptLine>) {
    const pending = new Map<unknown, { time: number; pos: number; tl: TranscriptLine }[]>();
    let pos = 0;
    for (const tl of map.values()) {
      const time = dateTime(tl.raw.timestamp);
      pos++;
      if (Number.isNaN(time)) continue;
      const key = tl.raw.isSidechain;
      const list = pending.get(key);
      const item = { time, pos, tl };
      if (list) list.push(item);
      else pending.set(key, [item]);
    }
    for (const [key, list] of pending) {
      list.sort((a, b) => a.time - b.time || b.pos - a.pos);
      const group: Group = { times: list.map((x) => x.time), lines: list.map((x) => x.tl), free: Int32Array.from(list, (_, i) => i) };
      list.forEach((x, i) => this.at.set(x.tl, { group, index: i }));
      this.groups.set(key, group);
    }
  }

  /** The line is on the chain now: never a stand-in again. */
  take(tl: TranscriptLine): void {
    const a = this.at.get(tl);
    if (a) a.group.free[a.index] = a.index - 1;
  }

  /** The stand-in parent of `tl`, or undefined. */
  find(tl: TranscriptLine): TranscriptLine | undefined {
    const t = dateTime(tl.raw.timestamp);
    if (Number.isNaN(t)) return undefined;
    const g = this.groups.get(tl.raw.isSidechain);
    if (!g) return undefined;
    let lo = 0;
    let hi = g.times.length - 1;
    let p = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (g.times[mid] <= t) {
        p = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const j = root(g.free, p);
    return j >= 0 && t - g.times[j] <= FALLBACK_WINDOW_MS ? g.lines[j] : undefined;
  }
}

/** The nearest free index at or before i (path-halving union-find over `free`). */
function root(free: Int32Array, i: number): number {
  while (i >= 0 && free[i] !== i) {
    const next = free[i];
    if (next >= 0) free[i] = free[next];
    i = free[i];
  }
  return i;
}
