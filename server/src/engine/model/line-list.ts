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
import { partitionPoint } from "./arrays.js";

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
  /**
   * The session is one JSON document, not JSON Lines (model/json-document.ts): every held line
   * carries the same document (a blank line inside it is part of a run and carries none: ask the
   * list, `documentOf`), no line holds a value of its own, and a path on such a line is a path from
   * the document's root (the value may start on a later line: `positions.ts` `pathPlace`).
   */
  doc?: DocumentPlaces;
}

/** Where the values of a JSON-document session are, by their path from its root (model/json-document.ts). */
export interface DocumentPlaces {
  /** The whole document (BOM stripped, as the lines' offsets count). */
  readonly text: string;
  /** Its parsed value (undefined when it does not parse). */
  readonly root: unknown;
  /** The 0-based line where the value at `path` starts (the nearest ancestor's when there is none). */
  lineOf(path: (string | number)[]): number;
  /** The line and columns of the value at `path`, or of its nearest ancestor (`exact: false`). */
  nearest(path: (string | number)[]): { place: { line: number; start: number; end: number }; exact: boolean } | undefined;
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
    const from = last + 1;
    const { held, runs } = this;
    // What is read from the lines as they are, before any of them moves.
    const oldLength = this.length;
    const oldEnd = this.end;
    const oldLastEol = this.lastEol;
    const fromOffset = this.offsetOf(from);
    const firstOffset = this.offsetOf(first);
    const prevEol = first > 0 ? this.at(first - 1)!.eol : "";
    const tailHeld = held.slice(this.heldFrom(from));
    const tailRuns: BlankRun[] = [];
    for (let r = firstRunEndingAfter(runs, from); r < runs.length; r++) {
      const run = runs[r];
      const a = Math.max(from, run.line);
      tailRuns.push({ ...run, line: a, count: run.line + run.count - a, offset: run.offset + (a - run.line) * (run.text.length + run.eol.length) });
    }
    // The lines before `first` stay where they are (a run that reaches into the span is cut).
    const rp = firstRunEndingAfter(runs, first);
    const cut = rp < runs.length && runs[rp].line < first ? { ...runs[rp], count: first - runs[rp].line } : undefined;
    held.length = this.heldFrom(first);
    runs.length = rp;
    if (cut) runs.push(cut);
    this.length = first;
    this.end = firstOffset;
    this.lastEol = prevEol;
    for (const l of fresh) this.push(l);
    // The lines after the span, renumbered and moved (a loop over the held ones and the runs).
    const lineShift = this.length - from;
    const offsetShift = this.end - fromOffset;
    for (const l of tailHeld) {
      l.line += lineShift;
      l.offset += offsetShift;
      held.push(l);
    }
    for (const r of tailRuns) {
      r.line += lineShift;
      r.offset += offsetShift;
      const p = runs[runs.length - 1];
      if (p && p.line + p.count === r.line && p.text === r.text && p.eol === r.eol) runs[runs.length - 1] = { ...p, count: p.count + r.count };
      else runs.push(r);
    }
    if (oldLength > from) {
      this.length += oldLength - from;
      this.end = oldEnd + offsetShift;
      this.lastEol = oldLastEol;
    }
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
  return partitionPoint(runs, (r) => r.line + r.count <= i);
}

/** Index of the run holding line `i`, or of the last run before it (-1: none). */
function runIndex(runs: readonly BlankRun[], i: number): number {
  const k = partitionPoint(runs, (r) => r.line <= i) - 1;
  return k >= 0 && i < runs[k].line + runs[k].count ? k : -1;
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
