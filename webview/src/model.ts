/**
 * Pure view-side helpers: the filters the page keeps, a row's findings, the saving. The rows
 * themselves are aligned and filtered by the server (presentation/view-rows.ts) and arrive in
 * windows; nothing here re-implements the engine.
 */
import type { ViewFinding, ViewMessage } from "../../server/src/protocol/view.js";
import type { RowFilters, ViewRow } from "../../server/src/protocol/view-window.js";

/** One row of the aligned columns (the server's ViewRow). */
export type Row = ViewRow;

/**
 * What the list shows. Every role box ticked shows every role; every box unticked shows no
 * message, and the list says so. The server applies them (view-rows.ts).
 */
export type Filters = RowFilters;

export const emptyFilters = (): Filters => ({ hiddenRoles: [], tool: "", onlyFindings: false, search: "" });

/** Filters from persisted state, keeping only well-formed fields (state may come from an older build). */
export function filtersFrom(saved: unknown): Filters {
  const f = emptyFilters();
  if (!saved || typeof saved !== "object") return f;
  const s = saved as Record<string, unknown>;
  if (Array.isArray(s.hiddenRoles)) f.hiddenRoles = s.hiddenRoles.filter((r): r is string => typeof r === "string");
  if (typeof s.tool === "string") f.tool = s.tool;
  if (typeof s.onlyFindings === "boolean") f.onlyFindings = s.onlyFindings;
  if (typeof s.search === "string") f.search = s.search;
  if (s.changesOnly === true) f.changesOnly = true;
  return f;
}

export const isFiltering = (f: Filters) => f.hiddenRoles.length > 0 || f.tool !== "" || f.onlyFindings || f.search.trim() !== "" || f.changesOnly === true;

/** The results in a row's card on one side (the server put them there). */
export function sideResults(row: Row, side: "before" | "after"): ViewMessage[] {
  return (row.results ?? []).map((p) => p[side]).filter((m): m is ViewMessage => m !== undefined);
}

/** Findings of a row and of the results in its card, once each (a kept message's copy in "after" carries the same findings). */
export function rowFindings(row: Row): ViewFinding[] {
  const seen = new Set<string>();
  const out: ViewFinding[] = [];
  for (const m of [row.before, row.after, ...sideResults(row, "before"), ...sideResults(row, "after")])
    for (const f of m?.findings ?? []) {
      const k = `${f.code}\u0000${f.line}\u0000${f.message}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(f);
    }
  return out;
}

export function savingPercent(before: number, after: number): number {
  if (before <= 0) return 0;
  return Math.round(((before - after) / before) * 1000) / 10;
}
