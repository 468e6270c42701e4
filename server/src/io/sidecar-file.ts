/**
 * Reads billion-context-pi's sidecar `<session>.jsonl.acp.json` from disk, for the CLI and the
 * language server. The workspace may be untrusted: the sidecar is read only when it is a regular
 * file (after following links) under a size cap, opened non-blocking, so a link to /dev/zero, a
 * FIFO or a huge file becomes an `acp-sidecar-invalid` finding (via `error`) instead of a hang or
 * an out-of-memory abort.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from "node:fs";
import { basename } from "node:path";

/** Largest sidecar read (acp-kernel state is small: block summaries and id maps). */
export const SIDECAR_MAX_BYTES = 32 * 1024 * 1024;

export interface SidecarFile {
  text: string;
  name: string;
  /** Why the file was not read; the analysis reports it as `acp-sidecar-invalid`. */
  error?: string;
  /** Changes when the file changes (mtime and size). */
  stamp: string;
}

/** The sidecar beside `sessionPath`, or null when there is none. Never throws, never blocks. */
export function readSidecarFile(sessionPath: string, maxBytes = SIDECAR_MAX_BYTES): SidecarFile | null {
  const path = `${sessionPath}.acp.json`;
  const name = basename(path);
  let st;
  try {
    st = statSync(path, { throwIfNoEntry: false });
  } catch (e) {
    return { text: "", name, error: `it cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, stamp: "error" };
  }
  if (!st) return null;
  const stamp = `${st.mtimeMs}:${st.size}:${st.ino}`;
  if (!st.isFile()) return { text: "", name, error: "it is not a regular file", stamp };
  if (st.size > maxBytes) return { text: "", name, error: `it is larger than ${maxBytes / (1024 * 1024)} MB`, stamp };
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0));
    const fst = fstatSync(fd);
    // Replaced between the stat and the open.
    if (!fst.isFile()) return { text: "", name, error: "it is not a regular file", stamp };
    if (fst.size > maxBytes) return { text: "", name, error: `it is larger than ${maxBytes / (1024 * 1024)} MB`, stamp };
    const buf = Buffer.alloc(Math.min(fst.size, maxBytes) + 1);
    let got = 0;
    while (got < buf.length) {
      const k = readSync(fd, buf, got, buf.length - got, null);
      if (k <= 0) break;
      got += k;
    }
    if (got > maxBytes) return { text: "", name, error: `it is larger than ${maxBytes / (1024 * 1024)} MB`, stamp };
    return { text: buf.subarray(0, got).toString("utf8"), name, stamp };
  } catch (e) {
    return { text: "", name, error: `it cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, stamp };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
