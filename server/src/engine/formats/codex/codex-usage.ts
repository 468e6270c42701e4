/**
 * Codex records usage in `event_msg` lines with `payload.type == "token_count"`:
 * `info.last_token_usage` is the turn's usage (`total_token_usage` is cumulative).
 */
import { isObject } from "../../model/parse.js";
import { type LineUsage, type RecordedUsage, usageNumber as num } from "../../model/usage-record.js";

export function codexUsage(v: Record<string, any>, line: number): LineUsage | undefined {
  const rec = codexRecord(v, line);
  return rec && { rec };
}

function codexRecord(v: Record<string, any>, line: number): RecordedUsage | undefined {
  const p = v.type === "event_msg" && isObject(v.payload) ? v.payload : undefined;
  if (!p || p.type !== "token_count" || !isObject(p.info) || !isObject(p.info.last_token_usage)) return undefined;
  const u = p.info.last_token_usage;
  // OpenAI counts cached input inside input_tokens: report the uncached part as input.
  const cached = num(u.cached_input_tokens);
  return { line, input: Math.max(0, num(u.input_tokens) - cached), output: num(u.output_tokens), cacheRead: cached, cacheWrite: 0, reasoning: num(u.reasoning_output_tokens), fromEvent: true };
}

