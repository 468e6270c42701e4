/**
 * Where OpenCode's requests go: each assistant message records its provider and model
 * (`providerID`, `modelID`; a user message names the model it asks, `model {providerID, modelID}`).
 * OpenCode talks to each provider through its AI SDK package: `anthropic` the Messages API,
 * `openai` the Responses API, `google` and `google-vertex` Gemini, `amazon-bedrock` Bedrock's
 * Converse; `github-copilot` Responses for gpt-5 and later (not gpt-5-mini), else Chat Completions;
 * OpenCode's own gateway (`opencode`) the API of the model it routes to; any other (`openrouter`, a gateway, a local server) takes OpenAI Chat Completions.
 */
import { isObject } from "../../model/parse.js";
import type { ModelRef, ProviderName } from "../../model/provider-names.js";
import { providerOf } from "../../model/provider-names.js";
import type { Msg, Session } from "../../model/types.js";
import { infoOf } from "./opencode-read.js";

/** The provider pack of an OpenCode provider id and model id. */
export function openCodePackOf(provider: unknown, model: unknown): ProviderName {
  const p = typeof provider === "string" ? provider.toLowerCase() : "";
  const m = typeof model === "string" ? model.toLowerCase() : "";
  if (p === "anthropic" || p === "google-vertex-anthropic") return "anthropic";
  if (p === "amazon-bedrock") return "bedrock";
  if (p === "google" || p === "google-vertex") return "gemini";
  if (p === "openai" || p === "azure") return "openai-responses";
  // GitHub Copilot: Responses for gpt-5 and later but gpt-5-mini, Chat Completions for the rest (OpenCode v1.18.3 packages/opencode/src/provider/provider.ts:225-239).
  if (p === "github-copilot") return /^gpt-([5-9]|\d{2,})/.test(m) && !m.startsWith("gpt-5-mini") ? "openai-responses" : "openai-chat";
  // OpenCode's own gateway (Zen): the API of the model it routes to.
  if (p === "opencode") {
    if (m.startsWith("claude")) return "anthropic";
    if (m.startsWith("gpt-5") || m.startsWith("o3") || m.startsWith("o4")) return "openai-responses";
    if (m.startsWith("gemini")) return "gemini";
  }
  return providerOf(p, "openai-completions", model) ?? "openai-chat";
}

/** The model of each assistant message, in order. */
export function openCodeModelTurns(session: Session): ModelRef[] {
  const out: ModelRef[] = [];
  for (const e of session.branch) {
    const info = infoOf(e.raw);
    if (info.role !== "assistant") continue;
    const model = typeof info.modelID === "string" && info.modelID !== "" ? info.modelID : undefined;
    out.push({ provider: openCodePackOf(info.providerID, model), ...(model ? { model } : {}), line: e.line });
  }
  if (out.length === 0) {
    // A session with no answer yet: the model its first user message asks.
    const asked = session.branch.map((e) => infoOf(e.raw).model).find(isObject);
    if (asked) out.push({ provider: openCodePackOf(asked.providerID, asked.modelID), ...(typeof asked.modelID === "string" ? { model: asked.modelID } : {}), line: session.branch[0].line });
    else if (session.branch.length > 0) out.push({ provider: "openai-chat", line: session.branch[0].line });
  }
  return out;
}

/** The pack a message's own model speaks. */
export function openCodeMessagePack(m: Msg): ProviderName | undefined {
  return m.role === "assistant" ? openCodePackOf(m.provider, m.model) : undefined;
}
