/**
 * Copilot CLI records each model call's usage in a `session.usage_record` event (`data.usage`,
 * 1.0.102) or, in other versions, an `assistant.usage` event (`data`): model, input, output and
 * cache tokens, and a cost multiplier. Input counts the cached tokens too (OpenAI's way): the
 * uncached part is reported as input.
 */
import { isObject } from "../../model/parse.js";
import { type LineUsage, usageNumber as num } from "../../model/usage-record.js";

export function copilotUsage(v: Record<string, any>, line: number): LineUsage | undefined {
  const u = v.type === "session.usage_record" && isObject(v.data) && isObject(v.data.usage) ? v.data.usage : v.type === "assistant.usage" && isObject(v.data) ? v.data : undefined;
  if (!u || (typeof u.inputTokens !== "number" && typeof u.outputTokens !== "number")) return undefined;
  const cached = num(u.cacheReadTokens);
  return {
    rec: {
      line,
      input: Math.max(0, num(u.inputTokens) - cached),
      output: num(u.outputTokens),
      cacheRead: cached,
      cacheWrite: num(u.cacheWriteTokens),
      ...(typeof u.model === "string" ? { model: u.model } : {}),
      fromEvent: true,
      precedesResponse: true,
    },
  };
}
