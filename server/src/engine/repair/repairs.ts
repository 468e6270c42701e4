/**
 * Lossless repairs as minimal text edits: remove an orphan tool result (re-parenting the
 * removed entry's children), fix every orphan to a fixed point, make a colliding id unique.
 * Each function returns null (or no edits) where the edit would be unsafe; nothing outside the
 * edited lines changes, line endings are kept. Pure: no vscode or LSP import.
 */
import { type Analysis, type AnalyzeOptions, analyze } from "../pipeline/analyze.js";
import { getNodePath, type Node as JsonNode } from "jsonc-parser";
import { formatProfile } from "../formats/registry.js";
import { splitLines } from "../model/lines.js";
import { isObject } from "../model/parse.js";
import { codesWithFix } from "../rules/registry.js";
import type { Occurrence } from "../model/occurrence-index.js";
import { locate, safeParseTree } from "../model/positions.js";
import type { Finding, JsonPath, Msg, SourceLine } from "../model/types.js";
import { lineOf } from "../model/types.js";
import { documentOf } from "../model/json-document.js";
import { findingsOnLines } from "../model/findings-on-lines.js";
import { applyRepairEdits, deleteLineEdit, type RepairEdit, withBomShift } from "./edits.js";
import { repairIndex } from "./repair-index.js";
import { isDuplicateResult } from "./structural.js";
import { partitionPoint, pushAll } from "../model/arrays.js";
import { samePath } from "../model/json-path.js";
import { sharedPrefix, sharedSuffix } from "../model/fold-resume.js";

export type { RepairEdit } from "./edits.js";

/** The last of `lines` (ascending) before `line`, or undefined. */
function lastBefore(lines: readonly number[] | undefined, line: number): number | undefined {
  let out: number | undefined;
  for (const l of lines ?? []) if (l < line) out = l;
  return out;
}

export { applyRepairEdits } from "./edits.js";

/** Codes whose findings the orphan removal repairs (the rule table says which). */
export const ORPHAN_CODES: ReadonlySet<string> = new Set(codesWithFix("remove-orphan"));

export interface Repair {
  title: string;
  edits: RepairEdit[];
  /** Lines whose bytes the repair touches (the removed line and re-parented children). */
  touched: number[];
}

function findingAt(a: Analysis, codes: ReadonlySet<string>, line: number, toolCallId?: string): Finding | undefined {
  return repairIndex(a).findingsByLine.get(line)?.find((f) => codes.has(f.code) && (toolCallId === undefined || f.toolCallId === toolCallId));
}

/** The exact string value at `path` on the line, or null when it is not there as a string. */
function stringAt(line: SourceLine, path: JsonPath, expected: string): { start: number; end: number } | null {
  const r = locate(line, path);
  const slice = line.text.slice(r.start, r.end);
  try {
    return JSON.parse(slice) === expected ? r : null;
  } catch {
    return null;
  }
}

/**
 * Remove the orphan tool result on `line` (a finding `orphan-result` or `error-turn-results`
 * must be there). Children of the removed entry get its parent; returns null when unsafe.
 */
export function removeOrphanRepair(a: Analysis, line: number, toolCallId?: string, bom = false): Repair | null {
  const r = orphanRemoval(a, line, toolCallId, bom);
  return "reason" in r ? null : r;
}

/** The orphan removal on `line`, or why it is not offered (a short sentence for the user). */
export function orphanRemoval(a: Analysis, line: number, toolCallId?: string, bom = false): Repair | { reason: string } {
  const no = (reason: string) => ({ reason });
  const f = findingAt(a, ORPHAN_CODES, line, toolCallId);
  if (!f || f.toolCallId === undefined) return no("there is no orphan result on this line");
  const id = f.toolCallId;
  const { session } = a;
  const lines = session.lines;
  const src = lines.at(line);
  const v = src?.value;
  if (!isObject(v)) return no("the line is not a JSON object");
  const title = `Remove orphan tool result \`${id}\``;
  // A result whose call the file holds is never deleted: it belongs to that call (move it back to
  // the call's turn). Results of a turn that ended in error or aborted, and a second result of an
  // answered call, answer nothing the agent sends: those may go.
  if (f.code === "orphan-result" && !isDuplicateResult(a, line, id)) {
    const callLine = lastBefore(repairIndex(a).toolLines().calls.get(id), line);
    if (callLine !== undefined) return no(`its call is on line ${callLine + 1}: deleting the result would lose the call's output (move it back to its call's turn instead)`);
  }
  const reader = formatProfile(session.format);
  if (!reader) return no("the format has no repairs");
  const ix = repairIndex(a);
  const entry = ix.entryByLine.get(line);
  const removal = reader.repair.resultLineRemoval(v, id, entry, session);
  if (!removal) return no("the line holds more than this one tool result, or is not one this format can remove on its own");
  if (removal === "delete-line") return { title, edits: withBomShift([deleteLineEdit(lines, line)], bom), touched: [line] };
  if (!entry) return no("the line is not an entry");
  const parentKey = reader.parentKey;

  // The id must name exactly this entry.
  if ((ix.idCount.get(entry.id) ?? 0) > 1) return no(`its id \`${entry.id}\` is shared by another entry`);
  // The parent the children move to: the entry's own, or none (roots) for an entry that names
  // itself as its parent, which the loader reads as a root (fuzz seed 61011 case 1491).
  const newParent = entry.parentId === entry.id ? null : entry.parentId;
  // The parent the children move to must exist (null is fine: they become roots, as the removed entry was).
  if (newParent !== null && !session.byId.has(newParent))
    return no(`its parent \`${newParent}\` is not in the file, so its children would have no parent to move to (restore the parent line, or re-link the entry first)`);
  // The active branch must not jump: when the removed entry is the last one, the new last must be its parent.
  if (session.leafId === entry.id) {
    const next = reader.leaf(session.entries.filter((e) => e !== entry));
    if (!next || next.id !== newParent) return no("it is the last entry and removing it would switch the active branch");
  }
  const edits: RepairEdit[] = [deleteLineEdit(lines, line)];
  const touched = [line];
  for (const [ln, count] of ix.refs(entry.id) ?? []) {
    if (ln === line) continue;
    const l = lines.at(ln)!;
    const child = ix.entryByLine.get(ln);
    // Any reference other than one parent link (labels, compactions, summaries, leafUuid) is unsafe.
    if (!child || child.parentId !== entry.id || count !== 1) return no(`line ${ln + 1} refers to its id \`${entry.id}\` other than as a parent link`);
    // A child that shares the new parent's id (a duplicate id) would name itself as its parent
    // (fuzz seed 64011 case 2201: broken-parent went from 0 to 1).
    if (newParent !== null && child.id === newParent) return no(`line ${ln + 1} has the id \`${newParent}\` of the parent it would move to (a duplicate id), so it would name itself as its parent`);
    const r = stringAt(l, [parentKey], entry.id);
    if (!r) return no(`line ${ln + 1}: the parent link cannot be located`);
    edits.push({ startLine: ln, startCol: r.start, endLine: ln, endCol: r.end, newText: JSON.stringify(newParent) });
    touched.push(ln);
  }
  return { title, edits: withBomShift(edits, bom), touched };
}

/** Every orphan removal that is safe, for one round (their touched lines do not overlap). */
function oneRound(a: Analysis, bom: boolean): { edits: RepairEdit[]; deleted: number[]; count: number; skipped: { line: number; reason: string }[] } {
  const ix = repairIndex(a);
  const taken = new Set<number>();
  const edits: RepairEdit[] = [];
  const deleted: number[] = [];
  const deletedSet = new Set<number>();
  const deletedParents = new Set<string | null>();
  const skipped: { line: number; reason: string }[] = [];
  let count = 0;
  const seen = new Set<number>();
  for (const f of a.findings) {
    if (!ORPHAN_CODES.has(f.code) || seen.has(f.line)) continue;
    seen.add(f.line);
    const r = orphanRemoval(a, f.line, f.toolCallId, bom);
    if ("reason" in r) {
      skipped.push({ line: f.line, reason: r.reason });
      continue;
    }
    if (r.touched.some((t) => taken.has(t))) continue;
    // A removal whose parent is removed in the same round would re-parent to a vanishing line.
    const entry = ix.entryByLine.get(f.line);
    const parentLine = entry?.parentId ? a.session.byId.get(entry.parentId)?.line : undefined;
    if (parentLine !== undefined && deletedSet.has(parentLine)) continue;
    if (entry && deletedParents.has(entry.id)) continue;
    for (const t of r.touched) taken.add(t);
    pushAll(edits, r.edits);
    deleted.push(f.line);
    deletedSet.add(f.line);
    deletedParents.add(entry?.parentId ?? null);
    count++;
  }
  return { edits, deleted, count, skipped };
}

export interface FixAllResult {
  /** Minimal edits against the original text. */
  edits: RepairEdit[];
  /** The text after the edits. */
  text: string;
  removed: number;
  rounds: number;
  /** The analysis of `text` (the last round's): callers need not analyse again. */
  analysis: Analysis;
  /** Original line index of each line of `text`. */
  lineMap: number[];
  /** Orphans left (lines of `text`), each with why it is not removed. */
  skipped: { line: number; reason: string }[];
}

/**
 * Remove every orphan that can be removed safely, re-analysing after each round until none is
 * left (a removal can expose or settle others). The edits are against the original text.
 */
export function fixAllOrphans(text: string, options: AnalyzeOptions = {}, maxRounds = 50): FixAllResult {
  const bom = text.charCodeAt(0) === 0xfeff;
  let cur = text;
  // Original line index of each current line.
  let map = splitKeep(text).map((_, i) => i);
  let removed = 0;
  let rounds = 0;
  let a = analyze(cur, options);
  let skipped: { line: number; reason: string }[] = [];
  for (; rounds < maxRounds; rounds++) {
    if (rounds > 0) a = analyze(cur, options);
    const r = oneRound(a, bom);
    skipped = r.skipped;
    if (r.count === 0) break;
    cur = applyRepairEdits(cur, r.edits);
    const del = new Set(r.deleted);
    map = map.filter((_, i) => !del.has(i));
    removed += r.count;
  }
  if (rounds === maxRounds) a = analyze(cur, options);
  if (removed === 0) return { edits: [], text, removed: 0, rounds, analysis: a, skipped, lineMap: map };
  return { edits: diffByLineMap(text, cur, map), text: cur, removed, rounds, analysis: a, skipped, lineMap: map };
}

/** Lines with their endings (the engine's splitting: `\n`, `\r\n`, lone `\r`). */
function splitKeep(text: string): { text: string; eol: string }[] {
  return splitLines(text);
}

/** Edits from `orig` to `next`, where next's lines are orig's lines `map` (some changed in place). */
function diffByLineMap(orig: string, next: string, map: number[]): RepairEdit[] {
  const o = splitKeep(orig);
  const n = splitKeep(next);
  const kept = new Map<number, number>();
  map.forEach((oi, ni) => kept.set(oi, ni));
  const edits: RepairEdit[] = [];
  const lastLine = o.length - 1;
  for (let i = 0; i < o.length; i++) {
    if (kept.has(i)) {
      const a = o[i].text;
      const b = n[kept.get(i)!].text;
      if (a === b) continue;
      const p = sharedPrefix(a, b);
      const s = sharedSuffix(a, b, p);
      edits.push({ startLine: i, startCol: p, endLine: i, endCol: a.length - s, newText: b.slice(p, b.length - s) });
      continue;
    }
    let j = i;
    while (j + 1 < o.length && !kept.has(j + 1)) j++;
    if (o[j].eol !== "" || j !== lastLine) edits.push({ startLine: i, startCol: 0, endLine: j + 1, endCol: 0, newText: "" });
    else if (i > 0) edits.push({ startLine: i - 1, startCol: o[i - 1].text.length, endLine: j, endCol: o[j].text.length, newText: "" });
    else edits.push({ startLine: 0, startCol: 0, endLine: j, endCol: o[j].text.length, newText: "" });
    i = j;
  }
  return edits;
}

/** What renames need, once per analysis: positions in the context, the turns a chain dropped or that hold unpaired results. */
interface RenameContext {
  /** A message's index in the context (`before`), or -1. */
  positionInBefore(m: Msg): number;
  dropped: Set<Msg>;
  unpairedTurns: Set<string>;
  /** Per colliding id, the lines that name it as a string value (or as `id@digits`): one walk of the file, made when first asked; fills `taken`. */
  naming(): Map<string, Set<number>>;
  /**
   * The lines that name one id, and `taken` filled: what one quick fix needs. A line whose text is
   * held and holds neither the id nor `__t` (nor a `\u` escape that could spell them, nor a lone CR
   * that joins it to the next line) is not walked,
   * so the first quick fix on a 100 MB session searches its text instead of every value in it.
   */
  namingOf(id: string): ReadonlySet<number>;
  /** Strings of the file that a new name of the `__t` form could equal. */
  taken: Set<string>;
  /** An id's turns in the file (made once per id): the lines of its calls and results, and each call's turn span. */
  turnsOf(id: string, list: Occurrence[]): IdTurns;
}

/** Where an id's occurrences sit in the file: what a rename leaves alone or renames with its turn. */
interface IdTurns {
  /** The lines of its calls and results (and of results that paired with no call). */
  own: Set<number>;
  /** Each call's turn span, from its call line (exclusive) to the next assistant message's line (exclusive), by call line. */
  spans: { start: number; end: number }[];
}

/** A held line's text when it is in memory (a line read from disk may read it again when asked: then undefined). */
const heldText = (l: SourceLine): string | undefined => (Object.hasOwn(l, "text") ? l.text : undefined);

/** Whether a string value equal to `s` is written as `s` itself in JSON text, unless a `\u` escape spells it. */
const writtenAsIs = (s: string): boolean => !/["\\/\u0000-\u001f]/.test(s);

/** Every string in a parsed value, keys not included (iterative: no depth overflows it). */
function eachString(value: unknown, visit: (s: string) => void): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") visit(v);
    else if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (v !== null && typeof v === "object") for (const x of Object.values(v)) stack.push(x);
  }
}

/** How many walks of the file's lines looked for the names of ids (tests count work, never time). */
export const renameWork = { walks: 0 };

/**
 * The lines whose strings name an id of `ids` (the id itself, or `id@digits`), per id; fills
 * `taken` (when given) with the strings holding `__t`. `textMayName`, when given, tells from a held
 * line's text that it names none of them: such a line is walked only for `taken`, when its text
 * holds `__t`. A line whose text is not held, holds a `\u` escape or a lone CR (joined to the next
 * line) is always walked.
 */
function namingLines(a: Analysis, ids: ReadonlySet<string>, taken: Set<string> | undefined, textMayName: ((text: string) => boolean) | undefined): Map<string, Set<number>> {
  renameWork.walks++;
  const out = new Map<string, Set<number>>();
  const add = (id: string, line: number) => {
    let set = out.get(id);
    if (!set) out.set(id, (set = new Set()));
    set.add(line);
  };
  for (const l of a.session.lines.held) {
    if (l.value === undefined) continue;
    const t = heldText(l);
    const escaped = t === undefined || l.eol === "\r" || l.partOf !== undefined || t.includes("\\u");
    const mayName = !textMayName || escaped || textMayName(t!);
    const mayTake = taken !== undefined && (escaped || t!.includes("__t"));
    if (!mayName && !mayTake) continue;
    eachString(l.value, (v) => {
      if (mayTake && v.includes("__t")) taken!.add(v);
      if (!mayName) return;
      if (ids.has(v)) add(v, l.line);
      const at = v.lastIndexOf("@");
      if (at > 0 && ids.has(v.slice(0, at)) && /^\d+$/.test(v.slice(at + 1))) add(v.slice(0, at), l.line);
    });
  }
  return out;
}

const renameContexts = new WeakMap<Analysis, RenameContext>();

function renameContext(a: Analysis): RenameContext {
  let c = renameContexts.get(a);
  if (c) return c;
  // The context is nearly always in file order: a binary search by line, checked by identity,
  // finds a message; the index of every message (a Map of a long session's context, seconds at
  // 100 MB) is built only when that misses.
  const positionInBefore = (m: Msg): number => {
    const b = a.before;
    const line = lineOf(m);
    if (line !== null) {
      const from = partitionPoint(b, (x) => (lineOf(x) ?? -1) < line);
      for (let j = from; j < b.length && j < from + 64 && (lineOf(b[j]) ?? line) <= line; j++) if (b[j] === m) return j;
    }
    return repairIndex(a).beforeIndex().get(m) ?? -1;
  };
  // What a pruner dropped (its records may name the id); not what an agent leaves out on resume.
  const dropped = new Set<Msg>(a.dropped.filter((d) => d.by.kind !== "resume-cut").map((d) => d.msg));
  const unpairedTurns = new Set(a.occurrences.unpaired.map((u) => `${u.id}\u0000${u.turn}`));
  const taken = new Set<string>();
  let named: Map<string, Set<number>> | undefined;
  let takenFilled = false;
  // Every colliding id (fix-all): one walk of every value.
  const naming = () => {
    if (named) return named;
    const ids = collidingIds(a);
    named = namingLines(a, ids, takenFilled ? undefined : taken, undefined);
    takenFilled = true;
    return named;
  };
  // One id (a quick fix): only the lines whose text could name it (or a `__t` name) are walked.
  const one = new Map<string, ReadonlySet<number>>();
  const namingOf = (id: string): ReadonlySet<number> => {
    if (named) return named.get(id) ?? new Set<number>();
    let lines = one.get(id);
    if (lines) return lines;
    lines = namingLines(a, new Set([id]), takenFilled ? undefined : taken, writtenAsIs(id) ? (t) => t.includes(id) : undefined).get(id) ?? new Set<number>();
    takenFilled = true;
    one.set(id, lines);
    return lines;
  };
  // The turn span of a call: from its line to the line of the next assistant message of the context.
  const spanEndOf = (o: Occurrence): number => {
    const idx = positionInBefore(o.assistant);
    for (let i = idx + 1; i >= 1 && i < a.before.length; i++) {
      const m = a.before[i];
      if (m.role === "assistant" && m.origin.kind === "entry") return m.origin.line;
    }
    return a.session.lines.length;
  };
  const turns = new Map<string, IdTurns>();
  const turnsOf = (id: string, list: Occurrence[]): IdTurns => {
    let t = turns.get(id);
    if (t) return t;
    const own = new Set<number>();
    const spans: { start: number; end: number }[] = [];
    for (const x of list) {
      if (x.callLine !== null) {
        own.add(x.callLine);
        spans.push({ start: x.callLine, end: spanEndOf(x) });
      }
      if (x.resultLine !== null) own.add(x.resultLine);
    }
    for (const u of a.occurrences.unpaired) if (u.id === id && u.line !== null) own.add(u.line);
    spans.sort((x, y) => x.start - y.start);
    turns.set(id, (t = { own, spans }));
    return t;
  };
  c = { positionInBefore, dropped, unpairedTurns, naming, namingOf, taken, turnsOf };
  renameContexts.set(a, c);
  return c;
}

function collidingIds(a: Analysis, wanted: (f: Finding) => boolean = () => true): Set<string> {
  const ids = new Set<string>();
  for (const f of a.findings) if (f.code === "colliding-id" && f.toolCallId !== undefined && wanted(f)) ids.add(f.toolCallId);
  return ids;
}

/** The rename of one later occurrence and its result to `candidate`, or null when unsafe. `naming`: lines that name its id. */
function renameOccurrence(a: Analysis, c: RenameContext, o: Occurrence, list: Occurrence[], candidate: string, naming: ReadonlySet<number>): RepairEdit[] | null {
  const id = o.id;
  if (renameBlocked(a, c, o, list) || o.callLine === null || !o.callPath) return null;
  const lines = a.session.lines;
  const refs = referenceEdits(a, c, o, list, candidate, naming);
  if (!refs) return null;
  const callRange = stringAt(lines.at(o.callLine)!, o.callPath, id);
  if (!callRange) return null;
  const edits: RepairEdit[] = [{ startLine: o.callLine, startCol: callRange.start, endLine: o.callLine, endCol: callRange.end, newText: JSON.stringify(candidate) }];
  const touched = new Set([o.callLine]);
  if (o.result && o.resultLine !== null && o.resultPath) {
    const rr = stringAt(lines.at(o.resultLine)!, o.resultPath, id);
    if (!rr) return null;
    if (o.resultLine === o.callLine && rr.start === callRange.start) return null;
    edits.push({ startLine: o.resultLine, startCol: rr.start, endLine: o.resultLine, endCol: rr.end, newText: JSON.stringify(candidate) });
    touched.add(o.resultLine);
  }
  for (const r of refs) if (touched.has(r.startLine)) return null;
  return [...edits, ...refs];
}

/**
 * Whether this occurrence cannot be renamed, known without the file's other lines (the title of a
 * rename offered before its edits checks these too): the first turn's, no call place, two calls
 * with the id in one turn, a turn a chain dropped, second results left behind, or an agent that
 * would answer it by id with another call's result.
 */
function renameBlocked(a: Analysis, c: RenameContext, o: Occurrence, list: Occurrence[]): boolean {
  if (o.callLine === null || !o.callPath) return true;
  if (o.turn === list[0].turn) return true; // never the first occurrence
  // Two calls with this id in one assistant: their results cannot be told apart.
  let inTurn = 0;
  for (const x of list) if (x.assistant === o.assistant && ++inTurn > 1) return true;
  // A chain that dropped this turn names the id; renaming would drift its record.
  if (c.dropped.has(o.assistant) || (o.result && c.dropped.has(o.result))) return true;
  // Results of this turn with the id that did not pair (second results) would be left behind.
  if (c.unpairedTurns.has(`${o.id}\u0000${o.turn}`)) return true;
  // An agent that answers calls by id alone (Codex) answers this one with another call's result: renamed, it would have none.
  return !o.result && formatProfile(a.session.format)?.repair.answersById === true;
}

/** Whether a line is part of a record spanning lines (joined by a lone CR): a quick fix touching it is not offered (registry.ts `guarded`). */
function spansLines(a: Analysis, line: number | null): boolean {
  const l = line === null ? undefined : a.session.lines.heldAt(line);
  return l !== undefined && (l.eol === "\r" || l.partOf !== undefined);
}

/** A new name `${id}__t${turn}` that no string of the file (and no name given before) equals. */
function newName(c: RenameContext, id: string, turn: number): string {
  let candidate = `${id}__t${turn}`;
  for (let n = 2; c.taken.has(candidate); n++) candidate = `${id}__t${turn}_${n}`;
  c.taken.add(candidate);
  return candidate;
}

/**
 * Rename the LATER uses of the id of the `colliding-id` finding on `line` (one finding per id): each
 * call after the id's first turn, with its result and the references inside its turn, to an id
 * unused in the file (`${id}__t${turn}`). Never touches the first turn's. All or nothing: when one
 * later use cannot be renamed safely, null (renaming only some would leave the finding, moved to
 * the next use: fuzz seed 63001 case 1872, three uses of an id).
 */
export function makeIdUniqueRepair(a: Analysis, _text: string, line: number, toolCallId?: string, bom = false): Repair | null {
  const later = laterUses(a, line, toolCallId);
  if (!later) return null;
  const { id, list } = later;
  const c = renameContext(a);
  const edits: RepairEdit[] = [];
  const { turns, given, unsafe } = renameLaterUses(a, c, id, list, c.namingOf(id), edits, new Set(), true);
  for (const g of given) c.taken.delete(g); // a quick fix offered now is not applied yet
  if (unsafe || edits.length === 0) return null;
  return { title: renameTitle(id, turns), edits: withBomShift(edits, bom), touched: [...new Set(edits.map((e) => e.startLine))] };
}

/**
 * The title of the rename of the `colliding-id` finding on `line`, without its edits (no walk of
 * the file): the later turns of the id, as the rename names them when it is safe.
 */
export function makeIdUniqueTitle(a: Analysis, line: number, toolCallId?: string): { title: string } | null {
  // A JSON-document chat is never repaired line-wise (registry.ts guards every plan so).
  if (documentOf(a.session.lines)) return null;
  const later = laterUses(a, line, toolCallId);
  if (!later) return null;
  const c = renameContext(a);
  const turns: number[] = [];
  const seen = new Set<number>([later.list[0].turn]);
  for (const o of later.list) {
    if (seen.has(o.turn)) continue;
    seen.add(o.turn);
    // All or nothing, as the rename: a later use that cannot be renamed leaves it not offered.
    if (renameBlocked(a, c, o, later.list) || spansLines(a, o.callLine) || spansLines(a, o.resultLine)) return null;
    turns.push(o.turn);
  }
  return turns.length ? { title: renameTitle(later.id, turns) } : null;
}

function renameTitle(id: string, turns: readonly number[]): string {
  return turns.length === 1
    ? `Rename this \`${id}\` (turn ${turns[0]}) and its result to a unique id`
    : `Rename the ${turns.length} later uses of \`${id}\` (turns ${turns.slice(0, 5).join(", ")}${turns.length > 5 ? ", …" : ""}) and their results to unique ids`;
}

/** The `colliding-id` finding on `line` and its id's occurrences, when the one on that line is a later use. */
function laterUses(a: Analysis, line: number, toolCallId?: string): { id: string; list: Occurrence[] } | null {
  // The findings are in line order (analyze.ts): only this line's are looked at.
  const f = findingsOnLines(a.findings, line).find((x) => x.code === "colliding-id" && (toolCallId === undefined || x.toolCallId === toolCallId));
  if (!f || f.toolCallId === undefined) return null;
  const list = a.occurrences.byId.get(f.toolCallId) ?? [];
  const o = list.find((x) => x.callLine === line && samePath(x.callPath, f.path));
  if (!o || o.turn === list[0].turn) return null;
  return { id: f.toolCallId, list };
}

/**
 * Every reuse of every colliding id renamed at once (fix-all): each call after its id's first turn,
 * with its result and the references inside its turn, gets `${id}__t${turn}`. One pass over the
 * file for the references, whatever the number of ids and reuses. Renames that are unsafe are left
 * out (their findings stay, with the quick fix's reason).
 */
export function makeAllIdsUnique(a: Analysis, wanted: (f: Finding) => boolean = () => true): { edits: RepairEdit[]; count: number } {
  const ids = collidingIds(a, wanted);
  if (ids.size === 0) return { edits: [], count: 0 };
  const c = renameContext(a);
  const naming = c.naming();
  const edits: RepairEdit[] = [];
  const touched = new Set<number>();
  let count = 0;
  for (const id of ids) count += renameLaterUses(a, c, id, a.occurrences.byId.get(id) ?? [], naming.get(id) ?? new Set<number>(), edits, touched, false).turns.length;
  return { edits, count };
}

/**
 * The renames of `id`'s uses after its first turn, one new name a turn, added to `edits` (lines in
 * `touched`): the quick fix's (`allOrNothing`: stops at the first use that cannot be renamed
 * safely, `unsafe`) and fix-all's (skips it). `given`: every name taken for them.
 */
function renameLaterUses(a: Analysis, c: RenameContext, id: string, list: Occurrence[], naming: ReadonlySet<number>, edits: RepairEdit[], touched: Set<number>, allOrNothing: boolean): { turns: number[]; given: string[]; unsafe: boolean } {
  const turns: number[] = [];
  const given: string[] = [];
  const seenTurns = new Set<number>();
  for (const o of list) {
    if (o.turn === list[0].turn || seenTurns.has(o.turn)) continue;
    seenTurns.add(o.turn);
    const candidate = newName(c, id, o.turn);
    given.push(candidate);
    const e = renameOccurrence(a, c, o, list, candidate, naming);
    if (!e || e.some((x) => touched.has(x.startLine) && !sameLineEditsCompatible(edits, x))) {
      if (allOrNothing) return { turns, given, unsafe: true };
      continue;
    }
    for (const x of e) touched.add(x.startLine);
    pushAll(edits, e);
    turns.push(o.turn);
  }
  return { turns, given, unsafe: false };
}

/** Two renames on one line are compatible when their ranges do not meet. */
function sameLineEditsCompatible(edits: RepairEdit[], x: RepairEdit): boolean {
  for (const e of edits) if (e.startLine === x.startLine && !(e.endCol <= x.startCol || x.endCol <= e.startCol)) return false;
  return true;
}


const CHAIN_ID_LISTS = new Set(["droppedToolCallIds", "protectedToolCallIds"]);

/**
 * Edits for every other reference to this occurrence in the file (the lines in `naming`), or null
 * when a reference is ambiguous (names the bare id with nothing that tells the occurrences apart):
 * - `id@resultTimestamp` strings and `{toolCallId, resultTimestamp}` records (pi-condense) with
 *   this occurrence's timestamp are renamed; those of other occurrences are left alone;
 * - bare ids in a chain's droppedToolCallIds/protectedToolCallIds stay (this occurrence is in no
 *   chain's range, so the chain means another one);
 * - Claude Code / Codex lines inside this turn (progress and event lines carrying the id) are
 *   renamed; any other bare reference makes the rename unsafe.
 */
function referenceEdits(a: Analysis, c: RenameContext, o: Occurrence, list: Occurrence[], candidate: string, naming: ReadonlySet<number>): RepairEdit[] | null {
  const id = o.id;
  const ts = typeof o.result?.timestamp === "number" ? o.result.timestamp : undefined;
  // The id's call and result lines, and each call's turn span (once per id, not per occurrence).
  const { own, spans } = c.turnsOf(id, list);
  const mine = o.callLine === null ? undefined : spans[partitionPoint(spans, (x) => x.start < o.callLine!)];
  const spanEnd = mine && mine.start === o.callLine ? mine.end : a.session.lines.length;
  // A line inside another call's turn names that call (an id is one call's within a turn): left as it is.
  const inOtherTurn = (line: number): boolean => {
    const k = partitionPoint(spans, (x) => x.start < line) - 1;
    return k >= 0 && spans[k].start !== o.callLine && line < spans[k].end;
  };
  const linear = formatProfile(a.session.format)?.repair.turnLinesCarryIds === true;
  const keyPrefix = id + "@";
  const out: RepairEdit[] = [];
  for (const ln of naming) {
    const l = a.session.lines.at(ln)!;
    if (own.has(l.line) || l.value === undefined) continue;
    const tree = safeParseTree(l.text);
    if (!tree) return null; // too deep to scan, or not JSON: cannot tell what it references
    const hits: { node: JsonNode; path: JsonPath }[] = [];
    const walk = (n: JsonNode) => {
      if (n.type === "string" && (n.value === id || (typeof n.value === "string" && n.value.startsWith(keyPrefix) && /^\d+$/.test(n.value.slice(keyPrefix.length)))))
        if (!(n.parent?.type === "property" && n.parent.children?.[0] === n)) hits.push({ node: n, path: getNodePath(n) });
      for (const ch of n.children ?? []) walk(ch);
    };
    walk(tree);
    for (const { node, path } of hits) {
      const rename = (newText: string) => out.push({ startLine: l.line, startCol: node.offset, endLine: l.line, endCol: node.offset + node.length, newText });
      if (node.value !== id) {
        if (ts !== undefined && node.value === `${id}@${ts}`) rename(JSON.stringify(`${candidate}@${ts}`));
        continue;
      }
      const holder = node.parent?.type === "property" ? node.parent.parent : undefined;
      const sibling = holder?.children?.find((p) => p.children?.[0]?.value === "resultTimestamp")?.children?.[1];
      if (sibling && sibling.type === "number") {
        if (ts !== undefined && sibling.value === ts) rename(JSON.stringify(candidate));
        continue;
      }
      const v = l.value as any;
      if (v?.customType === "context-prune-chain" && path.length === 3 && path[0] === "data" && CHAIN_ID_LISTS.has(String(path[1]))) continue;
      if (linear && o.callLine !== null && l.line > o.callLine && l.line < spanEnd) {
        rename(JSON.stringify(candidate));
        continue;
      }
      if (linear && inOtherTurn(l.line)) continue;
      return null;
    }
  }
  return out;
}
