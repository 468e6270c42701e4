/**
 * The size of a message as sent (characters and a token estimate) and its time, shared by the
 * inspector's view model and `render --format json`, so scripts see the inspector's numbers.
 */
import { estimateTokenCount } from "tokenx";
import { messageText } from "../engine/index.js";
import type { RecordedUsage, UsageTotals } from "../engine/index.js";
import type { Msg } from "../engine/index.js";
import type { ViewUsage } from "../protocol/view.js";

export function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : estimateTokenCount(text);
}

export interface MessageSize {
  /** Characters of the text the model reads (messageText). */
  chars: number;
  /** Estimated tokens of that text (tokenx). */
  tokens: number;
}

export function messageSize(m: Msg, text = messageText(m)): MessageSize {
  return { chars: text.length, tokens: estimateTokens(text) };
}

export interface ColumnTotals {
  messages: number;
  chars: number;
  tokens: number;
}

export interface SizeTotals {
  before: ColumnTotals;
  after: ColumnTotals;
  /** before minus after (negative when the after column is larger). */
  saved: ColumnTotals;
}

function column(sizes: readonly MessageSize[]): ColumnTotals {
  let chars = 0;
  let tokens = 0;
  for (const s of sizes) {
    chars += s.chars;
    tokens += s.tokens;
  }
  return { messages: sizes.length, chars, tokens };
}

export function sizeTotals(before: readonly MessageSize[], after: readonly MessageSize[]): SizeTotals {
  const b = column(before);
  const a = column(after);
  return { before: b, after: a, saved: { messages: b.messages - a.messages, chars: b.chars - a.chars, tokens: b.tokens - a.tokens } };
}

/** The message's time as an ISO string, when the format records one. */
export function isoTime(m: Msg): string | undefined {
  const t = m.timestamp;
  if (typeof t !== "number" || !Number.isFinite(t)) return undefined;
  const d = new Date(t);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** Recorded usage as shown and serialised (no line: it belongs to the message it is attached to): the view's type. */
export type UsageJson = ViewUsage;

export function usageJson(r: RecordedUsage): UsageJson {
  const out: UsageJson = { input: r.input, output: r.output, cacheRead: r.cacheRead, cacheWrite: r.cacheWrite };
  if (r.reasoning !== undefined) out.reasoning = r.reasoning;
  if (r.cost !== undefined) out.cost = r.cost;
  if (r.model !== undefined) out.model = r.model;
  return out;
}

export type UsageTotalsJson = UsageTotals;
