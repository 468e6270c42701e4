/**
 * Cline records each response's usage on its assistant message: `metrics {inputTokens,
 * outputTokens, cacheReadTokens, cacheWriteTokens, cost}`. `inputTokens` counts the whole prompt,
 * the cached part included (in the corpus's session it grows with the context while
 * `cacheReadTokens` covers the earlier turns), so the uncached part is reported as input.
 */
import { isObject } from "../../model/parse.js";
import type { DocumentPlaces } from "../../model/types.js";
import { type LineUsage, usageNumber as num } from "../../model/usage-record.js";

/** Each assistant message's usage, at the line where the message starts. */
export function clineDocumentUsage(doc: DocumentPlaces): LineUsage[] {
  const root = doc.root;
  if (!isObject(root) || !Array.isArray(root.messages)) return [];
  const out: LineUsage[] = [];
  root.messages.forEach((m: unknown, i: number) => {
    if (!isObject(m) || m.role !== "assistant" || !isObject(m.metrics)) return;
    const t = m.metrics;
    const cacheRead = num(t.cacheReadTokens);
    const model = isObject(m.modelInfo) && typeof m.modelInfo.id === "string" ? m.modelInfo.id : undefined;
    out.push({
      rec: {
        line: doc.lineOf(["messages", i]),
        input: Math.max(0, num(t.inputTokens) - cacheRead),
        output: num(t.outputTokens),
        cacheRead,
        cacheWrite: num(t.cacheWriteTokens),
        ...(typeof t.cost === "number" && Number.isFinite(t.cost) ? { cost: t.cost } : {}),
        ...(model ? { model } : {}),
      },
    });
  });
  return out;
}
