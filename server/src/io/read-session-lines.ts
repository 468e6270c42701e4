/**
 * Reads a session file in chunks, line by line, so no string of the whole file is ever made: a
 * file larger than a JavaScript string can hold (over 512 MB) is read like any other. Lines are
 * split with the engine's one rule (`ByteLineScanner`: `\n`, `\r\n`, lone `\r`), each decoded from
 * UTF-8 on its own (CR and LF bytes never sit inside a UTF-8 sequence, so this decodes exactly as
 * the whole file would) and parsed as it arrives (`LineCollector`). The CLI's only read path.
 */
import { closeSync, readSync } from "node:fs";
import { constants as bufferConstants } from "node:buffer";
import { ByteLineScanner, type ByteLine, type Eol } from "../engine/lines.js";
import { LineCollector, type ParsedText } from "../engine/parse.js";
import { errText, openRegularFile, type Refusal } from "./read-regular-file.js";

export interface ReadLinesOptions {
  /** Bytes read per `read` call (default 1 MB). */
  chunkBytes?: number;
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
    const parsed = readLines((buf) => readSync(fd, buf, 0, buf.length, null), options);
    return { ok: true, lines: { parsed: parsed.parsed, bytes: parsed.bytes, viaLink, target } };
  } catch (e) {
    return { ok: false, status: 2, message: `cannot read ${path}: ${errText(e)}` };
  } finally {
    closeSync(fd);
  }
}

/**
 * The reading loop over any source of bytes (`read` fills the buffer it is given and returns the
 * count, 0 at the end). Keeps only the chunks the current line spans.
 */
export function readLines(read: (buf: Buffer) => number, options: ReadLinesOptions = {}): { parsed: ParsedText; bytes: number } {
  const chunkBytes = Math.max(1, options.chunkBytes ?? 1024 * 1024);
  const maxLineBytes = options.maxLineBytes ?? bufferConstants.MAX_STRING_LENGTH;
  const collector = new LineCollector();
  /** Chunks holding the current line's bytes from `heldFrom` (stream offset of held[0]'s first byte). */
  let held: Buffer[] = [];
  let heldFrom = 0;
  /** Stream offset where held bytes end. */
  let heldTo = 0;
  /** The current line grew past maxLineBytes: its bytes are no longer kept. */
  let overlong = false;

  const onLine = (l: ByteLine) => {
    const eolBytes = l.next - l.end;
    const eol: Eol = eolBytes === 0 ? "" : eolBytes === 2 ? "\r\n" : byteAt(l.end) === 13 ? "\r" : "\n";
    if (overlong || l.end - l.start > maxLineBytes) {
      collector.addUnreadable(`the line is ${l.end - l.start} bytes long, longer than the ${maxLineBytes} bytes a string can hold`, eol);
    } else collector.add(decode(l.start, l.end), eol);
    overlong = false;
    drop(l.next);
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
  /** Forgets the held chunks that end before `at`. */
  const drop = (at: number) => {
    while (held.length && heldFrom + held[0].length <= at) {
      heldFrom += held[0].length;
      held.shift();
    }
  };
  const scanner = new ByteLineScanner(onLine);
  let bytes = 0;
  for (;;) {
    const buf = Buffer.allocUnsafe(chunkBytes);
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
