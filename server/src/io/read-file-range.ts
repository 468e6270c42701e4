/**
 * Reads bytes [start, end) of a regular file, never blocking (same checks as read-regular-file.ts):
 * the language server reads only what an agent appended to a file it follows on disk.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";

export function readFileRange(path: string, start: number, end: number): { bytes: Buffer; stat: Stats } | null {
  try {
    const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0));
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile()) return null;
      const stop = Math.min(end, stat.size);
      const bytes = Buffer.alloc(Math.max(0, stop - start));
      let got = 0;
      while (got < bytes.length) {
        const k = readSync(fd, bytes, got, bytes.length - got, start + got);
        if (k <= 0) break;
        got += k;
      }
      return { bytes: bytes.subarray(0, got), stat };
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
}
