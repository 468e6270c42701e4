/** The findings of some lines, from a list in line order (an analysis's findings: pipeline/analyze.ts sorts them). */
import { partitionPoint } from "./arrays.js";
import type { Finding } from "./types.js";

/** The findings on lines `from` to `to` (0-based, inclusive) of `findings` (in line order): a binary search, then those lines only. */
export function findingsOnLines<F extends Pick<Finding, "line">>(findings: readonly F[], from: number, to = from): F[] {
  const out: F[] = [];
  for (let i = partitionPoint(findings, (f) => f.line < from); i < findings.length && findings[i].line <= to; i++) out.push(findings[i]);
  return out;
}
