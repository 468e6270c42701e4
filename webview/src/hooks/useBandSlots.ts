/** A colour slot per resolved chain range, in the order the ranges appear. */
import { useMemo } from "react";
import type { ViewSummary } from "../rowSource.js";

const BAND_SLOTS = 6;

export function useBandSlots(summary: ViewSummary | null): Map<string, number> {
  return useMemo(() => {
    const m = new Map<string, number>();
    for (const r of summary?.ranges ?? []) if (r.resolved && !m.has(r.blockId)) m.set(r.blockId, m.size % BAND_SLOTS);
    return m;
  }, [summary]);
}
