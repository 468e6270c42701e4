/**
 * Incremental stage 1: applies an editor's text changes to already parsed lines, so an edit or
 * an append re-splits and re-parses only the lines it touches. The result is exactly what
 * `parseText` gives on the new text (test/unit/incremental-lines.property.test.ts checks it on random
 * edits): same line numbers, offsets, texts, endings and parses.
 *
 * Positions are LSP's (0-based line, UTF-16 character), with lines ending at `\n`, `\r\n` or a
 * lone `\r` as in lines.ts. Lines after an edit that changes the line count or the length are
 * renumbered in place (a loop over integers, no parsing).
 */
import { splitLines as splitTextLines } from "./lines.js";
import { parseLine, type ParsedText } from "./parse.js";
import { isBlankText } from "./line-list.js";
import type { SourceLine } from "./types.js";

export interface Position {
  line: number;
  character: number;
}

/** One change as the editor sends it: a range replaced by text, or (no range) the whole text. */
export interface TextChange {
  range?: { start: Position; end: Position };
  text: string;
}

/**
 * Applies `changes` in order to `parsed` (mutated and returned). Returns null when a change
 * cannot be applied line-wise (a whole-text change, one touching the first line, where a byte
 * order mark may sit, or a position outside the document): the caller parses the full text.
 */
export function patchLines(parsed: ParsedText, changes: readonly TextChange[]): ParsedText | null {
  for (const c of changes) if (!patchChange(parsed, c)) return null;
  return parsed;
}

/**
 * Applies one change; false (with `parsed` untouched) when it cannot be applied line-wise. After
 * a false in the middle of a batch, `parsed` holds exactly the changes before it.
 */
export function patchChange(parsed: ParsedText, change: TextChange): boolean {
  if (!patchOne(parsed, change)) return false;
  const last = parsed.lines.last();
  parsed.unterminatedLastLine = !!last && last.eol === "" && !isBlankText(last.text);
  return true;
}

const isIndex = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n >= 0;

/** A lone CR (not before an LF) in `text`. */
const LONE_CR = /\r(?!\n)/;

function patchOne(parsed: ParsedText, change: TextChange): boolean {
  const lines = parsed.lines;
  const r = change.range;
  if (!r) return false;
  // Records that span lines (a lone CR) are re-read from the whole text.
  if (parsed.glued || LONE_CR.test(change.text)) return false;
  const { start, end } = r;
  // A position that is not a whole number from 0 (a character of -1 would cut from the line's end
  // with `slice`) is left to the full text, which clamps it as the editor's library does.
  if (!isIndex(start.line) || !isIndex(start.character) || !isIndex(end.line) || !isIndex(end.character)) return false;
  if (start.line > end.line || (start.line === end.line && start.character > end.character)) return false;
  // The edit is re-split together with the line before it, so a line ending that the edit joins
  // to its neighbour (`\r` then `\n`) is seen; the first line (BOM) is left to a full parse.
  const first = start.line - 1;
  if (first < 0 || start.line > lines.length || end.line > lines.length) return false;
  const atEnd = end.line === lines.length;
  if ((start.line === lines.length && start.character !== 0) || (atEnd && end.character !== 0)) return false;
  const startLine = lines.at(start.line);
  const endLine = atEnd ? undefined : lines.at(end.line);
  if (startLine && start.character > startLine.text.length) return false;
  if (endLine && end.character > endLine.text.length) return false;
  const before = lines.at(first)!;
  let chunk = before.text + before.eol;
  if (startLine) chunk += startLine.text.slice(0, start.character);
  chunk += change.text;
  if (endLine) chunk += endLine.text.slice(end.character) + endLine.eol;
  const lastReplaced = atEnd ? lines.length - 1 : end.line;
  const base = before.offset;
  const fresh: SourceLine[] = splitTextLines(chunk);
  for (const l of fresh) {
    l.line += first;
    l.offset += base;
    // The line before the edit usually keeps its text: keep its parse too.
    if (l.line === first && l.text === before.text) {
      l.value = before.value;
      l.parseError = before.parseError;
      l.tooDeep = before.tooDeep;
    } else parseLine(l);
  }
  // The lines after it are renumbered and moved (a loop over the held ones and the runs).
  lines.replace(first, lastReplaced, fresh);
  return true;
}
