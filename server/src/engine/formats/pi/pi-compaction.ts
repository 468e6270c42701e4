/**
 * pi's `compaction` entries as events: what the entry records (`tokensBefore`), and the messages
 * a compaction took out of the context pi builds (`buildSessionContext`: the latest compaction's
 * summary, then the entries from its `firstKeptEntryId`). Relative to the context just before it,
 * a compaction takes out the previous compaction's summary and the entries from the previous
 * kept point up to its own kept point.
 */
import { isoMs } from "../../model/iso-time.js";
import type { Entry, Msg } from "../../model/types.js";
import type { CompactionRecord } from "../profile.js";
import { entryMsg, project } from "./pi-context.js";

export function piCompactionOn(v: Record<string, any>): CompactionRecord | undefined {
  if (v.type !== "compaction") return undefined;
  return typeof v.tokensBefore === "number" && Number.isFinite(v.tokensBefore) ? { tokensBefore: v.tokensBefore } : {};
}

/** Index in `branch` of the compaction at `index`'s first kept entry (pi keeps nothing before the compaction when it is not found). */
function keptFrom(branch: readonly Entry[], index: number): number {
  const id = branch[index].raw.firstKeptEntryId;
  for (let i = 0; i < index; i++) if (branch[i].id === id) return i;
  return index;
}

export function piCompactionLeft(branch: readonly Entry[], index: number): Msg[] {
  let previous = -1;
  for (let i = index - 1; i >= 0; i--)
    if (branch[i].type === "compaction") {
      previous = i;
      break;
    }
  const out: Msg[] = [];
  const from = previous >= 0 ? keptFrom(branch, previous) : 0;
  if (previous >= 0) {
    const p = branch[previous];
    out.push(entryMsg(p, { role: "compactionSummary", summary: String(p.raw.summary ?? ""), tokensBefore: p.raw.tokensBefore, timestamp: isoMs(p.raw.timestamp) }));
  }
  const to = keptFrom(branch, index);
  for (let i = from; i < to; i++) {
    const e = branch[i];
    if (e.type === "compaction" || (e.type === "message" && e.raw.message?.role === "system")) continue;
    for (const m of project(e)) out.push(m);
  }
  return out;
}
