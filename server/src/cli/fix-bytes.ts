/**
 * `fix` on bytes: the file is decoded for the analysis, but the output keeps every byte of every
 * line the fix does not change (invalid UTF-8 included, no U+FFFD), taking them from the original
 * buffer. A changed line whose original bytes are not valid UTF-8 is refused rather than guessed.
 */
import type { AnalyzeOptions } from "../engine/index.js";
import { splitByteLines, splitLines } from "../engine/index.js";
import { fixAll, type FixAllOptions, type FixAllReport, keptInOrder, type PlannedLine } from "../engine/index.js";

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
}

export type FixBytesResult = ({ ok: true; bytes: Buffer; ops: LineOp[] } | { ok: false; message: string }) & { fix: FixAllReport };

/** Every repair (`opts` narrows them) on the file's bytes. */
export function fixBytes(bytes: Buffer, options: AnalyzeOptions, opts: FixAllOptions = {}): FixBytesResult {
  const text = bytes.toString("utf8");
  const fix = fixAll(text, options, opts);
  if (fix.done.size === 0) return { ok: true, bytes, ops: [], fix };
  const oldLines = splitLines(text);
  const byteLines = splitByteLines(bytes);
  if (byteLines.length !== oldLines.length) return { ok: false, message: "internal: line counts disagree", fix };
  const parts: Buffer[] = [];
  for (const n of fix.lines) {
    const i = n.origin;
    if (i >= 0 && n.text === oldLines[i].text) parts.push(bytes.subarray(byteLines[i].start, byteLines[i].end));
    else {
      if (i >= 0 && !Buffer.from(oldLines[i].text, "utf8").equals(bytes.subarray(byteLines[i].start, byteLines[i].end)))
        return { ok: false, message: `line ${i + 1} needs an edit but holds bytes that are not valid UTF-8; not fixed`, fix };
      parts.push(Buffer.from(n.text, "utf8"));
    }
    parts.push(Buffer.from(n.eol, "latin1"));
  }
  return { ok: true, bytes: Buffer.concat(parts), ops: lineOps(oldLines.map((l) => l.text), fix.lines), fix };
}

/** The line-by-line change: kept lines, removed lines, lines changed in place, inserted (or moved) lines. */
export function lineOps(oldLines: string[], next: PlannedLine[]): LineOp[] {
  const ops: LineOp[] = [];
  let i = 0;
  let j = 0;
  const flush = (oldEnd: number, newEnd: number) => {
    for (; i < oldEnd; i++) ops.push({ kind: "-", text: oldLines[i], oldLine: i });
    for (; j < newEnd; j++) ops.push({ kind: "+", text: next[j].text, newLine: j, ...(next[j].origin >= 0 ? { movedFrom: next[j].origin } : {}) });
  };
  for (const k of keptInOrder(next)) {
    flush(next[k].origin, k);
    if (next[k].text === oldLines[i]) ops.push({ kind: " ", text: oldLines[i], oldLine: i, newLine: j });
    else ops.push({ kind: "-", text: oldLines[i], oldLine: i }, { kind: "+", text: next[k].text, newLine: j, inPlace: true });
    i++;
    j++;
  }
  flush(oldLines.length, next.length);
  return ops;
}

/** A unified diff (3 lines of context) of the ops; each line of text passes through `show`. */
export function unifiedDiff(oldName: string, newName: string, ops: LineOp[], show: (s: string) => string = (s) => s): string {
  const CONTEXT = 3;
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
