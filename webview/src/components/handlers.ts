/** What a row can ask the host to do. */
import type { ViewFix } from "../../../server/src/protocol/view.js";

export interface RowHandlers {
  openLine(line: number): void;
  applyFix(fix: ViewFix): void;
  /** Expands a message to its full text (fetched from the server), or folds it again. */
  toggleFullText(side: "before" | "after", key: string): void;
}
