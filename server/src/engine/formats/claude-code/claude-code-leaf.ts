/**
 * The line Claude Code resumes from (docs/research/claude-code-resume.md sections 3.5-3.6; 2.0.31:
 * section 8.1; a subagent file: section 7).
 *
 * 2.1: the leaves of the map (lines no line names as parent), each walked up to its first
 * `user`/`assistant` line; with more than one, the last non-sidechain transcript line in file
 * order, walked up the same way, decides; of what is left, the non-sidechain `user`/`assistant`
 * line with the greatest `Date.parse(timestamp)` (the first in map order on ties). 2.0.31: the
 * non-sidechain transcript line of any type with the newest timestamp.
 *
 * Linear: each line's first user/assistant ancestor is found once (memoised along each walk).
 */
import type { ReadingVersion, Transcript, TranscriptLine } from "./claude-code-transcript.js";

const isMessage = (tl: TranscriptLine) => tl.raw.type === "user" || tl.raw.type === "assistant";

/** `Date.parse(timestamp)` as Claude Code calls it on any JSON value (converted to a string first; NaN when it does not parse). */
export function parseTime(v: unknown): number {
  return Date.parse(typeof v === "string" ? v : String(v));
}

/**
 * Each line's nearest `user`/`assistant` line, itself included, walking up the parents; none on a
 * cycle or a missing parent. Memoised over the map, so every line is walked once.
 */
function firstMessageUp(map: ReadonlyMap<unknown, TranscriptLine>): (tl: TranscriptLine) => TranscriptLine | undefined {
  const memo = new Map<TranscriptLine, TranscriptLine | null>();
  return (start) => {
    const path: TranscriptLine[] = [];
    const onPath = new Set<TranscriptLine>();
    let found: TranscriptLine | null = null;
    let cur: TranscriptLine | undefined = start;
    while (cur) {
      const known = memo.get(cur);
      if (known !== undefined) {
        found = known;
        break;
      }
      if (onPath.has(cur)) break; // a cycle: give up
      if (isMessage(cur)) {
        found = cur;
        break;
      }
      path.push(cur);
      onPath.add(cur);
      cur = cur.parent ? map.get(cur.parent) : undefined;
    }
    for (const p of path) memo.set(p, found);
    if (start && isMessage(start)) memo.set(start, start);
    return found ?? undefined;
  };
}

/** The leaf 2.1 resumes from in `map`, or undefined ("No conversation found"). */
export function resumeLeaf(map: ReadonlyMap<unknown, TranscriptLine>, t: Transcript, version: ReadingVersion): TranscriptLine | undefined {
  if (version === "2.0") return newestLine(map);
  const parents = new Set<unknown>();
  for (const tl of map.values()) if (tl.parent !== null) parents.add(tl.parent);
  const up = firstMessageUp(map);
  let leafSet = new Set<TranscriptLine>();
  for (const tl of map.values()) {
    if (parents.has(tl.raw.uuid)) continue;
    const m = up(tl);
    if (m) leafSet.add(m);
  }
  if (leafSet.size > 1 && t.lastMain && map.has(t.lastMain.uuid)) {
    const f = up(map.get(t.lastMain.uuid)!);
    if (f) leafSet = new Set([f]);
  }
  let best: TranscriptLine | undefined;
  let bestTime = -Infinity;
  for (const tl of map.values()) {
    if (!leafSet.has(tl) || tl.raw.isSidechain || !isMessage(tl)) continue;
    const time = parseTime(tl.raw.timestamp);
    if (time > bestTime) {
      bestTime = time;
      best = tl;
    }
  }
  return best;
}

/**
 * The leaf when the line to resume from is given (another branch than the one Claude Code picks
 * itself): 2.1 takes that line's nearest `user`/`assistant` line, as it does for each leaf (3.5);
 * 2.0.31 takes the line as it is. Undefined when the version's map does not hold it.
 */
export function leafAt(map: ReadonlyMap<unknown, TranscriptLine>, uuid: string, version: ReadingVersion): TranscriptLine | undefined {
  const at = map.get(uuid);
  if (!at || version === "2.0") return at;
  return firstMessageUp(map)(at);
}

/** 2.0.31: the non-sidechain transcript line of any type with the newest timestamp (the first on ties). */
function newestLine(map: ReadonlyMap<unknown, TranscriptLine>): TranscriptLine | undefined {
  let best: TranscriptLine | undefined;
  let bestTime = -Infinity;
  for (const tl of map.values()) {
    if (tl.raw.isSidechain) continue;
    const time = parseTime(tl.raw.timestamp);
    if (time > bestTime) {
      bestTime = time;
      best = tl;
    }
  }
  return best;
}

/**
 * The leaf of a subagent's own file (every line `isSidechain`), as the parent session reads it
 * when it resumes the subagent (section 7, `getAgentTranscript`): the newest childless line.
 */
export function subagentLeaf(map: ReadonlyMap<unknown, TranscriptLine>): TranscriptLine | undefined {
  const parents = new Set<unknown>();
  for (const tl of map.values()) if (tl.parent !== null) parents.add(tl.parent);
  let best: TranscriptLine | undefined;
  let bestTime = -Infinity;
  for (const tl of map.values()) {
    if (parents.has(tl.raw.uuid) || !isMessage(tl)) continue;
    const time = parseTime(tl.raw.timestamp);
    if (time > bestTime) {
      bestTime = time;
      best = tl;
    }
  }
  return best;
}
