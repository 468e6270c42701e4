/** Id and name format rules. */
import type { Hit, ProviderRule } from "../rule-types.js";
import { placeOf } from "../request-model.js";
import { calls, tick } from "../request-parts.js";


const ANTHROPIC_ID = /^[a-zA-Z0-9_-]+$/;
const NAME = /^[a-zA-Z0-9_-]+$/;

export const invalidCallId: ProviderRule = {
  code: "invalid-call-id",
  description: "A tool-call id outside Anthropic's pattern `^[a-zA-Z0-9_-]+$` or longer than 64 characters.",
  follows: "pi-ai transform-messages.ts (the Anthropic id constraint its normaliser enforces).",
  cells: {
    anthropic: { verdict: "rejects", paraphrase: true, error: "tool_use ids must match ^[a-zA-Z0-9_-]+$, 64 characters at most", source: "badlogic/pi-mono packages/ai/src/providers/transform-messages.ts:3-7" },
    bedrock: { verdict: "unknown", source: "providers.md 3.1" },
    "openai-chat": { verdict: "unknown", source: "providers.md 3.1" },
    "openai-responses": { verdict: "accepts", source: "badlogic/pi-mono transform-messages.ts (ids of 450+ characters with `|`)" },
    gemini: { verdict: "unknown", source: "providers.md 3.1" },
    mistral: { verdict: "unknown", source: "providers.md 3.1" },
  },
  segmentLocal: () => true,
  check(req) {
    const hits: Hit[] = [];
    for (let k = 0; k < req.length; k++) {
      const m = req[k];
      if (m.role !== "assistant" || !m.sameModel) continue; // pi-ai normalises other models' ids
      for (const c of calls(m))
        if (!ANTHROPIC_ID.test(c.id) || c.id.length > 64)
          hits.push({ at: k, place: placeOf(c), toolCallId: c.id, detail: `Tool-call id ${tick(c.id)} ${c.id.length > 64 ? `is ${c.id.length} characters long (64 at most)` : "has characters outside letters, digits, `_` and `-`"}.` });
    }
    return hits;
  },
};

export const invalidToolName: ProviderRule = {
  code: "invalid-tool-name",
  description: "A tool name outside the pattern `^[a-zA-Z0-9_-]+$` in a replayed call.",
  follows: "OpenAI Responses function name pattern.",
  cells: {
    anthropic: { verdict: "unknown", source: "providers.md 3.2 (gap 8: names over 200 characters)" },
    bedrock: { verdict: "unknown", source: "providers.md 3.1" },
    "openai-chat": { verdict: "unknown", source: "providers.md 3.1" },
    "openai-responses": { verdict: "rejects", paraphrase: true, error: "a function name must match ^[a-zA-Z0-9_-]+$ (HTTP 400, seen with NUL bytes)", source: "openai/codex #24369" },
    gemini: { verdict: "unknown", source: "providers.md 3.1" },
    mistral: { verdict: "unknown", source: "providers.md 3.1" },
  },
  segmentLocal: () => true,
  check(req) {
    const hits: Hit[] = [];
    for (let k = 0; k < req.length; k++)
      for (const c of calls(req[k]))
        if (c.name !== undefined && !NAME.test(c.name)) hits.push({ at: k, place: placeOf(c), toolCallId: c.id, detail: `Tool name ${tick(JSON.stringify(c.name))} has characters outside letters, digits, \`_\` and \`-\`.` });
    return hits;
  },
};

