/**
 * Where the inspector's rows come from. Components and hooks see only this interface: a summary
 * (totals, ranges, finding counts, role and tool lists) plus rows by index, asked for as the list
 * scrolls. `useRemoteRowSource` answers from the server through the host: `request(start, end)`
 * asks for that window, `row(i)` is undefined until it arrives (the list draws a placeholder),
 * and the `locate*` calls ask the server, which is why they return promises.
 */
import type { FullTextAnswer, SubagentAnswer, ViewSummary } from "../../server/src/protocol/view-window.js";
import type { Filters, Row } from "./model.js";

export type { ViewSummary };

export interface RowSource {
  /** Null until the first summary arrives. */
  summary: ViewSummary | null;
  /** The filters the rows below were selected with. */
  filters: Filters;
  /** Rows matching the filters (the last count the server gave while `loading`). */
  count: number;
  /** True until the server has answered for the current summary and filters. */
  loading: boolean;
  /** Changes whenever the rows at some index change (a new render, other filters). */
  revision: number;
  /** The row at `index` among the matching rows; undefined when not (yet) loaded. */
  row(index: number): Row | undefined;
  /** The list shows rows [start, end): the source fetches what it lacks. */
  request(start: number, end: number): void;
  /** Index of the row holding this file line (exact, else the closest before it); -1 if none. */
  locateLine(line: number): Promise<number>;
  /** Index of the row with this key; -1 if it is not among the matching rows. */
  locateKey(key: string): Promise<number>;
  /** Index of the row holding this before-message key (a range's start); -1 if none. */
  locateMessage(key: string): Promise<number>;
  /** A message's full text (bounded by the server), or null when it is gone. */
  fullText(side: "before" | "after", key: string): Promise<FullTextAnswer | null>;
  /** The bytes of an image block of a message (`ref`: its index in the content), or null when it is gone. */
  image(side: "before" | "after", key: string, ref: number): Promise<FullTextAnswer | null>;
  /** A message's whole content to draw (bounded by the server), or null when it is gone. */
  fullContent(side: "before" | "after", key: string): Promise<FullTextAnswer | null>;
  /** The transcript of the subagent a call ran (its file, first messages), or null when not found. */
  subagent(toolCallId: string): Promise<SubagentAnswer | null>;
}
