/**
 * A session that is one JSON document, not JSON Lines (a Gemini CLI chat `.json`, Cline's
 * `api_conversation_history.json`, an `opencode export`): the session's lines are the document's
 * text lines, as the editor shows them, and every line carries the same `JsonDocument`. Readers
 * of such formats name values by their path from the document's root (`["messages", 3,
 * "toolCalls", 0, "id"]`), and `place` finds the line and columns of that value, so a finding lands
 * on the line where the value is, also in a file written on one line.
 *
 * No tree of the whole document is built: a container's children are found by one scan of its
 * text when a path first goes through it (strings skipped, brackets counted), and kept. A finding
 * inside message 9,000 of a 20 MB file scans the top-level array once and that message's text.
 */
import { lineStarts } from "./lines.js";
import type { DocumentPlaces, JsonPath, SourceLine } from "./types.js";

/** Where one value sits in the text: offsets [start, end). */
interface Span {
  start: number;
  end: number;
}

/** A container's children: an array's in order, an object's by key (the last one wins, as JSON.parse does). */
type Children = { kind: "array"; items: Span[] } | { kind: "object"; keys: Map<string, Span> };

export interface Place {
  /** 0-based line. */
  line: number;
  /** Columns of the value on that line (its end is the line's end when the value goes on past it). */
  start: number;
  end: number;
}

export class JsonDocument implements DocumentPlaces {
  private readonly starts: number[];
  private readonly children = new Map<number, Children | null>();
  private rootSpan: Span | undefined;

  /** `text`: the whole document (BOM stripped, as the lines' offsets count); `root`: its parsed value. */
  constructor(
    readonly text: string,
    readonly root: unknown,
  ) {
    this.starts = lineStarts(text);
  }

  /** The line and columns of the value at `path` from the root; undefined when there is none. */
  place(path: JsonPath): Place | undefined {
    const span = this.spanOf(path);
    return span ? this.placeOfSpan(span) : undefined;
  }

  /** The 0-based line where the value at `path` starts (the nearest ancestor's when it has none). */
  lineOf(path: JsonPath): number {
    for (let n = path.length; n >= 0; n--) {
      const span = this.spanOf(path.slice(0, n));
      if (span) return this.lineAt(span.start);
    }
    return 0;
  }

  /** The value's span, or the nearest ancestor's with `exact: false`. */
  nearest(path: JsonPath): { place: Place; exact: boolean } | undefined {
    for (let n = path.length; n >= 0; n--) {
      const span = this.spanOf(path.slice(0, n));
      if (span) return { place: this.placeOfSpan(span), exact: n === path.length };
    }
    return undefined;
  }

  private placeOfSpan(span: Span): Place {
    const line = this.lineAt(span.start);
    const lineStart = this.starts[line];
    const lineEnd = this.lineEnd(line);
    return { line, start: span.start - lineStart, end: Math.min(span.end, lineEnd) - lineStart };
  }

  private lineAt(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The offset where line `line`'s content ends (before its line ending). */
  private lineEnd(line: number): number {
    let end = line + 1 < this.starts.length ? this.starts[line + 1] : this.text.length;
    while (end > this.starts[line] && (this.text.charCodeAt(end - 1) === 10 || this.text.charCodeAt(end - 1) === 13)) end--;
    return end;
  }

  private spanOf(path: JsonPath): Span | undefined {
    if (!this.rootSpan) {
      const start = skipWs(this.text, 0);
      this.rootSpan = { start, end: skipValue(this.text, start) };
    }
    let span: Span | undefined = this.rootSpan;
    for (const step of path) {
      if (!span) return undefined;
      const c = this.childrenOf(span);
      if (!c) return undefined;
      span = c.kind === "array" ? (typeof step === "number" ? c.items[step] : undefined) : c.keys.get(String(step));
    }
    return span;
  }

  private childrenOf(span: Span): Children | null {
    let c = this.children.get(span.start);
    if (c === undefined) {
      c = scanChildren(this.text, span.start);
      this.children.set(span.start, c);
    }
    return c;
  }
}

function skipWs(t: string, i: number): number {
  while (i < t.length) {
    const c = t.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
    i++;
  }
  return i;
}

/** The end (exclusive) of the string starting at `i` (a `"`). */
function skipString(t: string, i: number): number {
  i++;
  while (i < t.length) {
    const c = t.charCodeAt(i);
    if (c === 92) i += 2;
    else if (c === 34) return i + 1;
    else i++;
  }
  return t.length;
}

/** The end (exclusive) of the value starting at `i`. */
function skipValue(t: string, i: number): number {
  const c = t.charCodeAt(i);
  if (c === 34) return skipString(t, i);
  if (c === 123 || c === 91) {
    let depth = 0;
    while (i < t.length) {
      const d = t.charCodeAt(i);
      if (d === 34) {
        i = skipString(t, i);
        continue;
      }
      if (d === 123 || d === 91) depth++;
      else if (d === 125 || d === 93) {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    return t.length;
  }
  // a number or a literal: up to the next delimiter
  while (i < t.length) {
    const d = t.charCodeAt(i);
    if (d === 44 || d === 125 || d === 93 || d === 32 || d === 9 || d === 10 || d === 13) break;
    i++;
  }
  return i;
}

function scanChildren(t: string, start: number): Children | null {
  const open = t.charCodeAt(start);
  if (open === 91) {
    const items: Span[] = [];
    let i = skipWs(t, start + 1);
    if (t.charCodeAt(i) === 93) return { kind: "array", items };
    while (i < t.length) {
      const end = skipValue(t, i);
      items.push({ start: i, end });
      i = skipWs(t, end);
      if (t.charCodeAt(i) !== 44) break;
      i = skipWs(t, i + 1);
    }
    return { kind: "array", items };
  }
  if (open === 123) {
    const keys = new Map<string, Span>();
    let i = skipWs(t, start + 1);
    while (i < t.length && t.charCodeAt(i) === 34) {
      const keyEnd = skipString(t, i);
      let key: string;
      try {
        key = JSON.parse(t.slice(i, keyEnd));
      } catch {
        return { kind: "object", keys };
      }
      i = skipWs(t, keyEnd);
      if (t.charCodeAt(i) !== 58) break;
      i = skipWs(t, i + 1);
      const end = skipValue(t, i);
      keys.set(key, { start: i, end });
      i = skipWs(t, end);
      if (t.charCodeAt(i) !== 44) break;
      i = skipWs(t, i + 1);
    }
    return { kind: "object", keys };
  }
  return null;
}

/**
 * The document the lines of a JSON-document session belong to (undefined for JSON Lines): every
 * held line of such a session carries it (a blank line, part of a run, carries none).
 */
export function documentOf(lines: { readonly held: readonly SourceLine[] }): DocumentPlaces | undefined {
  return lines.held[0]?.doc;
}
