/**
 * Pure view-side helpers: aligning the before/after columns into rows, band membership and
 * filtering. Nothing here re-implements the engine: it only arranges what RenderView carries.
 */
import type { RenderView, ViewFinding, ViewMessage } from "../../server/src/protocol/view.js";
import { dropReason, toolNames } from "./viewFields.js";

export interface Row {
  /** Stable within one render. */
  key: string;
  before?: ViewMessage;
  after?: ViewMessage;
  /** Block id of the resolved range this row belongs to (either side), if any. */
  band?: string;
  /** First / last row of its band (for the label and the band's rounded ends). */
  bandStart?: boolean;
  bandEnd?: boolean;
}

export interface Filters {
  /**
   * Roles whose messages are hidden (their box is unticked). Every box ticked shows every role;
   * every box unticked shows no message, and the list says so.
   */
  hiddenRoles: string[];
  /** Tool name to show; "" = all. */
  tool: string;
  onlyFindings: boolean;
  search: string;
}

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
  return f;
}

export const isFiltering = (f: Filters) => f.hiddenRoles.length > 0 || f.tool !== "" || f.onlyFindings || f.search.trim() !== "";

/**
 * Rows pairing each before-message with its copy in "after" (same key), dropped messages with
 * nothing (or with the synthetic message that stands for them), synthetic messages on their own.
 */
export function alignRows(view: RenderView): Row[] {
  const before = view.before;
  const after = view.after;
  const beforeIndex = new Map<string, number>();
  before.forEach((m, i) => beforeIndex.set(m.key, i));
  const matched = new Set<number>();
  const afterMatch: (number | undefined)[] = after.map((m) => {
    if (m.beforeKey === undefined) return undefined;
    const k = beforeIndex.get(m.beforeKey);
    if (k !== undefined) matched.add(k);
    return k;
  });

  const rows: Row[] = [];
  let i = 0;
  const push = (b: ViewMessage | undefined, a: ViewMessage | undefined) =>
    rows.push({ key: `${b ? "b:" + b.key : ""}|${a ? "a:" + a.key : ""}`, before: b, after: a });
  after.forEach((a, j) => {
    const k = afterMatch[j];
    if (k !== undefined && k >= i) {
      while (i < k) push(before[i++], undefined);
      push(before[i++], a);
    } else if (k === undefined && i < before.length && !matched.has(i) && (a.blockId === undefined || before[i].blockId === a.blockId)) {
      // a synthetic message beside the first message it replaces
      push(before[i++], a);
    } else push(undefined, a);
  });
  while (i < before.length) push(before[i++], undefined);

  // bands: resolved ranges only
  const resolved = new Set(view.ranges.filter((r) => r.resolved).map((r) => r.blockId));
  for (const r of rows) {
    const b = r.before?.blockId ?? r.after?.blockId;
    if (b !== undefined && resolved.has(b)) r.band = b;
  }
  rows.forEach((r, n) => {
    if (!r.band) return;
    r.bandStart = rows[n - 1]?.band !== r.band;
    r.bandEnd = rows[n + 1]?.band !== r.band;
  });
  return rows;
}

/** Findings of a row, once each (a kept message's copy in "after" carries the same findings). */
export function rowFindings(row: Row): ViewFinding[] {
  const seen = new Set<string>();
  const out: ViewFinding[] = [];
  for (const m of [row.before, row.after])
    for (const f of m?.findings ?? []) {
      const k = `${f.code}\u0000${f.line}\u0000${f.message}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(f);
    }
  return out;
}

export function allRoles(rows: Row[]): string[] {
  const s = new Set<string>();
  for (const r of rows) for (const m of [r.before, r.after]) if (m) s.add(m.role);
  return [...s].sort();
}

export function allTools(rows: Row[]): string[] {
  const s = new Set<string>();
  for (const r of rows) for (const m of [r.before, r.after]) for (const t of toolNames(m)) s.add(t);
  return [...s].sort();
}

function haystack(m: ViewMessage): string {
  return [m.role, ...toolNames(m), ...(m.toolCallIds ?? []), m.toolCallId ?? "", m.preview, m.blockId ?? "", dropReason(m)?.text ?? "", m.synthetic ?? "", m.changed ?? "", m.line === null ? "" : `L${m.line}`, ...m.findings.map((f) => `${f.code} ${f.message}`)]
    .join("\n")
    .toLowerCase();
}

export function messageMatches(m: ViewMessage, f: Filters): boolean {
  if (f.hiddenRoles.includes(m.role)) return false;
  if (f.tool && !toolNames(m).includes(f.tool)) return false;
  if (f.onlyFindings && m.findings.length === 0) return false;
  const q = f.search.trim().toLowerCase();
  if (q && !haystack(m).includes(q)) return false;
  return true;
}

/** A row shows when either side matches every active filter. */
export function filterRows(rows: Row[], f: Filters): Row[] {
  if (!isFiltering(f)) return rows;
  return rows.filter((r) => (r.before !== undefined && messageMatches(r.before, f)) || (r.after !== undefined && messageMatches(r.after, f)));
}

/** Index of the row holding `line` (exact), else the last row starting before it; -1 if none. */
export function rowForLine(rows: Row[], line: number): number {
  let best = -1;
  let bestLine = -Infinity;
  for (let n = 0; n < rows.length; n++) {
    for (const m of [rows[n].before, rows[n].after]) {
      if (!m || m.line === null) continue;
      if (m.line === line) return n;
      if (m.line < line && m.line > bestLine) {
        best = n;
        bestLine = m.line;
      }
    }
  }
  return best;
}

export function savingPercent(before: number, after: number): number {
  if (before <= 0) return 0;
  return Math.round(((before - after) / before) * 1000) / 10;
}
