/**
 * Reading and rewriting a session file for `fix`, safely on a live session in a shared folder:
 * - only a regular file is read (a symlink is followed to its target, and the caller says so;
 *   a FIFO, a device or a directory is refused without opening it);
 * - a backup of the old bytes is written beside it first (`FILE.bak`, or `FILE.bak.2`...),
 *   created exclusively with the file's mode and ownership;
 * - the file is rewritten in place: same inode, opened without following links, checked to be
 *   the file that was read with the bytes that were read, then written from the start and cut to
 *   the new length. An agent that keeps the file open for appending (Codex's rollout writer) goes
 *   on writing to the repaired file, at its new end; a rename over the path would have sent
 *   every later line to the unlinked old file;
 * - it refuses (no write) when the file is read-only, or changed since it was read (an agent
 *   appending to it).
 */
import { closeSync, constants, fchmodSync, fchownSync, fstatSync, fsyncSync, ftruncateSync, openSync, readSync, type Stats, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { errText, type FileForFix, readRegularFile } from "../io/read-regular-file.js";

/** Reads a file `fix` may rewrite. */
export const readForFix = readRegularFile;
export type { FileForFix } from "../io/read-regular-file.js";

/** Why the file may not be rewritten, or null. */
function refusal(file: FileForFix): string | null {
  const st = file.stat;
  if ((st.mode & 0o222) === 0) return `${file.path}: not fixed: the file is read-only (mode ${(st.mode & 0o7777).toString(8)}). Make it writable to fix it.`;
  return null;
}

function changedSince(file: FileForFix): boolean {
  const now = readRegularFile(file.target);
  if (!now.ok) return true;
  const a = now.file.stat;
  return a.ino !== file.stat.ino || a.dev !== file.stat.dev || !now.file.bytes.equals(file.bytes);
}

/** Creates `base`, `base.2`, ... exclusively and writes `bytes` there; returns the name. */
function writeExclusive(path: string, bytes: Uint8Array, st: Stats): void {
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), st.mode & 0o7777);
  try {
    let at = 0;
    while (at < bytes.length) at += writeSync(fd, bytes, at, bytes.length - at);
    fchmodSync(fd, st.mode & 0o7777);
    try {
      fchownSync(fd, st.uid, st.gid);
    } catch (e) {
      // Only root can give a file away; a file we own keeps our ownership anyway.
      if (process.getuid?.() === 0 || st.uid !== process.getuid?.()) throw e;
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export type WriteResult = { ok: true; backup?: string } | { ok: false; message: string };

const CHANGED_WHILE = (path: string) => `${path}: not fixed: the file changed while it was being fixed (an agent may be writing to it). Run fix again when it is idle.`;

/** Whether the open file still holds exactly `expected` (same size, same bytes). */
function holds(fd: number, expected: Uint8Array): boolean {
  if (fstatSync(fd).size !== expected.length) return false;
  const chunk = Buffer.allocUnsafe(Math.min(1 << 20, Math.max(1, expected.length)));
  for (let at = 0; at < expected.length; ) {
    const n = readSync(fd, chunk, 0, Math.min(chunk.length, expected.length - at), at);
    if (n <= 0) return false;
    if (!chunk.subarray(0, n).equals(expected.subarray(at, at + n))) return false;
    at += n;
  }
  return true;
}

export function writeFileSafely(file: FileForFix, bytes: Uint8Array, opts: { backup: boolean }): WriteResult {
  const why = refusal(file);
  if (why) return { ok: false, message: why };
  if (changedSince(file)) return { ok: false, message: `${file.path}: not fixed: the file changed since it was read (an agent may be writing to it). Run fix again when it is idle.` };
  const dir = dirname(file.target);
  const name = basename(file.target);
  let backup: string | undefined;
  if (opts.backup) {
    for (let n = 1; !backup; n++) {
      const candidate = join(dir, `${name}.bak${n === 1 ? "" : `.${n}`}`);
      try {
        writeExclusive(candidate, file.bytes, file.stat);
        backup = candidate;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST" || n > 1000) return { ok: false, message: `${file.path}: not fixed: cannot write a backup (${errText(e)})` };
      }
    }
  }
  let fd: number;
  try {
    fd = openSync(file.target, constants.O_RDWR | (constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    return { ok: false, message: `${file.path}: not fixed: ${errText(e)}` };
  }
  try {
    // The same file (not one renamed into its place) with the same bytes, just before writing.
    const st = fstatSync(fd);
    if (st.ino !== file.stat.ino || st.dev !== file.stat.dev || !holds(fd, file.bytes)) return { ok: false, message: CHANGED_WHILE(file.path) };
    let at = 0;
    while (at < bytes.length) at += writeSync(fd, bytes, at, bytes.length - at, at);
    ftruncateSync(fd, bytes.length);
    fsyncSync(fd);
  } catch (e) {
    return { ok: false, message: `${file.path}: not fixed: ${errText(e)}${backup ? ` (the old bytes are in ${backup})` : ""}` };
  } finally {
    closeSync(fd);
  }
  return { ok: true, backup };
}
