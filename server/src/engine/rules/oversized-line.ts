/**
 * `oversized-line`: a line larger than a provider accepts in a whole request. Anthropic's
 * Messages API rejects a request over 32 MB (413 `request_too_large`, docs.anthropic.com API
 * overview, "Request size limits"), so a context that carries such a line cannot be sent there,
 * whatever else it holds. Linear: a line's UTF-8 size is counted only when its length in UTF-16
 * code units could reach the limit.
 */
import type { Finding, SourceLine } from "../model/types.js";
import type { LineList } from "../model/line-list.js";
import { type CodeTable, findingMaker } from "../model/finding-kit.js";
import { utf8Bytes } from "../model/utf8.js";

export const OVERSIZED_LINE_CODES = {
  "oversized-line": {
    description: "A line larger than a provider accepts in a whole request (32 MB at Anthropic).",
    severity: "warning",
    follows: "Anthropic API overview, request size limits: Messages API 32 MB, 413 request_too_large",
    fixes: [],
  },
} as const satisfies CodeTable;

const make = findingMaker(OVERSIZED_LINE_CODES);

/** Anthropic's Messages API request limit, in bytes. */
export const REQUEST_LIMIT_BYTES = 32 * 1024 * 1024;

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * Held line `k`'s length in UTF-16 code units. Read from the next line's offset where there is
 * one: a line read from a file may drop its text once parsed (io/read-session-lines.ts), and
 * asking for `text` would read it from disk again, for every line of the session.
 */
function textLength(lines: LineList, k: number): number {
  const l = lines.held[k];
  // The next line is usually the next held one: its offset without a search of the list.
  const next = lines.held[k + 1];
  if (next !== undefined && next.line === l.line + 1) return next.offset - l.offset - l.eol.length;
  return l.line + 1 < lines.length ? lines.offsetOf(l.line + 1) - l.offset - l.eol.length : l.text.length;
}

export function oversizedLineFindings(lines: LineList, limit = REQUEST_LIMIT_BYTES): Finding[] {
  const out: Finding[] = [];
  const check = (l: SourceLine, length: number) => {
    // A UTF-16 code unit is at most 3 UTF-8 bytes (a surrogate pair is 4 for 2 units).
    if (length * 3 <= limit) return;
    const bytes = l.text.length > limit ? utf8Bytes(l.text) : utf8Bytes(l.text, limit);
    if (bytes <= limit) return;
    out.push(make("oversized-line", {
      line: l.line,
      columns: { start: 0, end: l.text.length },
      message: `This line is too large to send. Line ${l.line + 1} is ${mb(bytes)}, more than a whole request may be. Anthropic's Messages API rejects requests over ${mb(limit)} (413 request_too_large), so a context that carries this line cannot be sent there; editors may also stop syncing a file this large to extensions.`,
    }));
  };
  for (let k = 0; k < lines.held.length; k++) check(lines.held[k], textLength(lines, k));
  // Blank lines too (whitespace is bytes a request would carry); a run's lines are all alike.
  for (const r of lines.runs)
    if (r.text.length * 3 > limit) for (let i = r.line; i < r.line + r.count; i++) check(lines.at(i)!, r.text.length);
  out.sort((a, b) => a.line - b.line);
  return out;
}
