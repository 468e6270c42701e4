/**
 * OpenCode records each response's usage on its assistant message: `tokens {input, output,
 * reasoning, cache {read, write}}` and `cost` (USD). `input` is the uncached part of the prompt
 * (OpenCode takes the cache reads out: `Session.getUsage`); reasoning tokens are kept apart, as recorded.
 */
import { isObject } from "../../model/parse.js";
import type { DocumentPlaces } from "../../model/types.js";
import { type LineUsage, usageNumber as num } from "../../model/usage-record.js";
import { infoOf } from "./opencode-read.js";

/** Each assistant message's usage, at the line where the message starts. */
export function openCodeDocumentUsage(doc: DocumentPlaces): LineUsage[] {
  const root = doc.root;
  if (!isObject(root) || !Array.isArray(root.messages)) return [];
  const out: LineUsage[] = [];
  root.messages.forEach((m: unknown, i: number) => {
    const info = infoOf(m);
    if (info.role !== "assistant" || !isObject(info.tokens)) return;
    const t = info.tokens;
    const cache = isObject(t.cache) ? t.cache : {};
    const model = typeof info.modelID === "string" ? info.modelID : undefined;
    out.push({
      rec: {
        line: doc.lineOf(["messages", i]),
        input: num(t.input),
        output: num(t.output),
        reasoning: num(t.reasoning),
        cacheRead: num(cache.read),
        cacheWrite: num(cache.write),
        ...(typeof info.cost === "number" && Number.isFinite(info.cost) ? { cost: info.cost } : {}),
        ...(model ? { model } : {}),
      },
    });
  });
  return out;
}
