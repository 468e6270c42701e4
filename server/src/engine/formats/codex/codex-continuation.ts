/**
 * How a Codex rollout's context continues after an append or an edit in place (the format
 * profile's `extendContext` and `editContext` hooks): Codex rollouts are linear, and each
 * conversation item becomes a message of its own except that consecutive items the model produced
 * (reasoning, its text, calls) form one assistant message, split where a line between them ends
 * the response (codex-context.ts `responseEnds`). So appended items extend the previous context
 * unless the first of them joins the assistant message the previous context ends with; and an
 * edited line changes only the message its item is part of when the edit leaves how items merge
 * as it was: the line holds a conversation item before and after or neither, of the model's side
 * before and after or neither, the message is left out of the context (a system message) before
 * and after or neither, and the line ends a response before and after or neither.
 */
import type { Entry, Msg } from "../../model/types.js";
import { sourceLinesOf } from "../../model/types.js";
import { entryAtLine } from "../../model/entry-at-line.js";
import { buildCodexContext, conversationItemOf, endsResponse, fileItems } from "./codex-context.js";
import { isAssistantSide } from "./codex-item-kinds.js";
import { itemMessages } from "./codex-messages.js";

export function codexExtendContext(prevBefore: Msg[], _prevBranch: readonly Entry[], tail: readonly Entry[]): Msg[] | null {
  const last = prevBefore[prevBefore.length - 1];
  const first = tail.map(conversationItemOf).find((p) => p !== undefined);
  if (!first) return prevBefore;
  if (last?.role === "assistant" && isAssistantSide(first)) return null;
  const added = buildCodexContext(tail).filter((m) => m.role !== "system");
  return added.length ? prevBefore.concat(added) : prevBefore;
}

/** Whether the item (a conversation item) is a message the context leaves out (Before holds no system message). */
const leftOut = (p: Record<string, any>) => p.type === "message" && p.role === "system";

export function codexEditContext(prevBefore: Msg[], prevBranch: readonly Entry[], edits: readonly { before: Entry; after: Entry }[]): Msg[] | null {
  const replaced = new Map<number, Entry>();
  const touched = new Set<number>();
  for (const { before, after } of edits) {
    if (entryAtLine(prevBranch, before.line) !== before || endsResponse(before.raw) !== endsResponse(after.raw)) return null;
    const was = conversationItemOf(before);
    const now = conversationItemOf(after);
    replaced.set(after.line, after);
    if (!was && !now) continue;
    if (!was || !now || isAssistantSide(was) !== isAssistantSide(now) || leftOut(was) !== leftOut(now)) return null;
    if (leftOut(was)) continue;
    const at = messageAtLine(prevBefore, before.line);
    if (at < 0) return null;
    touched.add(at);
  }
  if (touched.size === 0) return prevBefore;
  const out = prevBefore.slice();
  for (const at of touched) {
    const entries: Entry[] = [];
    for (const line of sourceLinesOf(prevBefore[at])) {
      const e = replaced.get(line) ?? entryAtLine(prevBranch, line);
      if (!e) return null;
      entries.push(e);
    }
    const { items, times } = fileItems(entries);
    // The message's items, with no response end between them (else it would be two messages).
    const rebuilt = itemMessages(items, (line) => times.get(line));
    if (rebuilt.length !== 1 || rebuilt[0].role === "system") return null;
    out[at] = rebuilt[0];
  }
  return out;
}

/** The index of the message of `before` (file order, by first line) whose lines hold `line`, or -1. */
function messageAtLine(before: readonly Msg[], line: number): number {
  let lo = 0;
  let hi = before.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const o = before[mid].origin;
    if (o.kind === "entry" && o.line <= line) lo = mid + 1;
    else if (o.kind !== "entry") return before.findIndex((m) => sourceLinesOf(m).includes(line));
    else hi = mid;
  }
  const at = lo - 1;
  return at >= 0 && sourceLinesOf(before[at]).includes(line) ? at : -1;
}
