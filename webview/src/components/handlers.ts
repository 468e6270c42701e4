/** What a row can ask the host (and the page) to do. */
import type { ViewFix } from "../../../server/src/protocol/view.js";
import type { FullTextAnswer, SubagentAnswer } from "../../../server/src/protocol/view-window.js";

export interface RowHandlers {
  openLine(line: number): void;
  applyFix(fix: ViewFix): void;
  /** Shows a message's raw text (fetched from the server), or the rendered content again. */
  toggleFullText(side: "before" | "after", key: string): void;
  /** Shows a message's whole content (fetched from the server) where its row carries the first part. */
  toggleFullContent(side: "before" | "after", key: string): void;
  /** Opens or closes a card or a thinking block (kept while the row scrolls out and back). */
  setOpen(key: string, open: boolean): void;
  /** The bytes of an image block (asked of the server when the image is drawn). */
  loadImage(side: "before" | "after", key: string, ref: number): Promise<NonNullable<FullTextAnswer["image"]> | null>;
  /** Changes only: shows the rows of a fold in the full list. */
  showFold(firstKey: string): void;
  /** A subagent's transcript, to list in place (asked of the server when its group opens). */
  loadSubagent(toolCallId: string): Promise<SubagentAnswer | null>;
  /** Opens a subagent's transcript in the editor, with its inspector. */
  openSubagent(toolCallId: string): void;
}
