/**
 * `fix` on bytes: the file is decoded for the analysis, but the output keeps every byte of every
 * line the fix does not change (invalid UTF-8 included, no U+FFFD), taking them from the original
 * buffer. A changed line whose original bytes are not valid UTF-8 is refused rather than guessed.
 */
import type { AnalyzeOptions } from "../engine/index.js";
import { ByteLineScanner } from "../engine/index.js";
import { fixAll, type FixAllOptions, type FixAllReport, isKept, keptInOrder, type PlannedLines } from "../engine/index.js";

export interface LineOp {
  kind: " " | "-" | "+";
  text: string;
  /** 0-based line in the old file (for " " and "-") and in the new one (for " " and "+"). */
  oldLine?: number;
  newLine?: number;
  /** A "+" that is the line of the "-" before it, changed in place (not a line removed and another added). */
  inPlace?: true;
  /** A "+" that is an old line moved here (0-based old line; its "-" is elsewhere). */
  movedFrom?: number;
  /**
   * A " " standing for `count` unchanged lines from `oldLine` and `newLine` (no text): a long run
   * of unchanged lines keeps CONTEXT + 1 lines of its own at each end, and the rest is one op.
   */
  count?: number;
}

export type FixBytesResult = ({ ok: true; bytes: Buffer; ops: LineOp[] } | { ok: false; message: string }) & { fix: FixAllReport };

/** Every repair (`opts` narrows them) on the file's bytes. */
export function fixBytes(bytes: Buffer, options: AnalyzeOptions, opts: FixAllOptions = {}): FixBytesResult {
  const text = bytes.toString("utf8");
  const fix = fixAll(text, options, opts);
  if (fix.done.size === 0) return { ok: true, bytes, ops: [], fix };
  const next = fix.lines;
  const o = next.original;
  // The byte spans of the original lines the repaired file takes bytes from (found in one pass,
  // kept only for those lines).
  const wanted: number[] = [];
  for (const p of next.pieces) {
    if (isKept(p)) wanted.push(p.origin, p.origin + p.count - 1);
    else if (p.origin >= 0) wanted.push(p.origin);
  }
  const spans = byteSpans(bytes, wanted);
  if (spans.lines !== o.length) return { ok: false, message: "internal: line counts disagree", fix };
  const parts: Buffer[] = [];
  for (const p of next.pieces) {
    if (isKept(p)) {
      parts.push(bytes.subarray(spans.at(p.origin).start, spans.at(p.origin + p.count - 1).next));
      continue;
    }
    const i = p.origin;
    const span = i >= 0 ? spans.at(i) : undefined;
    if (span && p.text === o.textOf(i)) parts.push(bytes.subarray(span.start, span.end));
    else {
      if (span && !Buffer.from(o.textOf(i), "utf8").equals(bytes.subarray(span.start, span.end)))
        return { ok: false, message: `line ${i + 1} needs an edit but holds bytes that are not valid UTF-8; not fixed`, fix };
      parts.push(Buffer.from(p.text, "utf8"));
    }
    parts.push(Buffer.from(p.eol, "latin1"));
  }
  return { ok: true, bytes: Buffer.concat(parts), ops: lineOps(next), fix };
}

/** The byte spans of lines `wanted` of `bytes` (one pass; nothing kept for other lines) and the number of lines. */
function byteSpans(bytes: Buffer, wanted: number[]): { lines: number; at(i: number): { start: number; end: number; next: number } } {
  const want = [...new Set(wanted)].sort((x, y) => x - y);
  const found = new Map<number, { start: number; end: number; next: number }>();
  let line = 0;
  let w = 0;
  const scanner = new ByteLineScanner((start, end, next) => {
    if (w < want.length && want[w] === line) {
      found.set(line, { start, end, next });
      w++;
    }
    line++;
  });
  scanner.push(bytes);
  scanner.end();
  return { lines: line, at: (i) => found.get(i)! };
}

/** Lines of context a unified diff shows around a change. */
const CONTEXT = 3;

/**
 * The line-by-line change: kept lines, removed lines, lines changed in place, inserted (or moved)
 * lines. A long run of unchanged lines is one op in its middle (`LineOp.count`).
 */
export function lineOps(next: PlannedLines): LineOp[] {
  const o = next.original;
  const ops: LineOp[] = [];
  let i = 0;
  let j = 0;
  const flush = (oldEnd: number, newEnd: number) => {
    for (; i < oldEnd; i++) ops.push({ kind: "-", text: o.textOf(i), oldLine: i });
    for (; j < newEnd; j++) {
      const l = next.at(j)!;
      ops.push({ kind: "+", text: l.text, newLine: j, ...(l.origin >= 0 ? { movedFrom: l.origin } : {}) });
    }
  };
  /** `c` unchanged lines from old line `i` and new line `j`. */
  const same = (c: number) => {
    const edge = CONTEXT + 1;
    const one = () => {
      ops.push({ kind: " ", text: o.textOf(i), oldLine: i, newLine: j });
      i++;
      j++;
    };
    if (c <= 2 * edge) for (let k = 0; k < c; k++) one();
    else {
      for (let k = 0; k < edge; k++) one();
      const n = c - 2 * edge;
      ops.push({ kind: " ", text: "", oldLine: i, newLine: j, count: n });
      i += n;
      j += n;
      for (let k = 0; k < edge; k++) one();
    }
  };
  for (const anchor of keptInOrder(next)) {
    const at = next.startOf(anchor.piece) + anchor.from;
    const l = next.at(at)!;
    flush(l.origin, at);
    if (l.text === o.textOf(i)) same(anchor.count);
    else {
      ops.push({ kind: "-", text: o.textOf(i), oldLine: i }, { kind: "+", text: l.text, newLine: j, inPlace: true });
      i++;
      j++;
      same(anchor.count - 1);
    }
  }
  flush(o.length, next.length);
  return ops;
}

/** A unified diff (3 lines of context) of the ops; each line of text passes through `show`. */
export function unifiedDiff(oldName: string, newName: string, ops: LineOp[], show: (s: string) => string = (s) => s): string {
  // A run of unchanged lines that is one op (`count`) is longer than two contexts: no hunk reaches it.
  const changed = ops.map((o, k) => (o.kind !== " " ? k : -1)).filter((k) => k >= 0);
  if (changed.length === 0) return "";
  let out = `--- ${show(oldName)}\n+++ ${show(newName)}\n`;
  let k = 0;
  while (k < changed.length) {
    const from = Math.max(0, changed[k] - CONTEXT);
    let to = changed[k];
    while (k + 1 < changed.length && changed[k + 1] - to <= 2 * CONTEXT) to = changed[++k];
    k++;
    const end = Math.min(ops.length - 1, to + CONTEXT);
    const hunk = ops.slice(from, end + 1);
    // Line numbers: the first old/new line at or after the hunk's start.
    let oldStart = 0;
    let newStart = 0;
    for (let x = from; x < ops.length; x++) if (ops[x].oldLine !== undefined) { oldStart = ops[x].oldLine!; break; }
    for (let x = from; x < ops.length; x++) if (ops[x].newLine !== undefined) { newStart = ops[x].newLine!; break; }
    const oldLen = hunk.filter((o) => o.kind !== "+").length;
    const newLen = hunk.filter((o) => o.kind !== "-").length;
    out += `@@ -${oldLen ? oldStart + 1 : oldStart},${oldLen} +${newLen ? newStart + 1 : newStart},${newLen} @@\n`;
    for (const o of hunk) out += `${o.kind}${show(o.text)}\n`;
  }
  return out;
}
