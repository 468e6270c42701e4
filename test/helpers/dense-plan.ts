/**
 * The repairs' line plans as they were before planned-lines.ts made them sparse: one object per
 * line, every line looked at. Kept as the reference the sparse ones must equal line for line
 * (test/helpers/repair-properties.ts compares them on every repair the property runs make).
 */
import type { Eol } from "../../server/src/engine/model/lines.js";
import { splitLines } from "../../server/src/engine/model/lines.js";
import type { LinePlan } from "../../server/src/engine/repair/line-plan.js";
import type { RepairEdit } from "../../server/src/engine/repair/edits.js";
import { keptInOrderDense as keptInOrder } from "../../server/src/engine/repair/planned-lines.js";

/** A line of a text being repaired: its text, ending, and the original line it comes from (-1: new). */
export interface PlannedLine {
  text: string;
  eol: Eol;
  origin: number;
}

export function plannedLinesDense(text: string): PlannedLine[] {
  return splitLines(text).map((l, i) => ({ text: l.text, eol: l.eol, origin: i }));
}

export function joinLinesDense(lines: PlannedLine[]): string {
  let s = "";
  for (const l of lines) s += l.text + l.eol;
  return s;
}

/** The ending most lines use (new lines take it). */
function dominantEol(lines: PlannedLine[]): Eol {
  let lf = 0;
  let crlf = 0;
  let cr = 0;
  for (const l of lines) {
    if (l.eol === "\n") lf++;
    else if (l.eol === "\r\n") crlf++;
    else if (l.eol === "\r") cr++;
  }
  return crlf > lf && crlf >= cr ? "\r\n" : cr > lf && cr > crlf ? "\r" : "\n";
}

/**
 * Applies a plan. Line 0 keeps a BOM it had; a line inserted after an unterminated last line
 * gives that line the file's usual ending and goes without one itself (the file still ends as
 * it did, without a final newline).
 */
export function applyPlanDense(lines: PlannedLine[], plan: LinePlan): PlannedLine[] {
  const eol = dominantEol(lines);
  const bom = lines[0]?.text.charCodeAt(0) === 0xfeff;
  const out: PlannedLine[] = [];
  const push = (l: PlannedLine) => out.push(l);
  const inserts = (after: number) => {
    for (const it of plan.insert.get(after) ?? []) {
      const origin = it.from !== undefined ? lines[it.from].origin : -1;
      push({ text: it.text, eol, origin });
    }
  };
  inserts(-1);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (!plan.remove.has(i)) {
      const r = plan.replace.get(i);
      push({ text: r === undefined ? l.text : i === 0 && bom ? "\uFEFF" + r : r, eol: l.eol, origin: l.origin });
    } else if (i === 0 && bom) return applyPlanDense(lines, { ...plan, remove: new Set([...plan.remove].filter((x) => x !== 0)), replace: new Map([...plan.replace, [0, ""]]) });
    inserts(i);
  }
  // Endings: every line but the last ends; the last keeps whether the file ended with one.
  const lastEnded = lines.length === 0 || lines[lines.length - 1].eol !== "";
  for (let k = 0; k < out.length; k++) {
    if (k < out.length - 1 && out[k].eol === "") out[k].eol = eol;
    if (k === out.length - 1 && !lastEnded) out[k].eol = "";
    if (k === out.length - 1 && lastEnded && out[k].eol === "") out[k].eol = eol;
  }
  return out;
}

/**
 * Minimal text edits from `orig` (the text as it is) to `next` (lines with origins into it):
 * the longest run of lines kept in order stays put (a changed one is edited in place), every
 * other original line is removed, and the others are inserted between the kept ones.
 * O(n log n) in the number of lines.
 */
export function editsFromLinesDense(orig: string, next: PlannedLine[]): RepairEdit[] {
  const o = splitLines(orig);
  const anchors = keptInOrder(next);
  const edits: RepairEdit[] = [];
  // The start of `line`, or the end of the text (a position LSP accepts: no column past a line's text).
  const pos = (line: number) =>
    line < o.length || o.length === 0 || o[o.length - 1].eol !== "" ? { line: Math.min(line, o.length), col: 0 } : { line: o.length - 1, col: o[o.length - 1].text.length };
  // Gap k: between anchor k-1 and anchor k (next indexes), original lines in between removed.
  let prevNext = -1;
  let prevOrig = -1;
  const gap = (nextEnd: number, origEnd: number) => {
    const prevChanged = prevOrig >= 0 && o[prevOrig].eol !== next[prevNext].eol;
    const start = prevChanged ? { line: prevOrig, col: o[prevOrig].text.length } : pos(prevOrig + 1);
    const end = pos(origEnd);
    let text = prevChanged ? next[prevNext].eol : "";
    for (let j = prevNext + 1; j < nextEnd; j++) text += next[j].text + next[j].eol;
    if (text === "" && start.line === end.line && start.col === end.col) return;
    if (text === "" && origEnd === prevOrig + 1 && !prevChanged) return;
    edits.push({ startLine: start.line, startCol: start.col, endLine: end.line, endCol: end.col, newText: text });
  };
  for (const j of anchors) {
    const i = next[j].origin;
    gap(j, i);
    const a = o[i].text;
    const b = next[j].text;
    if (a !== b) {
      let p = 0;
      while (p < a.length && p < b.length && a.charCodeAt(p) === b.charCodeAt(p)) p++;
      let s = 0;
      while (s < a.length - p && s < b.length - p && a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)) s++;
      edits.push({ startLine: i, startCol: p, endLine: i, endCol: a.length - s, newText: b.slice(p, b.length - s) });
    }
    prevNext = j;
    prevOrig = i;
  }
  gap(next.length, o.length);
  return edits;
}

