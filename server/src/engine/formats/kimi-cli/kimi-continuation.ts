/**
 * How a Kimi CLI context file's conversation (Before) continues after an append or an edit in
 * place (the format profile's `extendContext` and `editContext` hooks). The file is linear and
 * each line makes at most one message of its own (kimi-messages.ts), and Before leaves the system
 * messages out (the `_system_prompt` line's and any in the history). So appended lines add their
 * messages, and an edited line that makes a message of the same kind before and after (none, a
 * system message, or another one) changes only its own message; an edit that makes a line's
 * message appear or go (a message line the loader now skips, or reads again) is built again.
 */
import type { Entry, Msg } from "../../model/types.js";
import { buildKimiContext, kimiMessage } from "./kimi-messages.js";

export function kimiExtendContext(prevBefore: Msg[], _prevBranch: readonly Entry[], tail: readonly Entry[]): Msg[] {
  const added = buildKimiContext(tail).filter((m: Msg) => m.role !== "system");
  return added.length ? prevBefore.concat(added) : prevBefore;
}

/** What a line's message is to Before: none, a system message (left out) or one in it. */
const place = (m: Msg | undefined): "none" | "system" | "message" => (!m ? "none" : m.role === "system" ? "system" : "message");

export function kimiEditContext(prevBefore: Msg[], _prevBranch: readonly Entry[], edits: readonly { before: Entry; after: Entry }[]): Msg[] | null {
  let out: Msg[] | undefined;
  for (const { before, after } of edits) {
    const was = kimiMessage(before);
    const now = kimiMessage(after);
    const kind = place(was);
    if (kind !== place(now)) return null;
    if (kind !== "message") continue;
    const at = messageAtLine(prevBefore, before.line);
    if (at < 0) return null;
    (out ??= prevBefore.slice())[at] = now!;
  }
  return out ?? prevBefore;
}

/** The index of the message of `line` in `before` (one message per line, in file order), or -1. */
function messageAtLine(before: readonly Msg[], line: number): number {
  let lo = 0;
  let hi = before.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const o = before[mid].origin;
    if (o.kind !== "entry") return before.findIndex((m) => m.origin.kind === "entry" && m.origin.line === line);
    if (o.line === line) return mid;
    if (o.line < line) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
