/**
 * What Codex 0.171 sends when it resumes a rollout, as a whole (docs/research/codex-resume.md
 * section 9): each line decoded (section 2), the file refused or not (R2.4, R2.6, R2.7), the
 * history rebuilt (sections 3-6) and normalised (section 7). The base instructions Codex puts
 * first and the context updates and prompt of the resuming run (section 1) depend on the machine,
 * not on the file: they are not part of it. Computed once per session (linear in its lines).
 */
import type { DropReason } from "../../model/drop-reason.js";
import type { Session } from "../../model/types.js";
import { decodeCodexLine, type DecodedLine } from "./codex-decode.js";
import { isSentType, payloadOfLine } from "./codex-item-kinds.js";
import { normaliseForPrompt } from "./codex-normalize.js";
import { replayHistory } from "./codex-replay.js";
import { fileLineOf, type SentItem } from "./codex-sent-item.js";
import { codexRefusal, type Refusal } from "./codex-session-meta.js";

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
  /** Lines of the file's items that are sent (also as a compaction's rebuilt copy). */
  sentLines: Set<number>;
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

export function codexHistory(session: Session): CodexHistory {
  let h = memo.get(session);
  if (!h) memo.set(session, (h = readHistory(session)));
  return h;
}

function readHistory(session: Session): CodexHistory {
  const entries = session.branch;
  const decoded: (DecodedLine | null)[] = entries.map((e) => decodedLine(e.raw));
  const refusal = codexRefusal(entries, decoded);
  if (refusal) {
    const fates = new Map<number, DropReason>();
    for (const e of entries) if (payloadOfLine(e.raw)) fates.set(e.line, { kind: "resume-skip", why: "refused", line: refusal.line });
    return { refusal, items: [], sentLines: new Set(), fates, undecodable: [], aborted: [], orphans: [], applied: [] };
  }
  const replay = replayHistory(entries, decoded);
  const fates = replay.fates;
  const undecodable: UndecodableLine[] = [];
  entries.forEach((e, i) => {
    const d = decoded[i];
    if (d?.kind !== "undecodable" || d.type === undefined || !changesHistory(e.raw, d.type)) return;
    const payload = d.type === "response_item" ? payloadOfLine(e.raw) : undefined;
    undecodable.push({ line: e.line, type: d.type, payload, reason: d.reason });
    if (payload) fates.set(e.line, { kind: "resume-skip", why: "undecodable", line: e.line });
  });
  const n = normaliseForPrompt(replay.history);
  for (const o of n.orphans) {
    const line = fileLineOf(o);
    if (line !== undefined) fates.set(line, { kind: "resume-skip", why: "orphan-output", line });
  }
  const sentLines = new Set<number>();
  for (const item of n.items) {
    const line = fileLineOf(item);
    if (line !== undefined) sentLines.add(line);
  }
  return { items: n.items, sentLines, fates, undecodable, aborted: n.aborted, orphans: n.orphans, base: replay.base, applied: replay.applied };
}

/** Whether a line Codex skips would have changed the history: an item it sends, a compaction, a rollback. */
function changesHistory(v: Record<string, any>, type: string): boolean {
  if (type === "compacted") return true;
  if (type === "event_msg") return v.payload?.type === "thread_rolled_back";
  if (type !== "response_item") return false;
  const p = payloadOfLine(v);
  return p === undefined || isSentType(p);
}
