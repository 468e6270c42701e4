/**
 * Turns a resume leaves out because a line's parent link points at a progress line
 * (docs/research/claude-code-resume.md 3.2 and 8.1):
 *
 * - the #35024 shape (writers before 2.1.83): a turn was written with a progress line of an
 *   earlier turn as its parent. Claude Code 2.1 bridges the progress line to its nearest real
 *   ancestor, so its walk jumps back to the earlier turn and the turns written in between stay on
 *   a side branch (fixture `progress-side-branch`). Recognised when the message written just
 *   before the line (the last main-thread user or assistant line above it in the file) is off
 *   the chain and descends from the line the bridge leads to: re-linking the line to that message
 *   puts the side branch back on the chain, and the chain keeps everything it had;
 * - 2.0.31 does not read progress lines at all: a parent link to one is a missing parent, and
 *   its walk starts the conversation there (fixture `progress-in-chain`).
 *
 * The re-link target is the same for both versions: the message written before the line in the
 * #35024 shape, else the line the bridge leads to (2.1 reads that link unchanged).
 */
import type { Reading, SentReading } from "./claude-code-reading.js";
import type { ReadingVersion, TranscriptLine } from "./claude-code-transcript.js";

export interface SkippedTurns {
  /** The line whose parent link makes the resume skip (0-based). */
  line: number;
  /** The progress line its `parentUuid` names. */
  progressLine: number;
  /** 2.1: the line the walk continues at instead; undefined for 2.0 (its conversation starts at `line`). */
  resumesAt?: number;
  /** The message lines the resume leaves out, ascending. */
  skipped: number[];
  /** The message written just before the line, when that is what was meant to be its parent (#35024). */
  writtenBefore?: number;
}

const isMessageLine = (tl: TranscriptLine) => (tl.raw.type === "user" || tl.raw.type === "assistant") && !tl.raw.isSidechain;

/** Main-thread message lines of a map, by file line, for "the message written just before". */
class WrittenBefore {
  private readonly lines: TranscriptLine[];
  constructor(map: ReadonlyMap<unknown, TranscriptLine>) {
    this.lines = [...map.values()].filter(isMessageLine).sort((a, b) => a.line - b.line);
  }
  /** The last main-thread message line above `line` in the file. */
  at(line: number): TranscriptLine | undefined {
    let lo = 0;
    let hi = this.lines.length - 1;
    let found: TranscriptLine | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.lines[mid].line < line) {
        found = this.lines[mid];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }
}

/**
 * In the #35024 shape: the side branch from the message written before `tl` up to the line the
 * bridge leads to (exclusive), youngest first; undefined when it is not that shape. `walked`
 * holds off-chain lines already walked (each is walked once over all calls).
 */
function sideBranch(map: ReadonlyMap<unknown, TranscriptLine>, walkedChain: ReadonlySet<TranscriptLine>, tl: TranscriptLine, before: WrittenBefore, walked: Set<TranscriptLine>): { tip: TranscriptLine; lines: TranscriptLine[] } | undefined {
  if (tl.viaProgress === undefined) return undefined;
  const bridgedTo = tl.parent ? map.get(tl.parent) : undefined;
  const tip = before.at(tl.line);
  if (!bridgedTo || !tip || walkedChain.has(tip)) return undefined;
  const lines: TranscriptLine[] = [];
  let cur: TranscriptLine | undefined = tip;
  while (cur && !walkedChain.has(cur)) {
    if (walked.has(cur)) return undefined;
    walked.add(cur);
    lines.push(cur);
    cur = cur.parent ? map.get(cur.parent) : undefined;
  }
  return cur === bridgedTo ? { tip, lines } : undefined;
}

/** What `version`'s resume skips, one entry per line whose parent link causes it. */
export function skippedTurns(reading: Reading, version: ReadingVersion): SkippedTurns[] {
  const sent = reading.sent(version);
  if (sent.subagent || !sent.walk) return [];
  return version === "2.0" ? skippedBy20(reading, sent) : skippedBy21(sent);
}

function skippedBy21(sent: SentReading): SkippedTurns[] {
  const out: SkippedTurns[] = [];
  // Made on first use: only a line bridged over a progress line can start a side branch.
  let walkedChain: Set<TranscriptLine> | undefined;
  let before: WrittenBefore | undefined;
  let walked: Set<TranscriptLine> | undefined;
  for (const tl of sent.walk!.chain) {
    if (tl.viaProgress === undefined) continue;
    const side = sideBranch(sent.map, (walkedChain ??= new Set(sent.walk!.chain)), tl, (before ??= new WrittenBefore(sent.map)), (walked ??= new Set()));
    if (!side) continue;
    const skipped = side.lines.filter((l) => isMessageLine(l) && !sent.recovered.has(l)).map((l) => l.line);
    if (skipped.length === 0) continue;
    out.push({ line: tl.line, progressLine: tl.viaProgress!, resumesAt: sent.map.get(tl.parent)!.line, skipped: skipped.sort((a, b) => a - b), writtenBefore: side.tip.line });
  }
  return out;
}

/** 2.0.31: its conversation starts at a line whose parent is a progress line; what came before is not sent. */
function skippedBy20(reading: Reading, sent: SentReading): SkippedTurns[] {
  const first = sent.walk!.chain[0];
  const written = first?.raw.parentUuid;
  const progress = typeof written === "string" ? reading.whole.progress.get(written) : undefined;
  if (!first || !progress) return [];
  // What 2.1 sends (after the last compact boundary) and 2.0.31 does not reach: before that line
  // when 2.1 reads it too, else all of it (2.0.31 resumes from a newer line of another kind).
  const newest = reading.sent("2.1");
  const reached = new Set(sent.chain.map((tl) => tl.line));
  const at = newest.chain.findIndex((tl) => tl.line === first.line);
  const skipped = (at >= 0 ? newest.chain.slice(0, at) : newest.chain)
    .filter((tl) => isMessageLine(tl) && !reached.has(tl.line) && newest.request?.dropped.get(tl.line) !== "before-cut")
    .map((tl) => tl.line);
  const target = relinkTarget(reading, first.line);
  return [{ line: first.line, progressLine: progress.line, skipped: skipped.sort((a, b) => a - b), ...("writtenBefore" in target && target.writtenBefore ? { writtenBefore: target.line } : {}) }];
}

export type RelinkTarget = { line: number; uuid: string; writtenBefore: boolean } | { reason: string };

/**
 * Where the line's parent link should point so that every version reads the whole conversation:
 * the message written before it (#35024), else the line Claude Code 2.1 bridges the progress line
 * to.
 */
export function relinkTarget(reading: Reading, line: number): RelinkTarget {
  const sent = reading.sent("2.1");
  let tl: TranscriptLine | undefined;
  for (const x of sent.map.values())
    if (x.line === line) {
      tl = x;
      break;
    }
  if (!tl) return { reason: "the line is not a transcript line Claude Code reads" };
  if (tl.viaProgress === undefined) return { reason: "its parent link does not name a progress line" };
  if (sent.walk) {
    const side = sideBranch(sent.map, new Set(sent.walk.chain), tl, new WrittenBefore(sent.map), new Set());
    if (side) return typeof side.tip.raw.uuid === "string" ? { line: side.tip.line, uuid: side.tip.raw.uuid, writtenBefore: true } : { reason: "the message written before it has no uuid" };
  }
  const bridged = tl.parent ? sent.map.get(tl.parent) : undefined;
  if (!bridged) return { reason: "the progress line leads to no line of this file" };
  return typeof bridged.raw.uuid === "string" ? { line: bridged.line, uuid: bridged.raw.uuid, writtenBefore: false } : { reason: "the line the progress line leads to has no uuid" };
}
