/** What a row can ask the host to do. */
import type { ViewFix } from "../../../server/src/protocol/view.js";

export interface RowHandlers {
  openLine(line: number): void;
  applyFix(fix: ViewFix): void;
}
