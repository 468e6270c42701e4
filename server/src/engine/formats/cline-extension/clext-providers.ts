/**
 * Where Cline's requests go. From 3.37 each assistant message records the model it came from
 * (`modelInfo {modelId, providerId, mode}`: cline/cline v3.89.2, under apps/vscode: src/shared/messages/metrics.ts):
 * a provider named for an API speaks that API (`anthropic`, `claude-code`; `bedrock`; `gemini`;
 * `vertex` serves Claude and Gemini models), any other (`cline`, `openrouter`, an OpenAI-compatible
 * endpoint) OpenAI Chat Completions. Older histories name no model (the API configuration is
 * Cline's setting; `task_metadata.json` beside the history lists the models used, `model_usage`,
 * but this reading takes the history alone): Anthropic's Messages API is assumed, the API Cline
 * stores its history in. `--provider` and the editor's target provider choose another.
 */
import { isObject } from "../../model/parse.js";
import type { ModelRef, ProviderName } from "../../model/provider-names.js";
import { providerOf } from "../../model/provider-names.js";
import type { Msg, Session } from "../../model/types.js";

/** The provider pack of a recorded provider id and model id; Anthropic when none is recorded. */
function packOf(provider: unknown, model: unknown): ProviderName {
  if (typeof provider !== "string" || provider === "") return "anthropic";
  const p = provider.toLowerCase();
  if (p === "anthropic" || p === "claude-code") return "anthropic";
  if (p === "bedrock") return "bedrock";
  if (p === "gemini") return "gemini";
  if (p === "vertex") return typeof model === "string" && model.toLowerCase().includes("claude") ? "anthropic" : "gemini";
  return providerOf(undefined, "openai-completions", model) ?? "openai-chat";
}

const infoOf = (raw: Record<string, any>) => (isObject(raw.modelInfo) ? raw.modelInfo : {});

/** One turn per assistant message: its recorded model, or Anthropic (assumed). */
export function clineTaskModelTurns(session: Session): ModelRef[] {
  const out: ModelRef[] = [];
  for (const e of session.branch) {
    if (e.raw.role !== "assistant") continue;
    const info = infoOf(e.raw);
    const model = typeof info.modelId === "string" && info.modelId !== "" ? info.modelId : undefined;
    out.push({ provider: packOf(info.providerId, model), ...(model ? { model } : {}), line: e.line });
  }
  if (out.length === 0 && session.branch.length > 0) out.push({ provider: "anthropic", line: session.branch[0].line });
  return out;
}

export function clineTaskMessagePack(m: Msg): ProviderName | undefined {
  return m.role === "assistant" ? packOf(m.provider, m.model) : undefined;
}
