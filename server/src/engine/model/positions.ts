/**
 * Character ranges of values inside one line, located on demand with jsonc-parser (the scanner
 * VS Code itself uses). Only lines that a finding, hover or edit needs are scanned.
 */
import { findNodeAtLocation, type Node as JsonNode, parseTree } from "jsonc-parser";
import type { Finding, JsonPath, SourceLine } from "./types.js";

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
 * instead of parsing them again.
 */
const located = new WeakMap<SourceLine, Map<string, ColumnRange>>();

/** Range of the value at `path` on the line, or of the whole line's content when not found. */
export function locate(line: SourceLine | undefined, path?: JsonPath): ColumnRange {
  if (!line) return { start: 0, end: 0 };
  if (!path || path.length === 0) return wholeLine(line);
  const key = JSON.stringify(path);
  let byPath = located.get(line);
  let r = byPath?.get(key);
  if (!r) {
    r = locateIn(line, path);
    if (!byPath) located.set(line, (byPath = new Map()));
    byPath.set(key, r);
  }
  return { start: r.start, end: r.end };
}

function locateIn(line: SourceLine, path: JsonPath): ColumnRange {
  const whole = wholeLine(line);
  const tree = safeParseTree(line.text);
  if (!tree) return whole;
  const node = findNodeAtLocation(tree, path);
  if (!node) {
    // Fall back to the nearest ancestor that exists.
    for (let n = path.length - 1; n > 0; n--) {
      const anc = findNodeAtLocation(tree, path.slice(0, n));
      if (anc) return { start: anc.offset, end: anc.offset + anc.length };
    }
    return whole;
  }
  return { start: node.offset, end: node.offset + node.length };
}

function wholeLine(line: SourceLine): ColumnRange {
  const lead = line.text.length - line.text.trimStart().length;
  return { start: lead, end: Math.max(lead, line.text.trimEnd().length) };
}

export function findingRange(lines: SourceLine[], f: Pick<Finding, "line" | "path" | "columns">): ColumnRange {
  if (f.columns) return f.columns;
  return locate(lines[f.line], f.path);
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
