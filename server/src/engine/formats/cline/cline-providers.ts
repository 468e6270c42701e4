/**
 * Where Cline's requests go: each assistant message records the model it came from
 * (`modelInfo.id`, `modelInfo.provider`). The provider is the API the request was sent to: a
 * provider named for an API speaks that API (`anthropic`; `bedrock`; `gemini`, `vertex`; `openai`:
 * Responses); a gateway (`cline`, `openrouter`, and any other) takes OpenAI Chat Completions
 * requests whatever model it routes to.
 */
import { isObject } from "../../model/parse.js";
import type { ModelRef, ProviderName } from "../../model/provider-names.js";
import { providerOf } from "../../model/provider-names.js";
import type { Msg, Session } from "../../model/types.js";

/** The provider pack of a Cline provider name and model id. */
export function clinePackOf(provider: unknown, model: unknown): ProviderName {
  const p = typeof provider === "string" ? provider.toLowerCase() : "";
  if (p === "anthropic" || p === "claude-code") return "anthropic";
  if (p === "bedrock") return "bedrock";
  if (p === "gemini" || p === "vertex") return "gemini";
  // The SDK's `inferProtocol` (packages/llms builtins): OpenAI's own provider speaks Responses.
  if (p === "openai" || p === "openai-native" || p === "openai-codex") return "openai-responses";
  if (p === "mistral") return "mistral";
  if (p === "deepseek") return "deepseek";
  if (p === "moonshot") return "kimi";
  if (p === "qwen") return "qwen";
  // A gateway or an OpenAI-compatible endpoint: Chat Completions, whichever model it routes to.
  return providerOf(undefined, "openai-completions", model) ?? "openai-chat";
}

/** The model of each assistant message, in order. */
export function clineModelTurns(session: Session): ModelRef[] {
  const out: ModelRef[] = [];
  for (const e of session.branch) {
    if (e.raw.role !== "assistant") continue;
    const info = isObject(e.raw.modelInfo) ? e.raw.modelInfo : {};
    const model = typeof info.id === "string" && info.id !== "" ? info.id : undefined;
    out.push({ provider: clinePackOf(info.provider, model), ...(model ? { model } : {}), line: e.line });
  }
  if (out.length === 0 && session.branch.length > 0) out.push({ provider: "openai-chat", line: session.branch[0].line });
  return out;
}

/** The pack a message's own model speaks. */
export function clineMessagePack(m: Msg): ProviderName | undefined {
  return m.role === "assistant" ? clinePackOf(m.provider, m.model) : undefined;
}
