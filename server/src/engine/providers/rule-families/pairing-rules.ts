/** Pairing rules: orphan results, missing results, adjacency, grouping, counts. */
import type { Hit, ProviderRule } from "../rule-types.js";
import { placeOf, type Part } from "../request-model.js";
import { type CallPart, requestIds, type Use } from "../request-ids.js";
import { NO_IDS, calls, results, idsOf, hasId, tick, callTurns, inFlight } from "../request-parts.js";
import { formatProfile } from "../../formats/registry.js";


export const orphanResult: ProviderRule = {
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

export const danglingCall: ProviderRule = {
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
  check(req, ctx, mode) {
    const hits: Hit[] = [];
    // The last message's calls are in flight, unless the agent's next request sends them as they are (Kimi CLI).
    const open = formatProfile(ctx.session.format)?.providers.sendsLastCallsUnanswered === true;
    const pending = (i: number) => !open && inFlight(req, i);
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
        for (let j = cs.length - 1; j >= 0 && cs[j].at > answeredUpTo; j--) if (!pending(cs[j].at)) found.push(cs[j]);
      }
      found.sort((a, b) => a.seq - b.seq);
      for (const u of found) hits.push(noResult(u.part, u.at));
      return hits;
    }
    for (let i = 0; i < req.length; i++) {
      const cs = calls(req[i]);
      if (cs.length === 0 || pending(i)) continue;
      const next = req[i + 1]?.role === "user" ? idsOf(req[i + 1]) : NO_IDS;
      for (const c of cs) if (!hasId(next, c.id)) hits.push(noResult(c, i));
    }
    return hits;
  },
};

export const resultsNotAdjacent: ProviderRule = {
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

export const resultsNotFirst: ProviderRule = {
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

export const resultsSplit: ProviderRule = {
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

export const countMismatch: ProviderRule = {
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

