/** What an agent recorded about one response's usage (tokens, cost), as the engine keeps it. */
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
  /** The event comes before its response (Copilot CLI writes the usage, then the message): it belongs to the next assistant message. */
  precedesResponse?: boolean;
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


/** A usage record a format read from one line; `key` names the response when the agent writes it more than once (the last copy wins). */
export interface LineUsage {
  key?: string;
  rec: RecordedUsage;
}

/** Token counts summed over records (a session's totals, one model's share). */
export interface TokenCounts {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  reasoning: number;
}

/** Adds one record's tokens to `counts` (its cost is the caller's: not every sum keeps one). */
export function addRecordTokens(counts: TokenCounts, r: RecordedUsage): void {
  counts.input += r.input;
  counts.output += r.output;
  counts.cacheRead += r.cacheRead;
  counts.cacheWrite += r.cacheWrite;
  counts.reasoning += r.reasoning ?? 0;
}

/** A non-negative finite number, or 0. */
export const usageNumber = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);
