/**
 * A label from a transcript or a store (a session's title, a search hit's) for VS Code's tree
 * views and quick picks: invisible and bidi characters marked (protocol/unsafe-chars.ts), and
 * `$(` defused so that the text cannot render a codicon.
 */
import { markUnsafe } from "../../server/src/protocol/unsafe-chars.js";

export const plainLabel = (s: string): string => markUnsafe(s).replace(/\$\(/g, "$\u200b(");
