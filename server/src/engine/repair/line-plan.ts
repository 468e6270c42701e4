/**
 * Repairs as line plans: which lines of the current text are replaced, removed, or inserted
 * (new lines, or lines moved from elsewhere). A plan is applied to lines that remember their
 * original line (`origin`), so the CLI can copy every untouched line's bytes from the file and
 * the server can turn the result into minimal text edits (`editsFromLines`). Pure.
 */
import type { Eol } from "../model/lines.js";
import { splitLines as splitParsed } from "../model/parse.js";
import { canonical, countEol, type EolCounts, eolOfCounts, isKept, keptInOrder, Original, type PlannedLine, type PlanPiece, PlannedLines } from "./planned-lines.js";
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

export type { PlannedLine };

/** The lines of `text`, all kept (`lines`: the engine's lines of it, when at hand; else split here). */
export function plannedLines(text: string, lines?: LineList): PlannedLines {
  const own = lines && lines.end <= text.length && text.length - lines.end <= 1 ? lines : splitParsed(text).lines;
  return PlannedLines.of(new Original(own, text.slice(0, text.length - own.end), text));
}

/** The lines of a document held as lines (the engine's, `bom`: it starts with a BOM), all kept: nothing joined. */
export function plannedLinesOf(lines: LineList, bom: boolean): PlannedLines {
  return PlannedLines.of(new Original(lines, bom ? "\ufeff" : ""));
}

export function joinLines(lines: PlannedLines): string {
  return lines.text();
}

/** The ending most lines use (new lines take it). */
export function dominantEol(lines: readonly { eol: string }[]): Eol {
  const n: EolCounts = { lf: 0, crlf: 0, cr: 0 };
  for (const l of lines) countEol(n, l.eol, 1);
  return eolOfCounts(n);
}

/** `dominantEol` of the lines of a `LineList` (a run counts as its lines) or of an array. */
export function eolOfAccess(lines: LineAccess): Eol {
  if (!(lines instanceof LineList)) return dominantEol(lines as unknown as { eol: string }[]);
  const n: EolCounts = { lf: 0, crlf: 0, cr: 0 };
  for (const l of lines.held) countEol(n, l.eol, 1);
  for (const r of lines.runs) countEol(n, r.eol, r.count);
  return eolOfCounts(n);
}

/**
 * Applies a plan. Line 0 keeps a BOM it had; a line inserted after an unterminated last line
 * gives that line the file's usual ending and goes without one itself (the file still ends as
 * it did, without a final newline). Only the lines the plan touches (and the last line) become
 * lines of their own: the work is per piece and per planned line, not per line of the file.
 */
export function applyPlan(lines: PlannedLines, plan: LinePlan): PlannedLines {
  const original = lines.original;
  const first = lines.at(0);
  const bom = first?.text.charCodeAt(0) === 0xfeff;
  if (bom && plan.remove.has(0)) return applyPlan(lines, { ...plan, remove: new Set([...plan.remove].filter((x) => x !== 0)), replace: new Map([...plan.replace, [0, ""]]) });
  // The file's usual ending, for new lines: counted only when a line needs it (a count walks every line).
  let usual: Eol | undefined;
  const eolOf = () => (usual ??= lines.dominantEol());
  const n = lines.length;
  // The lines that become lines of their own: touched by the plan, and the last line.
  const touched = new Set<number>([...plan.remove, ...plan.replace.keys()]);
  for (const k of plan.insert.keys()) if (k >= 0) touched.add(k);
  if (n > 0) touched.add(n - 1);
  const order = [...touched].filter((i) => i >= 0 && i < n).sort((x, y) => x - y);
  const out: PlanPiece[] = [];
  const inserts = (after: number) => {
    for (const it of plan.insert.get(after) ?? []) out.push({ text: it.text, eol: eolOf(), origin: it.from !== undefined ? lines.at(it.from)!.origin : -1 });
  };
  const own = (i: number, l: PlannedLine) => {
    if (!plan.remove.has(i)) {
      const r = plan.replace.get(i);
      out.push({ text: r === undefined ? l.text : i === 0 && bom ? "\uFEFF" + r : r, eol: l.eol, origin: l.origin });
    }
    inserts(i);
  };
  inserts(-1);
  let t = 0;
  for (let k = 0; k < lines.pieces.length; k++) {
    const p = lines.pieces[k];
    const s = lines.startOf(k);
    if (!isKept(p)) {
      while (t < order.length && order[t] < s) t++;
      if (t < order.length && order[t] === s) {
        t++;
        own(s, p);
      } else out.push({ ...p });
      continue;
    }
    let from = s;
    const end = s + p.count;
    while (t < order.length && order[t] < end) {
      const i = order[t++];
      if (i > from) out.push({ origin: p.origin + from - s, count: i - from });
      const o = p.origin + i - s;
      own(i, { text: original.textOf(o), eol: original.eolOf(o), origin: o });
      from = i + 1;
    }
    if (end > from) out.push({ origin: p.origin + from - s, count: end - from });
  }
  // Endings: every line but the last ends; the last keeps whether the file ended with one. Only
  // the file's last line goes without an ending, and it is a line of its own here.
  const lastEnded = n === 0 || lines.at(n - 1)!.eol !== "";
  let lastPiece = out[out.length - 1];
  if (lastPiece && isKept(lastPiece) && !lastEnded) {
    // The last line is a kept one that ended: it now ends the file, without an ending.
    const o = lastPiece.origin + lastPiece.count - 1;
    if (lastPiece.count > 1) out[out.length - 1] = { origin: lastPiece.origin, count: lastPiece.count - 1 };
    else out.pop();
    out.push((lastPiece = { text: original.textOf(o), eol: original.eolOf(o), origin: o }));
  }
  for (let k = 0; k < out.length; k++) {
    const q = out[k];
    if (isKept(q)) continue;
    if (k < out.length - 1 && q.eol === "") q.eol = eolOf();
    if (k === out.length - 1 && !lastEnded) q.eol = "";
    if (k === out.length - 1 && lastEnded && q.eol === "") q.eol = eolOf();
  }
  return new PlannedLines(original, canonical(original, out));
}

/**
 * Minimal text edits from `orig` (the text as it is: the planned lines' original) to `next`
 * (lines with origins into it): the longest run of lines kept in order stays put (a changed one
 * is edited in place), every other original line is removed, and the others are inserted between
 * the kept ones. The work is per piece of `next` (a run of kept lines is one anchor).
 */
export function editsFromLines(next: PlannedLines): RepairEdit[] {
  const o = next.original;
  const n = o.length;
  const edits: RepairEdit[] = [];
  // The start of `line`, or the end of the text (a position LSP accepts: no column past a line's text).
  const pos = (line: number) => (line < n || n === 0 || o.eolOf(n - 1) !== "" ? { line: Math.min(line, n), col: 0 } : { line: n - 1, col: o.textOf(n - 1).length });
  // Gap k: between anchor k-1 and anchor k (next indexes), original lines in between removed.
  let prevNext = -1;
  let prevOrig = -1;
  let prevEol: Eol = "";
  const gap = (nextEnd: number, origEnd: number) => {
    const prevChanged = prevOrig >= 0 && o.eolOf(prevOrig) !== prevEol;
    const start = prevChanged ? { line: prevOrig, col: o.textOf(prevOrig).length } : pos(prevOrig + 1);
    const end = pos(origEnd);
    const text = (prevChanged ? prevEol : "") + next.textOfLines(prevNext + 1, nextEnd);
    if (text === "" && start.line === end.line && start.col === end.col) return;
    if (text === "" && origEnd === prevOrig + 1 && !prevChanged) return;
    edits.push({ startLine: start.line, startCol: start.col, endLine: end.line, endCol: end.col, newText: text });
  };
  for (const anchor of keptInOrder(next)) {
    const j = next.startOf(anchor.piece) + anchor.from;
    const line = next.at(j)!;
    const i = line.origin;
    gap(j, i);
    const a = o.textOf(i);
    const b = line.text;
    if (a !== b) {
      let p = 0;
      while (p < a.length && p < b.length && a.charCodeAt(p) === b.charCodeAt(p)) p++;
      let s = 0;
      while (s < a.length - p && s < b.length - p && a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)) s++;
      edits.push({ startLine: i, startCol: p, endLine: i, endCol: a.length - s, newText: b.slice(p, b.length - s) });
    }
    // The other lines of the anchor are kept lines after it: nothing between them changes.
    prevNext = j + anchor.count - 1;
    prevOrig = i + anchor.count - 1;
    prevEol = anchor.count > 1 ? o.eolOf(prevOrig) : line.eol;
  }
  gap(next.length, n);
  return edits;
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
