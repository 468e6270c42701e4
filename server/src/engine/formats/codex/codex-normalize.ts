/**
 * What Codex does to the rebuilt history before it sends it (docs/research/codex-resume.md
 * section 7, `normalize_history`): every call without an output of its family anywhere in the
 * history gets a made-up `aborted` output right after it (R7.1, `ensure_call_outputs_present`:
 * one set of answered ids, so two unanswered calls with one id both get one); then every output
 * whose call is not in the history is removed (R7.2, `remove_orphan_outputs`); two outputs of one
 * call are both kept. Images are left as they are (R7.3: the models the runs used take them).
 */
import { callFamily, type CallFamily, mayBeOrphan, outputFamily } from "./codex-item-kinds.js";
import { ABORTED_NOTE, type SentItem } from "./codex-sent-item.js";

export interface Normalised {
  items: SentItem[];
  /** Each made-up output with the call it answers. */
  aborted: { call: SentItem; output: SentItem }[];
  /** The outputs removed as orphans. */
  orphans: SentItem[];
}

const key = (family: CallFamily, id: string) => `${family}\u0000${id}`;

/** What a normalisation knows to go on after more items: the call keys answered and called. */
export interface NormaliseState {
  answered: ReadonlySet<string>;
  called: ReadonlySet<string>;
}

const states = new WeakMap<Normalised, NormaliseState>();

export function normaliseForPrompt(history: readonly SentItem[]): Normalised {
  const answered = new Set<string>();
  for (const item of history) {
    const f = outputFamily(item.payload);
    if (f) answered.add(key(f, item.payload.call_id));
  }
  const n = normaliseWith(history, answered, new Set<string>());
  states.set(n.out, { answered, called: n.called });
  return n.out;
}

/**
 * `normaliseForPrompt(history.concat(added))` from `prev`, `normaliseForPrompt(history)`: the
 * made-up outputs of calls `added` answers taken out, `added` normalised with what both know.
 * Null when an output of `prev` left out as an orphan is called in `added` (it would come back).
 */
export function continueNormalised(prev: Normalised, added: readonly SentItem[]): Normalised | null {
  const was = states.get(prev);
  if (!was) return null;
  // The sets are copied only when `added` adds to them (most appends add a message, not a call).
  let answered = was.answered as Set<string>;
  const newlyAnswered = new Set<string>();
  for (const item of added) {
    const f = outputFamily(item.payload);
    if (!f) continue;
    const k = key(f, item.payload.call_id);
    if (answered.has(k)) continue;
    if (answered === was.answered) answered = new Set(answered);
    newlyAnswered.add(k);
    answered.add(k);
  }
  let called = was.called as Set<string>;
  for (const item of added) {
    const f = callFamily(item.payload);
    if (!f || called.has(key(f, item.payload.call_id))) continue;
    if (called === was.called) called = new Set(called);
    called.add(key(f, item.payload.call_id));
  }
  for (const o of prev.orphans) if (called.has(key(outputFamily(o.payload)!, o.payload.call_id))) return null;
  let items = prev.items;
  let aborted = prev.aborted;
  if (newlyAnswered.size > 0 && aborted.some((a) => newlyAnswered.has(key(callFamily(a.call.payload)!, a.call.payload.call_id)))) {
    const gone = new Set(aborted.filter((a) => newlyAnswered.has(key(callFamily(a.call.payload)!, a.call.payload.call_id))).map((a) => a.output));
    items = items.filter((i) => !gone.has(i));
    aborted = aborted.filter((a) => !gone.has(a.output));
  }
  // Every call of `added` is in `called` already: normaliseWith adds nothing to it.
  const n = normaliseWith(added, answered, called);
  const out: Normalised = { items: items.concat(n.out.items), aborted: aborted.concat(n.out.aborted), orphans: n.out.orphans.length ? prev.orphans.concat(n.out.orphans) : prev.orphans };
  states.set(out, { answered, called });
  return out;
}

/**
 * `prev` with the file item on `line` replaced by `item` (the same kind of item: the same call or
 * output family and call id, so nothing else changes), or null when `prev` has no such item.
 */
export function replaceNormalised(prev: Normalised, line: number, item: SentItem): Normalised | null {
  const was = states.get(prev);
  if (!was) return null;
  const at = firstFileItemAt(prev.items, line);
  const orphan = at < 0 ? prev.orphans.findIndex((o) => o.source === "file" && o.line === line) : -1;
  if (at < 0 && orphan < 0) return null;
  const old = at >= 0 ? prev.items[at] : prev.orphans[orphan];
  const items = at >= 0 ? prev.items.slice() : prev.items;
  if (at >= 0) items[at] = item;
  const orphans = orphan >= 0 ? prev.orphans.slice() : prev.orphans;
  if (orphan >= 0) orphans[orphan] = item;
  const aborted = prev.aborted.some((a) => a.call === old) ? prev.aborted.map((a) => (a.call === old ? { call: item, output: a.output } : a)) : prev.aborted;
  const out: Normalised = { items, aborted, orphans };
  states.set(out, was);
  return out;
}

/** The index of the file item on `line` among `items` (file items in line order), or -1. */
function firstFileItemAt(items: readonly SentItem[], line: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid].line < line) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < items.length && items[i].line === line; i++) if (items[i].source === "file") return i;
  return -1;
}

function normaliseWith(history: readonly SentItem[], answered: ReadonlySet<string>, called: Set<string>): { out: Normalised; called: Set<string> } {
  const withOutputs: SentItem[] = [];
  const aborted: Normalised["aborted"] = [];
  for (const item of history) {
    withOutputs.push(item);
    const f = callFamily(item.payload);
    if (!f) continue;
    called.add(key(f, item.payload.call_id));
    if (answered.has(key(f, item.payload.call_id))) continue;
    const output: SentItem = { payload: abortedOutput(f, item.payload.call_id), source: "aborted", line: item.line, path: item.path, note: ABORTED_NOTE };
    withOutputs.push(output);
    aborted.push({ call: item, output });
  }
  const items: SentItem[] = [];
  const orphans: SentItem[] = [];
  for (const item of withOutputs) {
    const f = outputFamily(item.payload);
    if (f && mayBeOrphan(item.payload) && !called.has(key(f, item.payload.call_id))) orphans.push(item);
    else items.push(item);
  }
  return { out: { items, aborted, orphans }, called };
}

/**
 * R7.1: the output Codex makes up, of the call's family. (0.150+ also give it an id derived from
 * the call's own `id`, when it has one; the id is left out here.)
 */
function abortedOutput(family: CallFamily, callId: string): Record<string, any> {
  switch (family) {
    case "function":
      return { type: "function_call_output", call_id: callId, output: "aborted" };
    case "custom":
      return { type: "custom_tool_call_output", call_id: callId, output: "aborted" };
    case "tool-search":
      return { type: "tool_search_output", call_id: callId, status: "completed", execution: "client", tools: [] };
  }
}
