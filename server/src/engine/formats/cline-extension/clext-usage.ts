/**
 * Cline 3.37 and later record each response's usage on its assistant message: `metrics {tokens
 * {prompt, completion, cached}, cost}` (cline/cline v3.89.2, under apps/vscode:
 * src/shared/messages/metrics.ts: `prompt` counts the whole prompt, `cached` the part of it
 * that was a cache hit), so the uncached part is reported as input and `cached` as cache reads.
 * Older histories record none (their usage is in `ui_messages.json`, not read).
 */
import { isObject } from "../../model/parse.js";
import type { DocumentPlaces } from "../../model/types.js";
import { type LineUsage, usageNumber as num } from "../../model/usage-record.js";

/** Each assistant message's usage, at the line where the message starts. */
export function clineTaskUsage(doc: DocumentPlaces): LineUsage[] {
  const root = doc.root;
  if (!Array.isArray(root)) return [];
  const out: LineUsage[] = [];
  root.forEach((m: unknown, i: number) => {
    if (!isObject(m) || m.role !== "assistant" || !isObject(m.metrics) || !isObject(m.metrics.tokens)) return;
    const t = m.metrics.tokens;
    const cacheRead = num(t.cached);
    const model = isObject(m.modelInfo) && typeof m.modelInfo.modelId === "string" ? m.modelInfo.modelId : undefined;
    const cost = m.metrics.cost;
    out.push({
      rec: {
        line: doc.lineOf([i]),
        input: Math.max(0, num(t.prompt) - cacheRead),
        output: num(t.completion),
        cacheRead,
        cacheWrite: 0,
        ...(typeof cost === "number" && Number.isFinite(cost) ? { cost } : {}),
        ...(model ? { model } : {}),
      },
    });
  });
  return out;
}
