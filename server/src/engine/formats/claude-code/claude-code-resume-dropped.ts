/**
 * Which messages of the conversation (Before) a version does not send on resume, and why
 * (claude-code-resume.ts shows them in the After column).
 *
 * A message of the conversation is sent when a message of the request is made of its line (a
 * tool result: its line and id). Otherwise it is dropped: before the last compact boundary
 * (`compact-boundary`), a line whose calls have no result (`unanswered-call`, 4.1), a message
 * Claude Code does not send (`not-sent`: thinking or whitespace only, an API-error placeholder, a
 * result that answers no call), or, in an older version's reading, a line its walk does not reach
 * (`off-chain`). When the version stops with an error on the file (an assistant line whose
 * content is not a list of blocks, claude-code-refusal.ts), nothing is sent: every message is
 * dropped as `refused`, as Codex's refusals are.
 *
 * `continueDrops` continues the previous version's answer: only the messages whose lines the
 * change touched (the lines of the request's segments built again, the conversation's changed
 * part, the context's changed messages) are looked at again.
 */
import type { DropReason } from "../../model/drop-reason.js";
import { isObject } from "../../model/parse.js";
import { type Msg, sourceLinesOf } from "../../model/types.js";
import type { RawAt } from "./claude-code-messages.js";
import type { DroppedOnResume, SentReading } from "./claude-code-reading-model.js";
import { sharedPrefix, sharedSuffix } from "../../model/fold-resume.js";

/** One version's answer, with what the next version needs to continue it. */
export interface Drops {
  readonly before: readonly Msg[];
  readonly sent: SentReading;
  readonly conversation: readonly unknown[];
  readonly dropped: DroppedOnResume;
  /** The index in `before` of each dropped message. */
  readonly at: readonly number[];
}

/** Where things are: a line's place on the conversation's chain, a line's object. */
export interface DropsContext {
  position(line: number): number | undefined;
  rawAt: RawAt;
}

export function dropsOf(before: readonly Msg[], conversation: readonly unknown[], sent: SentReading, where: DropsContext): Drops {
  const dropped: DroppedOnResume = [];
  const at: number[] = [];
  const why = reasons(sent, where);
  for (let i = 0; i < before.length; i++) {
    const by = why(before[i]);
    if (!by) continue;
    dropped.push({ msg: before[i], by });
    at.push(i);
  }
  return { before, sent, conversation, dropped, at };
}

/**
 * `prev` continued for `before` and `sent` (`changedLines`: the lines of the request's segments
 * made again; undefined when the request was built in full): the messages outside the changed
 * part keep their answers.
 */
export function continueDrops(prev: Drops, before: readonly Msg[], conversation: readonly unknown[], sent: SentReading, changedLines: readonly number[] | undefined, where: DropsContext): Drops {
  if (!changedLines || prev.sent.request?.cutAt !== sent.request?.cutAt || prev.sent.refusal || sent.refusal) return dropsOf(before, conversation, sent, where);
  const [b1, e1] = changedRange(prev.before, before);
  const [c0, c1] = changedRange(prev.conversation, conversation);
  let pMin = c0 < c1 ? c0 : Infinity;
  let pMax = c0 < c1 ? c1 - 1 : -Infinity;
  for (const l of changedLines) {
    const p = where.position(l);
    if (p === undefined) continue;
    if (p < pMin) pMin = p;
    if (p > pMax) pMax = p;
  }
  let from = b1;
  let to = e1;
  if (pMin <= pMax) {
    const origin = (i: number) => {
      const o = before[i].origin;
      return o.kind === "entry" ? where.position(o.line) : undefined;
    };
    // The context is in conversation order: the first message from pMin on, back to where a
    // response merged over several lines cannot reach (a user message that ends its run).
    let lo = lowerBound(before.length, (i) => (origin(i) ?? Infinity) >= pMin);
    while (lo > 0 && !endsRun(before[lo - 1], where.rawAt)) lo--;
    const hi = lowerBound(before.length, (i) => (origin(i) ?? Infinity) > pMax);
    from = Math.min(from, lo);
    to = Math.max(to, hi);
  }
  if (from >= to && before.length === prev.before.length) return { ...prev, before, sent, conversation };
  const shift = before.length - prev.before.length;
  const dropped: DroppedOnResume = [];
  const at: number[] = [];
  let k = 0;
  for (; k < prev.at.length && prev.at[k] < from; k++) {
    dropped.push(prev.dropped[k]);
    at.push(prev.at[k]);
  }
  const why = reasons(sent, where);
  for (let i = from; i < to; i++) {
    const by = why(before[i]);
    if (!by) continue;
    dropped.push({ msg: before[i], by });
    at.push(i);
  }
  for (; k < prev.at.length; k++) {
    if (prev.at[k] + shift < to) continue;
    dropped.push(prev.dropped[k]);
    at.push(prev.at[k] + shift);
  }
  return { before, sent, conversation, dropped, at };
}

/** The part of `b` that is not `a`'s: [first differing index, end of the differing part) in `b`. */
function changedRange<T>(a: readonly T[], b: readonly T[]): [number, number] {
  const p = sharedPrefix(a, b);
  return [p, b.length - sharedSuffix(a, b, p)];
}

/** The first index in [0, n) where `test` holds (it holds from there on), n when none. */
function lowerBound(n: number, test: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (test(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** A user message that is not a tool-result line's: a response's lines merge across nothing else. */
function endsRun(m: Msg, rawAt: RawAt): boolean {
  if (m.role !== "user" || m.origin.kind !== "entry") return false;
  const c = rawAt(m.origin.line)?.message?.content;
  return !(Array.isArray(c) && c.some((b: unknown) => isObject(b) && b.type === "tool_result"));
}

/** Why a message of the context is not sent (undefined: it is). */
function reasons(sent: SentReading, where: DropsContext): (m: Msg) => DropReason | undefined {
  const refused = sent.refusal;
  if (refused) return (m) => (m.origin.kind === "entry" ? { kind: "resume-skip", why: "refused", line: refused.line } : undefined);
  const cut = sent.request?.cutAt;
  const cutAt = cut !== undefined ? where.position(cut) : undefined;
  return (m) => {
    if (m.origin.kind !== "entry") return undefined;
    const line = m.origin.line;
    const sentToo = m.role === "toolResult" ? sent.sendsResult(line, m.toolCallId) : sourceLinesOf(m).some((l) => sent.sendsLine(l));
    if (sentToo) return undefined;
    return whyDropped(line, sent, cut, cutAt !== undefined && (where.position(line) ?? Infinity) < cutAt, sent.onChain(line));
  };
}

function whyDropped(line: number, sent: SentReading, cut: number | undefined, beforeCut: boolean, onChain: boolean): DropReason {
  if (beforeCut && cut !== undefined) return { kind: "resume-cut", by: "compact-boundary", line: cut };
  const why = sent.request?.dropped.get(line) ?? sent.history?.dropped.get(line);
  if (why === "before-cut" && cut !== undefined) return { kind: "resume-cut", by: "compact-boundary", line: cut };
  if (why === "unanswered-call") return { kind: "resume-cut", by: "unanswered-call", line };
  return { kind: "resume-cut", by: why !== undefined || onChain ? "not-sent" : "off-chain", line };
}
