/**
 * Minimal text edits, in 0-based lines and UTF-16 columns of the document text as the editor
 * holds it (the BOM, when present, is not part of the text the engine's lines index).
 * Pure: no vscode or LSP import.
 */
import { lineStarts } from "../model/lines.js";
import type { Eol } from "../model/lines.js";

/** Lines by number: an array of them or a `LineList` (line-list.ts). */
export interface LineAccess {
  readonly length: number;
  at(i: number): { text: string; eol: Eol | string } | undefined;
}

export interface RepairEdit {
  startLine: number;
  startCol: number;
  endLine: number;
  endCol: number;
  newText: string;
}

/** Edit that deletes `line` together with its line ending (or the previous line ending for an unterminated last line). */
export function deleteLineEdit(lines: LineAccess, line: number): RepairEdit {
  const l = lines.at(line)!;
  if (l.eol !== "" || line === 0) {
    if (l.eol !== "") return { startLine: line, startCol: 0, endLine: line + 1, endCol: 0, newText: "" };
    return { startLine: line, startCol: 0, endLine: line, endCol: l.text.length, newText: "" };
  }
  // The last line has no line ending: take the one before it, so the file still ends as it did.
  const prev = lines.at(line - 1)!;
  return { startLine: line - 1, startCol: prev.text.length, endLine: line, endCol: l.text.length, newText: "" };
}

/** Converts an absolute (line, col) pair to an offset in `text`. */
function offsetAt(text: string, lineStarts: number[], line: number, col: number): number {
  if (line >= lineStarts.length) return text.length;
  return Math.min(text.length, lineStarts[line] + col);
}

/** Line starts with the engine's (and LSP's) rule: `\n`, `\r\n`, lone `\r`. */
export const lineStartsOf = lineStarts;

/** Applies non-overlapping edits to `text` (positions refer to the original text). */
export function applyRepairEdits(text: string, edits: RepairEdit[]): string {
  const starts = lineStartsOf(text);
  const abs = edits
    .map((e) => ({ s: offsetAt(text, starts, e.startLine, e.startCol), e: offsetAt(text, starts, e.endLine, e.endCol), t: e.newText }))
    .sort((a, b) => a.s - b.s || a.e - b.e);
  let out = "";
  let at = 0;
  for (const x of abs) {
    if (x.s < at) throw new Error("overlapping edits");
    out += text.slice(at, x.s) + x.t;
    at = x.e;
  }
  return out + text.slice(at);
}

/** Shifts edits on line 0 by the BOM the engine stripped (editors keep it out of the text; files on disk keep it in). */
export function withBomShift(edits: RepairEdit[], bom: boolean): RepairEdit[] {
  if (!bom) return edits;
  return edits.map((e) => ({
    ...e,
    startCol: e.startLine === 0 ? e.startCol + 1 : e.startCol,
    endCol: e.endLine === 0 ? e.endCol + 1 : e.endCol,
  }));
}
