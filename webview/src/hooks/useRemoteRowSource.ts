/**
 * A RowSource answered by the server through the host: the page holds the summary and the rows
 * near the view (at most KEEP_ROWS), asks for pages of PAGE_ROWS as the list scrolls, and never
 * the whole view. Filters go with every request (the server applies them); typing in the search
 * box is debounced. After a new render of the same filters the rows already shown stay until
 * their fresh copies arrive (no flicker while the file grows).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { LocateTarget, RowsAnswer, ViewSummary } from "../../../server/src/protocol/view-window.js";
import type { HostRequests } from "../hostRequests.js";
import type { Filters, Row } from "../model.js";
import type { RowSource } from "../rowSource.js";
import type { VsCodeApi } from "../vscode.js";

export const PAGE_ROWS = 100;
/** Rows kept in the page at most; those farthest from the view go first. */
export const KEEP_ROWS = 1500;
const SEARCH_DEBOUNCE_MS = 120;

const filtersKey = (f: Filters) => JSON.stringify([f.hiddenRoles, f.tool, f.onlyFindings, f.search.trim(), f.changesOnly === true]);

/** `filters`, with changes of the search text only taken after a short pause in typing. */
function useSettledFilters(filters: Filters): Filters {
  const [settled, setSettled] = useState(filters);
  useEffect(() => {
    if (filters.search === settled.search) {
      if (filters !== settled) setSettled(filters);
      return;
    }
    const t = window.setTimeout(() => setSettled(filters), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(t);
  }, [filters, settled]);
  return settled;
}

interface Slot {
  revision: number;
  key: string;
}

export function useRemoteRowSource(api: VsCodeApi, requests: HostRequests, summary: ViewSummary | null, filters: Filters): RowSource {
  const settled = useSettledFilters(filters);
  const key = filtersKey(settled);
  const revision = summary?.revision ?? 0;
  const [loaded, setLoaded] = useState(0);
  /** The last count the server gave, and for which render and filters. */
  const [answered, setAnswered] = useState<{ revision: number; key: string; count: number } | null>(null);
  const slot = useRef<Slot>({ revision: -1, key: "" });
  const rows = useRef(new Map<number, Row>());
  /** Rows of the previous render with the same filters, shown until fresh ones arrive. */
  const stale = useRef(new Map<number, Row>());
  const staleKey = useRef("");
  const pending = useRef(new Set<number>());
  const lastWindow = useRef<[number, number]>([0, PAGE_ROWS]);
  const refreshed = useRef(0);
  const generation = useRef(0);

  const slotId = `${revision}\u0000${key}`;

  const accept = useCallback(
    (a: RowsAnswer | null, forSlot: string, page: number) => {
      if (`${slot.current.revision}\u0000${slot.current.key}` !== forSlot) return;
      pending.current.delete(page);
      if (!a) return;
      if (a.revision !== slot.current.revision) {
        // a newer render than the summary held: ask for its summary (once per revision)
        if (a.revision > slot.current.revision && refreshed.current < a.revision) {
          refreshed.current = a.revision;
          api.postMessage({ type: "refresh" });
        }
        return;
      }
      if (staleKey.current !== slot.current.key) {
        stale.current = new Map();
        staleKey.current = slot.current.key;
      }
      a.rows.forEach((r, n) => {
        rows.current.set(a.start + n, r);
        stale.current.delete(a.start + n);
      });
      evict(rows.current, lastWindow.current);
      const { revision: rev, key: k } = slot.current;
      setAnswered((prev) => (prev && prev.revision === rev && prev.key === k && prev.count === a.count ? prev : { revision: rev, key: k, count: a.count }));
      setLoaded((n) => n + 1);
    },
    [api],
  );

  const fetchPage = useCallback(
    (page: number, filtersNow: Filters) => {
      if (!summary || pending.current.has(page)) return;
      // from the first row of the page not held (an answer cut by its byte bound leaves a tail)
      const end = page * PAGE_ROWS + PAGE_ROWS;
      let start = page * PAGE_ROWS;
      while (start < end && rows.current.has(start)) start++;
      if (start === end) return;
      pending.current.add(page);
      const forSlot = `${summary.revision}\u0000${filtersKey(filtersNow)}`;
      void requests.ask("rows", { revision: summary.revision, filters: filtersNow, start, count: end - start }).then((a) => accept(a, forSlot, page));
    },
    [summary, requests, accept],
  );

  if (slot.current.revision !== revision || slot.current.key !== key) {
    // a new render or other filters: what is held belongs to the old one
    // (the old rows stay on screen until the first answer: then those of other filters go)
    staleKey.current = slot.current.key;
    stale.current = rows.current;
    rows.current = new Map();
    pending.current = new Set();
    slot.current = { revision, key };
    generation.current++;
    // the first window goes out now, while the header draws (the effect below would ask after it)
    if (summary) fetchPage(0, settled);
  }

  const request = useCallback(
    (start: number, end: number) => {
      lastWindow.current = [start, end];
      for (let p = Math.floor(start / PAGE_ROWS); p * PAGE_ROWS < end; p++) {
        const s = p * PAGE_ROWS;
        let missing = false;
        for (let i = Math.max(s, start); i < Math.min(end, s + PAGE_ROWS); i++)
          if (!rows.current.has(i)) {
            missing = true;
            break;
          }
        if (missing) fetchPage(p, settled);
      }
    },
    [fetchPage, settled],
  );

  // a new render or other filters: ask for the window in view (its first answer gives the count)
  useEffect(() => {
    if (!summary) return;
    const [s, e] = lastWindow.current;
    fetchPage(0, settled);
    request(s, e);
  }, [summary, settled, fetchPage, request]);

  const locate = useCallback(
    async (target: LocateTarget): Promise<number> => {
      if (!summary) return -1;
      const forSlot = slotId;
      const a = await requests.ask("locate", { revision: summary.revision, filters: settled, target });
      if (!a || a.revision !== summary.revision || `${slot.current.revision}\u0000${slot.current.key}` !== forSlot) return -1;
      if (a.row && a.index >= 0) rows.current.set(a.index, a.row);
      return a.index;
    },
    [summary, requests, settled, slotId],
  );

  // while new rows come (a new render, other filters), the list keeps the last count and rows
  const count = answered ? answered.count : 0;
  const loading = !!summary && (!answered || answered.revision !== revision || answered.key !== key);
  const gen = generation.current;
  return useMemo<RowSource>(
    () => ({
      summary,
      filters: settled,
      count,
      loading,
      revision: gen,
      row: (i) => rows.current.get(i) ?? stale.current.get(i),
      request,
      locateLine: (line) => locate({ line }),
      locateKey: (rowKey) => locate({ rowKey }),
      locateMessage: (messageKey) => locate({ messageKey }),
      fullText: async (side, key) => (summary ? requests.ask("fullText", { revision: summary.revision, side, key }) : null),
      image: async (side, key, ref) => (summary ? requests.ask("fullText", { revision: summary.revision, side, key, image: ref }) : null),
      fullContent: async (side, key) => (summary ? requests.ask("fullText", { revision: summary.revision, side, key, content: true }) : null),
      subagent: async (toolCallId) => (summary ? requests.ask("subagent", { revision: summary.revision, toolCallId }) : null),
    }),
    // `loaded` re-creates the source when rows arrive, so the list redraws them
    [summary, settled, count, loading, gen, loaded, request, locate, requests, key],
  );
}

/** Drops rows far from the window in view once more than KEEP_ROWS are held. */
function evict(rows: Map<number, Row>, [start, end]: [number, number]): void {
  if (rows.size <= KEEP_ROWS) return;
  const mid = (start + end) / 2;
  const far = [...rows.keys()].sort((a, b) => Math.abs(b - mid) - Math.abs(a - mid));
  for (const i of far.slice(0, rows.size - KEEP_ROWS)) rows.delete(i);
}
