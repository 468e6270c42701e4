/**
 * Which provider each turn went to, and so where the next request goes: the provider of the
 * latest turn. pi records `provider`, `api` and `model` on every assistant message and a
 * `model_change` entry (`provider`, `modelId`) when the user switches; a v1 header carries the
 * starting `provider`/`modelId`. Claude Code talks to Anthropic (Bedrock when the model id is a
 * Bedrock one, `anthropic.claude-...`); Codex to OpenAI Responses.
 */
import type { Session } from "../model/types.js";
import { type ModelRef, providerOf } from "../model/provider-names.js";
import { formatProfile } from "../formats/registry.js";

export type { ModelRef };
export { providerOf };

/** Every model reference on the active branch, in order (the format profile reads them). */
export function modelTurns(session: Session): ModelRef[] {
  return formatProfile(session.format)?.providers.modelTurns(session) ?? [];
}

/** The model the next request goes to: the latest reference (its provider may be unrecognised). */
export function latestModel(turns: ModelRef[]): ModelRef | undefined {
  return turns[turns.length - 1];
}
