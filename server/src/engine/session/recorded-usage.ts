/**
 * Recorded usage: the token counts (and cost, where recorded) the agent wrote down for each
 * model response, as opposed to the inspector's estimates.
 *
 * - pi: `usage` on every assistant message ({input, output, cacheRead, cacheWrite, cost.total}).
 * - Claude Code: `message.usage` on assistant lines; one API message is streamed as several lines
 *   sharing `message.id`, each carrying the message's usage, so a message is counted once.
 * - Codex: `event_msg` lines with `payload.type == "token_count"`; `info.last_token_usage` is the
 *   turn's usage (`total_token_usage` is cumulative and not summed again).
 *
 * Linear in the number of lines; reads parsed values only.
 */
import { isObject } from "../model/parse.js";
import type { Msg, SourceLine } from "../model/types.js";

export interface RecordedUsage {
  /** 0-based line of the record (the assistant message, or Codex's token_count event). */
  line: number;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /** Reasoning output tokens, where the agent records them separately (Codex). */
  reasoning?: number;
  /** Cost in USD, where the agent records it (pi). */
  cost?: number;
  model?: string;
  /** Recorded by an event line after the response (Codex token_count), not on the message itself. */
  fromEvent?: boolean;
}

export interface UsageTotals {
  responses: number;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  reasoning: number;
  /** Sum of recorded costs; undefined when no record carries a cost. */
  cost?: number;
}

export interface SessionUsage {
  records: RecordedUsage[];
  totals: UsageTotals;
}

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);

function piRecord(v: Record<string, any>, line: number): RecordedUsage | undefined {
  const m = v.type === "message" && isObject(v.message) ? v.message : undefined;
  if (!m || m.role !== "assistant" || !isObject(m.usage)) return undefined;
  const u = m.usage;
  const cost = isObject(u.cost) && typeof u.cost.total === "number" ? u.cost.total : undefined;
  return { line, input: num(u.input), output: num(u.output), cacheRead: num(u.cacheRead), cacheWrite: num(u.cacheWrite), cost, model: typeof m.model === "string" ? m.model : undefined };
}

function claudeRecord(v: Record<string, any>, line: number): { key?: string; rec: RecordedUsage } | undefined {
  const m = v.type === "assistant" && isObject(v.message) ? v.message : undefined;
  if (!m || !isObject(m.usage)) return undefined;
  const u = m.usage;
  return {
    key: typeof m.id === "string" ? m.id : undefined,
    rec: {
      line,
      input: num(u.input_tokens),
      output: num(u.output_tokens),
      cacheRead: num(u.cache_read_input_tokens),
      cacheWrite: num(u.cache_creation_input_tokens),
      model: typeof m.model === "string" ? m.model : undefined,
    },
  };
}

function codexRecord(v: Record<string, any>, line: number): RecordedUsage | undefined {
  const p = v.type === "event_msg" && isObject(v.payload) ? v.payload : undefined;
  if (!p || p.type !== "token_count" || !isObject(p.info) || !isObject(p.info.last_token_usage)) return undefined;
  const u = p.info.last_token_usage;
  // OpenAI counts cached input inside input_tokens: report the uncached part as input.
  const cached = num(u.cached_input_tokens);
  return { line, input: Math.max(0, num(u.input_tokens) - cached), output: num(u.output_tokens), cacheRead: cached, cacheWrite: 0, reasoning: num(u.reasoning_output_tokens), fromEvent: true };
}

/** The usage a session file records, per response and in total. */
/**
 * The usage of a pi session whose lines `added` follow the lines `prev` was read from (an
 * append): their records after the previous ones, totals summed on in the same order (so equal
 * to `recordedUsage` of all the lines). Claude Code replaces a streamed message's earlier
 * copy, so only pi continues; null otherwise.
 */
export function appendedUsage(format: string, prev: SessionUsage, added: SourceLine[]): SessionUsage | null {
  if (format !== "pi") return null;
  const more = recordedUsage(format, added);
  if (more.records.length === 0) return prev;
  const records = prev.records.concat(more.records);
  const totals = { ...prev.totals, responses: records.length };
  addTotals(totals, more.records);
  return { records, totals };
}

/**
 * The usage of a pi session whose lines `changed` were edited in place (the rest as `prev` was
 * read from): each changed line's record replaced, added or removed, totals summed again over
 * the records in order (so equal to `recordedUsage` of all the lines, rounding included).
 * Claude Code's streamed copies depend on each other, so only pi continues; null otherwise.
 */
export function editedUsage(format: string, prev: SessionUsage, changed: SourceLine[]): SessionUsage | null {
  if (format !== "pi") return null;
  const records = prev.records.slice();
  for (const l of changed) {
    const r = isObject(l.value) ? piRecord(l.value, l.line) : undefined;
    // Records are in line order, at most one per line.
    let lo = 0;
    let hi = records.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (records[mid].line < l.line) lo = mid + 1;
      else hi = mid;
    }
    const has = lo < records.length && records[lo].line === l.line;
    if (r && has) records[lo] = r;
    else if (r) records.splice(lo, 0, r);
    else if (has) records.splice(lo, 1);
  }
  const totals: UsageTotals = { responses: records.length, input: 0, output: 0, cacheRead: 0, cacheWrite: 0, reasoning: 0 };
  addTotals(totals, records);
  return { records, totals };
}

function addTotals(totals: UsageTotals, records: RecordedUsage[]): void {
  for (const r of records) {
    totals.input += r.input;
    totals.output += r.output;
    totals.cacheRead += r.cacheRead;
    totals.cacheWrite += r.cacheWrite;
    totals.reasoning += r.reasoning ?? 0;
    if (r.cost !== undefined) totals.cost = (totals.cost ?? 0) + r.cost;
  }
}

export function recordedUsage(format: string, lines: SourceLine[]): SessionUsage {
  const records: RecordedUsage[] = [];
  const claudeSeen = new Map<string, number>(); // message id -> index in records (the last copy wins)
  for (const l of lines) {
    const v = l.value;
    if (!isObject(v)) continue;
    if (format === "pi") {
      const r = piRecord(v, l.line);
      if (r) records.push(r);
    } else if (format === "claude-code") {
      const r = claudeRecord(v, l.line);
      if (!r) continue;
      const at = r.key !== undefined ? claudeSeen.get(r.key) : undefined;
      if (at !== undefined) records[at] = { ...r.rec, line: records[at].line };
      else {
        if (r.key !== undefined) claudeSeen.set(r.key, records.length);
        records.push(r.rec);
      }
    } else if (format === "codex") {
      const r = codexRecord(v, l.line);
      if (r) records.push(r);
    }
  }
  const totals: UsageTotals = { responses: records.length, input: 0, output: 0, cacheRead: 0, cacheWrite: 0, reasoning: 0 };
  addTotals(totals, records);
  return { records, totals };
}

/**
 * Attaches each record to the assistant message it belongs to: the message on the record's line
 * (pi, Claude Code: the first line of a streamed message), otherwise the nearest assistant message
 * before it (Codex's token_count event follows its response). Records of lines off the branch
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
