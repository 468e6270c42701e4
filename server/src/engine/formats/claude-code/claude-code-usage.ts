/**
 * Claude Code records `message.usage` on assistant lines; one API message is streamed as several
 * lines sharing `message.id`, each carrying the message's usage: the key makes it count once.
 */
import { isObject } from "../../model/parse.js";
import { type LineUsage, usageNumber as num } from "../../model/usage-record.js";

export function claudeCodeUsage(v: Record<string, any>, line: number): LineUsage | undefined {
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

