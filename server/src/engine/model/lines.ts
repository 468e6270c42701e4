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
  const scanner = new ByteLineScanner((start, end, next) => out.push({ start, end, next }));
  scanner.push(buf);
  scanner.end();
  return out;
}

/**
 * The same rule over a byte stream fed in chunks (a file larger than a string can hold is read
 * this way): reports each line's span as offsets in the whole stream, in order (three numbers, no
 * object per line). A CR that ends a chunk waits for the next chunk's first byte (`\r\n` split
 * across two chunks is one ending).
 */
export class ByteLineScanner {
  /** Stream offset of the next chunk's first byte. */
  private pos = 0;
  /** Stream offset where the current, unfinished line starts. */
  private lineStart = 0;
  /** Stream offset of a CR that ended the previous chunk, or -1. */
  private pendingCr = -1;

  /** `onLine(start, end, next)`: a line's `ByteLine` span. */
  constructor(private readonly onLine: (start: number, end: number, next: number) => void) {}

  push(chunk: Uint8Array): void {
    const n = chunk.length;
    if (n === 0) return;
    const base = this.pos;
    let i = 0;
    if (this.pendingCr >= 0) {
      const cr = this.pendingCr;
      this.pendingCr = -1;
      if (chunk[0] === 10) {
        this.emit(cr, cr + 2);
        i = 1;
      } else this.emit(cr, cr + 1);
    }
    // The next CR and LF are found with `indexOf` (native: a Buffer's is a memchr), each searched
    // again only once passed; a chunk without CR searches for it once.
    let cr = chunk.indexOf(13, i);
    let lf = chunk.indexOf(10, i);
    while (i < n) {
      if (cr >= 0 && cr < i) cr = chunk.indexOf(13, i);
      if (lf >= 0 && lf < i) lf = chunk.indexOf(10, i);
      if (cr < 0 && lf < 0) break;
      if (cr >= 0 && (lf < 0 || cr < lf)) {
        if (cr + 1 === n) {
          this.pendingCr = base + cr;
          break;
        }
        const crlf = chunk[cr + 1] === 10;
        this.emit(base + cr, base + cr + (crlf ? 2 : 1));
        i = cr + (crlf ? 2 : 1);
      } else {
        this.emit(base + lf, base + lf + 1);
        i = lf + 1;
      }
    }
    this.pos = base + n;
  }

  /** The end of the stream: a last line without an ending is reported; a final ending opens no empty line. */
  end(): void {
    if (this.pendingCr >= 0) {
      const cr = this.pendingCr;
      this.pendingCr = -1;
      this.emit(cr, cr + 1);
    } else if (this.lineStart < this.pos) this.emit(this.pos, this.pos);
  }

  private emit(end: number, next: number): void {
    this.onLine(this.lineStart, end, next);
    this.lineStart = next;
  }
}
