/**
 * Rule 2, occurrence identity (seed toolcall-id-collisions.md, section B; AC 6-11 as they apply
 * to reading a file). Provider tool-call ids are unique only within one response, so each call
 * occurrence is keyed `id@resultTimestamp` and paired with the results of its own turn
 * (positionally: the results between this assistant and the next one, first result per id wins).
 *
 * Findings: `colliding-id` (an id used by calls in more than one turn: one finding per id, on
 * its first reuse, information by default), `duplicate-call-id` (the same id twice in one
 * assistant message). Linear in occurrences; related lists capped (related-cap.ts).
 */
import { occKey } from "../render/pi-condense/indexer-state.js";
import type { Finding, JsonPath, Msg } from "../model/types.js";
import { lineOf } from "../model/types.js";
import { cappedRelated } from "../model/related-cap.js";
import { ALL_ENABLED, type CodeTable, type EnabledCodes, findingMaker } from "../model/finding-kit.js";

export const OCCURRENCE_IDENTITY_CODES = {
  "colliding-id": {
    description: "A tool-call id used by calls in more than one turn (one finding per id, on its first reuse).",
    severity: "information",
    follows: "seed toolcall-id-collisions.md section B (occurrence identity)",
    fixes: ["make-id-unique", "fix-all"],
  },
  "duplicate-call-id": {
    description: "The same tool-call id twice in one assistant message.",
    severity: "error",
    follows: "seed toolcall-id-collisions.md section B (occurrence identity)",
    fixes: [],
  },
} as const satisfies CodeTable;

const make = findingMaker(OCCURRENCE_IDENTITY_CODES);

export interface Occurrence {
  id: string;
  /** 1-based assistant turn on the branch. */
  turn: number;
  toolName?: string;
  assistant: Msg;
  callLine: number | null;
  callPath?: JsonPath;
  result?: Msg;
  resultLine: number | null;
  resultPath?: JsonPath;
  /** `id@resultTimestamp` (bare id when the result has no timestamp or is missing). */
  key: string;
}

/** A tool result on the branch that pairs with no call of its own turn. */
export interface UnpairedResult {
  id: string;
  msg: Msg;
  line: number | null;
  path?: JsonPath;
  /** Turn of the assistant before it (0 before any). */
  turn: number;
}

export interface OccurrenceIndex {
  occurrences: Occurrence[];
  unpaired: UnpairedResult[];
  byId: Map<string, Occurrence[]>;
}

export function resultPathOf(m: Msg): JsonPath {
  return (m.resultPath as JsonPath) ?? ["message", "toolCallId"];
}

/** Where indexing stands after the last message: its turn and the calls of that turn still open. */
interface IndexCursor {
  turn: number;
  /** Calls of the current turn still without a result, by id, in call order. */
  current: Map<string, Occurrence[]>;
}

const cursors = new WeakMap<OccurrenceIndex, IndexCursor>();

export function indexOccurrences(messages: Msg[]): OccurrenceIndex {
  const occurrences: Occurrence[] = [];
  const unpaired: UnpairedResult[] = [];
  // A map, not a scan: one turn can hold tens of thousands of calls and results.
  const cur: IndexCursor = { turn: 0, current: new Map() };
  for (const m of messages) indexMessage(m, cur, occurrences, unpaired);
  const byId = new Map<string, Occurrence[]>();
  for (const o of occurrences) {
    const list = byId.get(o.id);
    if (list) list.push(o);
    else byId.set(o.id, [o]);
  }
  const idx = { occurrences, unpaired, byId };
  cursors.set(idx, cur);
  return idx;
}

/**
 * The index of `prev`'s messages followed by `added` (an append), equal to `indexOccurrences`
 * on all of them, without re-reading the earlier messages; null when `prev` was not made here.
 * `prev` is left as it was: the calls of its last turn that `added` may answer are copied first.
 */
export function extendOccurrences(prev: OccurrenceIndex, added: Msg[]): OccurrenceIndex | null {
  const was = cursors.get(prev);
  if (!was) return null;
  const occurrences = prev.occurrences.slice();
  const copies = new Map<Occurrence, Occurrence>();
  const cur: IndexCursor = { turn: was.turn, current: new Map() };
  for (const [id, list] of was.current)
    cur.current.set(id, list.map((o) => {
      const c = { ...o };
      copies.set(o, c);
      return c;
    }));
  for (let i = occurrences.length - 1; copies.size > 0 && i >= 0 && occurrences[i].turn === was.turn; i--) occurrences[i] = copies.get(occurrences[i]) ?? occurrences[i];
  const first = occurrences.length;
  const unpaired = prev.unpaired.slice();
  for (const m of added) indexMessage(m, cur, occurrences, unpaired);
  const touched = new Set<string>();
  for (const c of copies.values()) touched.add(c.id);
  for (let i = first; i < occurrences.length; i++) touched.add(occurrences[i].id);
  const byId = withListsCopied(prev.byId, touched, copies);
  for (let i = first; i < occurrences.length; i++) byId.get(occurrences[i].id)!.push(occurrences[i]);
  const idx = { occurrences, unpaired, byId };
  cursors.set(idx, cur);
  return idx;
}

/**
 * The index of `before` when it is the context `prev` was made from with some messages replaced
 * by edited copies that call, answer and sit as before (an in-place edit of text, arguments, an
 * error flag: incremental/edit.ts): `prev` with its references to the replaced messages swapped,
 * equal to `indexOccurrences(before)`. Null when a replaced message changes what the index
 * reads (a call's id, name or place, a result's id, timestamp or place), or `before` is not
 * such a context. `prev` is left as it was.
 */
export function remapOccurrences(prev: OccurrenceIndex, prevBefore: readonly Msg[], before: readonly Msg[]): OccurrenceIndex | null {
  const was = cursors.get(prev);
  if (!was || prevBefore.length !== before.length) return null;
  const swap = new Map<Msg, Msg>();
  for (let i = 0; i < before.length; i++) {
    const a = prevBefore[i];
    const b = before[i];
    if (a === b) continue;
    if (a.role !== b.role || indexedShape(a) !== indexedShape(b)) return null;
    swap.set(a, b);
  }
  if (swap.size === 0) return prev;
  const copies = new Map<Occurrence, Occurrence>();
  const occurrences = prev.occurrences.map((o) => {
    const assistant = swap.get(o.assistant);
    const result = o.result && swap.get(o.result);
    if (!assistant && !result) return o;
    const c = { ...o, assistant: assistant ?? o.assistant, result: result ?? o.result };
    copies.set(o, c);
    return c;
  });
  const unpaired = prev.unpaired.map((u) => (swap.has(u.msg) ? { ...u, msg: swap.get(u.msg)! } : u));
  const byId = withListsCopied(prev.byId, new Set([...copies.values()].map((c) => c.id)), copies);
  const idx = { occurrences, unpaired, byId };
  const current = new Map<string, Occurrence[]>();
  for (const [id, list] of was.current) current.set(id, list.map((o) => copies.get(o) ?? o));
  cursors.set(idx, { turn: was.turn, current });
  return idx;
}

/**
 * `byId` with the lists of `ids` made anew, `copies` swapped in; the other lists are shared (an
 * id's list is never changed once made, which `occurrenceFindings` relies on too).
 */
function withListsCopied(byId: Map<string, Occurrence[]>, ids: Iterable<string>, copies: ReadonlyMap<Occurrence, Occurrence>): Map<string, Occurrence[]> {
  const out = new Map(byId);
  for (const id of ids) out.set(id, (byId.get(id) ?? []).map((o) => copies.get(o) ?? o));
  return out;
}

/** What the index reads of a message besides its role: calls (id, name, place) or a result (id, timestamp, place). */
function indexedShape(m: Msg): string {
  if (m.role === "assistant") {
    const content: any[] = Array.isArray(m.content) ? m.content : [];
    const calls: unknown[] = [lineOf(m)];
    content.forEach((b, i) => {
      if (b && b.type === "toolCall" && typeof b.id === "string") calls.push([i, b.id, b.name, b.line, b.path]);
    });
    return JSON.stringify(calls);
  }
  if (m.role === "toolResult") return JSON.stringify([String(m.toolCallId), typeof m.timestamp === "number" ? m.timestamp : null, lineOf(m), resultPathOf(m)]);
  return "";
}

function indexMessage(m: Msg, cur: IndexCursor, occurrences: Occurrence[], unpaired: UnpairedResult[]): void {
  if (m.role === "assistant") {
    const turn = ++cur.turn;
    const current = (cur.current = new Map());
    const content: any[] = Array.isArray(m.content) ? m.content : [];
    content.forEach((b, i) => {
      if (!b || b.type !== "toolCall" || typeof b.id !== "string") return;
      const o: Occurrence = {
        id: b.id,
        turn,
        toolName: b.name,
        assistant: m,
        callLine: typeof b.line === "number" ? b.line : lineOf(m),
        callPath: (b.path as JsonPath) ?? ["message", "content", i, "id"],
        resultLine: null,
        key: b.id,
      };
      occurrences.push(o);
      const open = current.get(o.id);
      if (open) open.push(o);
      else current.set(o.id, [o]);
    });
  } else if (m.role === "toolResult") {
    const id = String(m.toolCallId);
    const open = cur.current.get(id);
    const o = open?.shift();
    if (o) {
      o.result = m;
      o.resultLine = lineOf(m);
      o.resultPath = resultPathOf(m);
      o.key = occKey(id, typeof m.timestamp === "number" ? m.timestamp : undefined);
    } else unpaired.push({ id, msg: m, line: lineOf(m), path: resultPathOf(m), turn: cur.turn });
  }
}

export function occurrenceFindings(idx: OccurrenceIndex, enabled: EnabledCodes = ALL_ENABLED): Finding[] {
  const findings: Finding[] = [];
  const duplicates = enabled.has("duplicate-call-id");
  const colliding = enabled.has("colliding-id");
  if (!duplicates && !colliding) return findings;
  const key = `${duplicates}|${colliding}`;
  for (const [id, list] of idx.byId) {
    if (list.length < 2) continue;
    // An id's list is never changed once made, and a continued index shares the lists of the ids
    // an append or edit did not touch: their findings are the last ones.
    const memo = findingsOfList.get(list);
    if (memo && memo.key === key) {
      for (const f of memo.findings) findings.push(f);
      continue;
    }
    const own: Finding[] = [];
    if (duplicates) duplicateFindings(id, list, own);
    if (colliding) {
      const f = collidingFinding(id, list);
      if (f) own.push(f);
    }
    findingsOfList.set(list, { key, findings: own });
    for (const f of own) findings.push(f);
  }
  return findings;
}

const findingsOfList = new WeakMap<Occurrence[], { key: string; findings: Finding[] }>();

/** `duplicate-call-id` on each call after the first with the same id in one assistant message. */
function duplicateFindings(id: string, list: Occurrence[], findings: Finding[]): void {
  const perAssistant = new Map<Msg, Occurrence[]>();
  for (const o of list) {
    const group = perAssistant.get(o.assistant);
    if (group) group.push(o);
    else perAssistant.set(o.assistant, [o]);
  }
  for (const group of perAssistant.values()) {
    if (group.length < 2) continue;
    const placed = group.filter((g) => g.callLine !== null).length;
    for (const o of group.slice(1)) {
      if (o.callLine === null) continue;
      const self = { line: o.callLine, path: o.callPath };
      findings.push(make("duplicate-call-id", {
        ...self,
        toolCallId: id,
        message: `Tool-call id used twice in one message. \`${id}\` appears ${group.length} times in one assistant message: its results cannot be told apart, and providers reject duplicate ids in one response.`,
        related: cappedRelated(group, (g) => (g !== o && g.callLine !== null ? { line: g.callLine, path: g.callPath, message: "same id in the same message" } : null), self, { total: placed - 1 }),
      }));
    }
  }
}

/**
 * `colliding-id`: one finding per id used in more than one turn, on its first reuse (the first
 * call in a later turn than the first): the place where keying on the bare id starts to confuse
 * calls, and the call the make-id-unique repair renames.
 */
function collidingFinding(id: string, list: Occurrence[]): Finding | null {
  const firstTurn = list[0].turn;
  let turns = 0;
  let lastTurn = -1;
  let placed = 0;
  let anchor: Occurrence | undefined;
  for (const o of list) {
    if (o.turn !== lastTurn) turns++;
    lastTurn = o.turn;
    if (o.callLine !== null) placed++;
    if (!anchor && o.turn !== firstTurn && o.callLine !== null) anchor = o;
  }
  if (turns < 2 || !anchor || anchor.callLine === null) return null;
  const self = { line: anchor.callLine, path: anchor.callPath };
  const calls = `${list.length.toLocaleString("en-US")} calls in ${turns.toLocaleString("en-US")} turns`;
  return make("colliding-id", {
    ...self,
    toolCallId: id,
    message:
      `Tool-call id \`${id}\` is reused: ${calls} use it. ` +
      `Reusing an id across turns is legal for several providers (Kimi and Copilot restart a per-tool counter); the danger is only where something keys on the bare id (an id-set pruner, a dedup cache) and confuses these calls. ` +
      `This is its first reuse (turn ${anchor.turn}; first used in turn ${firstTurn}); occurrence keys tell the calls apart, this one is \`${anchor.key}\`.`,
    related: cappedRelated(list, (x) => (x !== anchor && x.callLine !== null ? { line: x.callLine, path: x.callPath, message: `\`${x.key}\`, turn ${x.turn}` } : null), self, { total: placed - 1 }),
  });
}
