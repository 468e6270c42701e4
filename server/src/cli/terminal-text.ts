/**
 * Text for the terminal: every control, bidi and zero-width character from a transcript (ids,
 * parent ids, messages, parse-error excerpts, paths) is written as a visible escape (`\x1b`,
 * `\u202e`), so a transcript cannot drive the terminal or hide what it says.
 */
import { UNSAFE_CHARS } from "../engine/index.js";

export function terminalText(text: unknown): string {
  return String(text).replace(UNSAFE_CHARS, (c) => {
    const n = c.charCodeAt(0);
    return n <= 0xff ? "\\x" + n.toString(16).padStart(2, "0") : "\\u" + n.toString(16).padStart(4, "0");
  });
}
