/**
 * The lines of a text as the engine keeps them. A line that holds something (text other than
 * whitespace, a parse, a parse error, a part of a record that spans lines) is a `SourceLine`
 * object; the lines that hold nothing are not objects: consecutive ones that are alike (the same
 * whitespace text and ending) are one `BlankRun`. A file of a million blank lines is one run, so
 * blank lines cost no memory and no loop over them (`held`) sees them.
 *
 * Every line still has its number: `at(i)` gives any line, making a fresh object for a blank one
 * (not kept: changing it changes nothing); `all()` walks every line the same way.
 */
import type { Eol } from "./lines.js";

/** One physical line of the file. */
export interface SourceLine {
  /** 0-based line number. */
  line: number;
  /** Offset of the first character of the line in the (BOM-stripped) text. */
  offset: number;
  /** The line's text without its line ending. */
  text: string;
  /** The line ending that followed the line ("" for the last line without one). */
  eol: "\n" | "\r\n" | "\r" | "";
  /** The parsed JSON value, when the line parsed. */
  value?: unknown;
  /** The line is nested too deep to read (parse.ts MAX_LINE_DEPTH): reported, not parsed. */
  tooDeep?: boolean;
  /** Why the line did not parse (undefined when it parsed or is blank). */
  parseError?: string;
  /**
   * The line continues the record that starts on this earlier line: the line before it ended in a
   * lone CR, which pi, Claude Code and Codex read as JSON whitespace inside one record (they split
   * records at LF only). The record's value is on its first line; this one holds none.
   */
  partOf?: number;
}

/** `count` lines from `line` that hold nothing, each `text` (whitespace only) and `eol`. */
export interface BlankRun {
  line: number;
  count: number;
  /** Offset of the first line. */
  offset: number;
  text: string;
  eol: Eol;
}

/** Whether a line's text is blank: nothing but whitespace (`parseLine` gives it neither value nor error). */
export function isBlankText(t: string): boolean {
  return t.length === 0 || t.trim() === "";
}

/**
 * Whether line `l` holds nothing and can be a run's: blank text, no parse state, not part of a
 * record (it does not end in a lone CR and the line before it, ending `prevEol`, does not either).
 */
export function holdsNothing(l: SourceLine, prevEol: string): boolean {
  return prevEol !== "\r" && l.eol !== "\r" && l.value === undefined && l.parseError === undefined && !l.tooDeep && l.partOf === undefined && isBlankText(l.text);
}

export class LineList {
  /** The lines that hold something, in line order. */
  held: SourceLine[] = [];
  /** The lines that hold nothing, as runs in line order. */
  runs: BlankRun[] = [];
  /** Lines in all. */
  length = 0;
  /** Offset just past the last line's ending (characters of the text, a stripped BOM not counted). */
  end = 0;
  /** The last line's ending ("" when there is no line). */
  lastEol: Eol = "";
  /**
   * A copy's own record of its held lines' numbers (`copy`): an editor's document renumbers its
   * line objects in place when an edit adds or removes lines, and a copy must still find its
   * lines where they were (as a copied array of them would).
   */
  private nums: Int32Array | null = null;

  /** The line number of held line `k` (as it was when this list was copied, for a copy). */
  lineOfHeld(k: number): number {
    return this.nums ? this.nums[k] : this.held[k].line;
  }

  /** The lines of `lines` (numbered and placed from 0, as `splitLines` gives them). */
  static of(lines: Iterable<SourceLine>): LineList {
    const list = new LineList();
    for (const l of lines) list.push(l);
    return list;
  }

  /** Appends `l` as line `length` at offset `end` (its `line` and `offset` are set so); a line that holds nothing joins a run. */
  push(l: SourceLine): void {
    this.writable();
    if (holdsNothing(l, this.lastEol)) {
      this.pushBlank(l.text, l.eol);
      return;
    }
    l.line = this.length;
    l.offset = this.end;
    this.held.push(l);
    this.length++;
    this.end += l.text.length + l.eol.length;
    this.lastEol = l.eol;
  }

  /** Appends a line that holds nothing (blank `text`, an ending other than a lone CR, after a line that does not end in one). */
  pushBlank(text: string, eol: Eol, count = 1): void {
    this.writable();
    if (count <= 0) return;
    const r = this.runs[this.runs.length - 1];
    if (r && r.line + r.count === this.length && r.text === text && r.eol === eol) r.count += count;
    else this.runs.push({ line: this.length, count, offset: this.end, text, eol });
    this.length += count;
    this.end += (text.length + eol.length) * count;
    this.lastEol = eol;
  }

  /** Line `i` (0 <= i < length), or undefined. A blank line is made afresh. */
  at(i: number): SourceLine | undefined {
    if (!(i >= 0 && i < this.length)) return undefined;
    const h = this.heldAt(i);
    if (h) return h;
    const r = this.runs[runIndex(this.runs, i)];
    return r ? blankLine(r, i) : undefined;
  }

  /** The held line `i`, or undefined when line `i` holds nothing (or does not exist). */
  heldAt(i: number): SourceLine | undefined {
    const k = this.heldFrom(i);
    return k < this.held.length && this.lineOfHeld(k) === i ? this.held[k] : undefined;
  }

  /** The last line, or undefined when there is none. */
  last(): SourceLine | undefined {
    return this.at(this.length - 1);
  }

  /** Index in `held` of the first held line at or after line `i`. */
  heldFrom(i: number): number {
    let lo = 0;
    let hi = this.held.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.lineOfHeld(mid) < i) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Every line in order (blank ones made afresh, as `at`). */
  *all(): Generator<SourceLine, void, undefined> {
    const { held, runs } = this;
    let h = 0;
    let r = 0;
    while (h < held.length || r < runs.length) {
      if (r >= runs.length || (h < held.length && this.lineOfHeld(h) < runs[r].line)) yield held[h++];
      else {
        const run = runs[r++];
        for (let k = 0; k < run.count; k++) yield blankLine(run, run.line + k);
      }
    }
  }

  /** The text of lines `from` to `to` (exclusive), endings included. */
  text(from = 0, to = this.length): string {
    const parts: string[] = [];
    const { held, runs } = this;
    let h = this.heldFrom(from);
    let r = firstRunEndingAfter(runs, from);
    while (h < held.length || r < runs.length) {
      const nextHeld = h < held.length && this.lineOfHeld(h) < to ? held[h] : undefined;
      const run = r < runs.length && runs[r].line < to ? runs[r] : undefined;
      if (!nextHeld && !run) break;
      if (nextHeld && (!run || this.lineOfHeld(h) < run.line)) {
        parts.push(nextHeld.text + nextHeld.eol);
        h++;
      } else {
        const a = Math.max(from, run!.line);
        const b = Math.min(to, run!.line + run!.count);
        if (b > a) parts.push((run!.text + run!.eol).repeat(b - a));
        r++;
      }
    }
    return parts.join("");
  }

  /** A copy whose arrays are its own (a later `replace` on this list does not change it); the held line objects are shared. */
  copy(): LineList {
    const c = new LineList();
    c.held = this.held.slice();
    c.runs = this.runs.map((r) => ({ ...r }));
    c.length = this.length;
    c.end = this.end;
    c.lastEol = this.lastEol;
    const nums = new Int32Array(this.held.length);
    for (let k = 0; k < nums.length; k++) nums[k] = this.lineOfHeld(k);
    c.nums = nums;
    return c;
  }

  /** A copy is read-only (its held lines' numbers are its own record, `nums`). */
  private writable(): void {
    if (this.nums) throw new Error("a copy of lines is read-only");
  }

  /**
   * Lines `first` to `last` (inclusive) replaced by `fresh` (any numbering: they are numbered and
   * placed from `first`); the lines after them are renumbered and moved. In place.
   */
  replace(first: number, last: number, fresh: readonly SourceLine[]): void {
    this.writable();
    const next = new LineList();
    copyRange(this, next, 0, first, 0, 0);
    for (const l of fresh) next.push(l);
    const from = last + 1;
    copyRange(this, next, from, this.length, next.length - from, next.end - this.offsetOf(from));
    this.held = next.held;
    this.runs = next.runs;
    this.length = next.length;
    this.end = next.end;
    this.lastEol = next.lastEol;
  }

  /** Offset of line `i`'s first character (`end` for i = length). */
  offsetOf(i: number): number {
    if (i >= this.length) return this.end;
    const h = this.heldAt(i);
    if (h) return h.offset;
    const r = this.runs[runIndex(this.runs, i)];
    return r.offset + (i - r.line) * (r.text.length + r.eol.length);
  }
}

/** A blank line of run `r` (a fresh object). */
function blankLine(r: BlankRun, i: number): SourceLine {
  return { line: i, offset: r.offset + (i - r.line) * (r.text.length + r.eol.length), text: r.text, eol: r.eol };
}

/** Index of the first run that ends after line `i` (holds it or comes after it). */
function firstRunEndingAfter(runs: readonly BlankRun[], i: number): number {
  let lo = 0;
  let hi = runs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (runs[mid].line + runs[mid].count <= i) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the run holding line `i`, or of the last run before it (-1: none). */
function runIndex(runs: readonly BlankRun[], i: number): number {
  let lo = 0;
  let hi = runs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (runs[mid].line <= i) lo = mid + 1;
    else hi = mid;
  }
  const k = lo - 1;
  return k >= 0 && i < runs[k].line + runs[k].count ? k : -1;
}

/**
 * Appends lines `from` to `to` (exclusive) of `src` to `dst`, which ends where they go: their
 * numbers and offsets move by `lineShift` and `offsetShift` (held line objects are moved in
 * place; runs are copied). Runs that meet are joined.
 */
function copyRange(src: LineList, dst: LineList, from: number, to: number, lineShift: number, offsetShift: number): void {
  if (to <= from) return;
  const { held, runs } = src;
  // Read before any held line moves (lookups search by line number).
  const lastEol = src.at(to - 1)!.eol;
  const end = src.offsetOf(to);
  for (let h = src.heldFrom(from); h < held.length && held[h].line < to; h++) {
    const l = held[h];
    l.line += lineShift;
    l.offset += offsetShift;
    dst.held.push(l);
  }
  for (let r = firstRunEndingAfter(runs, from); r < runs.length && runs[r].line < to; r++) {
    const run = runs[r];
    const a = Math.max(from, run.line);
    const b = Math.min(to, run.line + run.count);
    const step = run.text.length + run.eol.length;
    const line = a + lineShift;
    const p = dst.runs[dst.runs.length - 1];
    if (p && p.line + p.count === line && p.text === run.text && p.eol === run.eol) p.count += b - a;
    else dst.runs.push({ line, count: b - a, offset: run.offset + (a - run.line) * step + offsetShift, text: run.text, eol: run.eol });
  }
  dst.lastEol = lastEol;
  dst.length += to - from;
  dst.end = end + offsetShift;
}

/** Whether runs `a` and `b` cover the same lines with the same text and endings. */
function sameRun(a: BlankRun, b: BlankRun, upTo = Infinity): boolean {
  return a.line === b.line && Math.min(a.line + a.count, upTo) === Math.min(b.line + b.count, upTo) && a.text === b.text && a.eol === b.eol;
}

/**
 * Whether lines 0 to `upTo` (exclusive) of `now` are those of `was`: the same held line objects
 * (a document's lines are patched in place, so an unchanged line is the same object) and the same
 * blank lines.
 */
export function samePrefix(now: LineList, was: LineList, upTo: number): boolean {
  if (now.length < upTo || was.length < upTo) return false;
  let k = 0;
  for (; k < was.held.length && was.lineOfHeld(k) < upTo; k++) if (now.held[k] !== was.held[k]) return false;
  if (k < now.held.length && now.lineOfHeld(k) < upTo) return false;
  let r = 0;
  for (; r < was.runs.length && was.runs[r].line < upTo; r++) if (!now.runs[r] || !sameRun(now.runs[r], was.runs[r], upTo)) return false;
  return !(r < now.runs.length && now.runs[r].line < upTo);
}

/** Whether `a` and `b` have the same blank lines (same places, texts and endings) and their held lines on the same lines. */
export function sameShape(a: LineList, b: LineList): boolean {
  if (a.length !== b.length || a.held.length !== b.held.length || a.runs.length !== b.runs.length) return false;
  for (let r = 0; r < a.runs.length; r++) if (!sameRun(a.runs[r], b.runs[r])) return false;
  for (let k = 0; k < a.held.length; k++) if (a.lineOfHeld(k) !== b.lineOfHeld(k)) return false;
  return true;
}
