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

/**
 * What each compaction at `branch[indices[k]]` took out, one pass over the branch: relative to the
 * context just before it (the previous compaction's summary, its kept entries, everything after
 * it), the previous summary and the entries from the previous kept point up to this one's. A
 * system message before the previous compaction was not in that context (pi keeps none of them
 * from a compaction's kept part); one after it was.
 */
export function piCompactionsLeft(branch: readonly Entry[], indices: readonly number[]): Msg[][] {
  const firstAt = new Map<string, number>();
  branch.forEach((e, i) => {
    if (!firstAt.has(e.id)) firstAt.set(e.id, i);
  });
  /** Index of the compaction at `index`'s first kept entry (pi keeps nothing before the compaction when it is not found). */
  const keptFrom = (index: number) => {
    const at = firstAt.get(branch[index].raw.firstKeptEntryId);
    return at !== undefined && at < index ? at : index;
  };
  const out: Msg[][] = [];
  let previous = -1;
  let k = 0;
  for (let c = 0; c < branch.length && k < indices.length; c++) {
    if (branch[c].type !== "compaction") continue;
    if (c === indices[k]) {
      const left: Msg[] = [];
      if (previous >= 0) {
        const p = branch[previous];
        left.push(entryMsg(p, { role: "compactionSummary", summary: String(p.raw.summary ?? ""), tokensBefore: p.raw.tokensBefore, timestamp: isoMs(p.raw.timestamp) }));
      }
      const to = keptFrom(c);
      for (let i = previous >= 0 ? keptFrom(previous) : 0; i < to; i++) {
        const e = branch[i];
        if (e.type === "compaction" || (i < previous && e.type === "message" && e.raw.message?.role === "system")) continue;
        for (const m of project(e)) left.push(m);
      }
      out.push(left);
      k++;
    }
    previous = c;
  }
  while (out.length < indices.length) out.push([]);
  return out;
}
