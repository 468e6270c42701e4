/**
 * The windowed inspector (issue 11 item 5): the webview never receives the whole view. It gets a
 * summary (totals, ranges, finding counts, filter choices, row count) and asks for the rows it
 * shows, for one row's place, or for one message's full text; the server answers from the view it
 * computed once per document version. Types only: the Node side and the browser bundle import it.
 *
 * Rows carry `ViewMessage` as the view model computes it (whatever fields it holds).
 */
import type { RenderView, ViewCompaction, ViewContent, ViewMessage } from "./view.js";

/** What the list shows: set in the webview, applied where the data is (the server). */
export interface RowFilters {
  /** Roles whose messages are hidden (their box is unticked). */
  hiddenRoles: string[];
  /** Tool name to show; "" = all. */
  tool: string;
  onlyFindings: boolean;
  /** Text to find (case-insensitive): only rows with a match show, and the match is marked. */
  search: string;
  /**
   * Changes only (issue 23): rows where After differs from Before (dropped, added, changed, or
   * with findings) show; each run of unchanged rows between them is one `fold` row.
   */
  changesOnly?: boolean;
}

/** One row of the aligned before/after columns. */
export interface ViewRow {
  /** Stable within one render. */
  key: string;
  before?: ViewMessage;
  after?: ViewMessage;
  /** Block id of the resolved range this row belongs to (either side), if any. */
  band?: string;
  /** First / last row of its band (for the label and the band's rounded ends). */
  bandStart?: boolean;
  bandEnd?: boolean;
  /**
   * The results of this row's tool calls, drawn in the call's card (issue 23): the rows right
   * after it whose messages are results of its calls, on each side, in the same band.
   */
  results?: { key: string; before?: ViewMessage; after?: ViewMessage }[];
  /** Changes only: a run of unchanged rows, folded (no messages). */
  fold?: ViewFold;
  /** A compaction as a row of its own (no messages), where it happened. */
  compaction?: ViewCompaction;
}

/** A run of rows that pruning left as they were, folded in the changes-only list. */
export interface ViewFold {
  /** Rows in the run. */
  rows: number;
  /** Messages in the run (a row's before-message and the results in its card). */
  messages: number;
  /** Key of the run's first row (to show it in the full list). */
  firstKey: string;
}

/**
 * The context-size timeline (issue 23): one point per model response (a row with an assistant
 * message), columnar. Bounded: at most MAX_TIMELINE_POINTS points (every n-th, the last kept).
 */
export interface ViewTimeline {
  /** Index of the point's row among all rows (no filter). */
  row: number[];
  /** 1-based file line of the response (for the jump), or 0 for a synthetic one. */
  line: number[];
  /** Estimated tokens of the context before that response: Before's messages up to it. */
  before: number[];
  /** The same for After (the context as pruned now). */
  after: number[];
  /** Input tokens the agent recorded for that response (input + cache read + cache write), or -1. */
  recorded: number[];
  /** Compactions and summaries: the row index, its line and a label. */
  marks: { row: number; line: number; label: string }[];
  /** Resolved ranges: first and last row index. */
  ranges: { blockId: string; first: number; last: number }[];
  /** Responses in the session (points may be fewer). */
  responses: number;
}

/** Everything the header shows: small, whatever the session's length. */
export interface ViewSummary {
  uri: string;
  /** Document version the rows belong to (null for a file read from disk); see `revision`. */
  version: number | null;
  /** Changes with every new render of the document (a disk file has no version). */
  revision: number;
  format: string;
  pruner: RenderView["pruner"];
  /** What the After column models (format-aware label from the server). */
  afterModel?: RenderView["afterModel"];
  /** Claude Code subagent lines matched to no Task call (shown as a note). */
  unmatchedSidechain?: RenderView["unmatchedSidechain"];
  /** The target provider and every provider's verdict (lsp/provider-targets.ts). */
  provider?: RenderView["provider"];
  totals: RenderView["totals"];
  /** The first MAX_SUMMARY_RANGES ranges; `rangeCount` says how many exist. */
  ranges: RenderView["ranges"];
  rangeCount: number;
  findingCounts: RenderView["findingCounts"];
  /** Roles and tool names present in the session (the filter choices). */
  roles: string[];
  tools: string[];
  /** Rows in the session before any filter. */
  rowCount: number;
  /** The context-size timeline, when the session has a response. */
  timeline?: ViewTimeline;
  /** Every branch and root, and what the view of this branch leaves out (issue 23 item 4). */
  branches?: RenderView["branches"];
  /** The After column against what the agent recorded it sent (OpenClaw's trajectory). */
  recorded?: RenderView["recorded"];
}

/** Ranges listed in a summary at most (the header shows chips for them). */
export const MAX_SUMMARY_RANGES = 500;
/** Rows one request returns at most; fewer when they would pass MAX_ROWS_BYTES. */
export const MAX_ROWS_PER_REQUEST = 200;
/** Serialized bytes of the rows in one answer at most (one row always comes). */
export const MAX_ROWS_BYTES = 512 * 1024;
/** Characters of a message's full text one answer carries at most. */
export const MAX_FULL_TEXT_CHARS = 256 * 1024;
/** Serialized bytes of that text at most (escaped control characters take six bytes each). */
export const MAX_FULL_TEXT_BYTES = 768 * 1024;
/** Characters of a message's content a row carries at most (the rest on request: the full content). */
export const MAX_ROW_CONTENT_CHARS = 4000;
/** Points of the timeline at most. */
export const MAX_TIMELINE_POINTS = 1500;

export interface RowsQuery {
  /** The summary's revision the webview holds: rows of another revision are answered as stale. */
  revision: number;
  filters: RowFilters;
  start: number;
  count: number;
}
export interface RowsAnswer {
  revision: number;
  /** Rows matching the filters (the list's length). */
  count: number;
  start: number;
  rows: ViewRow[];
}

/** A row to find among the matching rows: by file line, by row key, or by before-message key. */
export type LocateTarget = { line: number } | { rowKey: string } | { messageKey: string };
export interface LocateQuery {
  revision: number;
  filters: RowFilters;
  target: LocateTarget;
}
export interface LocateAnswer {
  revision: number;
  /** Index among the matching rows; -1 when none. For a line: the exact row, else the closest before. */
  index: number;
  /** The row at `index` (so the page can show it before asking for its window). */
  row?: ViewRow;
}

export interface FullTextQuery {
  revision: number;
  side: "before" | "after";
  /** The message's key in its column. */
  key: string;
  /** Ask for the content to draw (`content`, bounded like the text) instead of the text (`text` is then ""). */
  content?: boolean;
  /** Ask for the bytes of the image block at this index of the message's content (`ViewBlock` image `ref`). */
  image?: number;
}
export interface FullTextAnswer {
  revision: number;
  key: string;
  side: "before" | "after";
  /** The text as the message holds it: text blocks, thinking, tool calls with arguments as indented JSON. */
  text: string;
  /** Present when the text was cut at MAX_FULL_TEXT_CHARS: its whole length in characters. */
  totalChars?: number;
  /** The content to draw, when the query asked for it (MAX_FULL_TEXT_CHARS and MAX_FULL_TEXT_BYTES in all). */
  content?: ViewContent;
  /**
   * The image asked for: its base64 bytes when they fit MAX_FULL_TEXT_BYTES and its type is one
   * the page draws (png, jpeg, gif, webp), else why not (`bytes` and no `data`).
   */
  image?: { mimeType: string; data?: string; bytes: number };
}

/** A subagent's transcript (issue 23 item 4), asked for by the id of the call that ran it. */
export interface SubagentQuery {
  revision: number;
  toolCallId: string;
}
export interface SubagentAnswer {
  toolCallId: string;
  /** Claude Code's agentId, Codex's thread id. */
  id: string;
  /** The transcript file (the host opens it, and its inspector). */
  uri: string;
  file: string;
  format?: string;
  /** Its first messages as the agent reads them (at most 50), and how many there are. */
  messages: { role: string; preview: string; line: number | null; toolNames?: string[] }[];
  total: number;
  /** Why no messages are listed (too large to read here, unreadable). */
  note?: string;
}

/** Image types the page draws (decoded into a canvas: no image URL, nothing for img-src). */
export const DRAWN_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];
