/**
 * Where Cline's requests go: its task history names no provider or model (the API configuration
 * is Cline's setting; `task_metadata.json` beside the history lists the models used, `model_usage`,
 * but this reading takes the history alone), so the provider is assumed: Anthropic's Messages API,
 * the API Cline stores its history in. `--provider` and the editor's target provider choose another.
 */
import type { ModelRef, ProviderName } from "../../model/provider-names.js";
import type { Msg, Session } from "../../model/types.js";

/** One turn per assistant message, each to Anthropic (assumed). */
export function clineTaskModelTurns(session: Session): ModelRef[] {
  const out: ModelRef[] = [];
  for (const e of session.branch) if (e.raw.role === "assistant") out.push({ provider: "anthropic", line: e.line });
  if (out.length === 0 && session.branch.length > 0) out.push({ provider: "anthropic", line: session.branch[0].line });
  return out;
}

export function clineTaskMessagePack(m: Msg): ProviderName | undefined {
  return m.role === "assistant" ? "anthropic" : undefined;
}
