/**
 * Character ranges of values inside one line, located on demand with jsonc-parser (the scanner
 * VS Code itself uses). Only lines that a finding, hover or edit needs are scanned.
 */
import { createScanner, type Node as JsonNode, parseTree } from "jsonc-parser";

/** jsonc-parser's token kinds (a const enum its typings declare, which isolated modules cannot read). */
const SyntaxKind = {
  OpenBraceToken: 1,
  CloseBraceToken: 2,
  OpenBracketToken: 3,
  CloseBracketToken: 4,
  CommaToken: 5,
  ColonToken: 6,
  NullKeyword: 7,
  TrueKeyword: 8,
  FalseKeyword: 9,
  StringLiteral: 10,
  NumericLiteral: 11,
  LineCommentTrivia: 12,
  BlockCommentTrivia: 13,
  LineBreakTrivia: 14,
  Trivia: 15,
} as const;
import type { Finding, JsonPath, SourceLine } from "./types.js";
import { documentOf } from "./json-document.js";
import type { LineList } from "./line-list.js";

/**
 * jsonc-parser builds and walks its tree recursively: a line nested thousands of levels deep
 * overflows the stack. Lines nested deeper than this are not scanned (their ranges fall back to
 * the whole line, and repairs that need the tree are not offered).
 */
export const MAX_SCAN_DEPTH = 256;

/** Deepest nesting of arrays and objects in a JSON text (strings skipped), stopping early past `limit`. */
export function nestingDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

/** jsonc-parser's tree of a line, or undefined when the line is too deep to scan safely. */
export function safeParseTree(text: string): JsonNode | undefined {
  if (nestingDepth(text, MAX_SCAN_DEPTH) > MAX_SCAN_DEPTH) return undefined;
  try {
    return parseTree(text);
  } catch {
    return undefined;
  }
}

export interface ColumnRange {
  /** 0-based start column (UTF-16 code units, as editors count). */
  start: number;
  /** 0-based end column, exclusive. */
  end: number;
}

/**
 * Ranges already located, per line object: a line's text never changes (an edit makes a new line
 * object), so a language server's next version finds the ranges of its unchanged lines here
 * instead of scanning them again.
 */
const located = new WeakMap<SourceLine, Map<string, ColumnRange>>();

/** Range of the value at `path` on the line, or of the whole line's content when not found. */
export function locate(line: SourceLine | undefined, path?: JsonPath): ColumnRange {
  if (!line) return { start: 0, end: 0 };
  if (!path || path.length === 0) return wholeLine(line);
  if (line.doc) {
    // A JSON document: the path is from its root; its range is on this line only when the value starts here.
    const at = line.doc.nearest(path);
    return at && at.place.line === line.line ? { start: at.place.start, end: at.place.end } : wholeLine(line);
  }
  return locateMany(line, [path])[0];
}

/**
 * The ranges of several paths on one line, in one scan of it (a line holding 20,000 tool calls is
 * scanned once for all their ids, not once per id); each as `locate` gives it.
 */
export function locateMany(line: SourceLine, paths: readonly JsonPath[]): ColumnRange[] {
  if (line.doc) return paths.map((p) => locate(line, p));
  let byPath = located.get(line);
  const keys = paths.map(pathKey);
  const missing: JsonPath[] = [];
  for (let i = 0; i < paths.length; i++) if (paths[i].length > 0 && !byPath?.get(keys[i])) missing.push(paths[i]);
  if (missing.length > 0) {
    if (!byPath) located.set(line, (byPath = new Map()));
    const whole = wholeLine(line);
    const found = nestingDepth(line.text, MAX_SCAN_DEPTH) > MAX_SCAN_DEPTH ? undefined : scanPaths(line.text, missing);
    for (const path of missing) byPath.set(pathKey(path), found ? nearest(found, path) ?? whole : whole);
  }
  return paths.map((p, i) => (p.length === 0 ? wholeLine(line) : { ...byPath!.get(keys[i])! }));
}

/** The range of `path`, else of its nearest ancestor below the root that exists. */
function nearest(found: Map<string, ColumnRange>, path: JsonPath): ColumnRange | undefined {
  for (let n = path.length; n > 0; n--) {
    const r = found.get(pathKey(path.slice(0, n)));
    if (r) return r;
  }
  return undefined;
}

/** A path as a map key: each segment as JSON (a string quoted, a number bare), comma-joined. */
function pathKey(path: JsonPath): string {
  let k = "";
  for (let i = 0; i < path.length; i++) k += (i ? "," : "") + JSON.stringify(path[i]);
  return k;
}

interface Frame {
  array: boolean;
  /** This container's path key, or null when no wanted path runs through it. */
  key: string | null;
  start: number;
  /** Next element's index (arrays). */
  index: number;
}

/**
 * One pass of jsonc-parser's scanner over `text` (no tree, no recursion: memory is the nesting
 * depth): the range of every value whose path is one of `paths` or a prefix of one. The first of
 * duplicate keys counts (as jsonc-parser's `findNodeAtLocation`). Undefined when the text is not
 * one JSON value.
 */
function scanPaths(text: string, paths: readonly JsonPath[]): Map<string, ColumnRange> | undefined {
  const wanted = new Set<string>();
  for (const p of paths) for (let n = 1; n <= p.length; n++) wanted.add(pathKey(p.slice(0, n)));
  const found = new Map<string, ColumnRange>();
  const sc = createScanner(text, true);
  const stack: Frame[] = [];
  const childKey = (parent: string | null, seg: string | number): string | null => {
    if (parent === null) return null;
    const k = (parent === "" ? "" : parent + ",") + JSON.stringify(seg);
    return wanted.has(k) ? k : null;
  };
  const record = (key: string | null, start: number, end: number) => {
    if (key !== null && key !== "" && !found.has(key)) found.set(key, { start, end });
  };
  /** Starts the value at the current token under `key`; false on a token that cannot start one. */
  const value = (key: string | null): boolean => {
    const t: number = sc.getToken();
    const start = sc.getTokenOffset();
    if (t === SyntaxKind.OpenBraceToken || t === SyntaxKind.OpenBracketToken) {
      stack.push({ array: t === SyntaxKind.OpenBracketToken, key, start, index: 0 });
      return true;
    }
    if (t === SyntaxKind.StringLiteral || t === SyntaxKind.NumericLiteral || t === SyntaxKind.TrueKeyword || t === SyntaxKind.FalseKeyword || t === SyntaxKind.NullKeyword) {
      record(key, start, start + sc.getTokenLength());
      return true;
    }
    return false;
  };
  const next = (): number => {
    let t: number = sc.scan();
    while (t === SyntaxKind.LineCommentTrivia || t === SyntaxKind.BlockCommentTrivia || t === SyntaxKind.Trivia || t === SyntaxKind.LineBreakTrivia) t = sc.scan();
    return t;
  };
  next();
  if (!value("")) return undefined;
  // After a value: inside a container, expect `,` or its close; at the top, the end.
  let expectValue = stack.length > 0;
  let afterOpen = true;
  while (stack.length > 0) {
    const f = stack[stack.length - 1];
    const t = next();
    if (expectValue) {
      // just opened, or after a comma
      if (afterOpen && (t === SyntaxKind.CloseBraceToken || t === SyntaxKind.CloseBracketToken)) {
        close(f);
        continue;
      }
      let key: string | null;
      if (f.array) key = childKey(f.key, f.index++);
      else {
        if (t !== SyntaxKind.StringLiteral) return found;
        const name = sc.getTokenValue();
        if (next() !== SyntaxKind.ColonToken) return found;
        next();
        key = childKey(f.key, name);
      }
      const depth = stack.length;
      if (!value(key)) return found;
      // a container opened: its first element comes next; a scalar: a comma or a close
      afterOpen = stack.length > depth;
      expectValue = afterOpen;
      continue;
    }
    if (t === SyntaxKind.CommaToken) {
      expectValue = true;
      afterOpen = false;
    } else if (t === (f.array ? SyntaxKind.CloseBracketToken : SyntaxKind.CloseBraceToken)) close(f);
    else return found;
  }
  return found;

  function close(f: Frame): void {
    stack.pop();
    record(f.key, f.start, sc.getTokenOffset() + sc.getTokenLength());
    expectValue = false;
    afterOpen = false;
  }
}

/** A scalar of a line's JSON (a value, or a property's key) with its place: what `valueAt` finds. */
export interface ScalarAt {
  type: "string" | "number" | "boolean" | "null";
  value: string | number | boolean | null;
  /** Start and length in the line (UTF-16 code units). */
  offset: number;
  length: number;
  /** Path of the value, or of the property whose key it is. */
  path: JsonPath;
  /** The scalar is a property's key. */
  isKey: boolean;
}

/**
 * The scalar under `offset` (its end included, as jsonc-parser's `findNodeAtOffset` with the right
 * bound), found with one pass of the scanner and no tree: a hover on a line of a million values
 * scans it and allocates nothing per value. Undefined off every scalar, or on a line too deep to scan.
 */
export function valueAt(text: string, offset: number): ScalarAt | undefined {
  if (nestingDepth(text, MAX_SCAN_DEPTH) > MAX_SCAN_DEPTH) return undefined;
  const sc = createScanner(text, true);
  const path: JsonPath = [];
  /** Per open container: whether it is an array, and its next index. */
  const arrays: boolean[] = [];
  const indexes: number[] = [];
  const next = (): number => {
    let t: number = sc.scan();
    while (t === SyntaxKind.LineCommentTrivia || t === SyntaxKind.BlockCommentTrivia || t === SyntaxKind.Trivia || t === SyntaxKind.LineBreakTrivia) t = sc.scan();
    return t;
  };
  const scalar = (t: number, isKey: boolean): ScalarAt | undefined => {
    const start = sc.getTokenOffset();
    const end = start + sc.getTokenLength();
    if (offset < start || offset > end) return undefined;
    const v = sc.getTokenValue();
    const out = (type: ScalarAt["type"], value: ScalarAt["value"]): ScalarAt => ({ type, value, offset: start, length: end - start, path: path.slice(), isKey });
    if (t === SyntaxKind.StringLiteral) return out("string", v);
    if (t === SyntaxKind.NumericLiteral) return out("number", Number(v));
    if (t === SyntaxKind.NullKeyword) return out("null", null);
    return out("boolean", t === SyntaxKind.TrueKeyword);
  };
  const isScalar = (t: number) => t === SyntaxKind.StringLiteral || t === SyntaxKind.NumericLiteral || t === SyntaxKind.TrueKeyword || t === SyntaxKind.FalseKeyword || t === SyntaxKind.NullKeyword;
  let t = next();
  let expectValue = true;
  let afterOpen = false;
  /** A value has ended (a scalar, or a container just closed): leave its path segment and read on; false when it was the root. */
  const valueEnded = (): boolean => {
    if (arrays.length === 0) return false;
    path.pop();
    expectValue = false;
    afterOpen = false;
    t = next();
    return true;
  };
  for (;;) {
    if (sc.getTokenOffset() > offset + 1) return undefined;
    if (expectValue) {
      const inArray = arrays.length > 0 && arrays[arrays.length - 1];
      if (afterOpen && (t === SyntaxKind.CloseBraceToken || t === SyntaxKind.CloseBracketToken)) {
        // an empty container closes
        arrays.pop();
        indexes.pop();
        if (!valueEnded()) return undefined;
        continue;
      }
      if (arrays.length > 0) {
        if (inArray) path.push(indexes[indexes.length - 1]++);
        else {
          if (t !== SyntaxKind.StringLiteral) return undefined;
          path.push(sc.getTokenValue());
          const key = scalar(t, true);
          if (key) return key;
          if (next() !== SyntaxKind.ColonToken) return undefined;
          t = next();
        }
      }
      if (t === SyntaxKind.OpenBraceToken || t === SyntaxKind.OpenBracketToken) {
        arrays.push(t === SyntaxKind.OpenBracketToken);
        indexes.push(0);
        afterOpen = true;
        t = next();
        continue;
      }
      if (!isScalar(t)) return undefined;
      const hit = scalar(t, false);
      if (hit) return hit;
      if (!valueEnded()) return undefined;
      continue;
    }
    if (t === SyntaxKind.CommaToken) {
      expectValue = true;
      afterOpen = false;
      t = next();
    } else if (t === SyntaxKind.CloseBraceToken || t === SyntaxKind.CloseBracketToken) {
      arrays.pop();
      indexes.pop();
      if (!valueEnded()) return undefined;
    } else return undefined;
  }
}

function wholeLine(line: SourceLine): ColumnRange {
  const lead = line.text.length - line.text.trimStart().length;
  return { start: lead, end: Math.max(lead, line.text.trimEnd().length) };
}

export function findingRange(lines: { at(i: number): SourceLine | undefined }, f: Pick<Finding, "line" | "path" | "columns">): ColumnRange {
  if (f.columns) return f.columns;
  return locate(lines.at(f.line)!, f.path);
}

/** A line and the columns on it. */
export interface LinePlace extends ColumnRange {
  line: number;
}

/**
 * Where a value is: `line` and the range of `path` on it; in a JSON document (json-document.ts),
 * the line where the value at `path` starts, which may be below `line` (its record's first line).
 */
export function pathPlace(lines: LineList, line: number, path?: JsonPath, columns?: ColumnRange): LinePlace {
  if (columns) return { line, ...columns };
  const doc = documentOf(lines);
  if (doc && path && path.length > 0) {
    const at = doc.nearest(path);
    if (at) return { line: at.place.line, start: at.place.start, end: at.place.end };
  }
  return { line, ...locate(lines.at(line), path) };
}

/** Where a finding is shown: its line and range (`pathPlace` of its line, path and columns). */
export function findingPlace(lines: LineList, f: Pick<Finding, "line" | "path" | "columns">): LinePlace {
  return pathPlace(lines, f.line, f.path, f.columns);
}

/** Offset (within the line) of every occurrence of a JSON string value equal to `value` (none on a line too deep to scan). */
export function stringValueRanges(line: SourceLine, value: string): ColumnRange[] {
  const out: ColumnRange[] = [];
  const stack: JsonNode[] = [];
  const tree = safeParseTree(line.text);
  if (tree) stack.push(tree);
  while (stack.length > 0) {
    const n = stack.pop()!;
    // a string value: an array element, the root, or a property's value (not its key)
    const isKey = n.parent?.type === "property" && n.parent.children?.[0] === n;
    if (n.type === "string" && n.value === value && !isKey) out.push({ start: n.offset, end: n.offset + n.length });
    const c = n.children ?? [];
    for (let i = c.length - 1; i >= 0; i--) stack.push(c[i]);
  }
  return out;
}
