/**
 * The history Codex rebuilds from a rollout's decoded lines (docs/research/codex-resume.md section
 * 3, `Session::reconstruct_history_from_rollout`, as 0.160-0.171 behave): a reverse scan splits
 * the lines into turns at `task_started`, skips the turns `thread_rolled_back` events roll back
 * (each real user turn counts one), and takes the newest surviving `compacted` line with a
 * `replacement_history` as the base; a `compacted` line inside a rolled-back turn is ignored.
 * Then a forward replay from the line after the base records the response items Codex sends
 * (R4.1), rebuilds the history at each compaction without replacement history (section 6) and
 * applies each rollback (section 5).
 */
import type { DropReason } from "../../model/drop-reason.js";
import type { Entry } from "../../model/types.js";
import type { DecodedLine } from "./codex-decode.js";
import { isUserTurnBoundary } from "./codex-contextual.js";
import { isSentType } from "./codex-item-kinds.js";
import { rebuildAfterCompaction } from "./codex-compaction.js";
import { dropLastUserTurns } from "./codex-rollback.js";
import { fileLineOf, type SentItem } from "./codex-sent-item.js";

export interface Replay {
  /** The history before it is normalised for the prompt (section 7). */
  history: SentItem[];
  /** Why a file item is not in the history: cut by a compaction or a rollback (0-based line -> reason). */
  fates: Map<number, DropReason>;
  /** The `compacted` line the history starts from, and the compactions and rollbacks the replay applied (0-based lines). */
  base?: number;
  applied: { line: number; by: "compacted" | "rolled-back" }[];
}

interface Turn {
  turnId?: string;
  isUserTurn: boolean;
  /** Entry index of the turn's newest `compacted` line with a replacement history. */
  base?: number;
  compacted: number[];
}

const turnIdOf = (p: Record<string, any>): string | undefined => (typeof p.turn_id === "string" ? p.turn_id : undefined);

/** Section 3.1: the base compaction (entry index) and the `compacted` lines of rolled-back turns. */
function reverseScan(decoded: readonly (DecodedLine | null)[]): { base?: number; ignored: Set<number> } {
  let pending = 0;
  let base: number | undefined;
  const ignored = new Set<number>();
  let turn: Turn | undefined;
  const finish = (t: Turn) => {
    if (pending > 0) {
      // A rolled-back turn is left out whole, its compactions with it (0.160+).
      if (t.isUserTurn) pending--;
      for (const c of t.compacted) ignored.add(c);
      return;
    }
    if (base === undefined && t.base !== undefined) base = t.base;
  };
  for (let i = decoded.length - 1; i >= 0; i--) {
    const d = decoded[i];
    if (!d) continue;
    if (d.kind === "compacted") {
      turn ??= { isUserTurn: false, compacted: [] };
      turn.compacted.push(i);
      if (turn.base === undefined && d.replacement) turn.base = i;
    } else if (d.kind === "turn-context") {
      turn ??= { isUserTurn: false, compacted: [] };
      turn.turnId ??= turnIdOf(d.payload);
    } else if (d.kind === "item") {
      turn ??= { isUserTurn: false, compacted: [] };
      if (isUserTurnBoundary(d.payload)) turn.isUserTurn = true;
    } else if (d.kind === "event") {
      const p = d.payload;
      if (p.type === "thread_rolled_back") pending += p.num_turns;
      else if (p.type === "task_complete" || p.type === "turn_aborted") {
        turn ??= { isUserTurn: false, compacted: [] };
        turn.turnId ??= turnIdOf(p);
      } else if (p.type === "user_message") {
        turn ??= { isUserTurn: false, compacted: [] };
        turn.isUserTurn = true;
      } else if (p.type === "task_started" && turn) {
        const started = turnIdOf(p);
        if (turn.turnId === undefined || started === undefined || turn.turnId === started) {
          finish(turn);
          turn = undefined;
        }
      }
    }
  }
  if (turn) finish(turn);
  return { base, ignored };
}

/** Where a decoded line's item sits (shared: paths are never changed, only extended into new arrays). */
const ENVELOPE = ["payload"];
const COMPACTED_PATH = ENVELOPE;

/** The replacement history of the `compacted` line `e` (decoded `d`) as history items. */
function replacementItems(e: Entry, d: Extract<DecodedLine, { kind: "compacted" }>): SentItem[] {
  return (d.replacement ?? []).filter((r) => isSentType(r.payload)).map((r) => ({ payload: r.payload, source: "replacement-history" as const, line: e.line, path: ["payload", "replacement_history", r.index] }));
}

export function replayHistory(entries: readonly Entry[], decoded: readonly (DecodedLine | null)[]): Replay {
  const { base, ignored } = reverseScan(decoded);
  const fates = new Map<number, DropReason>();
  const applied: Replay["applied"] = [];
  const cutBy = (items: readonly SentItem[], reason: DropReason) => {
    for (const item of items) {
      const line = fileLineOf(item);
      if (line !== undefined) fates.set(line, reason);
    }
  };
  let history: SentItem[] = [];
  if (base !== undefined) {
    const e = entries[base];
    history = replacementItems(e, decoded[base] as Extract<DecodedLine, { kind: "compacted" }>);
    const reason: DropReason = { kind: "resume-cut", by: "compacted", line: e.line };
    for (let i = 0; i < base; i++) if (decoded[i]?.kind === "item") fates.set(entries[i].line, reason);
    applied.push({ line: e.line, by: "compacted" });
  }
  for (let i = base === undefined ? 0 : base + 1; i < entries.length; i++) {
    const d = decoded[i];
    const e = entries[i];
    if (!d) continue;
    if (d.kind === "item") {
      if (isSentType(d.payload)) history.push({ payload: d.payload, source: "file", line: e.line, path: ENVELOPE });
    } else if (d.kind === "compacted") {
      if (ignored.has(i)) continue;
      const reason: DropReason = { kind: "resume-cut", by: "compacted", line: e.line };
      if (d.replacement) {
        cutBy(history, reason);
        history = replacementItems(e, d);
      } else {
        const r = rebuildAfterCompaction(history, d.message, e.line, COMPACTED_PATH);
        cutBy(r.gone, reason);
        history = r.kept;
      }
      applied.push({ line: e.line, by: "compacted" });
    } else if (d.kind === "event" && d.payload.type === "thread_rolled_back") {
      const r = dropLastUserTurns(history, d.payload.num_turns);
      if (r.cut.length === 0) continue;
      cutBy(r.cut, { kind: "resume-cut", by: "rolled-back", line: e.line });
      history = r.kept;
      applied.push({ line: e.line, by: "rolled-back" });
    }
  }
  return { history, fates, base: base === undefined ? undefined : entries[base].line, applied };
}
