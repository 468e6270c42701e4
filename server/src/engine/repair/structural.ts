/**
 * Structural repairs as line plans (line-plan.ts): insert the missing result of a dangling or
 * pending call, move a result that sits after another message back to its call's turn, drop a
 * duplicate result, re-link a broken parent as the loader does (a root), break a parent cycle,
 * remove a malformed line. Each returns a plan, or the reason it is not offered (one sentence a
 * user reads). Look-ups are built once per analysis (repair-index.ts), so a fix round stays linear.
 * Pure: no vscode or LSP import.
 */
import type { Analysis } from "../pipeline/analyze.js";
import { formatProfile } from "../formats/registry.js";
import type { FormatProfile } from "../formats/profile.js";
import { isObject } from "../model/parse.js";
import { locate } from "../model/positions.js";
import type { Occurrence } from "../model/occurrence-index.js";
import type { Entry, Finding, JsonPath, Msg, SourceLine } from "../model/types.js";
import { emptyPlan, type LinePlan } from "./line-plan.js";
import { lineBetween, repairIndex } from "./repair-index.js";

export interface PlannedRepair {
  title: string;
  plan: LinePlan;
  /** Lines whose content the plan assumes unchanged (a parent it links to); -1: the file's last entry. */
  reads: number[];
}

export type Planned = PlannedRepair | { reason: string };

export const LAST_ENTRY = -1;

const no = (reason: string) => ({ reason });

export function findingOn(a: Analysis, codes: readonly string[], line: number, toolCallId?: string): Finding | undefined {
  return repairIndex(a).findingsByLine.get(line)?.find((f) => codes.includes(f.code) && (toolCallId === undefined || f.toolCallId === toolCallId));
}

/** Per-analysis look-ups the structural repairs share. */
interface Context {
  reader: FormatProfile | undefined;
  beforeIndex: Map<Msg, number>;
  branchIndex: Map<Entry, number>;
  /** Origin line of a message -> the swept result record. */
  sweptByLine: Map<number, { reason: string; barrier?: Msg; id: string }[]>;
  cycleCut: Map<Entry, { cut: Entry } | { reason: string }>;
  lastEntry: Entry | undefined;
  /** An assistant message's call occurrences. */
  callsOf: Map<Msg, Occurrence[]>;
  /** The insert repair of a turn, shared by the findings of its calls. */
  insertByTurn: Map<Msg, Planned>;
  /** Context messages by the line they come from. */
  beforeByLine: Map<number, Msg[]>;
}

const contexts = new WeakMap<Analysis, Context>();

function context(a: Analysis): Context {
  let c = contexts.get(a);
  if (c) return c;
  const beforeIndex = repairIndex(a).beforeIndex();
  const beforeByLine = new Map<number, Msg[]>();
  for (const m of a.before) {
    if (m.origin.kind !== "entry") continue;
    const l = beforeByLine.get(m.origin.line);
    if (l) l.push(m);
    else beforeByLine.set(m.origin.line, [m]);
  }
  const branchIndex = new Map<Entry, number>();
  a.session.branch.forEach((e, i) => branchIndex.set(e, i));
  const sweptByLine = new Map<number, { reason: string; barrier?: Msg; id: string }[]>();
  for (const s of a.prune.swept) {
    if (s.msg.origin.kind !== "entry") continue;
    const l = s.msg.origin.line;
    const list = sweptByLine.get(l) ?? [];
    list.push({ reason: s.reason, barrier: s.barrier, id: String(s.msg.toolCallId) });
    sweptByLine.set(l, list);
  }
  const entries = a.session.entries;
  const callsOf = new Map<Msg, Occurrence[]>();
  for (const o of a.occurrences.occurrences) {
    const l = callsOf.get(o.assistant);
    if (l) l.push(o);
    else callsOf.set(o.assistant, [o]);
  }
  c = {
    callsOf,
    beforeByLine,
    insertByTurn: new Map(), reader: formatProfile(a.session.format), beforeIndex, branchIndex, sweptByLine, cycleCut: new Map(), lastEntry: entries[entries.length - 1] };
  contexts.set(a, c);
  return c;
}

/** The range of the string `expected` at `path` on the line, or null. */
function stringRange(line: SourceLine, path: JsonPath, expected: string): { start: number; end: number } | null {
  const r = locate(line, path);
  try {
    return JSON.parse(line.text.slice(r.start, r.end)) === expected ? r : null;
  } catch {
    return null;
  }
}

/** The line's text with the string at `path` (equal to `from`) replaced by the JSON `to`, or null. */
export function withValue(line: SourceLine, path: JsonPath, from: string, to: string | null): string | null {
  const r = stringRange(line, path, from);
  if (!r) return null;
  return line.text.slice(0, r.start) + JSON.stringify(to) + line.text.slice(r.end);
}

/** A small deterministic hash (FNV-1a), for new ids that do not depend on the clock. */
function hash32(s: string, seed: number): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const hex8 = (n: number) => n.toString(16).padStart(8, "0");

/** A new entry id in the format's style (the profile's `newEntryId`), unused in the file. */
function newEntryId(a: Analysis, key: string, taken: Set<string>): string {
  const ix = repairIndex(a);
  const style = formatProfile(a.session.format)!.repair.newEntryId;
  for (let seed = 0; ; seed++) {
    const h = [0, 1, 2, 3].map((k) => hex8(hash32(key, seed * 4 + k))) as [string, string, string, string];
    const id = style(h);
    if (!ix.idCount.has(id) && !taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

/**
 * Where a line goes to sit at the end of the turn of the assistant message at `before[idx]`:
 * after `prev` (the last branch entry before the message that ends the turn, or the branch's
 * last entry), with `next` (that message's entry) re-linked to it.
 */
function turnEnd(a: Analysis, c: Context, idx: number, barrier?: Msg): { prev: Entry; next?: Entry } | { reason: string } {
  const branch = a.session.branch;
  let end: Msg | undefined = barrier;
  if (!end) {
    let k = idx + 1;
    while (k < a.before.length && a.before[k].role === "toolResult") k++;
    end = a.before[k];
  }
  if (!end) {
    const prev = branch[branch.length - 1];
    if (!prev) return no("the session has no branch");
    if (c.lastEntry !== prev) return no("the branch's last entry is not the file's last entry");
    return { prev };
  }
  if (end.origin.kind !== "entry") return no("the turn ends at a message the pruner made, not at a line of the file");
  const line = end.origin.line;
  const next = repairIndex(a).entryByLine.get(line);
  const bi = next ? c.branchIndex.get(next) : undefined;
  if (!next || bi === undefined || bi === 0) return no(`the message that ends the turn (line ${line + 1}) is not on the branch`);
  const prev = branch[bi - 1];
  if (c.lastEntry === prev) return no("the turn's last entry is the file's last line while the branch goes on: the file order is unusual");
  return { prev, next };
}

/** The plan pieces that put new lines after `prev` and re-link `next` to the first of them. */
function linkIn(a: Analysis, c: Context, at: { prev: Entry; next?: Entry }, firstId: string, lastId: string, plan: LinePlan): string | null {
  const reader = c.reader!;
  if (!reader.repair.linked || at.prev.syntheticId) return null;
  if (a.session.byId.get(at.prev.id) !== at.prev) return `the entry before it, \`${at.prev.id}\`, shares its id with another entry`;
  if (at.next) {
    const t = withValue(a.session.lines.at(at.next.line)!, [reader.parentKey], at.prev.id, lastId);
    if (t === null) return `line ${at.next.line + 1}: its parent link cannot be located`;
    plan.replace.set(at.next.line, t);
  }
  void firstId;
  return null;
}

/**
 * The active branch runs into a parent cycle (its first entry's parent is on it), or, in a reading
 * that walks on past a cycle (Claude Code bridges it by time), holds an entry of one: re-linking
 * inside would move the cycle.
 */
function branchInCycle(a: Analysis): boolean {
  const root = a.session.branch[0];
  if (root && root.parentId !== null && root.parentId !== root.id && a.session.byId.has(root.parentId)) return true;
  const byLine = repairIndex(a).findingsByLine;
  return a.session.branch.some((e) => byLine.get(e.line)?.some((f) => f.code === "broken-parent" && f.message.includes(CYCLE)));
}

const CYCLE_FIRST = "the branch runs into a parent cycle: break the cycle first";

/**
 * Why these lines may not be removed (null when they may): the file ends without a line ending
 * and they include its last line, so the line before them would end the file without its ending;
 * when that line does not parse, it would then read as cut off (an append in progress,
 * `partial-message`) instead of skipped (fuzz seed 60017 case 3014).
 */
export function cutsOffLastLine(a: Analysis, removed: Iterable<number>): string | null {
  const lines = a.session.lines;
  const last = lines.length - 1;
  const gone = new Set(removed);
  if (last < 0 || !gone.has(last) || lines.at(last)!.eol !== "") return null;
  let p = last - 1;
  while (p >= 0 && gone.has(p)) p--;
  const before = p >= 0 ? lines.at(p) : undefined;
  if (!before || before.parseError === undefined) return null;
  return `line ${p + 1} does not parse and would end the file without its line ending: it would read as cut off, not skipped (remove line ${p + 1} first)`;
}

/** Why this session's lines may not be added or moved (the profile's `countsLines`), or null. */
function countsLines(a: Analysis): string | null {
  return formatProfile(a.session.format)?.repair.countsLines?.(a.session) ?? null;
}

// ------------------------------------------------------------------------------------------
// Insert the missing result of a dangling or pending call

export const MISSING_RESULT_CODES = ["dangling-call", "pending-call"] as const;

export function insertMissingResult(a: Analysis, line: number, toolCallId?: string): Planned {
  const f = findingOn(a, MISSING_RESULT_CODES as unknown as string[], line, toolCallId);
  if (!f || f.toolCallId === undefined) return no("there is no call without a result on this line");
  const c = context(a);
  if (!c.reader) return no("the format has no repairs");
  const counted = countsLines(a);
  if (counted) return no(counted);
  if (branchInCycle(a)) return no(CYCLE_FIRST);
  const o = (a.occurrences.byId.get(f.toolCallId) ?? []).find((x) => !x.result && (x.callLine === line || lineOfMsg(x.assistant) === line));
  if (!o) return no("the call already has a result");
  const known = c.insertByTurn.get(o.assistant);
  if (known) return known;
  const r = insertForTurn(a, c, o);
  c.insertByTurn.set(o.assistant, r);
  return r;
}

function insertForTurn(a: Analysis, c: Context, o: Occurrence): Planned {
  const turnCalls = c.callsOf.get(o.assistant) ?? [];
  const missing = turnCalls.filter((x) => !x.result);
  const ids = new Set<string>();
  for (const m of turnCalls) {
    if (m.id === "") return no("a call of this turn has an empty id");
    if (ids.has(m.id)) return no(`two calls of this turn share the id \`${m.id}\`: a result could not say which it answers`);
    ids.add(m.id);
  }
  // A result of the turn that answers none of its calls may be one of them, renamed: not guessed.
  const idx = c.beforeIndex.get(o.assistant);
  if (idx === undefined) return no("the call's turn is not in the context");
  if (o.callLine === null) return no("the call is not on a line of the file");
  // A call of the turn whose result the file holds is still read as unanswered (the agent's own
  // reading does not find it where it looks, e.g. Claude Code's results split over messages it
  // does not join): a made-up result put beside the turn's results would not be read either.
  const byLine = repairIndex(a).findingsByLine;
  const unread = turnCalls.find((x) => x.result && x.callLine !== null && byLine.get(x.callLine)?.some((g) => g.toolCallId === x.id && (MISSING_RESULT_CODES as readonly string[]).includes(g.code)));
  if (unread)
    return no(
      `the result of \`${unread.id}\`, a call of the same turn, is in the file but ${c.reader?.words.agent ?? "the agent"} does not read it as answering its call: a made-up result placed beside it would not be read either`,
    );
  // Never invent a result the file holds: a result of a missing call anywhere after it (a later
  // line, another branch) before the id is called again means the call was answered.
  const held = heldResult(a, missing);
  if (held) return no(held);
  const ahead = childBeforeParent(a, turnCalls, c.reader?.words.agent ?? "the agent");
  if (ahead) return no(ahead);
  const at = turnEnd(a, c, idx);
  if ("reason" in at) return at;
  const callValue = a.session.lines.at(o.callLine)!.value;
  if (!isObject(callValue)) return no("the call's line is not a JSON object");
  const plan = emptyPlan();
  const taken = new Set<string>();
  const newIds = missing.map((m) => newEntryId(a, `${m.id}@${m.turn}`, taken));
  const items: { text: string }[] = [];
  let prev = at.prev;
  missing.forEach((m, k) => {
    const own = m.callLine !== null ? a.session.lines.heldAt(m.callLine)?.value : undefined;
    const rec = c.reader!.repair.interruptedResult({ id: m.id, name: m.toolName }, isObject(own) ? own : callValue, prev, newIds[k]);
    items.push({ text: JSON.stringify(rec) });
    prev = { ...prev, id: newIds[k], raw: { ...prev.raw, ...rec } as Record<string, any>, line: -1 };
  });
  const why = linkIn(a, c, at, newIds[0], newIds[newIds.length - 1], plan);
  if (why) return no(why);
  plan.insert.set(at.prev.line, items);
  const reads = [at.prev.line, ...(at.next ? [] : [LAST_ENTRY])];
  const names = missing.map((m) => `\`${m.id}\``).join(", ");
  return { title: `Insert an interrupted result for ${missing.length === 1 ? `call ${names}` : `${missing.length} calls (${names})`}`, plan, reads };
}

/**
 * Why no result may be added to this turn: a line of the turn names a later line as its parent, or
 * a line earlier in the file names a line of the turn as its parent (null when neither). Agents write a parent before its children, so such a link is
 * damage; how the agent's loader orders the lines around it (Claude Code joins a turn's split
 * lines by their parents) then depends on it, and a new line could move other messages (fuzz seeds
 * 50003 and 50004: a new dangling call after the fix; 60001 and 60006: the call still unanswered).
 */
function childBeforeParent(a: Analysis, calls: readonly Occurrence[], agent: string): string | null {
  const ix = repairIndex(a);
  const seen = new Set<number>();
  for (const m of calls) {
    if (m.callLine === null || seen.has(m.callLine)) continue;
    seen.add(m.callLine);
    const e = ix.entryByLine.get(m.callLine);
    if (!e || e.syntheticId) continue;
    const parent = e.parentId !== null ? a.session.byId.get(e.parentId) : undefined;
    if (parent && parent.line > m.callLine)
      return `line ${m.callLine + 1} names line ${parent.line + 1}, later in the file, as its parent: where ${agent} would read a new result cannot be told (fix that line's parent link first)`;
    for (const [ln] of ix.refs(e.id) ?? []) {
      if (ln >= m.callLine) continue;
      if (ix.entryByLine.get(ln)?.parentId === e.id)
        return `line ${ln + 1} names line ${m.callLine + 1}, later in the file, as its parent: where ${agent} would read a new result cannot be told (fix that line's parent link first)`;
    }
  }
  return null;
}

/** Why no result may be made up for these calls: the file holds one of them (null when none does). */
function heldResult(a: Analysis, calls: readonly Occurrence[]): string | null {
  const tools = repairIndex(a).toolLines();
  for (const m of calls) {
    if (m.callLine === null) continue;
    const nextCall = lineBetween(tools.calls.get(m.id), m.callLine);
    const result = lineBetween(tools.results.get(m.id), m.callLine, nextCall);
    if (result !== undefined)
      return `the file holds the result of \`${m.id}\` on line ${result + 1}: a made-up result would hide it (move that result back to its call's turn instead)`;
  }
  return null;
}

// ------------------------------------------------------------------------------------------
// Move a result that sits after another message back to its call's turn

/** A tool result whose call's turn was closed by another message before it. */
export function moveResult(a: Analysis, line: number, toolCallId?: string): Planned {
  const f = findingOn(a, ["orphan-result"], line, toolCallId);
  if (!f || f.toolCallId === undefined) return no("there is no orphan result on this line");
  const c = context(a);
  const s = c.sweptByLine.get(line)?.find((x) => x.id === f.toolCallId);
  // A result after a message that closed its call's turn (a barrier), or after the next assistant
  // turn began (a slow call's late result): its call is the last call of the id before it.
  if (!s || s.reason === "already-consumed" || (s.reason === "after-barrier" && !s.barrier)) return no("its call's turn was not closed by another message before it");
  if (!c.reader) return no("the format has no repairs");
  const counted = countsLines(a);
  if (counted) return no(counted);
  if (branchInCycle(a)) return no(CYCLE_FIRST);
  const reader = c.reader;
  const ix = repairIndex(a);
  const src = a.session.lines.at(line)!;
  const v = src.value;
  const entry = ix.entryByLine.get(line);
  if (!isObject(v) || !entry) return no("the line is not an entry");
  if (!reader.repair.resultLineRemoval(v, f.toolCallId, entry, a.session)) return no("the line holds more than this one result");
  // The call it answers: the last call of this id before the barrier, still without a result.
  const calls = (a.occurrences.byId.get(f.toolCallId) ?? []).filter((o) => !o.result || lineOfMsg(o.result) === line);
  const resultMsg = c.beforeByLine.get(line)?.find((m) => m.toolCallId === f.toolCallId);
  const bi = s.barrier ? c.beforeIndex.get(s.barrier) : resultMsg ? c.beforeIndex.get(resultMsg) : undefined;
  const call = calls.filter((o) => (c.beforeIndex.get(o.assistant) ?? Infinity) < (bi ?? -1)).pop();
  if (!call) return no(s.barrier ? "its call is not on the branch before the message that closed the turn" : "there is no call of this id without a result before it on the branch");
  const stop = call.assistant.stopReason;
  if (stop === "error" || stop === "aborted") return no(`its call's turn ended with stopReason \`${stop}\`: pi-ai leaves that turn out, so the moved result would still answer nothing (remove it instead)`);
  const at = turnEnd(a, c, c.beforeIndex.get(call.assistant)!, s.barrier);
  if ("reason" in at) return at;
  if (at.prev === entry) return no("it already sits at the end of its call's turn");
  const plan = emptyPlan();
  const reads: number[] = [at.prev.line];
  let text = src.text;
  if (reader.repair.linked && !entry.syntheticId) {
    if ((ix.idCount.get(entry.id) ?? 0) > 1) return no(`its id \`${entry.id}\` is shared by another entry`);
    if (a.session.byId.get(at.prev.id) !== at.prev) return no(`the entry before the barrier, \`${at.prev.id}\`, shares its id with another entry`);
    if (entry.parentId === null || !a.session.byId.has(entry.parentId)) return no("its parent is not in the file");
    if (entry.parentId === entry.id) return no("it names itself as its parent: make it a root first");
    // Out of its place: its children move to its parent.
    for (const [ln, count] of ix.refs(entry.id) ?? []) {
      if (ln === line) continue;
      const child = ix.entryByLine.get(ln);
      if (!child || child.parentId !== entry.id || count !== 1) return no(`line ${ln + 1} refers to its id \`${entry.id}\` other than as a parent link`);
      if (at.next && ln === at.next.line) return no("the line after the barrier is its child");
      const t = withValue(a.session.lines.at(ln)!, [reader.parentKey], entry.id, entry.parentId);
      if (t === null) return no(`line ${ln + 1}: the parent link cannot be located`);
      plan.replace.set(ln, t);
    }
    const moved = withValue(src, [reader.parentKey], entry.parentId, at.prev.id);
    if (moved === null) return no("its parent link cannot be located");
    text = moved;
    if (at.next) {
      const t = withValue(a.session.lines.at(at.next.line)!, [reader.parentKey], at.prev.id, entry.id);
      if (t === null) return no(`line ${at.next.line + 1}: its parent link cannot be located`);
      if (plan.replace.has(at.next.line)) return no("the barrier is its own child");
      plan.replace.set(at.next.line, t);
    }
    reads.push(a.session.byId.get(entry.parentId)!.line);
  }
  if (c.lastEntry === entry) {
    const rest = a.session.entries.filter((e) => e !== entry);
    const next = reader.leaf(rest);
    if (!next || (reader.repair.linked && !entry.syntheticId && next.id !== entry.parentId)) return no("it is the last entry and moving it would switch the active branch");
    reads.push(LAST_ENTRY);
  }
  if (!at.next) reads.push(LAST_ENTRY);
  const cut = cutsOffLastLine(a, [line]);
  if (cut) return no(cut);
  plan.remove.add(line);
  plan.insert.set(at.prev.line, [{ text, from: line }]);
  return { title: `Move result \`${f.toolCallId}\` back to its call's turn (before line ${(at.next?.line ?? at.prev.line) + 1})`, plan, reads };
}

function lineOfMsg(m: Msg): number | null {
  return m.origin.kind === "entry" ? m.origin.line : null;
}

/** Whether the orphan on `line` is a second result for a call already answered in its turn. */
export function isDuplicateResult(a: Analysis, line: number, toolCallId?: string): boolean {
  if (context(a).sweptByLine.get(line)?.some((x) => x.reason === "already-consumed" && (toolCallId === undefined || x.id === toolCallId))) return true;
  const repeated = context(a).reader?.repair.repeatedResult;
  return repeated !== undefined && toolCallId !== undefined && repeated(a.session, line, toolCallId);
}

// ------------------------------------------------------------------------------------------
// Broken parents: a root, as the loader treats it; a cycle cut where the file order says

const CYCLE = "closes a cycle";

export function relinkParent(a: Analysis, line: number): Planned {
  const f = findingOn(a, ["broken-parent"], line);
  if (!f) return no("there is no broken parent link on this line");
  if (f.message.includes(CYCLE)) return no("the link closes a cycle (break the cycle instead)");
  if (f.severity === "information" || f.severity === "hint") return no("the link names a line of another session file, which the agent follows: cutting it would lose that history");
  const c = context(a);
  const entry = repairIndex(a).entryByLine.get(line);
  if (!c.reader || !entry || entry.parentId === null || !c.reader.repair.linked) return no("the line has no parent link");
  if (entry.parentId !== entry.id && a.session.byId.has(entry.parentId)) return no("its parent is in the file");
  const torn = malformedLineNaming(a, entry.parentId, c.reader.idKey);
  if (torn !== undefined) return no(`its parent \`${entry.parentId}\` may be on malformed line ${torn + 1}: mend that line first (cutting the link would lose the history above it)`);
  if (cutChangesBranch(a, c.reader, entry)) return no(`${c.reader.words.agent} does not read the entry as a root: cutting the link would change the conversation it resumes`);
  const t = withValue(a.session.lines.at(line)!, [c.reader.parentKey], entry.parentId, null);
  if (t === null) return no("its parent link cannot be located");
  const plan = emptyPlan();
  plan.replace.set(line, t);
  return { title: `Make this entry a root, as the loader treats it (its parent \`${entry.parentId}\` ${entry.parentId === entry.id ? "is itself" : "is not in the file"})`, plan, reads: [] };
}

const malformedLines = new WeakMap<Analysis, number[]>();

/** The first malformed line whose text holds an entry of id `id` (the parent a torn write left there: `"<idKey>":"<id>"`), if any. */
function malformedLineNaming(a: Analysis, id: string, idKey: string): number | undefined {
  let lines = malformedLines.get(a);
  if (!lines) {
    lines = a.findings.filter((f) => f.code === "malformed-line").map((f) => f.line);
    malformedLines.set(a, lines);
  }
  const compact = `${JSON.stringify(idKey)}:${JSON.stringify(id)}`;
  const spaced = `${JSON.stringify(idKey)}: ${JSON.stringify(id)}`;
  for (const l of lines) {
    const text = a.session.lines.at(l)?.text;
    if (text !== undefined && (text.includes(compact) || text.includes(spaced))) return l;
  }
  return undefined;
}

/**
 * Whether the branch the agent reads changes when `entry` becomes a root: only for a format whose
 * reading is not the plain path from its leaf (the profile's `branch`; Claude Code does not take a
 * self-parented line for a root: it is no leaf, and its walk bridges the link by time).
 */
function cutChangesBranch(a: Analysis, reader: FormatProfile, entry: Entry): boolean {
  if (!reader.branch) return false;
  const entries = a.session.entries.map((e) => (e === entry ? { ...e, parentId: null, raw: { ...e.raw, [reader.parentKey]: null } } : e));
  const leaf = reader.leaf(entries);
  const branch = leaf ? reader.branch(entries, leaf) : [];
  const now = a.session.branch;
  return branch.length !== now.length || branch.some((e, i) => e.line !== now[i].line);
}

/** The entry of a parent cycle whose link to cut: the one link that points forward in the file. */
function cycleCut(a: Analysis, c: Context, start: Entry): { cut: Entry } | { reason: string } {
  const known = c.cycleCut.get(start);
  if (known) return known;
  const byId = a.session.byId;
  const walk: Entry[] = [];
  const on = new Set<Entry>();
  let cur: Entry | undefined = start;
  while (cur && !on.has(cur)) {
    on.add(cur);
    walk.push(cur);
    cur = cur.parentId !== null && cur.parentId !== cur.id ? byId.get(cur.parentId) : undefined;
  }
  let r: { cut: Entry } | { reason: string };
  if (!cur) r = no("the entry is not on a parent cycle");
  else {
    const cycle = walk.slice(walk.indexOf(cur));
    const forward = cycle.filter((e) => byId.get(e.parentId!)!.line >= e.line);
    if (forward.length !== 1) r = no(`${forward.length} links of the cycle point forward in the file: which one to cut is a guess`);
    else {
      const cut = forward[0];
      const onBranch = cycle.some((e) => c.branchIndex.has(e));
      if (onBranch && a.session.branch[0] !== cut) r = no("cutting the link the file order points at would change the active branch");
      else if (c.reader && cutChangesBranch(a, c.reader, cut)) r = no(`cutting the link would change the conversation ${c.reader.words.agent} resumes`);
      else r = { cut };
    }
    for (const e of cycle) c.cycleCut.set(e, r);
  }
  c.cycleCut.set(start, r);
  return r;
}

export function breakParentCycle(a: Analysis, line: number): Planned {
  const f = findingOn(a, ["broken-parent"], line);
  if (!f || !f.message.includes(CYCLE)) return no("there is no parent cycle on this line");
  const c = context(a);
  const entry = repairIndex(a).entryByLine.get(line);
  if (!c.reader || !entry || !c.reader.repair.linked) return no("the line has no parent link");
  const r = cycleCut(a, c, entry);
  if ("reason" in r) return r;
  const cut = r.cut;
  const t = withValue(a.session.lines.at(cut.line)!, [c.reader.parentKey], cut.parentId!, null);
  if (t === null) return no(`line ${cut.line + 1}: its parent link cannot be located`);
  const plan = emptyPlan();
  plan.replace.set(cut.line, t);
  return { title: `Break the parent cycle: make \`${cut.id}\` (line ${cut.line + 1}) a root`, plan, reads: [] };
}

// ------------------------------------------------------------------------------------------
// Remove a malformed line

export function removeMalformedLine(a: Analysis, line: number, bom: boolean): Planned {
  const f = findingOn(a, ["malformed-line"], line);
  if (!f) return no("there is no malformed line here");
  const l = a.session.lines.at(line)!;
  if (line === 0 && bom) return no("the line starts the file with its byte order mark");
  if (l.eol === "" && line === a.session.lines.length - 1 && l.value === undefined) return no("it is the last line, cut off: an agent may still be writing it");
  // Two entries glued together (a crash between writes) would be lost with the line.
  if (/\}\s*\{/.test(l.text) && l.text.trimStart().startsWith("{")) return no("the line looks like entries glued together; split it by hand rather than lose them");
  // An entry behind stray bytes (a torn write, an editing slip: `/speci{"type":"session",…}`) or
  // before them (`{…}xx`, NUL padding after a crash) would be lost with the line.
  const inside = entryInside(l.text);
  if (inside) return no(`${inside}; mend the line by hand rather than lose the entry`);
  const plan = emptyPlan();
  plan.remove.add(line);
  return { title: `Remove malformed line ${line + 1} (the loader skips it)`, plan, reads: line === a.session.lines.length - 1 ? [LAST_ENTRY] : [] };
}

/** A line longer than this is not searched for an entry inside it: it is not removed either. */
const ENTRY_SEARCH_CHARS = 16 * 1024 * 1024;

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;

/** Whether the quote at `i` is escaped (an odd number of backslashes before it). */
function escapedAt(t: string, i: number): boolean {
  let n = 0;
  for (let j = i - 1; j >= 0 && t.charCodeAt(j) === BACKSLASH; j--) n++;
  return n % 2 === 1;
}

/**
 * Where the object that ends at `end` (a `}`) starts, reading back from it (strings skipped), or
 * -1: one pass, correct for the object whatever comes before it (a torn write, stray bytes).
 */
function objectStartBefore(t: string, end: number): number {
  let depth = 0;
  let inString = false;
  for (let i = end; i >= 0; i--) {
    const c = t.charCodeAt(i);
    if (inString) {
      if (c === QUOTE && !escapedAt(t, i)) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth++;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth--;
      if (depth === 0) return c === OPEN_OBJECT ? i : -1;
      if (depth < 0) return -1;
    }
  }
  return -1;
}

/** Where the object that starts the line ends (strings skipped), or -1: one pass. */
function objectEndAfterStart(t: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
      if (depth === 0) return c === CLOSE_OBJECT ? i : -1;
      if (depth < 0) return -1;
    }
  }
  return -1;
}

const parsedObject = (text: string): Record<string, unknown> | undefined => {
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Why a malformed line holds a whole entry (so removing it would lose it), or undefined. Any
 * agent's entry: the whole line once trailing NULs and whitespace are cut; the object that starts
 * the line, before stray characters; the object that ends the line, after stray characters (a
 * torn write, then the next entry on the same line) — but not a lone field's value (one key, right
 * after a `:`, `,` or `[`: the line was cut just after a nested object). Each is found in one pass
 * over the line (the brackets matched, strings skipped) and parsed once.
 */
export function entryInside(text: string): string | undefined {
  if (text.length > ENTRY_SEARCH_CHARS) return "the line is too long to search for an entry inside it";
  const t = text.replace(/[\s\u0000]+$/, "");
  if (t !== text && parsedObject(t)) return "the line holds a whole entry followed by NUL or blank characters";
  if (t.startsWith("{")) {
    const e = objectEndAfterStart(t);
    if (e > 0 && e < t.length - 1 && parsedObject(t.slice(0, e + 1))) return `the line holds an entry followed by ${t.length - e - 1} stray character${t.length - e - 1 === 1 ? "" : "s"}`;
  }
  if (t.endsWith("}")) {
    const k = objectStartBefore(t, t.length - 1);
    if (k > 0) {
      const v = parsedObject(t.slice(k));
      const before = t.slice(0, k).trimEnd();
      const asValue = /[:,[]$/.test(before) && v !== undefined && Object.keys(v).length < 2;
      if (v && !asValue) return `the line holds an entry after ${k} stray character${k === 1 ? "" : "s"}`;
    }
  }
  return undefined;
}

export type { Occurrence };
