/**
 * The provider rule table (research: shared/research/providers.md, section 3.1). Each rule is a
 * structural check over the request (request.ts); each cell says what one provider does with a
 * request that fails it, quoting the provider's error text and the public source it comes
 * from. The checks never read those texts: they only end up in messages and docs.
 */
import type { Msg } from "../model/types.js";
import type { Cell, CheckContext, Hit, ProviderRule } from "./rule-types.js";
import { messagePlace, placeOf, requestLineage, type Part, type RequestMessage } from "./request.js";
import { type CallPart, requestIds, type ResultPart, type Use } from "./request-ids.js";
import { formatProfile } from "../formats/registry.js";

// A request message's calls, results and their ids, computed once per message: a finished request
// message is never changed, and after an append most are the previous request's own (request.ts).
const NONE: never[] = [];
const NO_IDS: readonly string[] = [];
/** The parts of one kind of a message of one role, once per message (empty lists shared). */
function partsOf(m: RequestMessage | undefined, role: "assistant" | "user", kind: "calls" | "results"): Part[] {
  if (!m || m.role !== role) return NONE;
  const memo = (m.memo ??= {});
  if (!memo[kind]) {
    const want = kind === "calls" ? "call" : "result";
    const found = m.parts.filter((p) => p.kind === want);
    memo[kind] = found.length ? found : NONE;
  }
  return memo[kind]!;
}
const calls = (m: RequestMessage | undefined) => partsOf(m, "assistant", "calls") as CallPart[];
const results = (m: RequestMessage | undefined) => partsOf(m, "user", "results") as ResultPart[];
/** The ids of a message's calls (assistant) or results (user): an array (a few ids, little memory), a set when many. */
function idsOf(m: RequestMessage): IdList {
  const memo = (m.memo ??= {});
  if (!memo.ids) {
    const list = m.role === "assistant" ? calls(m).map((c) => c.id) : results(m).map((r) => r.id);
    memo.ids = list.length > 16 ? new Set(list) : list;
  }
  return memo.ids;
}
type IdList = readonly string[] | ReadonlySet<string>;
const hasId = (ids: IdList, id: string) => (Array.isArray(ids) ? ids.includes(id) : (ids as ReadonlySet<string>).has(id));
const tick = (s: string) => `\`${s.length > 80 ? `${s.slice(0, 80)}…` : s}\``;

/** Index of the first message of the latest turn: after the last user message that is not only results. */
function latestTurnStart(req: RequestMessage[]): number {
  for (let i = req.length - 1; i >= 0; i--) if (req[i].role === "user" && req[i].parts.some((p) => p.kind !== "result")) return i + 1;
  return 0;
}

/**
 * Assistant messages with calls, each with the messages up to the next assistant (its "run"); once
 * per request. A built request array changes in place from one build to the next (request.ts), so
 * the memo holds for the build generation and length it was made at.
 */
const callTurnsMemo = new WeakMap<RequestMessage[], { generation: number | undefined; length: number; turns: { i: number; calls: CallPart[]; next: number }[] }>();
function callTurns(req: RequestMessage[]): { i: number; calls: CallPart[]; next: number }[] {
  const generation = requestLineage(req)?.generation;
  const memo = callTurnsMemo.get(req);
  if (memo && memo.generation === generation && memo.length === req.length) return memo.turns;
  const turns = makeCallTurns(req);
  callTurnsMemo.set(req, { generation, length: req.length, turns });
  return turns;
}
function makeCallTurns(req: RequestMessage[]): { i: number; calls: CallPart[]; next: number }[] {
  const out: { i: number; calls: CallPart[]; next: number }[] = [];
  let open: { i: number; calls: CallPart[]; next: number } | undefined;
  for (let i = 0; i < req.length; i++) {
    if (req[i].role !== "assistant") continue;
    if (open) open.next = i;
    open = { i, calls: calls(req[i]), next: req.length };
    out.push(open);
  }
  return out;
}

const inFlight = (req: RequestMessage[], i: number) => i === req.length - 1;

// ---------------------------------------------------------------------------------------------
// Pairing: orphan results, missing results, adjacency, grouping, counts.

const orphanResult: ProviderRule = {
  code: "orphan-result",
  description: "A tool result with no call of its id in the assistant message right before it.",
  follows: "Anthropic Messages and Chat Completions pairing (results answer the previous message's calls); Responses pairs by call_id across the whole input.",
  cells: {
    anthropic: { verdict: "rejects", mode: "previous", error: "messages.N.content.M: unexpected tool_use_id found in tool_result blocks: toolu_… Each tool_result block must have a corresponding tool_use block in the previous message.", source: "werdnum/family-assistant scripts/README.md; openai/openai-agents-python #1797" },
    bedrock: { verdict: "rejects", mode: "previous", error: "The number of toolResult blocks at messages.N.content exceeds the number of toolUse blocks of previous turn", source: "strands-agents/harness-sdk #1435; pydantic/pydantic-ai #2327" },
    "openai-chat": { verdict: "rejects", mode: "previous", error: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.", source: "smarter-sh/smarter #264; miurla/morphic #136; FoundationAgents/OpenManus #744" },
    kimi: { verdict: "rejects", mode: "previous", error: "Invalid request: tool_call_id  is not found", source: "langbot-app/LangBot #1040; yaogang1991/harness #392" },
    "openai-responses": { verdict: "rejects", mode: "anywhere", error: "No tool call found for function call output with call_id call_…", source: "continuedev/continue #10092; leookun/cursor-byok #307" },
    gemini: { verdict: "n/a", source: "providers.md 3.1", note: "matched by count and order: see count-mismatch and results-not-adjacent" },
    mistral: { verdict: "n/a", source: "providers.md 3.1", note: "matched by count: see count-mismatch" },
  },
  segmentLocal: (mode) => mode !== "anywhere",
  check(req, _ctx, mode) {
    const hits: Hit[] = [];
    if (mode === "anywhere") {
      // Through the request's id index (continued across builds): a result is answered when a call of its id comes before it.
      for (const s of requestIds(req, calls, results).orphans) hits.push({ at: s.at, place: placeOf(s.part), toolCallId: s.id, detail: `Tool result ${tick(s.id)} answers no call anywhere before it in the request.` });
      return hits;
    }
    for (let k = 0; k < req.length; k++) {
      const m = req[k];
      if (m.role === "assistant") continue;
      const rs = results(m);
      if (rs.length === 0) continue;
      const prevIds = req[k - 1]?.role === "assistant" ? idsOf(req[k - 1]) : NO_IDS;
      for (const r of rs)
        if (!hasId(prevIds, r.id)) hits.push({ at: k, place: placeOf(r), toolCallId: r.id, detail: `Tool result ${tick(r.id)} answers no call of the assistant message right before it.` });
    }
    return hits;
  },
};

const danglingCall: ProviderRule = {
  code: "dangling-call",
  description: "A tool call without a result in the message right after it (the last message's calls are in flight and not counted).",
  follows: "Anthropic Messages and Chat Completions pairing; Responses pairs by call_id across the whole input.",
  cells: {
    anthropic: { verdict: "rejects", mode: "next", error: "messages.N: tool_use ids were found without tool_result blocks immediately after: toolu_… Each tool_use block must have a corresponding tool_result block in the next message.", source: "anthropics/claude-code #1894, #3632; github/app #2236" },
    bedrock: { verdict: "rejects", mode: "next", error: "Expected toolResult blocks at messages.N.content for the following Ids: tooluse_…", source: "genkit-ai/aws-bedrock-js-plugin #664" },
    "openai-chat": { verdict: "rejects", mode: "next", error: "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: …", source: "HKUDS/OpenHarness #240" },
    "openai-responses": { verdict: "rejects", mode: "anywhere", error: "No tool output found for function call call_…", source: "huggingface/tau PR #269; openai/codex #5385" },
    gemini: { verdict: "n/a", source: "providers.md 3.1", note: "matched by count: see count-mismatch" },
    mistral: { verdict: "n/a", source: "providers.md 3.1", note: "matched by count: see count-mismatch" },
  },
  segmentLocal: (mode) => mode !== "anywhere",
  check(req, _ctx, mode) {
    const hits: Hit[] = [];
    const noResult = (c: CallPart, i: number) => ({ at: i, place: placeOf(c), toolCallId: c.id, detail: `Tool call ${tick(c.id)}${c.name ? ` (${c.name})` : ""} has no result ${mode === "anywhere" ? "anywhere after it" : "in the message right after it"}.` });
    if (mode === "anywhere") {
      // Through the request's id index (continued across builds): a call is answered when a result of its id comes after it.
      // Only ids whose last call comes after their last result have such calls: the calls after that result.
      const ids = requestIds(req, calls, results);
      const found: Use<CallPart>[] = [];
      for (const id of ids.open) {
        const cs = ids.calls.get(id)!;
        const rs = ids.results.get(id);
        const answeredUpTo = rs ? rs[rs.length - 1].at : -1;
        for (let j = cs.length - 1; j >= 0 && cs[j].at > answeredUpTo; j--) if (!inFlight(req, cs[j].at)) found.push(cs[j]);
      }
      found.sort((a, b) => a.seq - b.seq);
      for (const u of found) hits.push(noResult(u.part, u.at));
      return hits;
    }
    for (let i = 0; i < req.length; i++) {
      const cs = calls(req[i]);
      if (cs.length === 0 || inFlight(req, i)) continue;
      const next = req[i + 1]?.role === "user" ? idsOf(req[i + 1]) : NO_IDS;
      for (const c of cs) if (!hasId(next, c.id)) hits.push(noResult(c, i));
    }
    return hits;
  },
};

const resultsNotAdjacent: ProviderRule = {
  code: "results-not-adjacent",
  description: "Tool results that do not come right after a turn with calls, or a turn with calls not followed by results.",
  follows: "Gemini's turn order: a function-response turn right after a function-call turn, a function-call turn right after a user or function-response turn.",
  cells: {
    anthropic: { verdict: "n/a", source: "providers.md 3.1", note: "reported as orphan-result and dangling-call" },
    bedrock: { verdict: "n/a", source: "providers.md 3.1", note: "reported as orphan-result and dangling-call" },
    "openai-chat": { verdict: "n/a", source: "providers.md 3.1", note: "reported as orphan-result and dangling-call" },
    "openai-responses": { verdict: "unknown", source: "providers.md 3.1", note: "matched by call_id within input; adjacency not evidenced" },
    gemini: { verdict: "rejects", error: "Please ensure that function response turn comes immediately after a function call turn.; Please ensure that function call turn comes immediately after a user turn or after a function response turn.", source: "google-gemini/gemini-cli #11814, #26486, #3814; GoogleCloudPlatform/generative-ai PR #368" },
    mistral: { verdict: "unknown", source: "providers.md 3.1" },
  },
  segmentLocal: () => true,
  check(req) {
    const hits: Hit[] = [];
    for (let k = 0; k < req.length; k++) {
      const m = req[k];
      const rs = results(m);
      if (rs.length > 0 && calls(req[k - 1]).length === 0)
        hits.push({ at: k, place: placeOf(rs[0]), toolCallId: rs[0].id, detail: `Tool result ${tick(rs[0].id)} does not come right after a turn with tool calls.` });
      const cs = calls(m);
      if (cs.length > 0 && !inFlight(req, k) && results(req[k + 1]).length === 0)
        hits.push({ at: k, place: placeOf(cs[0]), toolCallId: cs[0].id, detail: `The turn with tool call ${tick(cs[0].id)} is not followed by a turn of tool results.` });
      if (cs.length > 0 && k > 0 && req[k - 1].role === "assistant")
        hits.push({ at: k, place: placeOf(cs[0]), toolCallId: cs[0].id, detail: `The turn with tool call ${tick(cs[0].id)} follows another assistant turn, not a user or tool-result turn.` });
    }
    return hits;
  },
};

const resultsNotFirst: ProviderRule = {
  code: "results-not-first",
  description: "In the message after a turn with calls, text or other content comes before the tool results.",
  follows: "Anthropic Messages: the message after tool_use blocks begins with the matching tool_result blocks.",
  cells: {
    anthropic: { verdict: "rejects", error: "messages.N: Did not find 1 tool_result block(s) at the beginning of this message. Messages following tool_use blocks must begin with a matching number of tool_result blocks.", source: "apify/tester-mcp-client #12" },
    bedrock: { verdict: "rejects", error: "Did not find 1 tool_result block(s) at the beginning of this message. (Non-Claude models: Conversation blocks and tool result blocks cannot be provided in the same turn.)", source: "langchain-ai/langchain-aws #451; strands-agents/harness-sdk #1223; langchain-ai/langchain-aws #141" },
    "openai-chat": { verdict: "n/a", source: "providers.md 3.1", note: "one tool message per result" },
    "openai-responses": { verdict: "n/a", source: "providers.md 3.1", note: "items, not messages" },
    gemini: { verdict: "unknown", source: "providers.md 3.1" },
    mistral: { verdict: "n/a", source: "providers.md 3.1", note: "one tool message per result" },
  },
  segmentLocal: () => true,
  check(req) {
    const hits: Hit[] = [];
    for (let k = 1; k < req.length; k++) {
      const m = req[k];
      if (m.role !== "user" || calls(req[k - 1]).length === 0) continue;
      let before: Part | undefined;
      for (const p of m.parts) {
        if (p.kind !== "result") before ??= p;
        else if (before) {
          hits.push({ at: k, place: placeOf(p), toolCallId: p.id, detail: `Tool result ${tick(p.id)} comes after other content in its message; the results must come first.`, related: [{ place: placeOf(before), message: "content before the results" }] });
          break;
        }
      }
    }
    return hits;
  },
};

const resultsSplit: ProviderRule = {
  code: "results-split",
  description: "The results of one turn's calls are spread over more than one message.",
  follows: "Bedrock Converse and Gemini: all results of a turn in the one message (turn) that follows it.",
  cells: {
    anthropic: { verdict: "accepts", source: "Anthropic API reference (consecutive user turns are combined); providers.md 3.1", note: "consecutive user turns are combined first" },
    bedrock: { verdict: "rejects", error: "Expected toolResult blocks at messages.N.content for the following Ids: tooluse_… (and an alternation error)", source: "providers.md 3.1 (grouping row); quarkiverse/quarkus-langchain4j #1983" },
    "openai-chat": { verdict: "n/a", source: "providers.md 3.1", note: "one tool message per result" },
    "openai-responses": { verdict: "n/a", source: "providers.md 3.1" },
    gemini: { verdict: "rejects", error: "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.", source: "google-gemini/gemini-cli #16543; langchain-ai/langchain #27799" },
    mistral: { verdict: "n/a", source: "providers.md 3.1", note: "one tool message per result" },
  },
  segmentLocal: () => true,
  check(req) {
    const hits: Hit[] = [];
    for (const t of callTurns(req)) {
      if (t.calls.length === 0) continue;
      const ids = new Set(t.calls.map((c) => c.id));
      for (let k = t.i + 2; k < t.next; k++)
        for (const r of results(req[k]))
          if (ids.has(r.id)) hits.push({ at: k, place: placeOf(r), toolCallId: r.id, detail: `Tool result ${tick(r.id)} is in a later message than the other results of its turn.`, related: [{ place: placeOf(t.calls[0]), message: "the turn's calls" }] });
    }
    return hits;
  },
};

const countMismatch: ProviderRule = {
  code: "count-mismatch",
  description: "The number of tool results after a turn differs from the number of its calls.",
  follows: "Gemini and Mistral match calls and responses by count and position, not by id.",
  cells: {
    anthropic: { verdict: "n/a", source: "providers.md 3.1", note: "matched by id: orphan-result, dangling-call" },
    bedrock: { verdict: "n/a", source: "providers.md 3.1", note: "matched by id: orphan-result, dangling-call" },
    "openai-chat": { verdict: "n/a", source: "providers.md 3.1", note: "matched by id" },
    "openai-responses": { verdict: "n/a", source: "providers.md 3.1", note: "matched by id" },
    gemini: { verdict: "rejects", mode: "next-message", error: "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.", source: "google-gemini/gemini-cli #16543; langchain-ai/langchain #27799" },
    mistral: { verdict: "rejects", mode: "run", error: "Not the same number of function calls and responses (invalid_request_message_order, 3230)", source: "NousResearch/hermes-agent PR #11722" },
  },
  segmentLocal: () => true,
  check(req, _ctx, mode) {
    const hits: Hit[] = [];
    for (const t of callTurns(req)) {
      if (t.calls.length === 0 || inFlight(req, t.i)) continue;
      let n = 0;
      if (mode === "run") for (let k = t.i + 1; k < t.next; k++) n += results(req[k]).length;
      else n = results(req[t.i + 1]).length;
      if (n !== t.calls.length)
        hits.push({ at: t.i, place: placeOf(t.calls[0]), toolCallId: t.calls[0].id, detail: `This turn makes ${t.calls.length} tool call${t.calls.length === 1 ? "" : "s"} and is answered by ${n} result${n === 1 ? "" : "s"}.` });
    }
    return hits;
  },
};

// ---------------------------------------------------------------------------------------------
// Ids: duplicates within a message, across turns, duplicate results.

const duplicateCallId: ProviderRule = {
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

const collidingId: ProviderRule = {
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

const duplicateResult: ProviderRule = {
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

// ---------------------------------------------------------------------------------------------
// Message shape: empty content, first message, alternation, last message.

const emptyContent: ProviderRule = {
  code: "empty-content",
  description: "A message or text block with no content (Anthropic: any but a final assistant message; Bedrock: an error tool result).",
  follows: "Anthropic Messages: every message but a last assistant one has content, and text blocks are not empty; Bedrock: an error toolResult has content.",
  cells: {
    anthropic: { verdict: "rejects", mode: "messages", error: "messages.N: all messages must have non-empty content except for the optional final assistant message; text content blocks must be non-empty", source: "anthropics/claude-code #3196, #6774; Portkey error library 10487" },
    bedrock: { verdict: "rejects", mode: "error-results", error: "The content field at messages.<n>.content.0.toolResult cannot be empty when status value is error.", source: "aws-samples/sample-multi-agent-orchestration-chat-on-agentcore #15" },
    "openai-chat": { verdict: "accepts", source: "huggingface/text-generation-inference #3021 (quoting the OpenAI spec)", note: "assistant content may be null with tool_calls" },
    kimi: { verdict: "unknown", source: "providers.md 3.1" },
    "openai-responses": { verdict: "unknown", source: "providers.md 3.1" },
    gemini: { verdict: "unknown", source: "providers.md 3.1" },
    mistral: { verdict: "unknown", source: "providers.md 3.1" },
  },
  segmentLocal: () => true,
  check(req, _ctx, mode) {
    const hits: Hit[] = [];
    for (let k = 0; k < req.length; k++) {
      const m = req[k];
      if (mode === "error-results") {
        for (const r of results(m)) if (r.isError && r.empty) hits.push({ at: k, place: placeOf(r), toolCallId: r.id, detail: `Error result ${tick(r.id)} has empty content.` });
        continue;
      }
      const finalAssistant = k === req.length - 1 && m.role === "assistant";
      if (finalAssistant) continue;
      if (m.parts.length === 0) {
        hits.push({ at: k, place: messagePlace(m), detail: `An empty ${m.role} message.` });
        continue;
      }
      const empty = m.parts.find((p) => p.kind === "text" && p.text.trim() === "");
      if (empty) hits.push({ at: k, place: placeOf(empty), detail: `An empty text block in a ${m.role} message.` });
    }
    return hits;
  },
};

const leadingNonUser: ProviderRule = {
  code: "leading-non-user",
  description: "The request does not open with a user message (Gemini: opens with a turn of tool calls).",
  follows: "Bedrock Converse: a conversation starts with a user message; Gemini: a function-call turn follows a user or function-response turn.",
  cells: {
    anthropic: { verdict: "accepts", source: "anthropics/anthropic-sdk-typescript #622 (assistant-first succeeds since 2024-12); older: lobehub/lobehub #1601" },
    bedrock: { verdict: "rejects", mode: "any", error: "A conversation must start with a user message. Try again with a conversation that starts with a user message.", source: "elastic/kibana PR #246393; pydantic/pydantic-ai #4495" },
    "openai-chat": { verdict: "accepts", source: "providers.md 3.1" },
    "openai-responses": { verdict: "unknown", source: "providers.md 3.1" },
    gemini: { verdict: "rejects", mode: "calls", error: "Please ensure that function call turn comes immediately after a user turn or after a function response turn.", source: "google-gemini/gemini-cli #3814; GoogleCloudPlatform/generative-ai PR #368" },
    kimi: { verdict: "unknown", source: "providers.md 3.1" },
    mistral: { verdict: "unknown", source: "providers.md 3.1" },
  },
  check(req, _ctx, mode) {
    const first = req[0];
    if (!first || first.role === "user") return [];
    if (mode === "calls" && calls(first).length === 0) return [];
    return [{ place: messagePlace(first), detail: mode === "calls" ? "The request opens with a turn of tool calls, not a user message." : "The request opens with an assistant message, not a user message." }];
  },
};

const roleAlternation: ProviderRule = {
  code: "role-alternation",
  description: "Two messages of the same role in a row.",
  follows: "Bedrock Converse: user and assistant turns take turns.",
  cells: {
    anthropic: { verdict: "accepts", source: "Anthropic API reference (consecutive turns combined); historical error quoted in claude-api skill shared/error-codes.md" },
    bedrock: { verdict: "rejects", error: "A conversation must alternate between user and assistant roles. Make sure the conversation alternates between user and assistant roles and try again.", source: "Portkey-AI/gateway #748; cline/cline #431; microsoft/semantic-kernel #10281" },
    "openai-chat": { verdict: "accepts", source: "providers.md 3.1" },
    "openai-responses": { verdict: "accepts", source: "providers.md 3.1" },
    gemini: { verdict: "n/a", source: "providers.md 3.1", note: "enforced for function-call turns: results-not-adjacent" },
    mistral: { verdict: "unknown", source: "providers.md 3.1" },
  },
  check(req) {
    const hits: Hit[] = [];
    for (let k = 1; k < req.length; k++)
      if (req[k].role === req[k - 1].role) hits.push({ place: messagePlace(req[k]), detail: `Two ${req[k].role} messages in a row.`, related: [{ place: messagePlace(req[k - 1]), message: "the message before" }] });
    return hits;
  },
};

/** Claude models from 4.6 on refuse prefill; older ones accept it. Unknown models count as refusing. */
function claudeRefusesPrefill(model: string | undefined): boolean {
  const m = /claude-(?:[a-z]+-)?(\d+)(?:[-.](\d+))?/.exec(model ?? "");
  if (!m) return true;
  const major = Number(m[1]);
  const minor = m[2] && m[2].length <= 2 ? Number(m[2]) : 0;
  return major > 4 || (major === 4 && minor >= 6);
}

const FINAL_STOPS = new Set(["stop", "length", "end_turn", "endTurn", "stop_sequence"]);

const endsWithAssistant: ProviderRule = {
  code: "ends-with-assistant",
  description: "The request ends with an assistant message the agent continues from (prefill): no calls, not a finished turn.",
  follows: "Anthropic (Claude 4.6+), Bedrock and Gemini: the conversation ends with a user message.",
  cells: {
    anthropic: { verdict: "rejects", mode: "claude-4.6", error: "This model does not support assistant message prefill. The conversation must end with a user message.", source: "developersdigest.tech summary of the Anthropic errors page; teunlao/eversession src/agents/claude/validate.ts", note: "Claude 4.6 and later" },
    bedrock: { verdict: "rejects", paraphrase: true, error: "the last message must be a user message", source: "microsoft/semantic-kernel #10281 (maintainer)" },
    "openai-chat": { verdict: "accepts", source: "providers.md 3.1" },
    "openai-responses": { verdict: "accepts", source: "providers.md 3.1" },
    gemini: { verdict: "rejects", paraphrase: true, error: "a request whose history ends on a model turn is rejected", source: "crewAIInc/crewAI PR #6973" },
    kimi: { verdict: "unknown", source: "providers.md 3.1" },
    mistral: { verdict: "unknown", source: "providers.md 3.1" },
  },
  check(req, ctx, mode) {
    const last = req[req.length - 1];
    if (!last || last.role !== "assistant" || calls(last).length > 0) return [];
    if (last.stopReason !== undefined && FINAL_STOPS.has(last.stopReason)) return [];
    if (mode === "claude-4.6" && !claudeRefusesPrefill(ctx.targetModel)) return [];
    return [{ place: messagePlace(last), detail: `The request ends with an assistant message${last.stopReason ? ` (stopReason \`${last.stopReason}\`)` : ""} that the agent continues from, not a user message.` }];
  },
};

// ---------------------------------------------------------------------------------------------
// Reasoning integrity.

const thinkingOrder: ProviderRule = {
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

const thinkingAltered: ProviderRule = {
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

const reasoningItemIncomplete: ProviderRule = {
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

const reasoningContentMissing: ProviderRule = {
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

const thoughtSignatureMissing: ProviderRule = {
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

// ---------------------------------------------------------------------------------------------
// Id and name format.

const ANTHROPIC_ID = /^[a-zA-Z0-9_-]+$/;
const NAME = /^[a-zA-Z0-9_-]+$/;

const invalidCallId: ProviderRule = {
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

const invalidToolName: ProviderRule = {
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

export const PROVIDER_RULES: readonly ProviderRule[] = [
  orphanResult,
  danglingCall,
  resultsNotAdjacent,
  resultsNotFirst,
  resultsSplit,
  countMismatch,
  duplicateCallId,
  collidingId,
  duplicateResult,
  emptyContent,
  leadingNonUser,
  roleAlternation,
  endsWithAssistant,
  thinkingOrder,
  thinkingAltered,
  reasoningItemIncomplete,
  reasoningContentMissing,
  thoughtSignatureMissing,
  invalidCallId,
  invalidToolName,
];

export type { Cell, CheckContext, Hit, ProviderRule };
