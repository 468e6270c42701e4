/**
 * Hermes Agent records usage per session, not per response: the session row's `input_tokens`,
 * `output_tokens`, `cache_read_tokens`, `cache_write_tokens`, `reasoning_tokens` (the sums over its
 * `api_call_count` requests) and `estimated_cost_usd` / `actual_cost_usd`. The message rows'
 * `token_count` is not filled. One record, at the session's line.
 */
import { isObject } from "../../model/parse.js";
import type { DocumentPlaces } from "../../model/types.js";
import { type LineUsage, usageNumber as num } from "../../model/usage-record.js";

export function hermesDocumentUsage(doc: DocumentPlaces): LineUsage[] {
  const s = doc.root;
  if (!isObject(s) || !Array.isArray(s.messages)) return [];
  const keys = ["input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens", "reasoning_tokens"];
  if (!keys.some((k) => typeof s[k] === "number" && s[k] > 0)) return [];
  const cost = typeof s.actual_cost_usd === "number" && Number.isFinite(s.actual_cost_usd) ? s.actual_cost_usd : typeof s.estimated_cost_usd === "number" && Number.isFinite(s.estimated_cost_usd) ? s.estimated_cost_usd : undefined;
  return [
    {
      rec: {
        line: 0,
        input: num(s.input_tokens),
        output: num(s.output_tokens),
        reasoning: num(s.reasoning_tokens),
        cacheRead: num(s.cache_read_tokens),
        cacheWrite: num(s.cache_write_tokens),
        ...(cost !== undefined ? { cost } : {}),
        ...(typeof s.model === "string" ? { model: s.model } : {}),
      },
    },
  ];
}
