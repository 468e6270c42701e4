/**
 * Where Claude Code's requests go: Anthropic's Messages API, on Bedrock when the model id is a
 * Bedrock one (`anthropic.claude-...`). Claude Code on Bedrock or Vertex sends Anthropic Messages
 * bodies, not Converse.
 */
import { BEDROCK_MODEL, type ModelRef, type ProviderName } from "../../model/provider-names.js";
import type { Entry, Msg, Session } from "../../model/types.js";
import { readingOf } from "./claude-code-reading.js";

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/** One model reference per assistant line of the branch (Anthropic when none says); the reading keeps them from version to version. */
export function claudeCodeModelTurns(session: Session): ModelRef[] {
  const out = readingOf(session.entries).alongBranch(session.branch, "model turns", modelTurnOf);
  if (out.length === 0 && session.branch.length > 0) return [{ provider: "anthropic", line: session.branch[0].line }];
  return out;
}

function modelTurnOf(e: Entry): ModelRef | undefined {
  const m = e.raw.message;
  if (e.raw.type !== "assistant" || !m || typeof m !== "object") return undefined;
  const model = str(m.model);
  return { provider: model && BEDROCK_MODEL.test(model) ? "bedrock" : "anthropic", model, line: e.line };
}

/** The pack a Claude Code message's model speaks. */
export function claudeCodePackOf(m: Msg): ProviderName {
  return typeof m.model === "string" && BEDROCK_MODEL.test(m.model) ? "bedrock" : "anthropic";
}
