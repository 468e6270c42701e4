/**
 * The After column of a Codex rollout: exactly the history Codex 0.171 sends when it resumes the
 * file (codex-history.ts, docs/research/codex-resume.md section 9), item by item in its order,
 * made-up outputs marked; Before's messages that are not sent are dropped with the reason (cut by
 * a compaction or rollback, a line Codex cannot decode, an orphan output, a refused file); and
 * the findings of what that reading loses or makes up. A file Codex refuses sends nothing.
 */
import type { Entry, Msg, Session } from "../../model/types.js";
import type { SentItem } from "./codex-sent-item.js";
import { sharedPrefix } from "../../model/fold-resume.js";
import { isObject } from "../../model/parse.js";
import { sourceLinesOf } from "../../model/types.js";
import type { ResumeContext, ResumeOptions } from "../profile.js";
import { codexHistory, type CodexHistory, historySeed } from "./codex-history.js";
import { itemMessages } from "./codex-messages.js";
import { responseEnds, turnStarts } from "./codex-context.js";
import { codexResumeFindings } from "./codex-resume-findings.js";
import { CODEX_WORDS } from "./codex-words.js";

/** The Codex version whose reading is modelled (the recordings in test/fixtures/peer-codex). */
export const CODEX_READING_VERSIONS = ["0.171"] as const;

export function codexResumeContext(session: Session, before: Msg[], options?: ResumeOptions): ResumeContext {
  const h = codexHistory(session);
  const version = options?.version ?? CODEX_READING_VERSIONS[0];
  const timeOf = (line: number) => {
    const v = session.lines.heldAt(line)?.value;
    return isObject(v) && typeof v.timestamp === "string" ? Date.parse(v.timestamp) : undefined;
  };
  // Codex sends the file's items as they are (the usual case): After is Before itself.
  const asStored = !h.refusal && h.aborted.length === 0 && h.orphans.length === 0 && h.undecodable.length === 0 && h.applied.length === 0;
  const messages = asStored ? before : afterMessages(session, h, before, timeOf);
  const dropped: ResumeContext["dropped"] = [];
  // A message is dropped for a fate of its lines: none when no line has one.
  if (h.fates.size > 0) {
    for (const m of before) {
      const lines = sourceLinesOf(m);
      if (lines.some((l) => h.sentLines.has(l))) continue;
      for (const l of lines) {
        const by = h.fates.get(l);
        if (by) {
          dropped.push({ msg: m, by });
          break;
        }
      }
    }
  }
  const findings = codexResumeFindings(session, h, CODEX_WORDS);
  if (h.refusal)
    return { messages, dropped, line: h.refusal.line, short: "refused on resume", label: `Codex ${version} refuses to resume this file (${h.refusal.reason}): nothing of it is sent`, findings };
  const compacted = h.applied.some((a) => a.by === "compacted");
  return { messages, dropped, line: h.base ?? h.applied[0]?.line ?? 0, short: compacted ? "resume after compact" : "resume", label: label(h, version), findings };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

function label(h: CodexHistory, version: string): string {
  const parts: string[] = [];
  if (h.base !== undefined) parts.push(`from the replacement history of the compaction on line ${h.base + 1}`);
  const later = h.applied.filter((a) => a.line !== h.base);
  if (later.length) parts.push(`${later.map((a) => `${a.by === "compacted" ? "compaction" : "rollback"} on line ${a.line + 1}`).join(", ")} applied`);
  if (h.aborted.length) parts.push(`${plural(h.aborted.length, 'made-up "aborted" output')}`);
  if (h.orphans.length) parts.push(`${plural(h.orphans.length, "orphan output")} left out`);
  if (h.undecodable.length) parts.push(`${plural(h.undecodable.length, "line")} it cannot decode skipped`);
  return `what Codex ${version} sends when it resumes this rollout: its history rebuilt from the file${parts.length ? ` (${parts.join("; ")})` : ""}`;
}

/** What After's messages were made from, for the next version to continue them. */
interface Built {
  items: readonly SentItem[];
  before: readonly Msg[];
  messages: Msg[];
  /** The index in `items` of each message's first item. */
  starts: number[];
}
const built = new WeakMap<readonly SentItem[], Built>();
const afterStages = new WeakMap<CodexHistory, "continued" | "made">();

/** Whether the After messages of the session (when they are not Before's) were continued from the version before's or made from every item. */
export function codexAfterStage(session: Session): "continued" | "made" | undefined {
  return afterStages.get(codexHistory(session));
}

/**
 * After's messages when they are not Before's: the history's items as messages, continued from
 * the version before's after an append that kept its Before (the same messages at the start):
 * the messages before the one holding the last item both histories share are kept, and the
 * rest is made again from that message's first item (whether an item starts a message depends on
 * the item before it and the lines between them, which an append leaves as they were).
 */
function afterMessages(session: Session, h: CodexHistory, before: Msg[], timeOf: (line: number) => number | undefined): Msg[] {
  const seed = historySeed(h);
  const prev = seed?.append ? built.get(seed.items) : undefined;
  let keep = 0;
  let from = 0;
  if (prev && sharesStart(prev.before, before)) {
    const k = sharedPrefix(prev.items, h.items);
    // The message holding item k - 1, made again from its first item; those before it kept.
    let j = prev.starts.length - 1;
    while (j >= 0 && prev.starts[j] > k - 1) j--;
    if (j > 0) {
      keep = j;
      from = prev.starts[j];
    }
  }
  const rest = from > 0 ? h.items.slice(from) : h.items;
  const starts: number[] = [];
  const ends = responseEnds(from > 0 ? branchFrom(session.branch, rest[0].line) : session.branch);
  const made = sameAsBefore(itemMessages(rest, timeOf, turnStarts(rest, ends), starts), before);
  const messages = keep > 0 ? prev!.messages.slice(0, keep).concat(made) : made;
  const allStarts = keep > 0 ? prev!.starts.slice(0, keep).concat(starts.map((s) => s + from)) : starts;
  built.set(h.items, { items: h.items, before, messages, starts: allStarts });
  afterStages.set(h, keep > 0 ? "continued" : "made");
  return messages;
}

/** Whether `b` starts with `a`'s messages (checked at both ends: a continued Before is the previous one extended). */
function sharesStart(a: readonly Msg[], b: readonly Msg[]): boolean {
  const n = a.length;
  return n > 0 && b.length >= n && a[0] === b[0] && a[n - 1] === b[n - 1];
}

/** The entries of `branch` (file order) from `line` on. */
function branchFrom(branch: readonly Entry[], line: number): readonly Entry[] {
  let lo = 0;
  let hi = branch.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (branch[mid].line < line) lo = mid + 1;
    else hi = mid;
  }
  return branch.slice(lo);
}

/**
 * After's messages that are Before's as they are (the same lines, the same blocks) are Before's
 * own objects, and the others that start at a Before message's line share its origin: the
 * recorded usage and the inspector's rows follow a message by its object and origin. One pass
 * over each list.
 */
function sameAsBefore(after: Msg[], before: readonly Msg[]): Msg[] {
  // Before's messages are in file order: each is found by its line (an index is made only when they are not).
  let byLine: Map<number, Msg> | undefined;
  const sorted = before.every((m, i) => m.origin.kind === "entry" && (i === 0 || (before[i - 1].origin as { line: number }).line < m.origin.line));
  const find = (line: number): Msg | undefined => {
    if (!sorted) {
      if (!byLine) {
        byLine = new Map<number, Msg>();
        for (const m of before) if (m.origin.kind === "entry") byLine.set(m.origin.line, m);
      }
      return byLine.get(line);
    }
    let lo = 0;
    let hi = before.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const l = (before[mid].origin as { line: number }).line;
      if (l === line) return before[mid];
      if (l < line) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  };
  return after.map((m) => {
    const b = m.origin.kind === "entry" ? find(m.origin.line) : undefined;
    if (!b) return m;
    // A message that starts at a Before message's line but is not that message (a call split off
    // by a made-up output, a rebuilt copy) keeps its origin object: the usage recorded for it follows.
    return sameMessage(m, b) ? b : { ...m, origin: b.origin };
  });
}

function sameMessage(a: Msg, b: Msg): boolean {
  if (a.role !== b.role || a.toolCallId !== b.toolCallId) return false;
  const la = sourceLinesOf(a);
  const lb = sourceLinesOf(b);
  if (la.length !== lb.length || la.some((l, i) => l !== lb[i])) return false;
  const ca: any[] = Array.isArray(a.content) ? a.content : [];
  const cb: any[] = Array.isArray(b.content) ? b.content : [];
  return ca.length === cb.length && ca.every((x, i) => x?.type === cb[i]?.type && x?.text === cb[i]?.text && x?.id === cb[i]?.id && x?.synthetic === cb[i]?.synthetic);
}
