/** Id rules: duplicates within a message, across turns, duplicate results. */
import type { Hit, ProviderRule } from "../rule-types.js";
import { placeOf } from "../request-model.js";
import { type CallPart, requestIds, type ResultPart } from "../request-ids.js";
import { calls, results, tick } from "../request-parts.js";


export const duplicateCallId: ProviderRule = {
  code: "duplicate-call-id",
  description: "The same tool-call id twice in one assistant message.",
  follows: "Every provider that matches results by id needs ids unique within a response.",
  cells: {
    anthropic: { verdict: "rejects", error: "messages.N.content.M: tool_use ids must be unique", source: "anthropics/claude-code #28515, #21317" },
    bedrock: { verdict: "rejects", error: "The toolUse blocks at messages.N.content contain duplicate Ids: …", source: "bvcyber/Cyber-AutoAgent-ng #72" },
    "openai-chat": { verdict: "rejects", error: "Invalid parameter: Duplicate value for 'tool_call_id' of 'call_…' in messages[N] and messages[M].", source: "agno-agi/agno #5116" },
    kimi: { verdict: "unknown", source: "providers.md 3.1 (within-request uniqueness not evidenced)" },
    "openai-responses": { verdict: "rejects", error: "Duplicate item found with id fc_…; Duplicate call_ids submitted", source: "vercel/ai #13307; earendil-works/pi #9057" },
    gemini: { verdict: "n/a", source: "providers.md 3.1", note: "function-call ids are optional; matching is positional" },
    mistral: { verdict: "unknown", source: "providers.md 3.1", note: "repeated short ids break the count (multiset)" },
  },
  segmentLocal: () => true,
  check(req) {
    const hits: Hit[] = [];
    for (let k = 0; k < req.length; k++) {
      const cs = calls(req[k]);
      if (cs.length < 2) continue;
      const seen = new Map<string, CallPart>();
      for (const c of cs) {
        const first = seen.get(c.id);
        if (first) hits.push({ at: k, place: placeOf(c), toolCallId: c.id, detail: `Tool-call id ${tick(c.id)} is used twice in one assistant message.`, related: [{ place: placeOf(first), message: "first use" }] });
        else seen.set(c.id, c);
      }
    }
    return hits;
  },
};

export const collidingId: ProviderRule = {
  code: "colliding-id",
  description: "A tool-call id used by calls in more than one assistant message of the request.",
  follows: "Chat Completions and Responses key tool messages / outputs by id across the whole request; Kimi's ids are per-tool counters that repeat by design.",
  cells: {
    anthropic: { verdict: "unknown", source: "providers.md 3.1 (uniqueness across messages not evidenced)" },
    bedrock: { verdict: "unknown", source: "providers.md 3.1" },
    "openai-chat": { verdict: "rejects", error: "Invalid parameter: Duplicate value for 'tool_call_id' of 'call_…' in messages[N] and messages[M].", source: "agno-agi/agno #5116" },
    kimi: { verdict: "quiet", source: "MoonshotAI/kimi-cli #1977; pi-condense doc/specs/2026-08-12-toolcall-id-collisions.md", note: "ids like `Read:158` repeat across turns by design" },
    "openai-responses": { verdict: "rejects", error: "Duplicate 'call_id': …; Duplicate call_ids submitted", source: "vercel/ai #13307; alvesvaren/zod-to-openai-tool #263" },
    gemini: { verdict: "n/a", source: "providers.md 3.1", note: "matching is positional" },
    mistral: { verdict: "unknown", source: "providers.md 3.1" },
  },
  check(req) {
    // One hit per reused id, on its first reuse (as the generic finding), counting the rest;
    // through the request's id index (continued across builds).
    const hits: Hit[] = [];
    const ids = requestIds(req, calls, results);
    const reused = [...ids.multi].map((id) => ({ id, uses: ids.calls.get(id)! })).sort((a, b) => a.uses[0].seq - b.uses[0].seq);
    for (const { id, uses } of reused) {
      let reuse: CallPart | undefined;
      let messages = 1;
      let last = uses[0].at;
      for (const u of uses)
        if (u.at !== last) {
          messages++;
          last = u.at;
          reuse ??= u.part;
        }
      if (reuse)
        hits.push({ place: placeOf(reuse), toolCallId: id, detail: `Tool-call id ${tick(id)} was already used by a call in an earlier assistant message (${uses.length} calls in ${messages} assistant messages use it).`, related: [{ place: placeOf(uses[0].part), message: "earlier call with this id" }] });
    }
    return hits;
  },
};

export const duplicateResult: ProviderRule = {
  code: "duplicate-result",
  description: "Two tool results for the same call id after one turn.",
  follows: "Chat Completions: one tool message per tool_call_id.",
  cells: {
    anthropic: { verdict: "unknown", source: "providers.md 3.2 (gap 2)" },
    bedrock: { verdict: "unknown", source: "providers.md 3.2 (gap 2)" },
    "openai-chat": { verdict: "rejects", error: "Invalid parameter: Duplicate value for 'tool_call_id' of 'call_…' in messages[N] and messages[M].", source: "agno-agi/agno #5116" },
    "openai-responses": { verdict: "unknown", source: "providers.md 3.2 (gap 2)" },
    gemini: { verdict: "n/a", source: "providers.md 3.1", note: "reported as count-mismatch" },
    mistral: { verdict: "n/a", source: "providers.md 3.1", note: "reported as count-mismatch" },
  },
  // A result is compared with the results since the assistant message before it.
  segmentLocal: () => true,
  check(req) {
    const hits: Hit[] = [];
    let seen = new Map<string, ResultPart>();
    for (let k = 0; k < req.length; k++) {
      const m = req[k];
      if (m.role === "assistant") {
        seen = new Map();
        continue;
      }
      for (const r of results(m)) {
        const first = seen.get(r.id);
        if (first) hits.push({ at: k, place: placeOf(r), toolCallId: r.id, detail: `Tool call ${tick(r.id)} is answered twice.`, related: [{ place: placeOf(first), message: "first result" }] });
        else seen.set(r.id, r);
      }
    }
    return hits;
  },
};

