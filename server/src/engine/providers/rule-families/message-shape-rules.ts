/** Message-shape rules: empty content, the first message, alternation, the last message. */
import type { Hit, ProviderRule } from "../rule-types.js";
import { messagePlace, placeOf } from "../request-model.js";
import { calls, results, tick } from "../request-parts.js";
import { formatProfile } from "../../formats/registry.js";

export const emptyContent: ProviderRule = {
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

export const leadingNonUser: ProviderRule = {
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

export const roleAlternation: ProviderRule = {
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
  // A message is compared with the one before it.
  segmentLocal: () => true,
  check(req) {
    const hits: Hit[] = [];
    for (let k = 1; k < req.length; k++)
      if (req[k].role === req[k - 1].role) hits.push({ at: k, place: messagePlace(req[k]), detail: `Two ${req[k].role} messages in a row.`, related: [{ place: messagePlace(req[k - 1]), message: "the message before" }] });
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

export const endsWithAssistant: ProviderRule = {
  code: "ends-with-assistant",
  description: "The request ends with an assistant message the agent continues from (prefill): no calls, not a finished turn, and an agent that sends it as it ends (Claude Code, Codex and Copilot CLI add the user's next prompt after it).",
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
    // Claude Code, Codex, Copilot CLI: the next request adds the user's prompt after this message
    if (formatProfile(ctx.session.format)?.providers.nextRequestAddsUserTurn) return [];
    if (last.stopReason !== undefined && FINAL_STOPS.has(last.stopReason)) return [];
    if (mode === "claude-4.6" && !claudeRefusesPrefill(ctx.targetModel)) return [];
    return [{ place: messagePlace(last), detail: `The request ends with an assistant message${last.stopReason ? ` (stopReason \`${last.stopReason}\`)` : ""} that the agent continues from, not a user message.` }];
  },
};

