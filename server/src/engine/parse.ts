/**
 * Stage 1 of the engine: text -> lines -> JSON values.
 *
 * Lines end at `\n`, `\r\n` or a lone `\r`, as LSP counts them (lines.ts).
 * Hot path: one `JSON.parse` per line and nothing else. Exact character ranges are found later,
 * only for the lines a finding points at (see positions.ts).
 */
import { splitLines as splitTextLines } from "./lines.js";
import type { SourceLine } from "./types.js";

export interface ParsedText {
  lines: SourceLine[];
  /** Whether a UTF-8 byte order mark was stripped from the start. */
  bom: boolean;
  /** The last line has content but no line ending. */
  unterminatedLastLine: boolean;
}

export function splitLines(text: string): ParsedText {
  let bom = false;
  if (text.charCodeAt(0) === 0xfeff) {
    text = text.slice(1);
    bom = true;
  }
  const lines: SourceLine[] = splitTextLines(text);
  const last = lines[lines.length - 1];
  return { lines, bom, unterminatedLastLine: !!last && last.eol === "" && last.text.trim() !== "" };
}

/** Parses one line. Blank lines get neither value nor error. */
export function parseLine(l: SourceLine): void {
  const t = l.text;
  if (t.trim() === "") return;
  try {
    l.value = JSON.parse(t);
  } catch (e) {
    l.parseError = (e as Error).message;
  }
}

export function parseText(text: string, previous?: ParsedText): ParsedText {
  const parsed = splitLines(text);
  if (!previous) {
    for (const l of parsed.lines) parseLine(l);
    return parsed;
  }
  // Incremental: a line whose text is unchanged (wherever it moved) reuses its parse. An edit
  // or an append re-parses only the lines it touched.
  const memo = new Map<string, SourceLine>();
  for (const l of previous.lines) if (l.text.length > 0) memo.set(l.text, l);
  for (const l of parsed.lines) {
    const old = memo.get(l.text);
    if (old) {
      l.value = old.value;
      l.parseError = old.parseError;
    } else parseLine(l);
  }
  return parsed;
}

export function isObject(v: unknown): v is Record<string, any> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function describeJsonType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  return typeof v === "string" ? "a string" : typeof v === "number" ? "a number" : typeof v === "boolean" ? "a boolean" : typeof v;
}
