/** Where Codex's requests go: the OpenAI Responses API, with the model of each `turn_context`. */
import type { ModelRef } from "../../model/provider-names.js";
import type { Entry, Session } from "../../model/types.js";
import type { LineChange } from "../profile.js";
import { entryAtLine } from "../../model/entry-at-line.js";
import { codexHistory, historySeed } from "./codex-history.js";
import { sharedPrefix } from "../../model/fold-resume.js";

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/** The model references of a session's whole branch, by its entries (the next version's `continueRead` finds them). */
const turnsByEntries = new WeakMap<readonly Entry[], ModelRef[]>();
/** A continued session's entries -> the references of the version before and how the lines changed. */
const turnLinks = new WeakMap<readonly Entry[], { prev: ModelRef[]; prevCount: number; change: LineChange; prevEntries: readonly Entry[] }>();

const isTurnContext = (e: Entry) => e.raw.type === "turn_context" && e.raw.payload !== null && typeof e.raw.payload === "object";
const refOf = (e: Entry): ModelRef => ({ provider: "openai-responses", model: str(e.raw.payload.model), api: "openai-responses", line: e.line });

/** The profile's `continueRead`: links a continued session's entries to the references of the version before, when they were made. */
export function linkCodexTurns(entries: readonly Entry[], previous: { entries: readonly Entry[]; change: LineChange }): void {
  const prev = turnsByEntries.get(previous.entries);
  if (prev) turnLinks.set(entries, { prev, prevCount: previous.entries.length, change: previous.change, prevEntries: previous.entries });
}

/** One model reference per `turn_context` line (OpenAI Responses when none says). */
export function codexModelTurns(session: Session): ModelRef[] {
  const whole = session.branch.length === session.entries.length;
  const link = whole ? turnLinks.get(session.entries) : undefined;
  if (link) turnLinks.delete(session.entries);
  const out = (link && continuedTurns(link, session.branch)) ?? readTurns(session.branch);
  if (whole) turnsByEntries.set(session.entries, out);
  return out;
}

function readTurns(branch: readonly Entry[]): ModelRef[] {
  const out: ModelRef[] = [];
  for (const e of branch) if (isTurnContext(e)) out.push(refOf(e));
  if (out.length === 0 && branch.length > 0) out.push({ provider: "openai-responses", api: "openai-responses", line: branch[0].line });
  return out;
}

/**
 * The references after an append (the previous ones and the appended `turn_context` lines') or an
 * edit that makes no line a `turn_context` or not (the previous ones, with an edited line's model
 * read again); null where the previous had none (the first line stood in) or the change does.
 */
function continuedTurns(link: { prev: ModelRef[]; prevCount: number; change: LineChange; prevEntries: readonly Entry[] }, branch: readonly Entry[]): ModelRef[] | null {
  const { prev, change } = link;
  // No reference of a `turn_context`: the first line stood in (or nothing), which a change may undo.
  if (prev.length === 0 || (prev.length === 1 && !isTurnContextAt(link.prevEntries, prev[0].line))) return null;
  if ("append" in change) {
    if (branch.length < link.prevCount) return null;
    let out = prev;
    for (let i = link.prevCount; i < branch.length; i++) if (isTurnContext(branch[i])) (out === prev ? (out = prev.slice()) : out).push(refOf(branch[i]));
    return out;
  }
  let out = prev;
  for (const line of change.edited) {
    const was = entryAtLine(link.prevEntries, line);
    const now = entryAtLine(branch, line);
    if (!was || !now) return null;
    if (isTurnContext(was) !== isTurnContext(now)) return null;
    if (!isTurnContext(now)) continue;
    const at = out.findIndex((r) => r.line === line);
    if (at < 0) return null;
    if (out === prev) out = prev.slice();
    out[at] = refOf(now);
  }
  return out;
}

function isTurnContextAt(entries: readonly Entry[], line: number): boolean {
  const e = entryAtLine(entries, line);
  return e !== undefined && isTurnContext(e);
}

/**
 * The Responses items Codex sends on resume, in its order (codex-history.ts): the reasoning rule
 * checks each reasoning item with the item that follows it in the request, not in the file (a
 * compaction, a rollback, a line Codex cannot decode or a made-up output change what follows).
 * `line` is the item's file line (the `compacted` line for an item of a replacement history).
 */
export function codexReasoningItems(session: Session): ReasoningItem[] {
  const h = codexHistory(session);
  let items = reasoningMemo.get(h);
  if (items) return items;
  // Continued from the version before's (codex-history.ts `historySeed`): the items both share at the start keep theirs.
  const seed = historySeed(h);
  const prev = seed && reasoningMemo.get(seed.items);
  const shared = prev ? sharedPrefix(seed!.items, h.items) : 0;
  items = prev ? prev.slice(0, shared) : [];
  for (let i = shared; i < h.items.length; i++) {
    const it = h.items[i];
    items.push({ item: it.payload, line: it.line, bare: it.path.length === 0 });
  }
  reasoningMemo.set(h, items);
  reasoningMemo.set(h.items, items);
  return items;
}

type ReasoningItem = { item: Record<string, any>; line: number; bare: boolean };
/** The reasoning rule asks once per request variant: the items are made once per history (by the history and by its items, for the next version). */
const reasoningMemo = new WeakMap<object, ReasoningItem[]>();
