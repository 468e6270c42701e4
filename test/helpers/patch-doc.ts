/**
 * A document's lines after one change, patched in place as the language server patches them
 * (engine/model/patch-lines.ts): the continuation tests' appends and edits.
 */
import type { ParsedText } from "../../server/src/engine/model/parse.js";
import { patchLines } from "../../server/src/engine/model/patch-lines.js";

/** The lines after `text` is appended at the end. */
export function appendLine(parsed: ParsedText, text: string): ParsedText {
  const n = parsed.lines.length;
  return patchLines(parsed, [{ range: { start: { line: n, character: 0 }, end: { line: n, character: 0 } }, text }])!;
}

/** The lines after line `line` is replaced by `text` (same line count). */
export function editLine(parsed: ParsedText, line: number, text: string): ParsedText {
  const l = parsed.lines.at(line)!;
  return patchLines(parsed, [{ range: { start: { line, character: 0 }, end: { line, character: l.text.length } }, text }])!;
}
