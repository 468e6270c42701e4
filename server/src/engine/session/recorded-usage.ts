/**
 * Recorded usage: the token counts (and cost, where recorded) the agent wrote down for each
 * model response, as opposed to the inspector's estimates.
 *
 * - pi: `usage` on every assistant message ({input, output, cacheRead, cacheWrite, cost.total}).
 * - Claude Code: `message.usage` on assistant lines; one API message is streamed as several lines
 *   sharing `message.id`, each carrying the message's usage, so a message is counted once.
 * - Codex: `event_msg` lines with `payload.type == "token_count"`; `info.last_token_usage` is the
 *   turn's usage (`total_token_usage` is cumulative and not summed again).
 * - Copilot CLI: a `session.usage_record` (or `assistant.usage`) event before its response.
 *
 * Linear in the number of lines; reads parsed values only.
 */
import { isObject } from "../model/parse.js";
import { partitionPoint } from "../model/arrays.js";
import { formatProfile } from "../formats/registry.js";
import type { Msg, SourceLine } from "../model/types.js";
import { addRecordTokens, type LineUsage, type RecordedUsage, type SessionUsage, type UsageTotals } from "../model/usage-record.js";

export type { RecordedUsage, SessionUsage, UsageTotals };

/**
 * The usage of a session whose lines `added` follow the lines `prev` was read from (an append):
 * their records after the previous ones, totals summed on in the same order (so equal to
 * `recordedUsage` of all the lines). Null when a record names its response (a streamed copy may
 * replace an earlier record): the usage is read again.
 */
export function appendedUsage(format: string, prev: SessionUsage, added: readonly SourceLine[]): SessionUsage | null {
  if (hasKeys(format, added)) return null;
  const more = recordedUsage(format, added);
  if (more.records.length === 0) return prev;
  const records = prev.records.concat(more.records);
  const totals = { ...prev.totals, responses: records.length };
  addTotals(totals, more.records);
  return { records, totals };
}

/**
 * The usage of a session whose lines `changed` were edited in place (the rest as `prev` was read
 * from): each changed line's record replaced, added or removed, totals summed again over the
 * records in order (so equal to `recordedUsage` of all the lines, rounding included). Null when
 * records name their responses or follow their message (event lines): the usage is read again.
 */
export function editedUsage(format: string, prev: SessionUsage, changed: readonly SourceLine[], was: readonly unknown[] = []): SessionUsage | null {
  const profile = formatProfile(format);
  // A keyed record on an edited line, before or after the edit, may have replaced or been replaced by another line's (Gemini CLI's record written again): read again.
  if (!profile || hasKeys(format, changed) || was.some((v, i) => isObject(v) && profile.usageOnLine(v, changed[i]?.line ?? 0)?.key !== undefined) || prev.records.some((r) => r.fromEvent)) return null;
  const records = prev.records.slice();
  for (const l of changed) {
    const r = isObject(l.value) ? profile.usageOnLine(l.value, l.line)?.rec : undefined;
    // Records are in line order, at most one per line.
    const lo = partitionPoint(records, (x) => x.line < l.line);
    const has = lo < records.length && records[lo].line === l.line;
    if (r && has) records[lo] = r;
    else if (r) records.splice(lo, 0, r);
    else if (has) records.splice(lo, 1);
  }
  const totals: UsageTotals = { responses: records.length, input: 0, output: 0, cacheRead: 0, cacheWrite: 0, reasoning: 0 };
  addTotals(totals, records);
  return { records, totals };
}

/**
 * Whether a record on these lines names its response (Claude Code streams one response as several
 * lines, the last copy counting): then an earlier record may be replaced, and the usage is read
 * again instead of continued. Unknown formats have no usage to continue.
 */
function hasKeys(format: string, lines: readonly SourceLine[]): boolean {
  const profile = formatProfile(format);
  if (!profile) return true;
  for (const l of lines) if (isObject(l.value) && profile.usageOnLine(l.value, l.line)?.key !== undefined) return true;
  return false;
}

function addTotals(totals: UsageTotals, records: RecordedUsage[]): void {
  for (const r of records) {
    addRecordTokens(totals, r);
    if (r.cost !== undefined) totals.cost = (totals.cost ?? 0) + r.cost;
  }
}

/** The usage a session file records, per response and in total. */
export function recordedUsage(format: string, lines: readonly SourceLine[]): SessionUsage {
  const records: RecordedUsage[] = [];
  const profile = formatProfile(format);
  const seen = new Map<string, number>(); // response key -> index in records (the last copy wins)
  // A JSON document's lines hold no values: the profile reads its usage from the document.
  const doc = lines[0]?.doc; // a held line: every one of a document carries it
  const add = (r: LineUsage | undefined) => {
    if (!r) return;
    const at = r.key !== undefined ? seen.get(r.key) : undefined;
    if (at !== undefined) records[at] = { ...r.rec, line: records[at].line };
    else {
      if (r.key !== undefined) seen.set(r.key, records.length);
      records.push(r.rec);
    }
  };
  // A loop over the lines, not a list as long as them (most lines record no usage).
  if (profile && doc) for (const r of profile.documentUsage?.(doc) ?? []) add(r);
  else if (profile) for (const l of lines) if (isObject(l.value)) add(profile.usageOnLine(l.value, l.line));
  const totals: UsageTotals = { responses: records.length, input: 0, output: 0, cacheRead: 0, cacheWrite: 0, reasoning: 0 };
  addTotals(totals, records);
  return { records, totals };
}

/**
 * Attaches each record to the assistant message it belongs to: the message on the record's line
 * (pi, Claude Code: the first line of a streamed message), otherwise the nearest assistant message
 * before it (Codex's token_count event follows its response), or after it for a record that
 * precedes its response (Copilot CLI's usage event). Records of lines off the branch
 * (another pi branch) attach to nothing. Two records on one message are summed.
 * O((messages + records) log messages).
 */
export function usageByMessage(messages: readonly Msg[], records: readonly RecordedUsage[]): Map<Msg, RecordedUsage> {
  const assistants = messages
    .filter((m) => m.role === "assistant" && m.origin.kind === "entry")
    .map((m) => ({ line: (m.origin as { line: number }).line, m }))
    .sort((a, b) => a.line - b.line);
  const out = new Map<Msg, RecordedUsage>();
  for (const r of records) {
    if (r.precedesResponse) {
      // the first assistant at or after the record's line (Copilot CLI: an event line holds no
      // message; Gemini CLI: the record's last copy, on this line or a later one, is the message)
      let lo = 0;
      let hi = assistants.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (assistants[mid].line < r.line) lo = mid + 1;
        else hi = mid;
      }
      if (lo >= assistants.length) continue;
      const next = assistants[lo];
      const had = out.get(next.m);
      out.set(next.m, had ? sumRecords(had, r) : r);
      continue;
    }
    // the last assistant at or before the record's line
    let lo = 0;
    let hi = assistants.length - 1;
    let at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (assistants[mid].line <= r.line) {
        at = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (at < 0) continue;
    const target = assistants[at];
    // pi and Claude Code record on the message's own line; only Codex attaches forward
    if (target.line !== r.line && !r.fromEvent) continue;
    const prev = out.get(target.m);
    out.set(target.m, prev ? sumRecords(prev, r) : r);
  }
  return out;
}

function sumRecords(a: RecordedUsage, b: RecordedUsage): RecordedUsage {
  const out: RecordedUsage = { line: a.line, input: a.input + b.input, output: a.output + b.output, cacheRead: a.cacheRead + b.cacheRead, cacheWrite: a.cacheWrite + b.cacheWrite };
  if (a.reasoning !== undefined || b.reasoning !== undefined) out.reasoning = (a.reasoning ?? 0) + (b.reasoning ?? 0);
  if (a.cost !== undefined || b.cost !== undefined) out.cost = (a.cost ?? 0) + (b.cost ?? 0);
  if (a.model ?? b.model) out.model = a.model ?? b.model;
  return out;
}
