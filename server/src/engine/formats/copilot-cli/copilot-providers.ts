/**
 * Where Copilot CLI's requests go: the Copilot API (or a bring-your-own-key provider), in the
 * shape its usage records name (`apiEndpoint`: `/chat/completions`, `/v1/messages`,
 * `/responses`); OpenAI Chat Completions where none is recorded (1.0.102 in its BYOK OpenAI mode
 * sends Chat Completions).
 */
import { isObject } from "../../model/parse.js";
import type { ModelRef, ProviderName } from "../../model/provider-names.js";
import type { Msg, Session } from "../../model/types.js";
import { isSubagentEvent } from "./copilot-message.js";

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

function packOfEndpoint(endpoint: unknown): ProviderName | undefined {
  if (endpoint === "/v1/messages") return "anthropic";
  if (endpoint === "/responses" || endpoint === "ws:/responses") return "openai-responses";
  if (endpoint === "/chat/completions") return "openai-chat";
  return undefined;
}

/** One model reference per main-agent assistant message, with the endpoint of the usage record before it. */
export function copilotModelTurns(session: Session): ModelRef[] {
  const out: ModelRef[] = [];
  let endpoint: ProviderName | undefined;
  for (const e of session.branch) {
    const v = e.raw;
    const d = isObject(v.data) ? v.data : undefined;
    if (!d || isSubagentEvent(v)) continue;
    if (v.type === "session.usage_record" && isObject(d.usage)) endpoint = packOfEndpoint(d.usage.apiEndpoint) ?? endpoint;
    else if (v.type === "assistant.usage") endpoint = packOfEndpoint(d.apiEndpoint) ?? endpoint;
    else if (v.type === "assistant.message") out.push({ provider: endpoint ?? "openai-chat", model: str(d.model), line: e.line });
  }
  if (out.length === 0 && session.branch.length > 0) out.push({ provider: "openai-chat", line: session.branch[0].line });
  return out;
}

export function copilotPackOf(m: Msg): ProviderName {
  return m.provider === "anthropic" || m.provider === "openai-responses" ? m.provider : "openai-chat";
}
