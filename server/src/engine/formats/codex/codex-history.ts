/**
 * What Codex 0.171 sends when it resumes a rollout, as a whole (docs/research/codex-resume.md
 * section 9): each line decoded (section 2), the file refused or not (R2.4, R2.6, R2.7), the
 * history rebuilt (sections 3-6) and normalised (section 7). The base instructions Codex puts
 * first and the context updates and prompt of the resuming run (section 1) depend on the machine,
 * not on the file: they are not part of it. Computed once per session (linear in its lines).
 */
import type { DropReason } from "../../model/drop-reason.js";
import type { Entry, Session } from "../../model/types.js";
import type { LineChange } from "../profile.js";
import { entryAtLine } from "../../model/entry-at-line.js";
import { decodeCodexLine, type DecodedLine } from "./codex-decode.js";
import { callFamily, isSentType, mayBeOrphan, outputFamily, payloadOfLine } from "./codex-item-kinds.js";
import { continueNormalised, type Normalised, normaliseForPrompt, replaceNormalised } from "./codex-normalize.js";
import { replayHistory } from "./codex-replay.js";
import { fileLineOf, type SentItem } from "./codex-sent-item.js";
import { codexRefusal, type Refusal, resumedFromLine } from "./codex-session-meta.js";

/** A line Codex skips because it does not decode, when that line would have changed what is sent. */
export interface UndecodableLine {
  line: number;
  /** The line's type (`response_item`, `compacted`, `event_msg`). */
  type: string;
  /** The item it holds, for a `response_item` line. */
  payload?: Record<string, any>;
  reason: string;
}

export interface CodexHistory {
  /** Why Codex does not resume the file at all; then nothing is sent. */
  refusal?: Refusal;
  /** The history sent, in order (between the base instructions and the resuming run's own items). */
  items: SentItem[];
  /** Lines of the file's items that are sent (also as a compaction's rebuilt copy); made when first asked. */
  sentLines: { has(line: number): boolean };
  /** Why each of the file's items that is not sent is left out (0-based line -> reason). */
  fates: Map<number, DropReason>;
  undecodable: UndecodableLine[];
  /** Codex's made-up outputs, each with its call. */
  aborted: { call: SentItem; output: SentItem }[];
  /** Outputs dropped because their call is not sent. */
  orphans: SentItem[];
  /** The `compacted` line the history starts from, and every compaction and rollback applied (0-based lines). */
  base?: number;
  applied: { line: number; by: "compacted" | "rolled-back" }[];
}

const memo = new WeakMap<Session, CodexHistory>();
/** Each line decoded once: a continued session (an append) keeps its lines' parsed objects. */
const decodedMemo = new WeakMap<Record<string, any>, DecodedLine | null>();

function decodedLine(v: Record<string, any>): DecodedLine | null {
  let d = decodedMemo.get(v);
  if (d === undefined) decodedMemo.set(v, (d = decodeCodexLine(v)));
  return d;
}

/**
 * What a history read from a whole branch (every entry of its session) keeps to be continued:
 * the branch's entries, the replay before normalisation, the normalised history, how many lines
 * cut the history (compactions and rollbacks, decoded), and the line of the session metadata that
 * let Codex resume the file (undefined when it refused it, or in paginated mode, where the last
 * record decides).
 */
interface HistoryState {
  entries: readonly Entry[];
  replayed: SentItem[];
  normalised: Normalised;
  cuts: number;
  meta?: number;
}
const states = new WeakMap<CodexHistory, HistoryState>();
/** The history of a session's whole branch, by its entries (the next version's `continueRead` finds it). */
const byEntries = new WeakMap<readonly Entry[], CodexHistory>();
/** A continued session's entries -> the history of the version before and how the lines changed. */
const links = new WeakMap<readonly Entry[], { prev: CodexHistory; change: LineChange }>();
const stages = new WeakMap<Session, "read" | "continued">();
/** A continued history -> the items of the one it was continued from (what is made from them may be continued too). */
const seeds = new WeakMap<CodexHistory, { items: readonly SentItem[]; append: boolean }>();

/** The items of the history `h` was continued from, when it was, and whether after an append. */
export function historySeed(h: CodexHistory): { items: readonly SentItem[]; append: boolean } | undefined {
  return seeds.get(h);
}

/**
 * The profile's `continueRead`: links the entries of a session continued from `previous` (an
 * append, an edit in place) to the history of the version before, when it was read.
 */
export function linkCodexHistory(entries: readonly Entry[], previous: { entries: readonly Entry[]; change: LineChange }): void {
  const prev = byEntries.get(previous.entries);
  if (prev) links.set(entries, { prev, change: previous.change });
}

/** Whether the session's history was continued from the version before or read from its whole branch (undefined: not asked for yet). */
export function codexHistoryStage(session: Session): "read" | "continued" | undefined {
  return stages.get(session);
}

export function codexHistory(session: Session): CodexHistory {
  let h = memo.get(session);
  if (h) return h;
  const whole = session.branch.length === session.entries.length;
  const link = whole ? links.get(session.entries) : undefined;
  if (link) links.delete(session.entries);
  const continued = link ? continueHistory(link.prev, session.branch, link.change) : null;
  if (continued && link) seeds.set(continued, { items: link.prev.items, append: "append" in link.change });
  h = continued ?? readHistory(session.branch);
  memo.set(session, h);
  stages.set(session, continued ? "continued" : "read");
  if (whole) byEntries.set(session.entries, h);
  return h;
}

/** Compactions and rollbacks among decoded lines. */
const isCut = (d: DecodedLine | null) => d?.kind === "compacted" || (d?.kind === "event" && d.payload.type === "thread_rolled_back");

/** A line's history item, when it is one Codex sends. */
function sentItemOf(e: Entry, d: DecodedLine | null): SentItem | undefined {
  return d?.kind === "item" && isSentType(d.payload) ? { payload: d.payload, source: "file", line: e.line, path: ENVELOPE } : undefined;
}

/**
 * The history of `entries` continued from `prev` (the version before) after `change`, when no
 * line of either version compacts or rolls back the history and Codex resumed the version before
 * from session metadata before the changed lines (not paginated): then the history is the file's
 * sent items in order, the change adds or replaces its own, and the normalisation goes on from
 * the previous one. Null otherwise (read in full).
 */
function continueHistory(prev: CodexHistory, entries: readonly Entry[], change: LineChange): CodexHistory | null {
  const was = states.get(prev);
  if (!was || prev.refusal || was.meta === undefined || was.cuts > 0) return null;
  if ("append" in change) {
    const n = was.entries.length;
    if (entries.length < n || (n > 0 && entries[n - 1] !== was.entries[n - 1])) return null;
    const added: SentItem[] = [];
    const undecodable = prev.undecodable.slice();
    for (let i = n; i < entries.length; i++) {
      const e = entries[i];
      const d = decodedLine(e.raw);
      if (isCut(d)) return null;
      const item = sentItemOf(e, d);
      if (item) added.push(item);
      const u = undecodableOf(e, d);
      if (u) undecodable.push(u);
    }
    const normalised = continueNormalised(was.normalised, added);
    if (!normalised) return null;
    return finish(entries, was.replayed.concat(added), normalised, undecodable, was.meta);
  }
  if (entries.length !== was.entries.length) return null;
  let normalised = was.normalised;
  let replayed = was.replayed;
  for (const line of change.edited) {
    if (line <= was.meta) return null;
    const before = entryAtLine(was.entries, line);
    const after = entryAtLine(entries, line);
    if (!before || !after) return null;
    const d0 = decodedLine(before.raw);
    const d1 = decodedLine(after.raw);
    if (isCut(d0) || isCut(d1) || undecodableOf(before, d0) || undecodableOf(after, d1)) return null;
    const i0 = sentItemOf(before, d0);
    const i1 = sentItemOf(after, d1);
    if (!i0 && !i1) continue;
    if (!i0 || !i1 || !sameCallKind(i0.payload, i1.payload)) return null;
    const at = lineIndex(replayed, line);
    if (at < 0) return null;
    if (replayed === was.replayed) replayed = replayed.slice();
    replayed[at] = i1;
    const next = replaceNormalised(normalised, line, i1);
    if (!next) return null;
    normalised = next;
  }
  return finish(entries, replayed, normalised, prev.undecodable, was.meta);
}

/** Whether two items are calls or outputs of the same family with the same id, or neither (so nothing pairs differently). */
function sameCallKind(a: Record<string, any>, b: Record<string, any>): boolean {
  return callFamily(a) === callFamily(b) && outputFamily(a) === outputFamily(b) && mayBeOrphan(a) === mayBeOrphan(b) && (callFamily(a) === undefined && outputFamily(a) === undefined ? true : a.call_id === b.call_id);
}

/** The index of the item on `line` in `items` (file items in line order), or -1. */
function lineIndex(items: readonly SentItem[], line: number): number {
  let lo = 0;
  let hi = items.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const l = items[mid].line;
    if (l === line) return mid;
    if (l < line) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** A history with no cut, from its normalised items. */
function finish(entries: readonly Entry[], replayed: SentItem[], normalised: Normalised, undecodable: UndecodableLine[], meta: number): CodexHistory {
  const fates = new Map<number, DropReason>();
  for (const u of undecodable) if (u.payload) fates.set(u.line, { kind: "resume-skip", why: "undecodable", line: u.line });
  for (const o of normalised.orphans) {
    const line = fileLineOf(o);
    if (line !== undefined) fates.set(line, { kind: "resume-skip", why: "orphan-output", line });
  }
  const h: CodexHistory = { items: normalised.items, sentLines: sentLinesOf(normalised.items), fates, undecodable, aborted: normalised.aborted, orphans: normalised.orphans, base: undefined, applied: [] };
  states.set(h, { entries, replayed, normalised, cuts: 0, meta });
  return h;
}

/** The line as Codex skips it, when it does not decode and would have changed the history. */
function undecodableOf(e: Entry, d: DecodedLine | null): UndecodableLine | undefined {
  if (d?.kind !== "undecodable" || d.type === undefined || !changesHistory(e.raw, d.type)) return undefined;
  const payload = d.type === "response_item" ? payloadOfLine(e.raw) : undefined;
  return { line: e.line, type: d.type, payload, reason: d.reason };
}

const ENVELOPE = ["payload"];

/** The file lines of `items`, as a set made when first asked. */
function sentLinesOf(items: readonly SentItem[]): CodexHistory["sentLines"] {
  let lines: Set<number> | undefined;
  return {
    has(line) {
      if (!lines) {
        lines = new Set<number>();
        for (const item of items) {
          const l = fileLineOf(item);
          if (l !== undefined) lines.add(l);
        }
      }
      return lines.has(line);
    },
  };
}

function readHistory(entries: readonly Entry[]): CodexHistory {
  const decoded: (DecodedLine | null)[] = entries.map((e) => decodedLine(e.raw));
  const refusal = codexRefusal(entries, decoded);
  if (refusal) {
    const fates = new Map<number, DropReason>();
    for (const e of entries) if (payloadOfLine(e.raw)) fates.set(e.line, { kind: "resume-skip", why: "refused", line: refusal.line });
    return { refusal, items: [], sentLines: new Set<number>(), fates, undecodable: [], aborted: [], orphans: [], applied: [] };
  }
  const replay = replayHistory(entries, decoded);
  const fates = replay.fates;
  const undecodable: UndecodableLine[] = [];
  entries.forEach((e, i) => {
    const u = undecodableOf(e, decoded[i]);
    if (!u) return;
    undecodable.push(u);
    if (u.payload) fates.set(e.line, { kind: "resume-skip", why: "undecodable", line: e.line });
  });
  const n = normaliseForPrompt(replay.history);
  for (const o of n.orphans) {
    const line = fileLineOf(o);
    if (line !== undefined) fates.set(line, { kind: "resume-skip", why: "orphan-output", line });
  }
  const h: CodexHistory = { items: n.items, sentLines: sentLinesOf(n.items), fates, undecodable, aborted: n.aborted, orphans: n.orphans, base: replay.base, applied: replay.applied };
  let cuts = 0;
  for (const d of decoded) if (isCut(d)) cuts++;
  states.set(h, { entries, replayed: replay.history, normalised: n, cuts, meta: resumedFromLine(entries, decoded) });
  return h;
}

/** Whether a line Codex skips would have changed the history: an item it sends, a compaction, a rollback. */
function changesHistory(v: Record<string, any>, type: string): boolean {
  if (type === "compacted") return true;
  if (type === "event_msg") return v.payload?.type === "thread_rolled_back";
  if (type !== "response_item") return false;
  const p = payloadOfLine(v);
  return p === undefined || isSentType(p);
}
