/**
 * A walked chain (claude-code-chain.ts) with the lines 2.1 brings back (3.8), continued for the
 * next version of the file instead of walked again:
 *
 * - after an append, the walk from the new leaf climbs through appended lines only and reaches
 *   the previous leaf: the chain is the previous one followed by those lines. The parallel
 *   recovery is made again from the first line whose group can change: the last chain line of a
 *   response that gained a line on the chain, an assistant line of its own off the chain, or a
 *   tool result under one of its lines (everything before stays);
 * - after an edit that leaves the line's shape (claude-code-transcript-continue.ts `sameShape`),
 *   the chain is the same with the line's new object in its place.
 *
 * Anything else (a branch switch, a walk that bridged a missing parent by time or met a cycle, a
 * root or a compact boundary among the appended lines) returns null: the chain is walked again.
 * Linear in the appended lines and the part of the chain made again.
 */
import { walkChain, type Walk } from "./claude-code-chain.js";
import { apiMessageId, holdsToolResult, recoverParallel, type RecoveryIndex } from "./claude-code-parallel-recovery.js";
import { isCompactBoundary, type ReadingVersion, type TranscriptLine } from "./claude-code-transcript.js";
import type { EditedLine } from "./claude-code-transcript-continue.js";

export interface ChainState {
  readonly version: ReadingVersion;
  /** The walk goes on through compact boundaries to their logical parent (the conversation, Before). */
  readonly throughBoundaries: boolean;
  readonly leaf?: TranscriptLine;
  readonly walk?: Walk;
  /** The chain with the recovered lines in place (2.0.31: the walk's chain), oldest first. */
  readonly chain: TranscriptLine[];
  readonly recovered: ReadonlySet<TranscriptLine>;
  /** The uuids of the walk's chain; handed on to the next version, which adds to it. */
  readonly onWalk: Set<unknown>;
}

/** The chain `version` walks from `leaf` in `map`, with the recovered lines (2.1). */
export function chainFrom(map: ReadonlyMap<unknown, TranscriptLine>, leaf: TranscriptLine | undefined, version: ReadingVersion, throughBoundaries: boolean, index?: RecoveryIndex): ChainState {
  const base = { version, throughBoundaries, leaf, onWalk: new Set<unknown>() };
  if (!leaf) return { ...base, chain: [], recovered: new Set() };
  const walk = walkChain(map, leaf, version, throughBoundaries);
  for (const tl of walk.chain) base.onWalk.add(tl.raw.uuid);
  if (walk.hangs) return { ...base, walk, chain: [], recovered: new Set() };
  const r = version === "2.0" ? { chain: walk.chain, recovered: new Set<TranscriptLine>() } : recoverParallel(map, walk.chain, index);
  return { ...base, walk, chain: r.chain, recovered: r.recovered };
}

/**
 * `prev` after lines were appended to `map` (`added`: their uuids), when `leaf` is the new leaf;
 * null when it is not the previous chain followed by appended lines.
 */
export function extendChain(prev: ChainState, map: ReadonlyMap<unknown, TranscriptLine>, leaf: TranscriptLine | undefined, added: ReadonlySet<unknown>, index: RecoveryIndex | undefined): ChainState | null {
  const w = prev.walk;
  if (!w || !prev.leaf || !leaf || w.fallbacks.length > 0 || w.cycleAt || w.hangs) return null;
  const path: TranscriptLine[] = [];
  if (leaf.raw.uuid !== prev.leaf.raw.uuid) {
    let cur: TranscriptLine | undefined = leaf;
    while (cur && added.has(cur.raw.uuid)) {
      if (!cur.parent || isCompactBoundary(cur.raw)) return null;
      path.push(cur);
      cur = map.get(cur.parent);
    }
    if (!cur || cur.raw.uuid !== prev.leaf.raw.uuid) return null;
    path.reverse();
  }
  for (const tl of path) prev.onWalk.add(tl.raw.uuid);
  const walk: Walk = { chain: path.length ? w.chain.concat(path) : w.chain, fallbacks: [] };
  const base = { version: prev.version, throughBoundaries: prev.throughBoundaries, leaf, walk, onWalk: prev.onWalk };
  if (prev.version === "2.0") return { ...base, chain: walk.chain, recovered: prev.recovered };
  if (!index) return null;
  return { ...base, ...recoverAgain(prev, walk.chain, path, map, added, index) };
}

/**
 * The recovery of `chain` (the previous walk followed by `path`), from the previous one: the
 * previous chain up to the first line whose group can change, the rest made again.
 */
function recoverAgain(prev: ChainState, chain: TranscriptLine[], path: readonly TranscriptLine[], map: ReadonlyMap<unknown, TranscriptLine>, added: ReadonlySet<unknown>, index: RecoveryIndex): Pick<ChainState, "chain" | "recovered"> {
  const onWalk = prev.onWalk;
  // Responses whose group can change: those with a line on the path, or an appended line of
  // their own off the chain, or an appended tool result under one of their lines.
  const touched = new Set<unknown>();
  for (const tl of path) {
    const id = apiMessageId(tl);
    if (id) touched.add(id);
  }
  for (const u of added) {
    if (onWalk.has(u)) continue;
    const tl = map.get(u);
    if (!tl) continue;
    const id = apiMessageId(tl) || (tl.parent && holdsToolResult(tl) ? apiMessageIdOf(map.get(tl.parent)) : undefined);
    if (id && index.linesOf(id).some((x) => onWalk.has(x))) touched.add(id);
  }
  const oldWalk = prev.walk!.chain;
  const R = prev.chain;
  // The first line of the previous walk whose group may change: the last line there of a touched
  // response (searched from the end: only the part made again is read).
  const pending = new Set<unknown>();
  for (const id of touched) if (index.linesOf(id).some((x) => onWalk.has(x) && !added.has(x))) pending.add(id);
  let start = oldWalk.length; // walk index the recovery is made again from
  let keep = R.length; // recovered-chain elements kept
  for (let r = R.length - 1, j = oldWalk.length; r >= 0 && pending.size > 0; r--) {
    if (prev.recovered.has(R[r])) continue;
    j--;
    const id = apiMessageId(R[r]);
    if (id && pending.delete(id)) {
      start = j;
      keep = r + 1; // the line itself stays, its group is made again
    }
  }
  if (start === chain.length) return { chain: R, recovered: prev.recovered };
  // The last walk index of each response from `start` on: its group goes right after it.
  const last = new Map<unknown, number>();
  for (let j = chain.length - 1; j >= start; j--) {
    const id = apiMessageId(chain[j]);
    if (id && !last.has(id)) last.set(id, j);
  }
  const out: TranscriptLine[] = [];
  const dropped: TranscriptLine[] = [];
  for (let r = keep; r < R.length; r++) if (prev.recovered.has(R[r])) dropped.push(R[r]);
  const gained: TranscriptLine[] = [];
  const isOnWalk = (tl: TranscriptLine) => onWalk.has(tl.raw.uuid);
  for (let j = start; j < chain.length; j++) {
    if (j > start || start === oldWalk.length) out.push(chain[j]); // a kept line of the previous walk is kept already
    const id = apiMessageId(chain[j]);
    if (!id || last.get(id) !== j) continue;
    for (const tl of index.group(id, isOnWalk)) {
      out.push(tl);
      gained.push(tl);
    }
  }
  const all = keep === R.length ? R.concat(out) : R.slice(0, keep).concat(out);
  if (dropped.length === 0 && gained.length === 0) return { chain: all, recovered: prev.recovered };
  const recovered = new Set(prev.recovered);
  for (const tl of dropped) recovered.delete(tl);
  for (const tl of gained) recovered.add(tl);
  return { chain: all, recovered };
}

function apiMessageIdOf(tl: TranscriptLine | undefined): unknown {
  return tl ? apiMessageId(tl) : undefined;
}

/**
 * `prev` after lines were edited without changing their shape: the chains with the lines' new
 * objects from `map` (`edited`: the lines replaced, with the objects they replaced). `changed`, when
 * given, receives the places in the chain that now hold a new object, in order.
 */
export function editChain(prev: ChainState, map: ReadonlyMap<unknown, TranscriptLine>, edited: readonly EditedLine[], changed?: number[]): ChainState {
  const uuids = edited.map((e) => e.uuid);
  const recoveredHit = new Set<unknown>();
  if (prev.recovered.size > 0 && uuids.length > 0) {
    const set = new Set(uuids);
    for (const tl of prev.recovered) if (set.has(tl.raw.uuid)) recoveredHit.add(tl.raw.uuid);
  }
  const hits = edited.filter((e) => prev.onWalk.has(e.uuid) || recoveredHit.has(e.uuid));
  if (hits.length === 0 && !(prev.leaf && uuids.includes(prev.leaf.raw.uuid))) return prev;
  // Each edited line where the list holds its old object (a native search), else by a walk of the uuids.
  const swap = (list: TranscriptLine[], at?: number[]) => {
    let out: TranscriptLine[] | undefined;
    let missed = false;
    for (const e of hits) {
      let i = list.indexOf(e.was);
      if (i < 0) missed = true;
      for (; i >= 0; i = list.indexOf(e.was, i + 1)) {
        out ??= list.slice();
        out[i] = map.get(e.uuid)!;
        at?.push(i);
      }
    }
    if (missed) {
      const left = new Set(hits.map((e) => e.uuid));
      for (let i = 0; i < list.length; i++) {
        const u = list[i].raw.uuid;
        if (!left.has(u) || map.get(u) === list[i] || (out && out[i] !== list[i])) continue;
        out ??= list.slice();
        out[i] = map.get(u)!;
        at?.push(i);
      }
    }
    at?.sort((a, b) => a - b);
    return out ?? list;
  };
  const walk = prev.walk && { ...prev.walk, chain: swap(prev.walk.chain) };
  const recovered = recoveredHit.size === 0 ? prev.recovered : new Set([...prev.recovered].map((tl) => (recoveredHit.has(tl.raw.uuid) ? map.get(tl.raw.uuid)! : tl)));
  const leaf = prev.leaf && map.get(prev.leaf.raw.uuid);
  return { ...prev, leaf, walk, chain: swap(prev.chain, changed), recovered };
}
