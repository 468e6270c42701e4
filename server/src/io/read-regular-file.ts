/**
 * Reads a regular file, never blocking: a symlink is followed to its target (and the caller told),
 * a FIFO, socket or device is refused without being opened, and the file is opened non-blocking
 * and checked again after the open. Used by the CLI and by the server for documents on disk.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync, type Stats, statSync } from "node:fs";

export interface FileForFix {
  /** The path as given. */
  path: string;
  /** The regular file it names (the symlink's target when `path` is a link). */
  target: string;
  viaLink: boolean;
  bytes: Buffer;
  stat: Stats;
}

/** status 2: cannot be read at all; 1: refused (not a file we may rewrite). */
export type Refusal = { ok: false; status: 1 | 2; message: string };

export function errText(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  return err.code === "ENOENT" ? "no such file" : err.code === "EACCES" ? "permission denied" : err.code === "EISDIR" ? "is a directory" : err.message;
}

/**
 * Reads every byte of an open regular file. The first buffer has room for one byte more than
 * the file's size, so a file that did not grow is read into it alone (no second buffer of its
 * size and no copy of the whole file to join them).
 */
function readAll(fd: number, size: number): Buffer {
  const chunks: Buffer[] = [];
  let buf = Buffer.allocUnsafe(Math.max(size + 1, 64 * 1024));
  let got = 0;
  for (;;) {
    if (got === buf.length) {
      chunks.push(buf);
      buf = Buffer.allocUnsafe(buf.length);
      got = 0;
    }
    const k = readSync(fd, buf, got, buf.length - got, null);
    if (k <= 0) break;
    got += k;
  }
  chunks.push(buf.subarray(0, got));
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

/** An open regular file: the caller reads `fd` and closes it. */
export interface OpenRegularFile {
  fd: number;
  target: string;
  viaLink: boolean;
  stat: Stats;
}

/** Opens a regular file without ever blocking on a FIFO or a device (the checks of `readRegularFile`). */
export function openRegularFile(path: string): { ok: true; file: OpenRegularFile } | Refusal {
  let viaLink = false;
  let target = path;
  try {
    if (lstatSync(path).isSymbolicLink()) {
      viaLink = true;
      target = realpathSync(path);
    }
    const st = statSync(target);
    if (st.isDirectory()) return { ok: false, status: 2, message: `cannot read ${path}: is a directory` };
    if (!st.isFile()) return { ok: false, status: 1, message: `${path}: not a regular file (a FIFO, socket or device); nothing read` };
    const fd = openSync(target, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0));
    try {
      const fst = fstatSync(fd);
      if (!fst.isFile()) {
        closeSync(fd);
        return { ok: false, status: 1, message: `${path}: not a regular file; nothing read` };
      }
      return { ok: true, file: { fd, target, viaLink, stat: fst } };
    } catch (e) {
      closeSync(fd);
      throw e;
    }
  } catch (e) {
    return { ok: false, status: 2, message: `cannot read ${path}: ${errText(e)}` };
  }
}

/** Reads a regular file without ever blocking on a FIFO or a device. */
export function readRegularFile(path: string): { ok: true; file: FileForFix } | Refusal {
  const open = openRegularFile(path);
  if (!open.ok) return open;
  const { fd, target, viaLink, stat } = open.file;
  try {
    return { ok: true, file: { path, target, viaLink, bytes: readAll(fd, stat.size), stat } };
  } catch (e) {
    return { ok: false, status: 2, message: `cannot read ${path}: ${errText(e)}` };
  } finally {
    closeSync(fd);
  }
}
