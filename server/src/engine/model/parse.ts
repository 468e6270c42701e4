/**
 * Stage 1 of the engine: text -> lines -> JSON values.
 *
 * Lines end at `\n`, `\r\n` or a lone `\r`, as LSP and VS Code count them (lines.ts), so every
 * line number is the editor's. Records are what the agents read: pi, Claude Code and Codex split
 * at LF only, so lines joined by a lone CR form one record (`glueRecords`), read from its first line.
 * Hot path: one `JSON.parse` per line and nothing else. Exact character ranges are found later,
 * only for the lines a finding points at (see positions.ts).
 */
import type { Eol } from "./lines.js";
import { isBlankText, LineList } from "./line-list.js";
import { nestingDepth } from "./positions.js";
import type { Finding, SourceLine } from "./types.js";

export interface ParsedText {
  /** The lines: those that hold something as objects, blank ones as runs (line-list.ts). */
  lines: LineList;
  /** Some lines end in a lone CR (records span lines): an edit is re-read from the whole text. */
  glued?: boolean;
  /** Whether a UTF-8 byte order mark was stripped from the start. */
  bom: boolean;
  /** The last line has content but no line ending. */
  unterminatedLastLine: boolean;
}

/**
 * The lines of `text` (lines.ts's rule), unparsed: a line that may hold something is an object,
 * a blank one joins a run without being made (no slice for an empty one).
 */
export function splitLines(text: string): ParsedText {
  let bom = false;
  if (text.charCodeAt(0) === 0xfeff) {
    text = text.slice(1);
    bom = true;
  }
  const lines = new LineList();
  const n = text.length;
  let start = 0;
  let prev: SourceLine | undefined;
  const add = (end: number, eol: Eol) => {
    // A line that ends in a lone CR, and the line after one, are parts of a record: kept.
    if (eol !== "\r" && lines.lastEol !== "\r" && (end === start || isBlankText(text.slice(start, end)))) lines.pushBlank(end === start ? "" : text.slice(start, end), eol);
    else lines.push((prev = newLine(0, 0, sharedText(text.slice(start, end), prev), eol)));
  };
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c !== 10 && c !== 13) continue;
    const crlf = c === 13 && i + 1 < n && text.charCodeAt(i + 1) === 10;
    add(i, crlf ? "\r\n" : c === 10 ? "\n" : "\r");
    if (crlf) i++;
    start = i + 1;
    // Empty lines after it, all alike: one run, counted without a call per line.
    if (c === 10 || crlf) {
      let j = start;
      if (crlf) while (j + 1 < n && text.charCodeAt(j) === 13 && text.charCodeAt(j + 1) === 10) j += 2;
      else while (j < n && text.charCodeAt(j) === 10) j++;
      if (j > start) {
        lines.pushBlank("", crlf ? "\r\n" : "\n", (j - start) / (crlf ? 2 : 1));
        i = j - 1;
        start = j;
      }
    }
  }
  if (start < n) add(n, "");
  const last = lines.last();
  return { lines, bom, unterminatedLastLine: !!last && last.eol === "" && !isBlankText(last.text) };
}

/**
 * A line object with a place for its value from the start: the parse fills it in without a
 * change of shape (a property added later would need a backing store of its own, about 40 bytes
 * more for every line).
 */
export function newLine(line: number, offset: number, text: string, eol: Eol): SourceLine {
  return { line, offset, text, eol, value: undefined };
}

/**
 * Lines nested deeper than this are reported and not read: JSON.parse copes, but every tool that
 * walks the value recursively (JSON.stringify included) would overflow its stack.
 */
export const MAX_LINE_DEPTH = 1000;

/** Parses one line. Blank lines get neither value nor error; a line nested too deep gets `tooDeep`. */
export function parseLine(l: SourceLine): void {
  const t = l.text;
  if (t.trim() === "") return;
  // Only a line with at least 2 * MAX_LINE_DEPTH characters can nest that deep. V8's JSON.parse
  // does not recurse; the depth of what it made is measured on the value (its containers, far
  // fewer than the text's characters), or on the text when it did not parse.
  const long = t.length > 2 * MAX_LINE_DEPTH;
  let value: unknown;
  try {
    value = JSON.parse(t);
  } catch (e) {
    if (long && nestingDepth(t, MAX_LINE_DEPTH) > MAX_LINE_DEPTH) l.tooDeep = true;
    else l.parseError = (e as Error).message;
    return;
  }
  if (long && nestedDeeperThan(value, MAX_LINE_DEPTH)) l.tooDeep = true;
  else l.value = value;
}

/**
 * Short lines with the text of the held line before them share its string and its parse: a file
 * of a million `{}` lines (or of one malformed line repeated) holds one string, one value and one
 * parse error between them, not one each (a short slice of a string is a copy, 24 bytes; an empty
 * object 56). Longer lines are slices of the text or dropped once parsed (io/read-session-lines.ts).
 */
const SHARE_BELOW = 64;

/** `text`, or `prev`'s equal text when both are short (one string for both). */
function sharedText(text: string, prev: SourceLine | undefined): string {
  return prev !== undefined && text.length < SHARE_BELOW && prev.text === text ? prev.text : text;
}

/**
 * Parses `l`, or takes the parse of `prev` (the held line before it, parsed on its own: not part
 * of a record that spans lines) when their short texts are equal. The parse is the same either
 * way; the value is shared only when nothing can tell it apart from a fresh one: a primitive, or
 * an empty object or array (no reader makes an entry of those, and the engine changes no value).
 */
export function parseLineAfter(l: SourceLine, prev: SourceLine | undefined): void {
  if (prev !== undefined && l.text.length < SHARE_BELOW && l.text === prev.text && prev.eol !== "\r" && prev.partOf === undefined && !prev.tooDeep && sharable(prev.value)) {
    l.text = prev.text;
    l.value = prev.value;
    if (prev.parseError !== undefined) l.parseError = prev.parseError;
    return;
  }
  parseLine(l);
}

function sharable(v: unknown): boolean {
  if (typeof v !== "object" || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  for (const _ in v) return false;
  return Object.getPrototypeOf(v) === Object.prototype;
}

/** Whether a parsed JSON value nests arrays and objects more than `limit` deep (the text's bracket depth); iterative. */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  const stack: object[] = [value];
  const depths: number[] = [1];
  while (stack.length) {
    const v = stack.pop()! as Record<string, unknown>;
    const d = depths.pop()!;
    if (d > limit) return true;
    for (const k in v) {
      const c = v[k];
      if (typeof c === "object" && c !== null) {
        stack.push(c);
        depths.push(d + 1);
      }
    }
  }
  return false;
}

/** The finding for a line nested deeper than MAX_LINE_DEPTH. */
export function tooDeepFinding(l: SourceLine): Finding {
  return {
    code: "malformed-line",
    severity: "error",
    line: l.line,
    columns: { start: 0, end: l.text.length },
    message: `Line nested too deeply to read. It is nested more than ${MAX_LINE_DEPTH} levels deep, so it is not read. Tools that walk it recursively would overflow their stack; the rest of the session is analysed without it.`,
  };
}

/**
 * Lines that end in a lone CR and the lines after them, up to one that ends otherwise, are one
 * record: parsed as the joined text (CR included, JSON whitespace between tokens) onto the first
 * line; the others get `partOf`. Returns whether any line was glued.
 */
export function glueRecords(list: LineList): boolean {
  // The lines of a record are all held (line-list.ts keeps a line ending in a lone CR and the
  // line after it), and consecutive in `held`.
  const lines = list.held;
  let any = false;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].eol !== "\r") continue;
    any = true;
    let k = i;
    while (k + 1 < lines.length && lines[k].eol === "\r") k++;
    glueGroup(lines, i, k, (j) => lines[j].text);
    i = k;
  }
  return any;
}

/** Held lines i..k as one record (`text(j)`: held line j's text, which a disk reader may have dropped). */
function glueGroup(lines: readonly SourceLine[], i: number, k: number, text: (j: number) => string): void {
  let joined = "";
  for (let j = i; j <= k; j++) joined += text(j) + (j < k || lines[j].eol === "\r" ? "\r" : "");
  const first = lines[i];
  const record: SourceLine = { line: first.line, offset: first.offset, text: joined, eol: "" };
  parseLine(record);
  first.value = record.value;
  first.parseError = record.parseError;
  first.tooDeep = record.tooDeep;
  for (let j = i + 1; j <= k; j++) {
    const l = lines[j];
    l.value = undefined;
    l.parseError = undefined;
    l.tooDeep = undefined;
    l.partOf = first.line;
  }
}

/**
 * `parseText(text)` in slices, for a caller that yields between them (the language server shows
 * progress and stops a superseded read): `next(chars)` parses the lines of about that many
 * characters and says whether lines are left; once it returns false, `parsed` equals
 * `parseText(text)`. `read()` is the characters parsed so far.
 */
export function parseTextSliced(text: string): { parsed: ParsedText; total: number; read: () => number; next: (chars: number) => boolean } {
  const parsed = splitLines(text);
  const lines = parsed.lines.held;
  let i = 0;
  // Line offsets leave out a stripped byte order mark; the text's length counts it.
  const bom = parsed.bom ? 1 : 0;
  let read = 0;
  return {
    parsed,
    total: text.length,
    read: () => read,
    next: (chars) => {
      const until = read + chars;
      while (i < lines.length && read < until) {
        const l = lines[i++];
        parseLineAfter(l, i > 1 ? lines[i - 2] : undefined);
        read = bom + l.offset + l.text.length + l.eol.length;
      }
      if (i < lines.length) return true;
      read = text.length;
      if (glueRecords(parsed.lines)) parsed.glued = true;
      return false;
    },
  };
}

export function parseText(text: string, previous?: ParsedText): ParsedText {
  const parsed = splitLines(text);
  if (!previous) {
    const held = parsed.lines.held;
    for (let k = 0; k < held.length; k++) parseLineAfter(held[k], k > 0 ? held[k - 1] : undefined);
    if (glueRecords(parsed.lines)) parsed.glued = true;
    return parsed;
  }
  // Incremental: a line whose text is unchanged (wherever it moved) reuses its parse. An edit
  // or an append re-parses only the lines it touched.
  const memo = new Map<string, SourceLine>();
  // Lines of a record that spans lines hold the record's parse, not their own: not reused; nor
  // are the lines of a JSON document (the document holds the parse).
  for (const l of previous.lines.held) if (l.text.length > 0 && l.eol !== "\r" && l.partOf === undefined && l.doc === undefined) memo.set(l.text, l);
  for (const l of parsed.lines.held) {
    const old = memo.get(l.text);
    if (old) {
      l.value = old.value;
      l.parseError = old.parseError;
      l.tooDeep = old.tooDeep;
    } else parseLine(l);
  }
  if (glueRecords(parsed.lines)) parsed.glued = true;
  return parsed;
}

/**
 * The engine's entry for text that arrives line by line (a file read in chunks, never held as
 * one string): gives the same lines, offsets, BOM handling and parses as `parseText` on the
 * joined text. `sessionFromLines(collector.finish())` then reads the session.
 */
export class LineCollector {
  private readonly lines = new LineList();
  private bom = false;
  /** Whether the last line added is blank (its text may be dropped by then). */
  private lastBlank = true;

  /** `makeLine` builds each line object (a reader may give lines a `text` it can drop and read again). */
  constructor(private readonly makeLine: (line: number, offset: number, text: string, eol: Eol) => SourceLine = newLine) {}

  /**
   * The next line's text (decoded, without its ending) and the ending that followed it; returns
   * the line made, none for a line that holds nothing (blank, not part of a record: it joins a
   * run, line-list.ts) or a lone BOM.
   */
  add(text: string, eol: Eol): SourceLine | undefined {
    const lines = this.lines;
    if (lines.length === 0 && text.charCodeAt(0) === 0xfeff) {
      text = text.slice(1);
      this.bom = true;
      if (text === "" && eol === "") return undefined; // a file holding only a BOM has no lines
    }
    this.lastBlank = isBlankText(text);
    // A lone CR does not end a record: the record is read when a line ends it (glueRecords),
    // from the texts kept here (a disk line may drop its own).
    const inRecord = eol === "\r" || this.open.length > 0;
    if (this.lastBlank && !inRecord) {
      lines.pushBlank(text, eol);
      return undefined;
    }
    // A short line like the one before shares its string (its parse too, below).
    const prev = inRecord ? undefined : this.prevShort;
    const l = this.makeLine(lines.length, lines.end, sharedText(text, prev), eol);
    lines.push(l);
    this.prevShort = undefined;
    if (inRecord) {
      this.open.push(text);
      if (eol !== "\r") this.glue();
    } else {
      parseLineAfter(l, prev);
      if (text.length < SHARE_BELOW) this.prevShort = l;
    }
    return l;
  }

  /**
   * The held line before, when it is short and parsed on its own (a line that may drop its text,
   * io/read-session-lines.ts, is long: never asked for its text here).
   */
  private prevShort: SourceLine | undefined;

  /** Texts of the lines of a record still open (they ended in lone CRs so far). */
  private open: string[] = [];
  private glued = false;

  private glue(): void {
    const held = this.lines.held;
    const k = held.length - 1;
    const i = k - this.open.length + 1;
    const texts = this.open;
    glueGroup(held, i, k, (j) => texts[j - i]);
    this.open = [];
    this.glued = true;
  }

  /** A line that cannot be held as a string (longer than a JavaScript string can be): kept as an unparsed line saying why. */
  addUnreadable(reason: string, eol: Eol): void {
    this.prevShort = undefined;
    if (this.open.length > 0) this.glue();
    const l = this.makeLine(this.lines.length, this.lines.end, "", eol);
    l.parseError = reason;
    this.lastBlank = false;
    this.lines.push(l);
  }

  finish(): ParsedText {
    if (this.open.length > 0) this.glue();
    const last = this.lines.last();
    return { lines: this.lines, bom: this.bom, unterminatedLastLine: !!last && last.eol === "" && !this.lastBlank, ...(this.glued ? { glued: true } : {}) };
  }
}

export function isObject(v: unknown): v is Record<string, any> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function describeJsonType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  return typeof v === "string" ? "a string" : typeof v === "number" ? "a number" : typeof v === "boolean" ? "a boolean" : typeof v;
}
