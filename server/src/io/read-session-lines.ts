/**
 * Reads a session file in chunks, line by line, so no string of the whole file is ever made: a
 * file larger than a JavaScript string can hold (over 512 MB) is read like any other. Lines are
 * split with the engine's one rule (`ByteLineScanner`: `\n`, `\r\n`, lone `\r`), each decoded from
 * UTF-8 on its own (CR and LF bytes never sit inside a UTF-8 sequence, so this decodes exactly as
 * the whole file would) and parsed as it arrives (`LineCollector`). The CLI's only read path.
 */
import { closeSync, constants, openSync, readSync } from "node:fs";
import { constants as bufferConstants } from "node:buffer";
import { ByteLineScanner, type Eol } from "../engine/index.js";
import { LineCollector, newLine, type ParsedText } from "../engine/index.js";
import { errText, openRegularFile, type Refusal } from "./read-regular-file.js";

export interface ReadLinesOptions {
  /**
   * Reads bytes `[start, end)` of the file again. When given, a long line's text is not kept
   * once it is parsed: the few lines a finding points at are read again from disk when their
   * text is needed (`DiskLine`), so the file's text is never held in memory.
   */
  reread?: (start: number, end: number) => Buffer;
  /** Bytes read per `read` call (default 1 MB). */
  chunkBytes?: number;
  /** Keep every line's text in memory (the default drops long lines' text and reads it again from disk). */
  keepText?: boolean;
  /** A longer line is not decoded: it becomes an unreadable line with a reason (default: the longest string V8 makes). */
  maxLineBytes?: number;
}

export interface SessionLines {
  parsed: ParsedText;
  /** Bytes read. */
  bytes: number;
  viaLink: boolean;
  target: string;
}

/** Reads and parses `path` line by line. A missing, unreadable or non-regular file is a refusal, never an exception. */
export function readSessionLines(path: string, options: ReadLinesOptions = {}): { ok: true; lines: SessionLines } | Refusal {
  const open = openRegularFile(path);
  if (!open.ok) return open;
  const { fd, viaLink, target } = open.file;
  try {
    const parsed = readLines((buf) => readSync(fd, buf, 0, buf.length, null), { ...options, reread: options.reread ?? (options.keepText ? undefined : rereader(target)) });
    return { ok: true, lines: { parsed: parsed.parsed, bytes: parsed.bytes, viaLink, target } };
  } catch (e) {
    return { ok: false, status: 2, message: `cannot read ${path}: ${errText(e)}` };
  } finally {
    closeSync(fd);
  }
}

/** Reads a byte range of the file again (opened per read: only lines that findings point at are read again). */
function rereader(path: string): (start: number, end: number) => Buffer {
  return (start, end) => {
    const buf = Buffer.alloc(end - start);
    const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0));
    try {
      let got = 0;
      while (got < buf.length) {
        const k = readSync(fd, buf, got, buf.length - got, start + got);
        if (k <= 0) break;
        got += k;
      }
      return buf.subarray(0, got);
    } finally {
      closeSync(fd);
    }
  };
}

/**
 * The reading loop over any source of bytes (`read` fills the buffer it is given and returns the
 * count, 0 at the end). Keeps only the chunks the current line spans.
 */
export function readLines(read: (buf: Buffer) => number, options: ReadLinesOptions = {}): { parsed: ParsedText; bytes: number } {
  const chunkBytes = Math.max(1, options.chunkBytes ?? 1024 * 1024);
  const maxLineBytes = options.maxLineBytes ?? bufferConstants.MAX_STRING_LENGTH;
  const reread = options.reread;
  const source: LineSource | undefined = reread && { reread, cached: -1, cachedText: "" };
  // Only a line long enough to drop its text is a DiskLine; a short one is a plain line (fewer fields).
  const collector = new LineCollector(source ? (line, offset, text, eol) => (text.length < KEEP_TEXT_BELOW ? newLine(line, offset, text, eol) : new DiskLine(source, line, offset, text, eol)) : undefined);
  /** Chunks holding the current line's bytes from `heldFrom` (stream offset of held[0]'s first byte). */
  let held: Buffer[] = [];
  let heldFrom = 0;
  /** Stream offset where held bytes end. */
  let heldTo = 0;
  /** The current line grew past maxLineBytes: its bytes are no longer kept. */
  let overlong = false;

  const onLine = (start: number, end: number, next: number) => {
    const eolBytes = next - end;
    const eol: Eol = eolBytes === 0 ? "" : eolBytes === 2 ? "\r\n" : byteAt(end) === 13 ? "\r" : "\n";
    if (overlong || end - start > maxLineBytes) {
      collector.addUnreadable(`the line is ${end - start} bytes long, longer than the ${maxLineBytes} bytes a string can hold`, eol);
    } else {
      // An empty line is not decoded (a file of blank lines costs no string per line).
      const line = collector.add(end === start ? "" : decode(start, end), eol);
      if (line instanceof DiskLine) line.release(start, end);
    }
    overlong = false;
    drop(next);
  };
  const byteAt = (at: number): number => {
    let from = heldFrom;
    for (const c of held) {
      if (at < from + c.length) return c[at - from];
      from += c.length;
    }
    return -1;
  };
  const decode = (start: number, end: number): string => {
    // Usually the line sits inside one chunk.
    let from = heldFrom;
    for (const c of held) {
      if (start >= from && end <= from + c.length) return c.toString("utf8", start - from, end - from);
      from += c.length;
    }
    const parts: Buffer[] = [];
    from = heldFrom;
    for (const c of held) {
      const a = Math.max(start, from);
      const b = Math.min(end, from + c.length);
      if (a < b) parts.push(c.subarray(a - from, b - from));
      from += c.length;
    }
    return Buffer.concat(parts).toString("utf8");
  };
  /** Whole chunks no line needs any more, read into again (lines are decoded into strings of their own). */
  const spare: Buffer[] = [];
  /** Forgets the held chunks that end before `at`. */
  const drop = (at: number) => {
    while (held.length && heldFrom + held[0].length <= at) {
      heldFrom += held[0].length;
      const c = held.shift()!;
      if (c.length === chunkBytes && spare.length < 2) spare.push(c);
    }
  };
  const scanner = new ByteLineScanner(onLine);
  let bytes = 0;
  for (;;) {
    const buf = spare.pop() ?? Buffer.allocUnsafe(chunkBytes);
    const k = read(buf);
    if (k <= 0) break;
    const chunk = k === buf.length ? buf : buf.subarray(0, k);
    held.push(chunk);
    heldTo += k;
    bytes += k;
    scanner.push(chunk);
    // A line past the limit: keep only its last byte (a CR may pair with the next chunk's LF).
    if (held.length > 1 && heldTo - heldFrom > maxLineBytes + chunkBytes) {
      overlong = true;
      const last = held[held.length - 1];
      held = [last];
      heldFrom = heldTo - last.length;
    }
  }
  scanner.end();
  return { parsed: collector.finish(), bytes };
}

/** Lines at least this long drop their text after parsing (shorter ones cost less kept than read again). */
const KEEP_TEXT_BELOW = 256;

interface LineSource {
  reread: (start: number, end: number) => Buffer;
  /** The last line read again (a finding's range reads its line's text several times). */
  cached: number;
  cachedText: string;
}

/** A line whose text, once parsed, is read again from the file when asked for. */
class DiskLine {
  value?: unknown;
  tooDeep?: boolean;
  parseError?: string;
  private kept: string | undefined;
  private start = -1;
  private end = -1;
  constructor(
    private readonly source: LineSource,
    readonly line: number,
    readonly offset: number,
    text: string,
    readonly eol: Eol,
  ) {
    this.kept = text;
  }
  get text(): string {
    if (this.kept !== undefined) return this.kept;
    const s = this.source;
    if (s.cached !== this.line) {
      let t = s.reread(this.start, this.end).toString("utf8");
      if (this.line === 0 && t.charCodeAt(0) === 0xfeff) t = t.slice(1);
      s.cached = this.line;
      s.cachedText = t;
    }
    return s.cachedText;
  }
  set text(t: string) {
    this.kept = t;
  }
  /** Parsed: forget a long text; it is at bytes `[start, end)` of the file. */
  release(start: number, end: number): void {
    if (this.kept === undefined || this.kept.length < KEEP_TEXT_BELOW) return;
    this.start = start;
    this.end = end;
    this.kept = undefined;
  }
}
