/**
 * The server's stdin, one whole JSON-RPC message (headers and body) per chunk.
 *
 * The library's stream reader keeps every chunk the pipe delivers (64 KB each) until a message is
 * complete, then copies them into one buffer. For a session opened by the client (`didOpen`
 * carries the whole file) that is the file's size twice over; worse, the small chunks come from
 * the C heap, which keeps their memory after they are freed: a 100 MB session left about 100 MB
 * of resident memory behind after its open. Here each message is copied once into a buffer of
 * its own size, allocated when its headers say how long it is (a large one is mapped and
 * unmapped as a whole), and the reader then takes it as it is, without copying it again.
 *
 * Framing the reader cannot follow (no `Content-Length`) is passed on unchanged: the library
 * reports it as it would have. A message longer than a buffer can be (`Content-Length` of 4 GiB or
 * more), or one whose buffer cannot be allocated, is read past and dropped, said once on stderr:
 * the next message is read as usual (an allocation that threw ended the server).
 */
import { constants as bufferConstants } from "node:buffer";
import { Transform, type TransformCallback } from "node:stream";

const HEADER_END = Buffer.from("\r\n\r\n", "ascii");
/** Headers longer than this without an end are not LSP headers: passed on as they are. */
const MAX_HEADER_BYTES = 64 * 1024;

export interface FramerOptions {
  /** Messages longer than this (headers and body) are dropped (default: the longest buffer). */
  maxMessageBytes?: number;
  /** Told of each dropped message (default: a line on stderr). */
  onDropped?: (length: number, why: string) => void;
}

export class MessageFramer extends Transform {
  /** Header bytes of the next message seen so far. */
  private head: Buffer = Buffer.alloc(0);
  /** The message being filled (headers and body), and how much of it is. */
  private message: Buffer | null = null;
  private filled = 0;
  /** Body bytes of a dropped message still to read past. */
  private skipping = 0;
  private readonly maxMessageBytes: number;
  private readonly onDropped: (length: number, why: string) => void;

  constructor(options: FramerOptions = {}) {
    super();
    this.maxMessageBytes = options.maxMessageBytes ?? bufferConstants.MAX_LENGTH;
    this.onDropped = options.onDropped ?? ((length, why) => process.stderr.write(`transcript-inspector: a message of ${length} bytes was dropped: ${why}\n`));
  }

  _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.skipping > 0) {
        const n = Math.min(chunk.length - at, this.skipping);
        this.skipping -= n;
        at += n;
        continue;
      }
      if (this.message) {
        const n = Math.min(chunk.length - at, this.message.length - this.filled);
        chunk.copy(this.message, this.filled, at, at + n);
        this.filled += n;
        at += n;
        if (this.filled === this.message.length) {
          this.push(this.message);
          this.message = null;
        }
        continue;
      }
      // Headers: gather bytes up to the blank line (a chunk may hold several small messages).
      const rest = chunk.subarray(at);
      const head = this.head.length ? Buffer.concat([this.head, rest]) : rest;
      const end = head.indexOf(HEADER_END);
      if (end < 0) {
        if (head.length > MAX_HEADER_BYTES) {
          this.push(Buffer.from(head));
          this.head = Buffer.alloc(0);
        } else this.head = Buffer.from(head);
        break;
      }
      const headerBytes = end + HEADER_END.length;
      const length = contentLength(head.toString("ascii", 0, end));
      const consumed = headerBytes - this.head.length;
      this.head = Buffer.alloc(0);
      if (length === null) {
        // Not ours to judge: the library's reader reports it.
        this.push(Buffer.from(head.subarray(0, headerBytes)));
        at += consumed;
        continue;
      }
      at += consumed;
      const message = this.allocate(headerBytes + length);
      if (!message) {
        this.skipping = length;
        continue;
      }
      this.message = message;
      head.copy(this.message, 0, 0, headerBytes);
      this.filled = headerBytes;
      if (length === 0) {
        this.push(this.message);
        this.message = null;
      }
    }
    done();
  }

  /** A buffer for a whole message, or null (said through onDropped) when it cannot be had. */
  private allocate(bytes: number): Buffer | null {
    if (bytes > this.maxMessageBytes) {
      this.onDropped(bytes, `longer than the ${this.maxMessageBytes} bytes a message may have`);
      return null;
    }
    try {
      return bytes > 1024 * 1024 ? Buffer.allocUnsafeSlow(bytes) : Buffer.allocUnsafe(bytes);
    } catch (e) {
      this.onDropped(bytes, `no memory for it (${(e as Error).message})`);
      return null;
    }
  }

  _flush(done: TransformCallback): void {
    // The stream ended inside a message: pass on what came (the reader sees it incomplete).
    if (this.head.length) this.push(this.head);
    if (this.message) this.push(this.message.subarray(0, this.filled));
    done();
  }
}

/** The Content-Length header's value, or null when there is none or it is not a length. */
function contentLength(headers: string): number | null {
  for (const line of headers.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== "content-length") continue;
    const v = line.slice(colon + 1).trim();
    return /^\d+$/.test(v) ? Number(v) : null;
  }
  return null;
}
