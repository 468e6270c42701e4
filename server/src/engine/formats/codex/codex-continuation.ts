/**
 * How a Codex rollout's context continues after an append (the format profile's `extendContext`
 * hook): Codex rollouts are linear, and each response item becomes a message of its own except
 * that consecutive assistant-side items (reasoning, assistant text, calls) of one response form
 * one assistant message. So appended items extend the previous context unless the first of them
 * joins the assistant message the previous context ends with.
 */
import type { Entry, Msg } from "../../model/types.js";
import { buildCodexContext, codexPayloadOf, isAssistantSide } from "./codex-context.js";

export function codexExtendContext(prevBefore: Msg[], _prevBranch: readonly Entry[], tail: readonly Entry[]): Msg[] | null {
  const last = prevBefore[prevBefore.length - 1];
  const first = tail.find((e) => codexPayloadOf(e) !== undefined);
  if (!first) return prevBefore;
  if (last?.role === "assistant" && isAssistantSide(codexPayloadOf(first)!)) return null;
  const added = buildCodexContext([...tail]).filter((m) => m.role !== "system");
  return added.length ? prevBefore.concat(added) : prevBefore;
}
