/**
 * The lines of a text being repaired, sparse: a repair changes a few lines of a file that may
 * have millions, so the lines are pieces, each either a run of original lines kept as they are
 * (`KeptLines`: text and ending as in the original) or one line of its own (`PlannedLine`: a
 * changed, moved or new line). Every line still knows the original line it comes from
 * (`origin`), so the CLI copies the bytes of every kept line and the server derives minimal
 * edits; nothing here costs anything per kept line. Pure.
 */
import { partitionPoint } from "../model/arrays.js";
import type { Eol } from "../model/lines.js";
import { LineList } from "../model/line-list.js";

/** A line of a text being repaired: its text, ending, and the original line it comes from (-1: new). */
export interface PlannedLine {
  text: string;
  eol: Eol;
  origin: number;
}

/** Original lines `origin` to `origin + count - 1`, as they are in the original (text and ending). */
export interface KeptLines {
  origin: number;
  count: number;
}

export type PlanPiece = PlannedLine | KeptLines;

export const isKept = (p: PlanPiece): p is KeptLines => !("text" in p);

/**
 * What a repair starts from: the lines (the engine's, without a BOM), the BOM before line 0 ("" or
 * U+FEFF) and, when the caller holds it, the whole text (the CLI, fix-all). Without the text (a
 * quick fix in the editor, whose document is held as lines), kept lines are read from the lines:
 * one fix never joins a 100 MB document.
 */
export class Original {
  readonly lines: LineList;
  constructor(
    lines: LineList,
    readonly bom: string,
    /** The text the lines were split from, BOM included, when held. */
    readonly text?: string,
  ) {
    // A text that is only a BOM is one line holding it (as lines.ts splits it), not none.
    if (lines.length === 0 && bom.length > 0) {
      lines = new LineList();
      lines.pushBlank("", "");
    }
    this.lines = lines;
  }
  get length(): number {
    return this.lines.length;
  }
  /** Line `i`'s text as in the file (line 0 with its BOM). */
  textOf(i: number): string {
    const t = this.lines.at(i)!.text;
    return i === 0 && this.bom.length > 0 ? this.bom + t : t;
  }
  eolOf(i: number): Eol {
    return this.lines.at(i)!.eol;
  }
  /** Offset in the text where line `i` starts (the text's length for i = length). */
  start(i: number): number {
    return i === 0 ? 0 : this.bom.length + this.lines.offsetOf(i);
  }
  /** Lines `a` to `b` (exclusive) as they are in the file, endings included. */
  slice(a: number, b: number): string {
    if (this.text !== undefined) return this.text.slice(this.start(a), this.start(b));
    return (a === 0 && b > 0 ? this.bom : "") + this.lines.text(a, b);
  }
  /** Adds the endings of lines `a` to `b` (exclusive) to `n`. */
  countEols(n: EolCounts, a: number, b: number): void {
    const { held, runs } = this.lines;
    for (let k = this.lines.heldFrom(a); k < held.length && held[k].line < b; k++) countEol(n, held[k].eol, 1);
    for (const r of runs) {
      if (r.line >= b) break;
      const from = Math.max(a, r.line);
      const to = Math.min(b, r.line + r.count);
      if (to > from) countEol(n, r.eol, to - from);
    }
  }
}

export interface EolCounts {
  lf: number;
  crlf: number;
  cr: number;
}

export function countEol(n: EolCounts, eol: string, k: number): void {
  if (eol === "\n") n.lf += k;
  else if (eol === "\r\n") n.crlf += k;
  else if (eol === "\r") n.cr += k;
}

/** The ending most lines use (new lines take it). */
export function eolOfCounts({ lf, crlf, cr }: EolCounts): Eol {
  return crlf > lf && crlf >= cr ? "\r\n" : cr > lf && cr > crlf ? "\r" : "\n";
}

export class PlannedLines {
  /** Line of each piece's first line. */
  private readonly starts: number[] = [];
  readonly length: number;

  constructor(
    readonly original: Original,
    readonly pieces: readonly PlanPiece[],
  ) {
    let n = 0;
    for (const p of pieces) {
      this.starts.push(n);
      n += isKept(p) ? p.count : 1;
    }
    this.length = n;
  }

  /** The lines of `original`, all kept. */
  static of(original: Original): PlannedLines {
    return new PlannedLines(original, original.length > 0 ? [{ origin: 0, count: original.length }] : []);
  }

  /** The index of the piece holding line `i` (0 <= i < length). */
  pieceAt(i: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The line of piece `k` where it starts. */
  startOf(k: number): number {
    return this.starts[k];
  }

  /** Line `i` (a fresh object for a kept line), or undefined. */
  at(i: number): PlannedLine | undefined {
    if (!(i >= 0 && i < this.length)) return undefined;
    const k = this.pieceAt(i);
    const p = this.pieces[k];
    if (!isKept(p)) return p;
    const o = p.origin + i - this.starts[k];
    return { text: this.original.textOf(o), eol: this.original.eolOf(o), origin: o };
  }

  /** Every line in order (kept ones made afresh). */
  *all(): Generator<PlannedLine, void, undefined> {
    for (const p of this.pieces) {
      if (!isKept(p)) yield p;
      else for (let o = p.origin; o < p.origin + p.count; o++) yield { text: this.original.textOf(o), eol: this.original.eolOf(o), origin: o };
    }
  }

  /** The text of pieces `from` to `to` (exclusive). */
  textOfPieces(from = 0, to = this.pieces.length): string {
    const parts: string[] = [];
    for (let k = from; k < to; k++) {
      const p = this.pieces[k];
      parts.push(isKept(p) ? this.original.slice(p.origin, p.origin + p.count) : p.text + p.eol);
    }
    return parts.join("");
  }

  /** The text of lines `a` to `b` (exclusive), endings included. */
  textOfLines(a: number, b: number): string {
    if (b <= a) return "";
    const parts: string[] = [];
    for (let k = this.pieceAt(a); k < this.pieces.length && this.starts[k] < b; k++) {
      const p = this.pieces[k];
      if (!isKept(p)) parts.push(p.text + p.eol);
      else {
        const from = Math.max(a, this.starts[k]) - this.starts[k];
        const to = Math.min(b, this.starts[k] + p.count) - this.starts[k];
        parts.push(this.original.slice(p.origin + from, p.origin + to));
      }
    }
    return parts.join("");
  }

  /** The whole text. */
  text(): string {
    return this.textOfPieces();
  }

  /** The ending most lines use. */
  dominantEol(): Eol {
    const n: EolCounts = { lf: 0, crlf: 0, cr: 0 };
    for (const p of this.pieces) {
      if (isKept(p)) this.original.countEols(n, p.origin, p.origin + p.count);
      else countEol(n, p.eol, 1);
    }
    return eolOfCounts(n);
  }

  /**
   * Whether the text splits (lines.ts) into exactly these lines: no line but the last goes
   * without an ending, no text holds a line break, no line ending in a lone CR is followed by an
   * empty line ending in LF (they would join into one CRLF), and the last line is not an empty
   * line without an ending (no line is read there). Kept lines split as they did in the original,
   * so only each piece's edges are looked at.
   */
  splitsAsPlanned(): boolean {
    let prevEol: string | undefined;
    const line = (text: string, eol: string, last: boolean): boolean => {
      if (eol === "" && !last) return false;
      if (prevEol === "\r" && text === "" && eol === "\n") return false;
      if (last && text === "" && eol === "") return false;
      return true;
    };
    const n = this.pieces.length;
    for (let k = 0; k < n; k++) {
      const p = this.pieces[k];
      const lastPiece = k === n - 1;
      if (isKept(p)) {
        const o = p.origin;
        const e = o + p.count - 1;
        if (!line(this.original.textOf(o), this.original.eolOf(o), lastPiece && p.count === 1)) return false;
        if (p.count > 1) {
          prevEol = this.original.eolOf(e - 1);
          if (!line(this.original.textOf(e), this.original.eolOf(e), lastPiece)) return false;
        }
        prevEol = this.original.eolOf(e);
      } else {
        if (/[\r\n]/.test(p.text) || !line(p.text, p.eol, lastPiece)) return false;
        prevEol = p.eol;
      }
    }
    return true;
  }
}

/**
 * Pieces made canonical: a line of its own that is its original line unchanged (text and
 * ending) is kept, and kept pieces that follow each other in the original are one.
 */
export function canonical(original: Original, pieces: readonly PlanPiece[]): PlanPiece[] {
  const out: PlanPiece[] = [];
  for (let p of pieces) {
    if (!isKept(p) && p.origin >= 0 && p.eol === original.eolOf(p.origin) && p.text === original.textOf(p.origin)) p = { origin: p.origin, count: 1 };
    const prev = out[out.length - 1];
    if (isKept(p) && prev && isKept(prev) && prev.origin + prev.count === p.origin) out[out.length - 1] = { origin: prev.origin, count: prev.count + p.count };
    else if (!isKept(p) || p.count > 0) out.push(p);
  }
  return out;
}

/** One anchor of `keptInOrder`: lines `from` to `from + count - 1` of piece `piece`. */
export interface Anchor {
  piece: number;
  from: number;
  count: number;
}

/**
 * The lines of `next` that form the longest run whose origins increase, as patience sorting over
 * every line finds it (ties included: the same run as `keptInOrderDense` on `[...next.all()]`),
 * in anchors of whole lines of pieces. A kept piece's lines have consecutive origins no other
 * line has, so they take consecutive places among the piles' tops: the tops are kept as spans,
 * and the work is per piece, not per line. Lines with the same origin (no repair makes them)
 * are left to the dense sort.
 */
export function keptInOrder(next: PlannedLines): Anchor[] {
  const pieces = next.pieces;
  // Origins must be distinct for the span argument.
  const ranges: [number, number][] = [];
  for (const p of pieces) if (p.origin >= 0) ranges.push([p.origin, p.origin + (isKept(p) ? p.count : 1)]);
  ranges.sort((x, y) => x[0] - y[0]);
  for (let i = 1; i < ranges.length; i++) if (ranges[i][0] < ranges[i - 1][1]) return denseAnchors(next);

  const first = (k: number) => pieces[k].origin;
  const size = (k: number) => (isKept(pieces[k]) ? (pieces[k] as KeptLines).count : 1);
  /** The piles' tops, positions `pos` to `pos + to - from - 1`: lines `from` to `to - 1` of piece `piece`. */
  type Span = { piece: number; from: number; to: number; pos: number };
  const spans: Span[] = [];
  let tops = 0;
  const lastValue = (s: Span) => first(s.piece) + s.to - 1;
  /** Index of the first span whose last value is at least `v`. */
  const spanFor = (v: number) => {
    let lo = 0;
    let hi = spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (lastValue(spans[mid]) < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  /** The span holding position `p`. */
  const spanAt = (p: number) => {
    return spans[Math.max(0, partitionPoint(spans, (s) => s.pos <= p) - 1)];
  };
  /** The line before each piece's first line in the run that ends there: [piece, line of it], or none. */
  const prev = new Map<number, [number, number]>();
  for (let k = 0; k < pieces.length; k++) {
    const v = first(k);
    if (v < 0) continue;
    const c = size(k);
    const si = spanFor(v);
    const lo = si < spans.length ? spans[si].pos + Math.max(0, v - (first(spans[si].piece) + spans[si].from)) : tops;
    if (lo > 0) {
      const s = spanAt(lo - 1);
      prev.set(k, [s.piece, s.from + lo - 1 - s.pos]);
    }
    // Positions lo .. lo + c - 1 now hold this piece's lines.
    const end = lo + c;
    const keep: Span[] = [];
    const i = si;
    // The span holding `lo` may start before it: keep its head.
    if (i < spans.length && spans[i].pos < lo) {
      const s = spans[i];
      keep.push({ piece: s.piece, from: s.from, to: s.from + lo - s.pos, pos: s.pos });
    }
    keep.push({ piece: k, from: 0, to: c, pos: lo });
    let j = i;
    while (j < spans.length && spans[j].pos + spans[j].to - spans[j].from <= end) j++;
    if (j < spans.length && spans[j].pos < end) {
      const s = spans[j];
      const cut = end - s.pos;
      keep.push({ piece: s.piece, from: s.from + cut, to: s.to, pos: end });
      j++;
    }
    spans.splice(i, j - i, ...keep); // eslint-disable-line no-restricted-syntax -- at most 3 items
    tops = Math.max(tops, end);
  }
  const out: Anchor[] = [];
  if (tops === 0) return out;
  const last = spanAt(tops - 1);
  let at: [number, number] | undefined = [last.piece, last.from + tops - 1 - last.pos];
  while (at) {
    out.push({ piece: at[0], from: 0, count: at[1] + 1 });
    at = prev.get(at[0]);
  }
  return out.reverse();
}

/** `keptInOrder` line by line (patience sorting over every line), as anchors of one line each. */
function denseAnchors(next: PlannedLines): Anchor[] {
  const lines = [...next.all()];
  const out: Anchor[] = [];
  for (const j of keptInOrderDense(lines)) {
    const k = next.pieceAt(j);
    out.push({ piece: k, from: j - next.startOf(k), count: 1 });
  }
  return out;
}

/** Indexes of `next` forming the longest run whose origins increase (patience sorting). */
export function keptInOrderDense(next: readonly PlannedLine[]): number[] {
  const tails: number[] = [];
  const prev = new Int32Array(next.length).fill(-1);
  for (let j = 0; j < next.length; j++) {
    const v = next[j].origin;
    if (v < 0) continue;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (next[tails[mid]].origin < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[j] = tails[lo - 1];
    tails[lo] = j;
  }
  const out: number[] = [];
  for (let j = tails.length ? tails[tails.length - 1] : -1; j >= 0; j = prev[j]) out.push(j);
  return out.reverse();
}
