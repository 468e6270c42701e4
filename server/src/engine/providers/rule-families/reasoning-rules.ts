/** Reasoning rules: thinking order and integrity, reasoning items, reasoning content, thought signatures. */
import type { Msg } from "../../model/types.js";
import type { Hit, ProviderRule } from "../rule-types.js";
import { messagePlace, placeOf, type Part, type RequestMessage } from "../request-model.js";
import { formatProfile } from "../../formats/registry.js";
import { calls, tick, latestTurnStart } from "../request-parts.js";


export const thinkingOrder: ProviderRule = {
  code: "thinking-order",
  description: "A thinking block after other content in an assistant message of the target model.",
  follows: "Anthropic extended thinking: thinking leads its assistant turn.",
  cells: {
    anthropic: { verdict: "rejects", paraphrase: true, error: "thinking blocks must come first in an assistant turn (EverSession code thinking_block_order)", source: "teunlao/eversession src/agents/claude/validate.ts; developersdigest.tech summary of the Anthropic errors page" },
    bedrock: { verdict: "unknown", source: "providers.md 3.1 (Claude rules likely apply; not evidenced)" },
    "openai-chat": { verdict: "n/a", source: "providers.md 3.1" },
    "openai-responses": { verdict: "n/a", source: "providers.md 3.1" },
    gemini: { verdict: "n/a", source: "providers.md 3.1" },
    mistral: { verdict: "n/a", source: "providers.md 3.1" },
  },
  // A hit is about one assistant message and looks at nothing else.
  segmentLocal: () => true,
  check(req) {
    const hits: Hit[] = [];
    for (let k = 0; k < req.length; k++) {
      const m = req[k];
      if (m.role !== "assistant" || !m.sameModel) continue;
      let other: Part | undefined;
      for (const p of m.parts) {
        if (p.kind !== "thinking") other ??= p;
        else if (other) {
          hits.push({ at: k, place: placeOf(p), detail: "A thinking block comes after other content in its assistant message.", related: [{ place: placeOf(other), message: "content before it" }] });
          break;
        }
      }
    }
    return hits;
  },
};

const thinkingJson = (m: Msg | undefined): string =>
  JSON.stringify((Array.isArray(m?.content) ? m!.content : []).filter((b: any) => b && (b.type === "thinking" || b.type === "redacted_thinking")));

export const thinkingAltered: ProviderRule = {
  code: "thinking-altered",
  description: "Thinking in the latest assistant turn is missing its signature, or differs from what the model produced (stripped or changed by a pruner).",
  follows: "Anthropic extended thinking: the latest assistant turn's thinking blocks are sent back unmodified, with their signature.",
  cells: {
    anthropic: { verdict: "rejects", paraphrase: true, error: "thinking blocks in the latest assistant message cannot be modified", source: "developersdigest.tech summary of the Anthropic errors page; teunlao/eversession src/agents/claude/validate.ts" },
    bedrock: { verdict: "unknown", source: "providers.md 3.1 (Claude rules likely apply; not evidenced)" },
    "openai-chat": { verdict: "n/a", source: "providers.md 3.1" },
    "openai-responses": { verdict: "n/a", source: "providers.md 3.1", note: "see reasoning-item-incomplete" },
    gemini: { verdict: "n/a", source: "providers.md 3.1", note: "see thought-signature-missing" },
    mistral: { verdict: "n/a", source: "providers.md 3.1" },
  },
  check(req, ctx) {
    const hits: Hit[] = [];
    for (let k = latestTurnStart(req); k < req.length; k++) {
      const m = req[k];
      if (m.role !== "assistant" || !m.sameModel) continue;
      for (const p of m.parts) {
        if (p.kind !== "thinking" || p.block.type !== "thinking" || p.block.redacted) continue;
        const sig = p.block.thinkingSignature ?? p.block.signature;
        if (typeof sig !== "string" || sig === "") hits.push({ place: placeOf(p), detail: "A thinking block of the latest assistant turn has no signature." });
      }
      for (const src of m.sources) {
        const before = ctx.beforeOf(src.origin);
        if (before && before !== src && thinkingJson(before) !== thinkingJson(src)) {
          hits.push({ place: messagePlace(m), detail: "The thinking of the latest assistant turn was stripped or changed before sending." });
          break;
        }
      }
    }
    return hits;
  },
};

export const reasoningItemIncomplete: ProviderRule = {
  code: "reasoning-item-incomplete",
  description: "A Responses reasoning item without the item that followed it, or without its encrypted_content.",
  follows: "OpenAI Responses: a reasoning item is replayed with its following item and its encrypted_content (stateless use).",
  cells: {
    anthropic: { verdict: "n/a", source: "providers.md 3.1" },
    bedrock: { verdict: "n/a", source: "providers.md 3.1" },
    "openai-chat": { verdict: "n/a", source: "providers.md 3.1" },
    "openai-responses": { verdict: "rejects", error: "Item 'rs_…' of type 'reasoning' was provided without its required following item.; Missing required parameter: 'input[N].encrypted_content'", source: "continuedev/continue #8933, #12620; vercel/ai #7099; openai/openai-agents-js #326; openai/codex #19661, #36551" },
    gemini: { verdict: "n/a", source: "providers.md 3.1" },
    mistral: { verdict: "n/a", source: "providers.md 3.1" },
  },
  check(req, ctx) {
    const hits: Hit[] = [];
    const own = formatProfile(ctx.session.format)?.providers.reasoningItems?.(ctx.session);
    if (own) {
      // The agent's own Responses items, replayed as stored. The API pairs a reasoning item with the
      // item after it, and asks for its encrypted_content, only when the item carries its `id`
      // (`rs_...`); Codex's rollouts keep none, and sessions went on past such items.
      for (let i = 0; i < own.length; i++) {
        const { item: p, line } = own[i];
        if (p.type !== "reasoning" || typeof p.id !== "string" || p.id === "") continue;
        const next = own[i + 1]?.item;
        const follows = next && (next.type === "reasoning" || (next.type === "message" && next.role === "assistant") || /_call$/.test(String(next.type)));
        if (!follows) hits.push({ place: { line, path: ["payload", "type"] }, detail: "A reasoning item with its id is not followed by the message or call it came with." });
        if (typeof p.encrypted_content !== "string" || p.encrypted_content === "") hits.push({ place: { line, path: ["payload"] }, detail: "A reasoning item with its id has no `encrypted_content`." });
      }
      return hits;
    }
    for (const m of req) {
      if (m.role !== "assistant" || !m.sameModel) continue;
      m.parts.forEach((p, i) => {
        if (p.kind !== "thinking" || typeof p.block.thinkingSignature !== "string") return;
        let item: any;
        try {
          item = JSON.parse(p.block.thinkingSignature);
        } catch {
          return; // not a serialised reasoning item: pi-ai does not replay it as one
        }
        if (!item || item.type !== "reasoning") return;
        if (i === m.parts.length - 1) hits.push({ place: placeOf(p), detail: "A reasoning item is the last item of its turn: the item that followed it is missing." });
        if (typeof item.encrypted_content !== "string" || item.encrypted_content === "") hits.push({ place: placeOf(p), detail: "A reasoning item has no `encrypted_content`." });
      });
    }
    return hits;
  },
};

export const reasoningContentMissing: ProviderRule = {
  code: "reasoning-content-missing",
  description: "In thinking mode, an assistant message with tool calls in the latest turn is sent without its reasoning_content.",
  follows: "DeepSeek thinking mode: reasoning_content of the current turn's tool-call messages is passed back.",
  cells: {
    anthropic: { verdict: "n/a", source: "providers.md 3.1" },
    bedrock: { verdict: "n/a", source: "providers.md 3.1" },
    "openai-chat": { verdict: "accepts", source: "providers.md 3.1", note: "reasoning is not sent back" },
    deepseek: { verdict: "rejects", error: "Missing reasoning_content field in the assistant message at message index N; The reasoning_content in the thinking mode must be passed back to the API.", source: "abhigyanpatwari/GitNexus #43; earendil-works/pi #3636; langbot-app/LangBot #2223" },
    kimi: { verdict: "unknown", source: "providers.md 3.1" },
    qwen: { verdict: "unknown", source: "providers.md 3.1" },
    "openai-responses": { verdict: "n/a", source: "providers.md 3.1" },
    gemini: { verdict: "n/a", source: "providers.md 3.1" },
    mistral: { verdict: "n/a", source: "providers.md 3.1" },
  },
  check(req) {
    const thinks = (m: RequestMessage) => m.parts.some((p) => p.kind === "thinking" && String(p.block.thinking ?? "").trim() !== "");
    if (!req.some((m) => m.role === "assistant" && m.sameModel && thinks(m))) return []; // no sign of thinking mode
    const hits: Hit[] = [];
    for (let k = latestTurnStart(req); k < req.length; k++) {
      const m = req[k];
      const cs = calls(m);
      if (cs.length > 0 && !thinks(m)) hits.push({ place: messagePlace(m), toolCallId: cs[0].id, detail: "An assistant message with tool calls in the latest turn has no reasoning to send back." });
    }
    return hits;
  },
};

export const thoughtSignatureMissing: ProviderRule = {
  code: "thought-signature-missing",
  description: "Gemini 3: the first function call of a latest-turn model message has no thought_signature.",
  follows: "Gemini 3 thought signatures: function calls of the current turn carry their signature back (the first call of a parallel set).",
  cells: {
    anthropic: { verdict: "n/a", source: "providers.md 3.1" },
    bedrock: { verdict: "n/a", source: "providers.md 3.1" },
    "openai-chat": { verdict: "n/a", source: "providers.md 3.1" },
    "openai-responses": { verdict: "n/a", source: "providers.md 3.1" },
    gemini: { verdict: "rejects", mode: "gemini-3", error: "Function call is missing a thought_signature in functionCall parts … position N", source: "Chevey339/kelivo #639; langgenius/dify-official-plugins #2088", note: "Gemini 3 models" },
    mistral: { verdict: "n/a", source: "providers.md 3.1" },
  },
  check(req, ctx) {
    // pi-ai's Google serialiser sends `skip_thought_signature_validator` for an unsigned call to Gemini 3.
    if (formatProfile(ctx.session.format)?.providers.bypassesThoughtSignature || !/gemini-3/.test(ctx.targetModel ?? "")) return [];
    const hits: Hit[] = [];
    for (let k = latestTurnStart(req); k < req.length; k++) {
      const m = req[k];
      if (m.role !== "assistant" || !m.sameModel) continue;
      const first = calls(m)[0];
      if (first && !(typeof first.block.thoughtSignature === "string" && first.block.thoughtSignature !== ""))
        hits.push({ place: placeOf(first), toolCallId: first.id, detail: `Function call ${tick(first.id)} of the latest turn has no thought signature.` });
    }
    return hits;
  },
};

