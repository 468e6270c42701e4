/**
 * JSON written in pieces: the same text as `JSON.stringify(value)` without ever building it as
 * one string. Objects and arrays down to `depth` are opened and closed piece by piece; anything
 * deeper (one finding, one message) is one `JSON.stringify`. Plain data only (no `toJSON`).
 */
export function* jsonChunks(value: unknown, depth: number): Generator<string> {
  if (depth <= 0 || value === null || typeof value !== "object") {
    yield JSON.stringify(value) ?? "null";
    return;
  }
  if (Array.isArray(value)) {
    yield "[";
    for (let i = 0; i < value.length; i++) {
      if (i) yield ",";
      const v = value[i];
      if (v === undefined || typeof v === "function" || typeof v === "symbol") yield "null";
      else yield* jsonChunks(v, depth - 1);
    }
    yield "]";
    return;
  }
  yield "{";
  let first = true;
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || typeof v === "function" || typeof v === "symbol") continue;
    yield `${first ? "" : ","}${JSON.stringify(k)}:`;
    first = false;
    yield* jsonChunks(v, depth - 1);
  }
  yield "}";
}

/** Joins small pieces into writes of about `size` characters. */
export function* batched(pieces: Iterable<string>, size = 64 * 1024): Generator<string> {
  let buf: string[] = [];
  let n = 0;
  for (const p of pieces) {
    buf.push(p);
    n += p.length;
    if (n >= size) {
      yield buf.join("");
      buf = [];
      n = 0;
    }
  }
  if (n) yield buf.join("");
}

/** Writes a generator's pieces in batches of about `size` characters, waiting when `write` asks to; returns the generator's result. */
export async function pump<R>(gen: Generator<string, R>, write: Write, size = 64 * 1024): Promise<R> {
  let buf: string[] = [];
  let n = 0;
  for (;;) {
    const r = gen.next();
    if (r.done || n >= size) {
      if (n) await write(buf.join(""));
      buf = [];
      n = 0;
    }
    if (r.done) return r.value;
    buf.push(r.value);
    n += r.value.length;
  }
}

/** A sink for output: returns a promise when the caller must wait (the stream's buffer is full). */
export type Write = (s: string) => void | Promise<void>;

/** Writes to a stream, waiting for `drain` when its buffer is full (a slow pipe never makes the CLI hold its whole output). */
export function streamWriter(stream: NodeJS.WritableStream): Write {
  let broken = false;
  stream.on("error", () => {
    broken = true; // EPIPE: the reader went away (`| head`); nothing more is written
  });
  return (s) => {
    if (broken) return;
    if (stream.write(s)) return;
    return new Promise<void>((resolve) => {
      const done = () => {
        stream.off("drain", done);
        stream.off("error", done);
        resolve();
      };
      stream.on("drain", done);
      stream.on("error", done);
    });
  };
}
