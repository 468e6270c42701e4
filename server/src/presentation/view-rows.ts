/**
 * The inspector's rows, arranged from a RenderView: the before and after columns aligned into
 * rows, band membership, filters and row lookup. Pure arrangement of what the view carries (no
 * engine); the server runs it once per render and slices the result (view-window.ts).
 */
import type { RenderView, RowFilters, ViewCompaction, ViewMessage, ViewRow } from "../protocol/index.js";

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
  const carded = withCompactions(withCards(rows), view.compactions ?? []);
  carded.forEach((r, n) => {
    if (!r.band) return;
    r.bandStart = carded[n - 1]?.band !== r.band;
    r.bandEnd = carded[n + 1]?.band !== r.band;
  });
  return carded;
}

/**
 * Each compaction as a row of its own: right before its summary's row where the view has one (pi's
 * Before starts with the latest compaction's summary, then the entries it kept, which come earlier
 * in the file), else before the first other row from its line on (a row's line: its
 * before-message's, else its after-message's; rows of synthetic messages only do not place it), so
 * it follows what it took out; the ones after every row at the end.
 */
function withCompactions(rows: ViewRow[], compactions: readonly ViewCompaction[]): ViewRow[] {
  if (compactions.length === 0) return rows;
  const pending = [...compactions].sort((x, y) => x.line - y.line);
  const atLine = new Map(pending.map((c) => [c.line, c]));
  const done = new Set<ViewCompaction>();
  const out: ViewRow[] = [];
  const emit = (c: ViewCompaction) => {
    if (done.has(c)) return;
    done.add(c);
    out.push(compactionRow(c));
  };
  let k = 0;
  for (const r of rows) {
    const line = r.before?.line ?? r.after?.line ?? null;
    if (line !== null && (r.before?.role === "compactionSummary" || r.after?.role === "compactionSummary")) {
      const own = atLine.get(line);
      if (own) emit(own);
    } else while (line !== null && k < pending.length && pending[k].line <= line) emit(pending[k++]);
    out.push(r);
  }
  while (k < pending.length) emit(pending[k++]);
  return out;
}

const compactionRow = (c: ViewCompaction): ViewRow => ({ key: `c:L${c.line}`, compaction: c });

/** The messages of a row in order: its pair, then the results in its card. */
export function rowMessages(r: ViewRow): { side: "before" | "after"; m: ViewMessage }[] {
  const out: { side: "before" | "after"; m: ViewMessage }[] = [];
  for (const p of [r, ...(r.results ?? [])]) {
    if (p.before) out.push({ side: "before", m: p.before });
    if (p.after) out.push({ side: "after", m: p.after });
  }
  return out;
}

/** Results one card holds at most (the rest keep their rows): a row stays within its answer's bound. */
const MAX_CARD_RESULTS = 32;

/** Call ids of a side's assistant message in a row. */
const callIds = (m: ViewMessage | undefined): Set<string> | undefined => (m && m.role === "assistant" && m.toolCallIds?.length ? new Set(m.toolCallIds) : undefined);

/**
 * Tool call and result as one card (issue 23): the rows right after a row with calls whose
 * messages, on each side present, are results of that side's calls (each id once), in the same
 * band, go into the call row's `results`. Results elsewhere (not adjacent, orphans, a result
 * whose call is on the other side only) keep their own row.
 */
function withCards(rows: ViewRow[]): ViewRow[] {
  const out: ViewRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const b = callIds(r.before);
    const a = callIds(r.after);
    out.push(r);
    if (!b && !a) continue;
    const seenB = new Set<string>();
    const seenA = new Set<string>();
    const fits = (m: ViewMessage | undefined, ids: Set<string> | undefined, seen: Set<string>) =>
      m === undefined || (ids !== undefined && m.role === "toolResult" && m.toolCallId !== undefined && ids.has(m.toolCallId) && !seen.has(m.toolCallId) && !m.sidechain);
    while (i + 1 < rows.length && (r.results?.length ?? 0) < MAX_CARD_RESULTS) {
      const next = rows[i + 1];
      if (next.band !== r.band || !fits(next.before, b, seenB) || !fits(next.after, a, seenA)) break;
      if (next.before) seenB.add(next.before.toolCallId!);
      if (next.after) seenA.add(next.after.toolCallId!);
      const result: NonNullable<ViewRow["results"]>[number] = { key: next.key };
      if (next.before) result.before = next.before;
      if (next.after) result.after = next.after;
      (r.results ??= []).push(result);
      i++;
    }
  }
  return out;
}

/**
 * What pruning changed in a row (changes only): a message on one side only, a dropped
 * before-message, an after-message added or changed, or a finding.
 */
export function rowChanged(r: ViewRow): boolean {
  if (r.fold) return false;
  for (const p of [r, ...(r.results ?? [])]) {
    if (!p.before || !p.after) return true;
    if (p.before.droppedBy || p.after.synthetic || p.after.changed) return true;
    if (p.before.findings.length || p.after.findings.length) return true;
  }
  return false;
}

export const emptyRowFilters = (): RowFilters => ({ hiddenRoles: [], tool: "", onlyFindings: false, search: "" });

/** Filters as a request sent them, each field its type or its default (a request may leave them out). */
export function rowFilters(f: unknown): RowFilters {
  const x = (typeof f === "object" && f !== null ? f : {}) as Partial<Record<keyof RowFilters, unknown>>;
  return {
    hiddenRoles: Array.isArray(x.hiddenRoles) ? x.hiddenRoles.filter((r): r is string => typeof r === "string") : [],
    tool: typeof x.tool === "string" ? x.tool : "",
    onlyFindings: x.onlyFindings === true,
    search: typeof x.search === "string" ? x.search : "",
    ...(x.changesOnly === true ? { changesOnly: true } : {}),
  };
}

export const isFiltering = (f: RowFilters) => f.hiddenRoles.length > 0 || f.tool !== "" || f.onlyFindings || f.search.trim() !== "" || f.changesOnly === true;

/** Filters other than changes only (those choose rows; changes only then folds the unchanged). */
export const isSelecting = (f: RowFilters) => f.hiddenRoles.length > 0 || f.tool !== "" || f.onlyFindings || f.search.trim() !== "";

const toolNames = (m: ViewMessage | undefined): string[] => m?.toolNames ?? [];

export function allRoles(rows: ViewRow[]): string[] {
  const s = new Set<string>();
  for (const r of rows) {
    if (r.compaction) s.add(COMPACTION_ROLE);
    for (const { m } of rowMessages(r)) s.add(m.role);
  }
  return [...s].sort();
}

export function allTools(rows: ViewRow[]): string[] {
  const s = new Set<string>();
  for (const r of rows) for (const { m } of rowMessages(r)) for (const t of toolNames(m)) s.add(t);
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

/**
 * A row shows when one of its messages (either side, or a result in its card) matches every
 * selecting filter; a compaction's row when its role is ticked, no filter asks for a tool or
 * findings, and its text holds the search.
 */
export const rowMatches = (r: ViewRow, f: RowFilters) =>
  !isSelecting(f) || (r.compaction ? compactionMatches(r.compaction, f) : rowMessages(r).some(({ m }) => messageMatches(m, f)));

/** The Filters panel's name for compaction rows (unticked, they are hidden like a role). */
export const COMPACTION_ROLE = "compaction";

function compactionMatches(c: ViewCompaction, f: RowFilters): boolean {
  if (f.tool || f.onlyFindings || f.hiddenRoles.includes(COMPACTION_ROLE)) return false;
  const q = f.search.trim().toLowerCase();
  return q === "" || `compaction L${c.line}\n${c.summary}`.toLowerCase().includes(q);
}

/** The rows the selecting filters keep (changes only folds them afterwards: view-window.ts). */
export function filterRows(rows: ViewRow[], f: RowFilters): ViewRow[] {
  if (!isSelecting(f)) return rows;
  return rows.filter((r) => rowMatches(r, f));
}

/** Index of the row holding `line` (exact), else the last row starting before it; -1 if none. */
export function rowForLine(rows: readonly ViewRow[], line: number): number {
  let best = -1;
  let bestLine = -Infinity;
  for (let n = 0; n < rows.length; n++) {
    if (rows[n].compaction?.line === line) return n;
    for (const { m } of rowMessages(rows[n])) {
      if (m.line === null) continue;
      if (m.line === line) return n;
      if (m.line < line && m.line > bestLine) {
        best = n;
        bestLine = m.line;
      }
    }
  }
  return best;
}
