/**
 * Where the inspector's rows come from. Components and hooks see only this interface: a summary
 * (totals, ranges, finding counts, role and tool lists) plus rows by index, asked for as the list
 * scrolls. Today `useLocalRowSource` answers from a whole RenderView held in memory; a windowed
 * source (issue 11) answers the same calls from the server: `request(start, end)` posts a request
 * for that window, `row(i)` is undefined until it arrives (the list draws a placeholder), and the
 * `locate*` calls ask the server, which is why they return promises.
 */
import type { RenderView } from "../../server/src/protocol/view.js";
import type { Filters, Row } from "./model.js";

/** Everything the header shows: small and independent of the session's length. */
export interface ViewSummary {
  uri: string;
  version: number | null;
  format: string;
  pruner: RenderView["pruner"];
  /** What the After column models (format-aware label from the server). */
  afterModel?: RenderView["afterModel"];
  /** Claude Code subagent lines matched to no Task call (shown as a note). */
  unmatchedSidechain?: RenderView["unmatchedSidechain"];
  totals: RenderView["totals"];
  ranges: RenderView["ranges"];
  findingCounts: RenderView["findingCounts"];
  /** Roles and tool names present in the session (the filter choices). */
  roles: string[];
  tools: string[];
  /** Rows in the session before any filter. */
  rowCount: number;
}

export interface RowSource {
  /** Null until the first view (or summary) arrives. */
  summary: ViewSummary | null;
  /** The filters the rows below were selected with. */
  filters: Filters;
  /** Rows matching the filters. */
  count: number;
  /** Changes whenever the rows at some index change (a new render, other filters). */
  revision: number;
  /** The row at `index` among the matching rows; undefined when not (yet) loaded. */
  row(index: number): Row | undefined;
  /** The list shows rows [start, end): a windowed source fetches what it lacks. */
  request(start: number, end: number): void;
  /** Index of the row holding this file line (exact, else the closest before it); -1 if none. */
  locateLine(line: number): Promise<number>;
  /** Index of the row with this key; -1 if it is not among the matching rows. */
  locateKey(key: string): Promise<number>;
  /** Index of the row holding this before-message key (a range's start); -1 if none. */
  locateMessage(key: string): Promise<number>;
}

export function summaryOf(view: RenderView, rows: Row[], roles: string[], tools: string[]): ViewSummary {
  return { uri: view.uri, version: view.version, format: view.format, pruner: view.pruner, afterModel: view.afterModel, unmatchedSidechain: view.unmatchedSidechain, totals: view.totals, ranges: view.ranges, findingCounts: view.findingCounts, roles, tools, rowCount: rows.length };
}
