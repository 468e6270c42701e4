/**
 * `fix` on bytes: the file is decoded for the analysis, but the output keeps every byte of every
 * line the fix does not change (invalid UTF-8 included, no U+FFFD), taking them from the original
 * buffer. A changed line whose original bytes are not valid UTF-8 is refused rather than guessed.
 */
import type { AnalyzeOptions } from "../engine/analyze.js";
import { splitByteLines, splitLines, type TextLine } from "../engine/lines.js";
import { fixAllOrphans, type FixAllResult } from "../engine/repair/index.js";

export interface LineOp {
  kind: " " | "-" | "+";
  text: string;
  /** 0-based line in the old file (for " " and "-") and in the new one (for " " and "+"). */
  oldLine?: number;
  newLine?: number;
}

export type FixBytesResult = ({ ok: true; bytes: Buffer; ops: LineOp[] } | { ok: false; message: string }) & { fix: FixAllResult };

export function fixBytes(bytes: Buffer, options: AnalyzeOptions): FixBytesResult {
  const text = bytes.toString("utf8");
  const fix = fixAllOrphans(text, options);
  if (fix.removed === 0) return { ok: true, bytes, ops: [], fix };
  const oldLines = splitLines(text);
  const byteLines = splitByteLines(bytes);
  const newLines = splitLines(fix.text);
  if (byteLines.length !== oldLines.length || fix.lineMap.length !== newLines.length) return { ok: false, message: "internal: line counts disagree", fix };
  const parts: Buffer[] = [];
  for (let j = 0; j < newLines.length; j++) {
    const i = fix.lineMap[j];
    const o = oldLines[i];
    const n = newLines[j];
    const b = byteLines[i];
    const old = bytes.subarray(b.start, b.end);
    if (n.text === o.text) parts.push(old);
    else {
      if (!Buffer.from(o.text, "utf8").equals(old)) return { ok: false, message: `line ${i + 1} needs an edit but holds bytes that are not valid UTF-8; not fixed`, fix };
      parts.push(Buffer.from(n.text, "utf8"));
    }
    parts.push(Buffer.from(n.eol, "latin1"));
  }
  return { ok: true, bytes: Buffer.concat(parts), ops: lineOps(oldLines, newLines, fix.lineMap), fix };
}

/** The line-by-line change: kept lines, deleted lines, lines changed in place. */
function lineOps(oldLines: TextLine[], newLines: TextLine[], map: number[]): LineOp[] {
  const newOf = new Map<number, number>();
  map.forEach((i, j) => newOf.set(i, j));
  const ops: LineOp[] = [];
  for (let i = 0; i < oldLines.length; i++) {
    const j = newOf.get(i);
    if (j === undefined) ops.push({ kind: "-", text: oldLines[i].text, oldLine: i });
    else if (newLines[j].text === oldLines[i].text) ops.push({ kind: " ", text: oldLines[i].text, oldLine: i, newLine: j });
    else ops.push({ kind: "-", text: oldLines[i].text, oldLine: i }, { kind: "+", text: newLines[j].text, newLine: j });
  }
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
