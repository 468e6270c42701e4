/**
 * Where Roo Code's requests go: its task history names no provider or model (the task's API
 * configuration is Roo Code's setting, not part of the file), so the provider is assumed: Anthropic's
 * Messages API, Roo Code's default provider. `--provider` and the editor's target provider choose
 * another.
 */
import type { ModelRef, ProviderName } from "../../model/provider-names.js";
import type { Msg, Session } from "../../model/types.js";

/** One turn per assistant message, each to Anthropic (assumed). */
export function rooModelTurns(session: Session): ModelRef[] {
  const out: ModelRef[] = [];
  for (const e of session.branch) if (e.raw.role === "assistant") out.push({ provider: "anthropic", line: e.line });
  if (out.length === 0 && session.branch.length > 0) out.push({ provider: "anthropic", line: session.branch[0].line });
  return out;
}

export function rooMessagePack(m: Msg): ProviderName | undefined {
  return m.role === "assistant" ? "anthropic" : undefined;
}
