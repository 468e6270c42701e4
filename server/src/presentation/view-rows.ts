/**
 * The inspector's rows, arranged from a RenderView: the before and after columns aligned into
 * rows, band membership, filters and row lookup. Pure arrangement of what the view carries (no
 * engine); the server runs it once per render and slices the result (view-window.ts).
 */
import type { RenderView, RowFilters, ViewMessage, ViewRow } from "../protocol/index.js";

/**
 * Rows pairing each before-message with its copy in "after" (same key), dropped messages with
 * nothing (or with the synthetic message that stands for them), synthetic messages on their own.
 */
export function alignRows(view: RenderView): ViewRow[] {
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

  const rows: ViewRow[] = [];
  let i = 0;
  const push = (b: ViewMessage | undefined, a: ViewMessage | undefined) => {
    const row: ViewRow = { key: `${b ? "b:" + b.key : ""}|${a ? "a:" + a.key : ""}` };
    if (b) row.before = b;
    if (a) row.after = a;
    rows.push(row);
  };
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

export const emptyRowFilters = (): RowFilters => ({ hiddenRoles: [], tool: "", onlyFindings: false, search: "" });

export const isFiltering = (f: RowFilters) => f.hiddenRoles.length > 0 || f.tool !== "" || f.onlyFindings || f.search.trim() !== "";

const toolNames = (m: ViewMessage | undefined): string[] => m?.toolNames ?? [];

export function allRoles(rows: ViewRow[]): string[] {
  const s = new Set<string>();
  for (const r of rows) for (const m of [r.before, r.after]) if (m) s.add(m.role);
  return [...s].sort();
}

export function allTools(rows: ViewRow[]): string[] {
  const s = new Set<string>();
  for (const r of rows) for (const m of [r.before, r.after]) for (const t of toolNames(m)) s.add(t);
  return [...s].sort();
}

/** The text a search looks in: what the row shows of the message (the webview marks it there). */
function haystack(m: ViewMessage): string {
  return [
    m.role,
    ...toolNames(m),
    ...(m.toolCallIds ?? []),
    m.toolCallId ?? "",
    m.preview,
    m.blockId ?? "",
    m.droppedBy?.label ?? "",
    m.synthetic ?? "",
    m.changed ?? "",
    m.line === null ? "" : `L${m.line}`,
    ...m.findings.map((f) => `${f.code} ${f.message}`),
  ]
    .join("\n")
    .toLowerCase();
}

export function messageMatches(m: ViewMessage, f: RowFilters): boolean {
  if (f.hiddenRoles.includes(m.role)) return false;
  if (f.tool && !toolNames(m).includes(f.tool)) return false;
  if (f.onlyFindings && m.findings.length === 0) return false;
  const q = f.search.trim().toLowerCase();
  if (q && !haystack(m).includes(q)) return false;
  return true;
}

export const rowMatches = (r: ViewRow, f: RowFilters) => (r.before !== undefined && messageMatches(r.before, f)) || (r.after !== undefined && messageMatches(r.after, f));

/** A row shows when either side matches every active filter. */
export function filterRows(rows: ViewRow[], f: RowFilters): ViewRow[] {
  if (!isFiltering(f)) return rows;
  return rows.filter((r) => rowMatches(r, f));
}

/** Index of the row holding `line` (exact), else the last row starting before it; -1 if none. */
export function rowForLine(rows: readonly ViewRow[], line: number): number {
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
