/**
 * The one line-splitting function of the engine, the server and the repairs. It agrees with LSP
 * (and VS Code): a line ends at `\n`, `\r\n` or a lone `\r`, so `\r\r\n` is two line endings.
 * Works on strings and, with the same rule, on bytes (`splitByteLines`), so a repair can keep
 * every byte outside the lines it edits.
 */

export type Eol = "\n" | "\r\n" | "\r" | "";

export interface TextLine {
  /** 0-based line number. */
  line: number;
  /** Offset of the line's first character. */
  offset: number;
  /** The line without its ending. */
  text: string;
  /** The ending that followed ("" for a last line without one). */
  eol: Eol;
}

/** Splits `text` into lines with their endings. An empty text has no lines; a final ending opens no empty line. */
export function splitLines(text: string): TextLine[] {
  const lines: TextLine[] = [];
  const n = text.length;
  let start = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c !== 10 && c !== 13) continue;
    const crlf = c === 13 && i + 1 < n && text.charCodeAt(i + 1) === 10;
    lines.push({ line: lines.length, offset: start, text: text.slice(start, i), eol: crlf ? "\r\n" : c === 10 ? "\n" : "\r" });
    if (crlf) i++;
    start = i + 1;
  }
  if (start < n) lines.push({ line: lines.length, offset: start, text: text.slice(start), eol: "" });
  return lines;
}

/** Offsets where each line starts (line 0 at 0), with the same rule as `splitLines`. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && i + 1 < n && text.charCodeAt(i + 1) === 10) i++;
    else if (c !== 10 && c !== 13) continue;
    starts.push(i + 1);
  }
  return starts;
}

export interface ByteLine {
  /** Start of the line in the buffer. */
  start: number;
  /** End of the line's content (before its ending). */
  end: number;
  /** End of the line's ending. */
  next: number;
}

/** The same lines as `splitLines(buffer decoded as UTF-8)`, as byte spans (UTF-8 decoding never merges or splits CR and LF bytes). */
export function splitByteLines(buf: Uint8Array): ByteLine[] {
  const out: ByteLine[] = [];
  const n = buf.length;
  let start = 0;
  for (let i = 0; i < n; i++) {
    const c = buf[i];
    if (c !== 10 && c !== 13) continue;
    const crlf = c === 13 && i + 1 < n && buf[i + 1] === 10;
    out.push({ start, end: i, next: crlf ? i + 2 : i + 1 });
    if (crlf) i++;
    start = i + 1;
  }
  if (start < n) out.push({ start, end: n, next: n });
  return out;
}
