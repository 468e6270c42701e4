/**
 * The windowed inspector's server side: one render of a document (its RenderView), aligned into
 * rows once, answered in bounded slices. Filters run here, where the data is; the matching row
 * indices of the last few filter sets are kept, so scrolling slices and never recomputes.
 * Every answer is bounded (view-window.ts in the protocol): a summary with at most
 * MAX_SUMMARY_RANGES ranges, at most MAX_ROWS_PER_REQUEST rows and MAX_ROWS_BYTES per answer,
 * a full text cut at MAX_FULL_TEXT_CHARS.
 */
import {
  DRAWN_IMAGE_TYPES,
  type FullTextAnswer,
  type FullTextQuery,
  type LocateAnswer,
  type LocateQuery,
  MAX_FULL_TEXT_BYTES,
  MAX_FULL_TEXT_CHARS,
  MAX_ROW_CONTENT_CHARS,
  MAX_ROWS_BYTES,
  MAX_ROWS_PER_REQUEST,
  MAX_SUMMARY_RANGES,
  MAX_TIMELINE_POINTS,
  type RenderView,
  type RowFilters,
  type RowsAnswer,
  type RowsQuery,
  type ViewMessage,
  type ViewRow,
  type ViewSummary,
  type ViewTimeline,
} from "../protocol/index.js";
import { utf8Bytes } from "../engine/index.js";
import { base64Bytes, imageOf, messageContent } from "./message-content.js";
import { messagesOfView, withFixes } from "./view-model.js";
import { alignRows, allRoles, allTools, isFiltering, isSelecting, rowChanged, rowFilters, rowForLine, rowMatches, rowMessages } from "./view-rows.js";

/** Filter sets whose matching rows are kept (the current one, and the one before: typing, clearing). */
const KEPT_FILTER_SETS = 3;

const filtersKey = (f: RowFilters) => JSON.stringify([[...f.hiddenRoles].sort(), f.tool, f.onlyFindings, f.search.trim().toLowerCase(), f.changesOnly === true]);

/**
 * The rows a filter set shows: indices into `rows` (null: every row, in order); with changes
 * only, -1 at a position stands for the fold row kept in `folds` under that position.
 */
interface Shown {
  idx: Int32Array | null;
  folds?: Map<number, ViewRow>;
}

/** The context-size timeline of aligned rows (view-window.ts `ViewTimeline`), bounded. */
export function timelineOf(rows: readonly ViewRow[], ranges: RenderView["ranges"]): ViewTimeline | undefined {
  const points: { row: number; line: number; before: number; after: number; recorded: number }[] = [];
  const marks: ViewTimeline["marks"] = [];
  const wanted = new Set<string>();
  for (const r of ranges) if (r.resolved && r.startKey !== undefined && r.endKey !== undefined) wanted.add(r.startKey).add(r.endKey);
  const rowOfKey = new Map<string, number>();
  let before = 0;
  let after = 0;
  let inHistory = false;
  let cut = false;
  const compactionRows = rows.some((r) => r.compaction);
  rows.forEach((r, i) => {
    const lead = r.before ?? r.after;
    if (r.before?.role === "assistant" || r.after?.role === "assistant") {
      const u = r.before?.usage ?? r.after?.usage;
      points.push({ row: i, line: lead?.line ?? 0, before, after, recorded: u ? u.input + u.cacheRead + u.cacheWrite : -1 });
    }
    const history = r.after?.synthetic === "resume-history";
    // Claude Code: the context resumes after the latest compact boundary (what comes before is cut)
    const resumed = cut && r.before?.droppedBy?.kind !== "resume-cut";
    cut = r.before?.droppedBy?.kind === "resume-cut";
    // A compaction is a row of its own (view-compactions.ts); a format without them marks where the resumed context starts.
    const label = r.compaction
      ? "compaction"
      : r.before?.role === "branchSummary" || r.after?.role === "branchSummary"
        ? "branch summary"
        : history && !inHistory
          ? "replacement history"
          : resumed && !compactionRows
            ? "compaction"
            : undefined;
    inHistory = history;
    if (label && marks.length < MAX_SUMMARY_RANGES) marks.push({ row: i, line: r.compaction?.line ?? lead?.line ?? 0, label });
    for (const { side, m } of rowMessages(r)) {
      if (side === "before") {
        before += m.tokens;
        if (wanted.has(m.key)) rowOfKey.set(m.key, i);
      } else after += m.tokens;
    }
  });
  if (points.length === 0) return undefined;
  const step = Math.ceil(points.length / MAX_TIMELINE_POINTS);
  const kept = step <= 1 ? points : points.filter((_, n) => n % step === 0 || n === points.length - 1);
  const t: ViewTimeline = { row: [], line: [], before: [], after: [], recorded: [], marks, ranges: [], responses: points.length };
  for (const p of kept) {
    t.row.push(p.row);
    t.line.push(p.line);
    t.before.push(p.before);
    t.after.push(p.after);
    t.recorded.push(p.recorded);
  }
  for (const r of ranges.slice(0, MAX_SUMMARY_RANGES)) {
    const first = r.startKey !== undefined ? rowOfKey.get(r.startKey) : undefined;
    const last = r.endKey !== undefined ? rowOfKey.get(r.endKey) : undefined;
    if (r.resolved && first !== undefined && last !== undefined) t.ranges.push({ blockId: r.blockId, first, last });
  }
  return t;
}

/** A request's number as a whole number (0 when it is not a finite number). */
const whole = (n: unknown): number => (typeof n === "number" && Number.isFinite(n) ? Math.trunc(n) : 0);

export class ViewWindow {
  readonly rows: ViewRow[];
  readonly summary: ViewSummary;
  /** Filter key -> the rows it shows; the most recent last. */
  private readonly matching = new Map<string, Shown>();
  private keyIndex: Map<string, number> | undefined;
  /** Per row, the index in `view.before` / `view.after` of its first message on that side (rows keep the columns' order). */
  private readonly firstBefore: Int32Array;
  private readonly firstAfter: Int32Array;

  /**
   * @param fullText the full text of the i-th message of a column (the view's order), or
   *   undefined when the render cannot say (a view without its analysis).
   */
  constructor(
    readonly view: RenderView,
    readonly revision: number,
    private readonly fullText?: (side: "before" | "after", index: number) => string | undefined,
  ) {
    this.rows = alignRows(view);
    this.firstBefore = new Int32Array(this.rows.length);
    this.firstAfter = new Int32Array(this.rows.length);
    let b = 0;
    let a = 0;
    this.rows.forEach((r, i) => {
      this.firstBefore[i] = b;
      this.firstAfter[i] = a;
      for (const { side } of rowMessages(r)) if (side === "before") b++;
      else a++;
    });
    const timeline = timelineOf(this.rows, view.ranges);
    this.summary = {
      uri: view.uri,
      version: view.version,
      revision,
      format: view.format,
      pruner: view.pruner,
      ...(view.afterModel ? { afterModel: view.afterModel } : {}),
      ...(view.unmatchedSidechain ? { unmatchedSidechain: view.unmatchedSidechain } : {}),
      ...(view.provider ? { provider: view.provider } : {}),
      ...(view.recorded ? { recorded: view.recorded } : {}),
      totals: view.totals,
      ranges: view.ranges.slice(0, MAX_SUMMARY_RANGES),
      rangeCount: view.ranges.length,
      findingCounts: view.findingCounts,
      roles: allRoles(this.rows),
      tools: allTools(this.rows),
      rowCount: this.rows.length,
      ...(timeline ? { timeline } : {}),
      ...(view.branches ? { branches: view.branches } : {}),
    };
  }

  /** The rows `f` shows (kept for the last few filter sets, so scrolling slices and never recomputes). */
  private shown(f: RowFilters): Shown {
    if (!isFiltering(f)) return { idx: null };
    const key = filtersKey(f);
    const kept = this.matching.get(key);
    if (kept !== undefined) {
      this.matching.delete(key);
      this.matching.set(key, kept);
      return kept;
    }
    const out: number[] = [];
    const selecting = isSelecting(f);
    for (let i = 0; i < this.rows.length; i++) if (!selecting || rowMatches(this.rows[i], f)) out.push(i);
    const found: Shown = f.changesOnly ? this.folded(out) : { idx: Int32Array.from(out) };
    this.matching.set(key, found);
    while (this.matching.size > KEPT_FILTER_SETS) this.matching.delete(this.matching.keys().next().value!);
    return found;
  }

  /** Changes only: the changed rows of `selected`, each run of unchanged rows between them one fold. */
  private folded(selected: number[]): Shown {
    const idx: number[] = [];
    const folds = new Map<number, ViewRow>();
    let run: number[] = [];
    const close = () => {
      if (!run.length) return;
      const first = this.rows[run[0]];
      let messages = 0;
      for (const i of run) for (const { side } of rowMessages(this.rows[i])) if (side === "before") messages++;
      folds.set(idx.length, { key: `fold:${first.key}`, fold: { rows: run.length, messages, firstKey: first.key } });
      idx.push(-1);
      run = [];
    };
    for (const i of selected) {
      if (rowChanged(this.rows[i])) {
        close();
        idx.push(i);
      } else run.push(i);
    }
    close();
    return { idx: Int32Array.from(idx), folds };
  }

  private rowAt(s: Shown, i: number): ViewRow {
    if (!s.idx) return this.rows[i];
    const n = s.idx[i];
    return n >= 0 ? this.rows[n] : s.folds!.get(i)!;
  }

  /** A row as answered: its messages with their content to draw (bounded), the view's row left as it is. */
  private withContent(s: Shown, i: number): ViewRow {
    const n = s.idx ? s.idx[i] : i;
    const row = this.rowAt(s, i);
    const msgs = messagesOfView(this.view);
    if (n < 0 || !msgs) return row;
    let b = this.firstBefore[n];
    let a = this.firstAfter[n];
    const content = (m: ViewMessage | undefined, side: "before" | "after"): ViewMessage | undefined => {
      if (!m) return m;
      const msg = side === "before" ? msgs.before[b++] : msgs.after[a++];
      return msg ? { ...m, content: messageContent(msg, MAX_ROW_CONTENT_CHARS) } : m;
    };
    const out: ViewRow = { ...row };
    const before = content(row.before, "before");
    const after = content(row.after, "after");
    if (before) out.before = before;
    if (after) out.after = after;
    if (row.results)
      out.results = row.results.map((p) => {
        const q: NonNullable<ViewRow["results"]>[number] = { key: p.key };
        const pb = content(p.before, "before");
        const pa = content(p.after, "after");
        if (pb) q.before = pb;
        if (pa) q.after = pa;
        return q;
      });
    return out;
  }

  /** Matching rows [start, start + count), at most MAX_ROWS_PER_REQUEST and MAX_ROWS_BYTES (one row always). */
  rowsAnswer(q: RowsQuery): RowsAnswer {
    const s = this.shown(rowFilters(q.filters));
    const total = s.idx ? s.idx.length : this.rows.length;
    const start = Math.max(0, Math.min(whole(q.start), total));
    const end = Math.min(total, start + Math.max(0, Math.min(whole(q.count), MAX_ROWS_PER_REQUEST)));
    const rows: ViewRow[] = [];
    let bytes = 0;
    for (let i = start; i < end; i++) {
      // The fixes of the findings shown are planned now (view-model.ts `withFixes`).
      for (const { m } of rowMessages(this.rowAt(s, i))) for (const f of m.findings) withFixes(f);
      let row = this.withContent(s, i);
      let size = utf8Bytes(JSON.stringify(row));
      if (size > MAX_ROWS_BYTES) {
        // a card too large with its content (hundreds of results): the row as the view holds it
        row = this.rowAt(s, i);
        size = utf8Bytes(JSON.stringify(row));
      }
      if (rows.length > 0 && bytes + size > MAX_ROWS_BYTES) break;
      bytes += size;
      rows.push(row);
    }
    return { revision: this.revision, count: total, start, rows };
  }

  locate(q: LocateQuery): LocateAnswer {
    const s = this.shown(rowFilters(q.filters));
    const total = s.idx ? s.idx.length : this.rows.length;
    const shown = s.idx ? Array.from({ length: total }, (_, i) => this.rowAt(s, i)) : this.rows;
    const t: Partial<Record<"line" | "rowKey" | "messageKey", unknown>> = typeof q.target === "object" && q.target !== null ? q.target : {};
    let index = -1;
    if (typeof t.line === "number") index = rowForLine(shown, t.line);
    else if (typeof t.rowKey === "string") index = shown.findIndex((r) => r.key === t.rowKey);
    else if (typeof t.messageKey === "string") index = shown.findIndex((r) => rowMessages(r).some(({ side, m }) => side === "before" && m.key === t.messageKey));
    const answer: LocateAnswer = { revision: this.revision, index };
    if (index >= 0) answer.row = this.withContent(s, index);
    return answer;
  }

  fullTextAnswer(q: FullTextQuery): FullTextAnswer | null {
    if (!this.keyIndex) {
      this.keyIndex = new Map();
      this.view.before.forEach((m, i) => this.keyIndex!.set(`b\u0000${m.key}`, i));
      this.view.after.forEach((m, i) => this.keyIndex!.set(`a\u0000${m.key}`, i));
    }
    const i = this.keyIndex.get(`${q.side === "before" ? "b" : "a"}\u0000${q.key}`);
    if (i === undefined) return null;
    const m = (q.side === "before" ? this.view.before : this.view.after)[i];
    if (q.image !== undefined) {
      const msg = messagesOfView(this.view)?.[q.side][i];
      const img = Array.isArray(msg?.content) ? imageOf(msg.content[q.image]) : undefined;
      if (!img) return { revision: this.revision, key: q.key, side: q.side, text: "" };
      const mimeType = img.mimeType ?? "";
      const bytes = img.data !== undefined ? base64Bytes(img.data) : 0;
      const drawn = DRAWN_IMAGE_TYPES.includes(mimeType) && img.data !== undefined && img.data.length <= MAX_FULL_TEXT_BYTES - 1024 && /^[A-Za-z0-9+/]*={0,2}$/.test(img.data);
      return { revision: this.revision, key: q.key, side: q.side, text: "", image: drawn ? { mimeType, data: img.data, bytes } : { mimeType, bytes } };
    }
    if (q.content) {
      // the content to draw instead of the text, within the same bound (its JSON, escapes and all)
      const msg = messagesOfView(this.view)?.[q.side][i];
      if (msg) {
        let budget = MAX_FULL_TEXT_CHARS;
        let content = messageContent(msg, budget);
        while (budget > 1024 && utf8Bytes(JSON.stringify(content)) > MAX_FULL_TEXT_BYTES) content = messageContent(msg, (budget = Math.floor(budget / 2)));
        return { revision: this.revision, key: q.key, side: q.side, text: "", content };
      }
    }
    const text = this.fullText?.(q.side, i) ?? m.preview;
    const answer: FullTextAnswer = { revision: this.revision, key: q.key, side: q.side, text };
    // cut at MAX_FULL_TEXT_CHARS, and shorter while its JSON would pass MAX_FULL_TEXT_BYTES (escapes grow it)
    let cut = Math.min(text.length, MAX_FULL_TEXT_CHARS);
    while (cut > 0 && utf8Bytes(JSON.stringify(text.slice(0, cut))) > MAX_FULL_TEXT_BYTES) cut = Math.floor(cut / 2);
    if (cut < text.length) {
      // never split a surrogate pair
      if (cut > 0 && /[\ud800-\udbff]/.test(text[cut - 1])) cut--;
      answer.text = text.slice(0, cut);
      answer.totalChars = text.length;
    }
    return answer;
  }
}
