/**
 * The occurrence index (seed toolcall-id-collisions.md, section B): every tool call on the branch
 * as an occurrence of its id, keyed `id@resultTimestamp`, paired with the results of its own turn
 * (positionally: the results between its assistant and the next one, first result per id wins),
 * and the results that pair with no call. A model structure: the occurrence rules, the provider
 * rules, the repairs, the hovers and the continuation all read it. Linear in the messages.
 */
import type { JsonPath, Msg } from "./types.js";
import { lineOf } from "./types.js";
import { LayeredMap } from "./layered-map.js";

/** An occurrence key: `id@resultTimestamp`, or the bare id without a timestamp (pi-condense's keys). */
export function occKey(id: string, resultTimestamp?: number): string {
  return typeof resultTimestamp === "number" ? `${id}@${resultTimestamp}` : id;
}

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
  /** Per id, its occurrences in branch order: a snapshot (a continued index shares the lists it did not change). */
  byId: LayeredMap<string, Occurrence[]>;
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
  const idx = { occurrences, unpaired, byId: LayeredMap.over(byId) };
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
  const lists = listsCopied(prev.byId, touched, copies);
  for (let i = first; i < occurrences.length; i++) lists.get(occurrences[i].id)!.push(occurrences[i]);
  const idx = { occurrences, unpaired, byId: prev.byId.with(lists) };
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
  const byId = prev.byId.with(listsCopied(prev.byId, new Set([...copies.values()].map((c) => c.id)), copies));
  const idx = { occurrences, unpaired, byId };
  const current = new Map<string, Occurrence[]>();
  for (const [id, list] of was.current) current.set(id, list.map((o) => copies.get(o) ?? o));
  cursors.set(idx, { turn: was.turn, current });
  return idx;
}

/**
 * The index of `messages` from `prev`, the index of `prevMessages`, when both start with the same
 * message objects: the same count of messages with some replaced goes through `remapOccurrences`;
 * otherwise `prev`'s occurrences of the turns before the last assistant message both share are
 * kept and the rest is indexed again from that message (a result pairs only with a call of its
 * own turn, so the turns before it are complete). Null when they share no assistant message.
 * `prev` is left as it was.
 */
export function resumeOccurrences(prev: OccurrenceIndex, prevMessages: readonly Msg[], messages: Msg[]): OccurrenceIndex | null {
  if (messages === prevMessages) return prev;
  const was = cursors.get(prev);
  if (!was) return null;
  if (prevMessages.length === messages.length) {
    const r = remapOccurrences(prev, prevMessages, messages);
    if (r) return r;
  }
  const n = Math.min(prevMessages.length, messages.length);
  let k = 0;
  while (k < n && prevMessages[k] === messages[k]) k++;
  // The turn of the last shared assistant message: the last turn less the assistants after it.
  let turn = was.turn;
  let a = prevMessages.length - 1;
  for (; a >= 0; a--) {
    if (prevMessages[a].role !== "assistant") continue;
    if (a < k) break;
    turn--;
  }
  if (a < 0) return null;
  let o = prev.occurrences.length;
  while (o > 0 && prev.occurrences[o - 1].turn >= turn) o--;
  let u = prev.unpaired.length;
  while (u > 0 && prev.unpaired[u - 1].turn >= turn) u--;
  const occurrences = prev.occurrences.slice(0, o);
  const unpaired = prev.unpaired.slice(0, u);
  const cur: IndexCursor = { turn: turn - 1, current: new Map() };
  for (let i = a; i < messages.length; i++) indexMessage(messages[i], cur, occurrences, unpaired);
  const touched = new Set<string>();
  for (let i = o; i < prev.occurrences.length; i++) touched.add(prev.occurrences[i].id);
  for (let i = o; i < occurrences.length; i++) touched.add(occurrences[i].id);
  // As on a copy of the map: each touched id's earlier occurrences kept in its place (removed when
  // none), then the new occurrences added (an id removed and added again goes last).
  const changes: [string, Occurrence[] | undefined][] = [];
  const lists = new Map<string, Occurrence[]>();
  for (const id of touched) {
    const list = (prev.byId.get(id) ?? []).filter((x) => x.turn < turn);
    changes.push([id, list.length ? list : undefined]);
    if (list.length) lists.set(id, list);
  }
  for (let i = o; i < occurrences.length; i++) {
    const list = lists.get(occurrences[i].id);
    if (list) list.push(occurrences[i]);
    else {
      const added = [occurrences[i]];
      lists.set(occurrences[i].id, added);
      changes.push([occurrences[i].id, added]);
    }
  }
  const idx = { occurrences, unpaired, byId: prev.byId.with(changes) };
  cursors.set(idx, cur);
  return idx;
}

/**
 * The lists of `ids` in `byId` made anew, `copies` swapped in (empty for an id it lacks), for a new
 * version of `byId`: the other lists are shared (an id's list is never changed once made, which
 * `occurrenceFindings` relies on too).
 */
function listsCopied(byId: LayeredMap<string, Occurrence[]>, ids: Iterable<string>, copies: ReadonlyMap<Occurrence, Occurrence>): Map<string, Occurrence[]> {
  const out = new Map<string, Occurrence[]>();
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

