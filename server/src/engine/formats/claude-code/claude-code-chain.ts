/**
 * The chain: the transcript lines Claude Code keeps, walked from the leaf up `parentUuid` to a
 * root and put oldest first (docs/research/claude-code-resume.md section 3.7; 2.0.31: section 8.1).
 *
 * 2.1: a missing parent, or one already on the chain, is replaced by the closest line written at
 * most 5 s before (claude-code-parent-fallback.ts); a line already on the chain ends the walk (a
 * cycle). 2.0.31: the walk ends at the first missing parent or root, and a cycle hangs the CLI.
 *
 * `throughBoundaries`: the conversation as written (the Before column): a `compact_boundary`
 * (parent null) continues to its `logicalParentUuid`, which Claude Code itself never reads.
 */
import { ParentFallback } from "./claude-code-parent-fallback.js";
import { isCompactBoundary, type ReadingVersion, type TranscriptLine } from "./claude-code-transcript.js";

export interface Walk {
  /** Oldest first. */
  chain: TranscriptLine[];
  /** Links the walk took by time instead of `parentUuid` (3.7), child first. */
  fallbacks: { child: TranscriptLine; parent: TranscriptLine }[];
  /** The line whose parent was already on the chain and no stand-in was found (a cycle). */
  cycleAt?: TranscriptLine;
  /** 2.0.31 hangs on a parent cycle: it sends nothing. */
  hangs?: boolean;
}

export function walkChain(map: ReadonlyMap<unknown, TranscriptLine>, leaf: TranscriptLine, version: ReadingVersion, throughBoundaries = false): Walk {
  return version === "2.0" ? walkWithoutFallback(map, leaf) : walkWithFallback(map, leaf, throughBoundaries);
}

function walkWithFallback(map: ReadonlyMap<unknown, TranscriptLine>, leaf: TranscriptLine, throughBoundaries: boolean): Walk {
  const out: TranscriptLine[] = [];
  const fallbacks: Walk["fallbacks"] = [];
  const visited = new Set<unknown>();
  let fallback: ParentFallback | undefined;
  let cycleAt: TranscriptLine | undefined;
  let cur: TranscriptLine | undefined = leaf;
  while (cur) {
    if (visited.has(cur.raw.uuid)) break;
    visited.add(cur.raw.uuid);
    out.push(cur);
    fallback?.take(cur);
    let p = cur.parent;
    if (!p && throughBoundaries && isCompactBoundary(cur.raw) && cur.raw.logicalParentUuid) {
      const logical = map.get(cur.raw.logicalParentUuid);
      if (!logical || visited.has(logical.raw.uuid)) break;
      p = cur.raw.logicalParentUuid;
    }
    if (!p) break;
    let next = map.get(p);
    if (!next || visited.has(next.raw.uuid)) {
      if (!fallback) {
        fallback = new ParentFallback(map);
        for (const tl of out) fallback.take(tl);
      }
      const stand = fallback.find(cur);
      if (!stand && next) cycleAt = cur;
      if (stand) fallbacks.push({ child: cur, parent: stand });
      next = stand;
    }
    cur = next;
  }
  return { chain: out.reverse(), fallbacks, cycleAt };
}

function walkWithoutFallback(map: ReadonlyMap<unknown, TranscriptLine>, leaf: TranscriptLine): Walk {
  const out: TranscriptLine[] = [];
  const seen = new Set<TranscriptLine>();
  let cur: TranscriptLine | undefined = leaf;
  while (cur) {
    if (seen.has(cur)) return { chain: [], fallbacks: [], cycleAt: cur, hangs: true };
    seen.add(cur);
    out.push(cur);
    cur = cur.parent ? map.get(cur.parent) : undefined;
  }
  return { chain: out.reverse(), fallbacks: [] };
}
