/**
 * The windowed inspector's server side: one render of a document (its RenderView), aligned into
 * rows once, answered in bounded slices. Filters run here, where the data is; the matching row
 * indices of the last few filter sets are kept, so scrolling slices and never recomputes.
 * Every answer is bounded (view-window.ts in the protocol): a summary with at most
 * MAX_SUMMARY_RANGES ranges, at most MAX_ROWS_PER_REQUEST rows and MAX_ROWS_BYTES per answer,
 * a full text cut at MAX_FULL_TEXT_CHARS.
 */
import {
  type FullTextAnswer,
  type FullTextQuery,
  type LocateAnswer,
  type LocateQuery,
  MAX_FULL_TEXT_BYTES,
  MAX_FULL_TEXT_CHARS,
  MAX_ROWS_BYTES,
  MAX_ROWS_PER_REQUEST,
  MAX_SUMMARY_RANGES,
  type RenderView,
  type RowFilters,
  type RowsAnswer,
  type RowsQuery,
  type ViewRow,
  type ViewSummary,
} from "../protocol/index.js";
import { alignRows, allRoles, allTools, isFiltering, rowForLine, rowMatches } from "./view-rows.js";

/** Filter sets whose matching rows are kept (the current one, and the one before: typing, clearing). */
const KEPT_FILTER_SETS = 3;

/** UTF-8 bytes of a string (what the message costs on the wire), without allocating. */
export function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

const filtersKey = (f: RowFilters) => JSON.stringify([[...f.hiddenRoles].sort(), f.tool, f.onlyFindings, f.search.trim().toLowerCase()]);

export class ViewWindow {
  readonly rows: ViewRow[];
  readonly summary: ViewSummary;
  /** Filter key -> the indices (into `rows`) of the matching rows; the most recent last. */
  private readonly matching = new Map<string, Int32Array | null>();
  private keyIndex: Map<string, number> | undefined;

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
    this.summary = {
      uri: view.uri,
      version: view.version,
      revision,
      format: view.format,
      pruner: view.pruner,
      ...(view.afterModel ? { afterModel: view.afterModel } : {}),
      ...(view.unmatchedSidechain ? { unmatchedSidechain: view.unmatchedSidechain } : {}),
      ...(view.provider ? { provider: view.provider } : {}),
      totals: view.totals,
      ranges: view.ranges.slice(0, MAX_SUMMARY_RANGES),
      rangeCount: view.ranges.length,
      findingCounts: view.findingCounts,
      roles: allRoles(this.rows),
      tools: allTools(this.rows),
      rowCount: this.rows.length,
    };
  }

  /** Indices of the rows matching `f`, or null for "every row" (no filter). */
  private indices(f: RowFilters): Int32Array | null {
    if (!isFiltering(f)) return null;
    const key = filtersKey(f);
    const kept = this.matching.get(key);
    if (kept !== undefined) {
      this.matching.delete(key);
      this.matching.set(key, kept);
      return kept;
    }
    const out: number[] = [];
    for (let i = 0; i < this.rows.length; i++) if (rowMatches(this.rows[i], f)) out.push(i);
    const found = Int32Array.from(out);
    this.matching.set(key, found);
    while (this.matching.size > KEPT_FILTER_SETS) this.matching.delete(this.matching.keys().next().value!);
    return found;
  }

  /** Matching rows [start, start + count), at most MAX_ROWS_PER_REQUEST and MAX_ROWS_BYTES (one row always). */
  rowsAnswer(q: RowsQuery): RowsAnswer {
    const idx = this.indices(q.filters);
    const total = idx ? idx.length : this.rows.length;
    const start = Math.max(0, Math.min(q.start, total));
    const end = Math.min(total, start + Math.max(0, Math.min(q.count, MAX_ROWS_PER_REQUEST)));
    const rows: ViewRow[] = [];
    let bytes = 0;
    for (let i = start; i < end; i++) {
      const row = this.rows[idx ? idx[i] : i];
      const size = utf8Bytes(JSON.stringify(row));
      if (rows.length > 0 && bytes + size > MAX_ROWS_BYTES) break;
      bytes += size;
      rows.push(row);
    }
    return { revision: this.revision, count: total, start, rows };
  }

  locate(q: LocateQuery): LocateAnswer {
    const idx = this.indices(q.filters);
    const shown = idx ? Array.from(idx, (i) => this.rows[i]) : this.rows;
    const t = q.target;
    let index = -1;
    if ("line" in t) index = rowForLine(shown, t.line);
    else if ("rowKey" in t) index = shown.findIndex((r) => r.key === t.rowKey);
    else index = shown.findIndex((r) => r.before?.key === t.messageKey);
    const answer: LocateAnswer = { revision: this.revision, index };
    if (index >= 0) answer.row = shown[index];
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
