/** The entry of a 0-based file line, by binary search over entries in file order. */
import type { Entry } from "./types.js";

/** The entry on `line` (entries are in file order, one per line at most), or undefined. */
export function entryAtLine(entries: readonly Entry[], line: number): Entry | undefined {
  let lo = 0;
  let hi = entries.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const l = entries[mid].line;
    if (l === line) return entries[mid];
    if (l < line) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}
