/**
 * Text for the terminal: every unsafe character from a transcript (ids, parent ids, messages,
 * parse-error excerpts, paths; the list of protocol/unsafe-chars.ts) is written as a visible
 * escape (`\x1b`, `\u202e`, `\u{e0041}`), so a transcript cannot drive the terminal or hide what it says.
 */
import { escapeUnsafe } from "../protocol/index.js";

export function terminalText(text: unknown): string {
  return escapeUnsafe(text);
}
