/**
 * How a Codex rollout's context continues after an append (the format profile's `extendContext`
 * hook): Codex rollouts are linear, and each conversation item becomes a message of its own except
 * that consecutive items the model produced (reasoning, its text, calls) form one assistant
 * message. So appended items extend the previous context unless the first of them joins the
 * assistant message the previous context ends with.
 */
import type { Entry, Msg } from "../../model/types.js";
import { buildCodexContext, conversationItemOf } from "./codex-context.js";
import { isAssistantSide } from "./codex-item-kinds.js";

export function codexExtendContext(prevBefore: Msg[], _prevBranch: readonly Entry[], tail: readonly Entry[]): Msg[] | null {
  const last = prevBefore[prevBefore.length - 1];
  const first = tail.map(conversationItemOf).find((p) => p !== undefined);
  if (!first) return prevBefore;
  if (last?.role === "assistant" && isAssistantSide(first)) return null;
  const added = buildCodexContext(tail).filter((m) => m.role !== "system");
  return added.length ? prevBefore.concat(added) : prevBefore;
}
