/**
 * Repairs as line plans: which lines of the current text are replaced, removed, or inserted
 * (new lines, or lines moved from elsewhere). A plan is applied to lines that remember their
 * original line (`origin`), so the CLI can copy every untouched line's bytes from the file and
 * the server can turn the result into minimal text edits (`editsFromLines`). Pure.
 */
import { type Eol, splitLines } from "../model/lines.js";
import type { LineAccess, RepairEdit } from "./edits.js";
import { LineList } from "../model/line-list.js";

export interface LinePlan {
  /** Line -> its new text (without the line ending; line 0 without the BOM). */
  replace: Map<number, string>;
  /** Lines to remove (with their line ending). */
  remove: Set<number>;
  /** Lines to insert after a line, in order: new text, and the line it moves from (if any). */
  insert: Map<number, { text: string; from?: number }[]>;
}

export function emptyPlan(): LinePlan {
  return { replace: new Map(), remove: new Set(), insert: new Map() };
}

/** Lines a plan touches (for keeping the repairs of one round apart). */
export function planLines(p: LinePlan): number[] {
  const out = new Set<number>([...p.replace.keys(), ...p.remove]);
  for (const [after, items] of p.insert) {
    out.add(after);
    out.add(after + 1);
    for (const i of items) if (i.from !== undefined) out.add(i.from);
  }
  return [...out];
}

/** Merges `b` into `a` (the caller keeps their lines apart). */
export function mergePlan(a: LinePlan, b: LinePlan): void {
  for (const [k, v] of b.replace) a.replace.set(k, v);
  for (const k of b.remove) a.remove.add(k);
  for (const [k, v] of b.insert) a.insert.set(k, [...(a.insert.get(k) ?? []), ...v]);
}

/** A line of a text being repaired: its text, ending, and the original line it comes from (-1: new). */
export interface PlannedLine {
  text: string;
  eol: Eol;
  origin: number;
}

export function plannedLines(text: string): PlannedLine[] {
  return splitLines(text).map((l, i) => ({ text: l.text, eol: l.eol, origin: i }));
}

export function joinLines(lines: PlannedLine[]): string {
  let s = "";
  for (const l of lines) s += l.text + l.eol;
  return s;
}

/** The ending most lines use (new lines take it). */
export function dominantEol(lines: readonly { eol: string }[]): Eol {
  const n = { lf: 0, crlf: 0, cr: 0 };
  for (const l of lines) countEol(n, l.eol, 1);
  return eolOfCounts(n);
}

/** `dominantEol` of the lines of a `LineList` (a run counts as its lines) or of an array. */
export function eolOfAccess(lines: LineAccess): Eol {
  if (!(lines instanceof LineList)) return dominantEol(lines as unknown as { eol: string }[]);
  const n = { lf: 0, crlf: 0, cr: 0 };
  for (const l of lines.held) countEol(n, l.eol, 1);
  for (const r of lines.runs) countEol(n, r.eol, r.count);
  return eolOfCounts(n);
}

function countEol(n: { lf: number; crlf: number; cr: number }, eol: string, k: number): void {
  if (eol === "\n") n.lf += k;
  else if (eol === "\r\n") n.crlf += k;
  else if (eol === "\r") n.cr += k;
}

function eolOfCounts({ lf, crlf, cr }: { lf: number; crlf: number; cr: number }): Eol {
  return crlf > lf && crlf >= cr ? "\r\n" : cr > lf && cr > crlf ? "\r" : "\n";
}

/**
 * Applies a plan. Line 0 keeps a BOM it had; a line inserted after an unterminated last line
 * gives that line the file's usual ending and goes without one itself (the file still ends as
 * it did, without a final newline).
 */
export function applyPlan(lines: PlannedLine[], plan: LinePlan): PlannedLine[] {
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
    } else if (i === 0 && bom) return applyPlan(lines, { ...plan, remove: new Set([...plan.remove].filter((x) => x !== 0)), replace: new Map([...plan.replace, [0, ""]]) });
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
export function editsFromLines(orig: string, next: PlannedLine[]): RepairEdit[] {
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

/** Indexes of `next` forming the longest run whose origins increase (patience sorting). */
export function keptInOrder(next: PlannedLine[]): number[] {
  const tails: number[] = [];
  const prev = new Int32Array(next.length).fill(-1);
  for (let j = 0; j < next.length; j++) {
    const v = next[j].origin;
    if (v < 0) continue;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (next[tails[mid]].origin < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[j] = tails[lo - 1];
    tails[lo] = j;
  }
  const out: number[] = [];
  for (let j = tails.length ? tails[tails.length - 1] : -1; j >= 0; j = prev[j]) out.push(j);
  return out.reverse();
}

/**
 * Whether the plan would join a lone CR and the next line's LF into one `\r\n` (a line removed
 * or inserted between a line ending in `\r` and an empty line ending in `\n`): the file would
 * lose a line the repair did not mean to touch. Local: looks only beside the plan's lines.
 */
export function planFuses(lines: LineAccess, plan: LinePlan, fileEol?: Eol): boolean {
  // The file's usual ending (what inserted lines get): counted once per analysis by the caller
  // (a round plans a repair per finding), else here when an insert needs it.
  let known = fileEol;
  const eolOf = () => (known ??= eolOfAccess(lines));
  const textOf = (i: number) => plan.replace.get(i) ?? lines.at(i)!.text;
  const startsLf = (i: number) => {
    // The first line output at or after original line i (an insert after i-1 comes first).
    const ins = plan.insert.get(i - 1);
    if (ins && ins.length) return ins[0].text === "" && eolOf().startsWith("\n");
    for (let q = i; q < lines.length; q++) {
      if (plan.remove.has(q)) {
        const after = plan.insert.get(q);
        if (after && after.length) return after[0].text === "" && eolOf().startsWith("\n");
        continue;
      }
      return textOf(q) === "" && lines.at(q)!.eol.startsWith("\n");
    }
    return false;
  };
  for (const i of plan.remove) {
    let p = i - 1;
    while (p >= 0 && plan.remove.has(p) && !plan.insert.get(p)?.length) p--;
    if (p >= 0 && !plan.remove.has(p) && !plan.insert.get(p)?.length && lines.at(p)!.eol === "\r" && startsLf(i + 1)) return true;
  }
  for (const [after, items] of plan.insert) if (items.length && eolOf() === "\r" && startsLf(after + 1)) return true;
  return false;
}
