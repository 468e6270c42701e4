/**
 * Reading and rewriting a session file for `fix`, safely on a live session in a shared folder:
 * - only a regular file is read (a symlink is followed to its target, and the caller says so;
 *   a FIFO, a device or a directory is refused without opening it);
 * - the new bytes go to an unpredictable temp file created exclusively (O_EXCL) in the same
 *   folder with the file's mode and ownership, then renamed over the file;
 * - it refuses (no write) when the file is read-only, has other hard links (renaming over it
 *   would split them: the other names would keep the old text), or changed since it was read
 *   (an agent appending to it);
 * - a backup of the old bytes is written beside it first (`FILE.bak`, or `FILE.bak.2`...).
 */
import { randomBytes } from "node:crypto";
import { closeSync, constants, fchmodSync, fchownSync, fsyncSync, openSync, renameSync, type Stats, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { errText, type FileForFix, readRegularFile } from "../io/read-regular-file.js";

/** Reads a file `fix` may rewrite. */
export const readForFix = readRegularFile;
export type { FileForFix } from "../io/read-regular-file.js";

/** Why the file may not be rewritten, or null. */
function refusal(file: FileForFix): string | null {
  const st = file.stat;
  if ((st.mode & 0o222) === 0) return `${file.path}: not fixed: the file is read-only (mode ${(st.mode & 0o7777).toString(8)}). Make it writable to fix it.`;
  if (st.nlink > 1)
    return `${file.path}: not fixed: the file has ${st.nlink} hard links, and replacing it would split them (the other names would keep the old text). Fix a copy, or remove the other links.`;
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
  const tmp = join(dir, `.${name}.ti-fix-${randomBytes(12).toString("hex")}`);
  try {
    writeExclusive(tmp, bytes, file.stat);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      /* never created */
    }
    return { ok: false, message: `${file.path}: not fixed: cannot write a temporary file beside it (${errText(e)})` };
  }
  // Last look just before the rename: an append since the read would be lost.
  if (changedSince(file)) {
    unlinkSync(tmp);
    return { ok: false, message: `${file.path}: not fixed: the file changed while it was being fixed (an agent may be writing to it). Run fix again when it is idle.` };
  }
  try {
    renameSync(tmp, file.target);
  } catch (e) {
    unlinkSync(tmp);
    return { ok: false, message: `${file.path}: not fixed: ${errText(e)}` };
  }
  return { ok: true, backup };
}
