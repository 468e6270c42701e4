/**
 * Character ranges of values inside one line, located on demand with jsonc-parser (the scanner
 * VS Code itself uses). Only lines that a finding, hover or edit needs are scanned.
 */
import { findNodeAtLocation, parseTree } from "jsonc-parser";
import type { Finding, JsonPath, SourceLine } from "./types.js";

export interface ColumnRange {
  /** 0-based start column (UTF-16 code units, as editors count). */
  start: number;
  /** 0-based end column, exclusive. */
  end: number;
}

/** Range of the value at `path` on the line, or of the whole line's content when not found. */
export function locate(line: SourceLine | undefined, path?: JsonPath): ColumnRange {
  if (!line) return { start: 0, end: 0 };
  const whole = wholeLine(line);
  if (!path || path.length === 0) return whole;
  const tree = parseTree(line.text);
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

/** Offset (within the line) of every occurrence of a JSON string value equal to `value`. */
export function stringValueRanges(line: SourceLine, value: string): ColumnRange[] {
  const tree = parseTree(line.text);
  const out: ColumnRange[] = [];
  const walk = (n: any) => {
    if (!n) return;
    // a string value: an array element, the root, or a property's value (not its key)
    const isKey = n.parent?.type === "property" && n.parent.children?.[0] === n;
    if (n.type === "string" && n.value === value && !isKey) out.push({ start: n.offset, end: n.offset + n.length });
    for (const c of n.children ?? []) walk(c);
  };
  walk(tree);
  return out;
}
