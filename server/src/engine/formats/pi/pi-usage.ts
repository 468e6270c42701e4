/** pi records `usage` on every assistant message ({input, output, cacheRead, cacheWrite, cost.total}). */
import { isObject } from "../../model/parse.js";
import { type LineUsage, type RecordedUsage, usageNumber as num } from "../../model/usage-record.js";

export function piUsage(v: Record<string, any>, line: number): LineUsage | undefined {
  const rec = piRecord(v, line);
  return rec && { rec };
}

function piRecord(v: Record<string, any>, line: number): RecordedUsage | undefined {
  const m = v.type === "message" && isObject(v.message) ? v.message : undefined;
  if (!m || m.role !== "assistant" || !isObject(m.usage)) return undefined;
  const u = m.usage;
  const cost = isObject(u.cost) && typeof u.cost.total === "number" ? u.cost.total : undefined;
  return { line, input: num(u.input), output: num(u.output), cacheRead: num(u.cacheRead), cacheWrite: num(u.cacheWrite), cost, model: typeof m.model === "string" ? m.model : undefined };
}

