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

export interface ModelRef {
  /** The provider pack this model's requests go through; undefined when not recognised. */
  provider?: ProviderName;
  /** As recorded: pi's `provider`, `api` and `model`. */
  recordedProvider?: string;
  api?: string;
  model?: string;
  /** 0-based line of the entry it was read from. */
  line: number;
}

/**
 * Maps pi-ai's recorded provider, api and model id to a provider pack. Each is read from a file
 * as it is: anything but a string counts as missing (the reader reports the wrong type).
 */
export function providerOf(provider: unknown, api: unknown, model: unknown): ProviderName | undefined {
  const p = lower(provider);
  const a = lower(api);
  const m = lower(model);
  if (p.includes("bedrock") || a.includes("bedrock")) return "bedrock";
  if (a === "anthropic-messages") return "anthropic";
  if (a.includes("responses")) return "openai-responses";
  if (a.startsWith("google") || p.startsWith("google") || p === "gemini") return "gemini";
  if (a.startsWith("mistral") || p === "mistral") return "mistral";
  if (p.includes("deepseek") || m.includes("deepseek")) return "deepseek";
  if (p.includes("moonshot") || p.includes("kimi") || m.includes("kimi")) return "kimi";
  if (p.includes("qwen") || p.includes("dashscope") || p.includes("alibaba") || m.includes("qwen")) return "qwen";
  if (a === "openai-completions") return "openai-chat";
  if (p === "anthropic") return "anthropic";
  if (p === "openai" || p === "openai-codex" || p === "azure-openai-responses") return "openai-responses";
  if (m.startsWith("claude")) return "anthropic";
  if (m.startsWith("gemini")) return "gemini";
  if (/^(mistral|codestral|devstral|magistral)/.test(m)) return "mistral";
  return undefined;
}

/** A string read from a file, lower-cased; "" for anything else. */
function lower(s: unknown): string {
  return typeof s === "string" ? s.toLowerCase() : "";
}

/** Bedrock's Anthropic model ids (`anthropic.claude-...`, `us.anthropic.claude-...`, ARNs). */
export const BEDROCK_MODEL = /(^|[.:/])anthropic\.claude/;

