/**
 * Where Hermes Agent's requests go: the session row records the model (`model`) and the provider
 * it bills (`billing_provider`, with `billing_base_url`); messages record none. Hermes talks to
 * Nous Portal, OpenRouter and other OpenAI-compatible endpoints through Chat Completions; to
 * `anthropic` through the Messages API; to `openai-codex` (and an `api_mode` of
 * `codex_responses`) through the Responses API; a Bedrock endpoint through Converse.
 */
import type { ModelRef, ProviderName } from "../../model/provider-names.js";
import { providerOf } from "../../model/provider-names.js";
import type { Msg, Session } from "../../model/types.js";

/** The provider pack of a Hermes provider, base URL and model. */
export function hermesPackOf(provider: unknown, baseUrl: unknown, model: unknown): ProviderName {
  const p = typeof provider === "string" ? provider.toLowerCase() : "";
  const url = typeof baseUrl === "string" ? baseUrl.toLowerCase() : "";
  if (p === "anthropic" || url.includes("api.anthropic.com")) return "anthropic";
  if (p === "openai-codex" || url.includes("chatgpt.com/backend-api/codex")) return "openai-responses";
  if (p.includes("bedrock") || url.includes("bedrock")) return "bedrock";
  // Nous Portal, OpenRouter, a custom or local endpoint: OpenAI Chat Completions.
  if (p === "nous" || p === "openrouter" || p === "custom" || p === "auto" || p === "") return "openai-chat";
  return providerOf(p, "openai-completions", model) ?? "openai-chat";
}

/** The model of each assistant message (the session's, as its row records it), in order. */
export function hermesModelTurns(session: Session): ModelRef[] {
  const head = session.header?.raw ?? {};
  const model = typeof head.model === "string" && head.model !== "" ? head.model : undefined;
  const provider = hermesPackOf(head.billing_provider, head.billing_base_url, model);
  const out: ModelRef[] = [];
  for (const e of session.branch) if (e.raw.role === "assistant") out.push({ provider, ...(model ? { model } : {}), line: e.line });
  if (out.length === 0 && session.branch.length > 0) out.push({ provider, ...(model ? { model } : {}), line: session.branch[0].line });
  return out;
}

/** Hermes records no model on a message. */
export const hermesMessagePack = (_m: Msg): ProviderName | undefined => undefined;
