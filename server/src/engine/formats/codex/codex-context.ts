/**
 * The context a Codex rollout holds (the Before column): its conversation items in file order,
 * envelope `response_item` lines or legacy bare items, as codex-messages.ts shapes them. Every
 * item the file holds is here, also one Codex cannot decode (it is then dropped from After, with
 * the reason); ghost snapshots and item types Codex does not know are not conversation and are
 * left out (docs/research/codex-resume.md R2.3, R4.1). `system` messages are read with the role
 * `system`, which the analysis leaves out of both columns, as Codex does not send them.
 */
import type { Entry, Msg } from "../../model/types.js";
import { isSentType, payloadOfLine } from "./codex-item-kinds.js";
import { itemMessages } from "./codex-messages.js";
import type { SentItem } from "./codex-sent-item.js";

/** The conversation item an entry holds (a message of any role, reasoning, a call, an output, ...), if any. */
export function conversationItemOf(e: Entry): Record<string, any> | undefined {
  const p = payloadOfLine(e.raw);
  return p && (isSentType(p) || p.type === "message") ? p : undefined;
}

/** Lines that end the model's response before them: a compaction, a turn's start or end, a rollback, the user speaking. */
const TURN_EVENTS: ReadonlySet<string> = new Set(["task_started", "task_complete", "turn_aborted", "thread_rolled_back", "user_message"]);
export function endsResponse(v: Record<string, any>): boolean {
  return v.type === "compacted" || (v.type === "event_msg" && TURN_EVENTS.has(v.payload?.type));
}

/** The lines of `branch` that end a response, ascending. */
export function responseEnds(branch: readonly Entry[]): number[] {
  const out: number[] = [];
  for (const e of branch) if (endsResponse(e.raw)) out.push(e.line);
  return out;
}

/**
 * The indices of `items` where a new assistant message starts although the item before was the
 * model's too: two file items with a response end between their lines. Items in file order are
 * read with one moving pointer (a jump back, as after a replacement history, searches).
 */
export function turnStarts(items: readonly SentItem[], ends: readonly number[]): Set<number> {
  const out = new Set<number>();
  let j = 0; // ends[j] is the first end after the previous item's line
  for (let i = 1; i < items.length; i++) {
    const a = items[i - 1];
    const b = items[i];
    if (a.source !== "file" || b.source !== "file" || b.line <= a.line) continue;
    if (j > 0 && ends[j - 1] > a.line) j = firstAfter(ends, a.line);
    while (j < ends.length && ends[j] <= a.line) j++;
    if (j < ends.length && ends[j] < b.line) out.add(i);
  }
  return out;
}

function firstAfter(ends: readonly number[], line: number): number {
  let lo = 0;
  let hi = ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ends[mid] <= line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where a file item sits on its line (shared: paths are never changed, only extended into new arrays). */
const ENVELOPE = ["payload"];
const BARE: string[] = [];

export function buildCodexContext(branch: readonly Entry[]): Msg[] {
  const { items, times } = fileItems(branch);
  return itemMessages(items, (line) => times.get(line), turnStarts(items, responseEnds(branch)));
}

/** The conversation items of `entries` (file order) and their lines' times. */
export function fileItems(entries: readonly Entry[]): { items: SentItem[]; times: Map<number, number> } {
  const items: SentItem[] = [];
  const times = new Map<number, number>();
  for (const e of entries) {
    const p = conversationItemOf(e);
    if (!p) continue;
    items.push({ payload: p, source: "file", line: e.line, path: e.raw === p ? BARE : ENVELOPE });
    if (typeof e.raw.timestamp === "string") times.set(e.line, Date.parse(e.raw.timestamp));
  }
  return { items, times };
}
