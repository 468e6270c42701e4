/**
 * The context's recorded size around a line (a compaction's): the input of the last response
 * before it and of the next one after it, as the agents recorded them. The view's compaction rows
 * and the library's compactions read them here, so the two agree.
 */
import { partitionPoint } from "./arrays.js";
import type { RecordedUsage } from "./usage-record.js";

/** Records without input passed over on each side (an aborted response records none), so a file of empty records stays linear. */
export const SKIPPED_RECORDS = 64;

/** The context a response was sent, as its record counts it: input, cache reads and cache writes. */
export const contextTokens = (r: Pick<RecordedUsage, "input" | "cacheRead" | "cacheWrite">): number => r.input + r.cacheRead + r.cacheWrite;

/**
 * The records around `line` that counted some context (`records` in file order): `before`, the
 * last on a line before it and after `from`; `after`, the first on a line after it and before
 * `to` (`from` and `to` the neighbouring compactions' lines, -1 and Infinity when there is none).
 * A record on `line` itself is neither: no format reads one from a compaction's line, and one there
 * would be the compaction's own model call (its summary), not a response of the conversation.
 * At most SKIPPED_RECORDS records are looked at on each side.
 */
export function usageAround(records: readonly RecordedUsage[], line: number, from: number, to: number): { before?: RecordedUsage; after?: RecordedUsage } {
  const out: { before?: RecordedUsage; after?: RecordedUsage } = {};
  const upTo = partitionPoint(records, (r) => r.line < line);
  for (let i = upTo - 1; i >= Math.max(0, upTo - SKIPPED_RECORDS) && records[i].line > from; i--)
    if (contextTokens(records[i]) > 0) {
      out.before = records[i];
      break;
    }
  const after = partitionPoint(records, (r) => r.line <= line);
  for (let i = after; i < Math.min(records.length, after + SKIPPED_RECORDS) && records[i].line < to; i++)
    if (contextTokens(records[i]) > 0) {
      out.after = records[i];
      break;
    }
  return out;
}
