/**
 * The providers a request can go to, by the names the CLI and settings use. DeepSeek, Kimi and
 * Qwen speak OpenAI Chat Completions: their packs are `openai-chat`'s except where they differ.
 */
export const PROVIDER_NAMES = ["anthropic", "bedrock", "openai-chat", "openai-responses", "gemini", "mistral", "deepseek", "kimi", "qwen"] as const;

export type ProviderName = (typeof PROVIDER_NAMES)[number];

export const PROVIDER_LABELS: Record<ProviderName, string> = {
  anthropic: "Anthropic",
  bedrock: "Bedrock",
  "openai-chat": "OpenAI Chat",
  "openai-responses": "OpenAI Responses",
  gemini: "Gemini",
  mistral: "Mistral",
  deepseek: "DeepSeek",
  kimi: "Kimi",
  qwen: "Qwen",
};

/** The pack a variant inherits from (itself for the six base packs). */
export const PROVIDER_BASE: Record<ProviderName, ProviderName> = {
  anthropic: "anthropic",
  bedrock: "bedrock",
  "openai-chat": "openai-chat",
  "openai-responses": "openai-responses",
  gemini: "gemini",
  mistral: "mistral",
  deepseek: "openai-chat",
  kimi: "openai-chat",
  qwen: "openai-chat",
};

export function isProviderName(s: unknown): s is ProviderName {
  return typeof s === "string" && (PROVIDER_NAMES as readonly string[]).includes(s);
}
