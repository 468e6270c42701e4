/**
 * Reads the files beside a session from disk, for the CLI and the language server:
 * billion-context-pi's sidecar `<session>.jsonl.acp.json` and the file where the agent records what
 * it sent (OpenClaw's `<session>.trajectory.jsonl`). The workspace may be untrusted: the sidecar is read only when it is a regular
 * file (after following links) under a size cap, opened non-blocking, so a link to /dev/zero, a
 * FIFO or a huge file becomes an `acp-sidecar-invalid` finding (via `error`) instead of a hang or
 * an out-of-memory abort.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { FORMAT_PROFILES } from "../engine/index.js";

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
  return readFileBeside(`${sessionPath}.acp.json`, maxBytes);
}

/** Largest recording read (OpenClaw stops its trajectory at 50 MB). */
export const RECORDING_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The file where the session's agent records what it sent, beside `sessionPath` (the first
 * format profile whose `recordedContext` names one that exists), or null. Never throws, never blocks.
 */
export function readRecordingFile(sessionPath: string, maxBytes = RECORDING_MAX_BYTES): SidecarFile | null {
  for (const p of FORMAT_PROFILES) {
    const name = p.recordedContext?.fileName(basename(sessionPath));
    if (!name) continue;
    const file = readFileBeside(join(dirname(sessionPath), name), maxBytes);
    if (file) return file;
  }
  return null;
}

/**
 * What of a recording the comparison reads, as a key: its last record's place and size (the agent
 * appends other events after it), or why it cannot be read.
 */
export function recordingIdentity(file: SidecarFile): string {
  if (file.error) return `error:${file.error}`;
  const source = FORMAT_PROFILES.find((p) => p.recordedContext?.fileNamePattern.test(file.name))?.recordedContext;
  if (!source) return "none";
  const read = source.read(file.text);
  if (!read.ok) return `error:${read.error}`;
  // The record's line, hashed: a record written again in place (same line, other content) counts.
  const t = file.text;
  let start = 0;
  for (let i = 0; i < read.record.line; i++) start = t.indexOf("\n", start) + 1;
  const end = t.indexOf("\n", start);
  return `${read.record.line}:${fnv1a(t, start, end < 0 ? t.length : end)}`;
}

/** FNV-1a over the UTF-16 code units of `t[start, end)`: a key, not a checksum against tampering. */
function fnv1a(t: string, start: number, end: number): string {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) {
    h ^= t.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${end - start}:${(h >>> 0).toString(16)}`;
}

/** A small file beside a session, or null when there is none. Never throws, never blocks. */
export function readFileBeside(path: string, maxBytes: number): SidecarFile | null {
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
