/**
 * Escaping for transcript text shown in hovers. Ids, tool names and previews come from the file
 * and can hold markdown or HTML (`<img onerror>`, `[x](javascript:...)`): every ASCII
 * punctuation character that markdown gives meaning to is backslash-escaped, `<`, `>` and `&`
 * become entities, and line breaks become spaces, so the text renders as the literal text.
 * Control, bidi and zero-width characters are shown as visible marks (`‹U+202E›`).
 */
import { codePointName, UNSAFE_CHARS } from "../engine/index.js";
import { REVEAL_LINE_COMMAND } from "../protocol/index.js";

const MD_SPECIAL = /[\\`*_{}\[\]()#+\-.!|~:"'=/]/g;

export function escapeMarkdown(text: unknown): string {
  return String(text)
    .replace(/[\r\n\u2028\u2029]+/g, " ")
    .replace(UNSAFE_CHARS, (c) => `\u2039${codePointName(c)}\u203a`)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(MD_SPECIAL, (c) => "\\" + c);
}

/** A markdown link to a command with JSON arguments (the command id is ours, never from the file). */
export function commandLink(label: string, command: string, args: unknown[]): string {
  return `[${escapeMarkdown(label)}](command:${command}?${encodeURIComponent(JSON.stringify(args))} "${escapeMarkdown(label)}")`;
}

/** A link that reveals a 0-based line of `uri` in the editor. */
export const lineLink = (uri: string, line: number) => commandLink(`line ${line + 1}`, REVEAL_LINE_COMMAND, [line + 1, uri]);
