/**
 * One Responses item of the history Codex rebuilds on resume (docs/research/codex-resume.md
 * section 9), with where it comes from: a `response_item` line, a compaction's replacement
 * history, a user message a compaction rebuilt, a compaction's summary, or an output Codex makes
 * up for a call without one.
 */
import type { JsonPath } from "../../model/types.js";

export type ItemSource =
  /** A `response_item` line, sent as stored (R3.3). */
  | "file"
  /** An item of a `compacted` line's `replacement_history` (R3.3: the last surviving one wins). */
  | "replacement-history"
  /** A user message a compaction without replacement history keeps: its text parts only (section 6). */
  | "rebuilt"
  /** A compaction's `message`, sent as a user message (section 6). */
  | "summary"
  /** Codex's `aborted` output for a call without one (R7.1). */
  | "aborted";

export interface SentItem {
  /** The item as Codex sends it (for `file` and `replacement-history`: the file's own object). */
  payload: Record<string, any>;
  source: ItemSource;
  /**
   * 0-based file line the item is read from: its own line, the `compacted` line, the line of the
   * message a rebuilt one copies; for `aborted`, the line of its call.
   */
  line: number;
  /** Where the item (or the message a rebuilt one copies) sits on `line`. */
  path: JsonPath;
  /** For `rebuilt`: whether the message it copies is a file line or an item of a replacement history. */
  copies?: "file" | "replacement-history";
  /** Who made the item up or changed it and why, when it is not the file's item as stored (the render's `synthetic`). */
  note?: string;
}

/** The made-up output's mark (render JSON `synthetic`). */
export const ABORTED_NOTE = "codex: aborted output for a call without one";
export const SUMMARY_NOTE = "codex: the compaction's summary, sent as a user message";
export const REBUILT_NOTE = "codex: a user message a compaction kept, text parts only";
export const SHORTENED_NOTE = "codex: a user message a compaction kept, shortened to its 20,000-token budget";

/** Whether the item stands for a line of the file's own conversation (a Before message): a file item or a rebuilt copy of one. */
export function fileLineOf(item: SentItem): number | undefined {
  return item.source === "file" || (item.source === "rebuilt" && item.copies === "file") ? item.line : undefined;
}
