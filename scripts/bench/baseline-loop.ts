import { orphanCounter } from "./baseline-visitor.mjs";

/**
 * The baseline loop on a text in memory (the LSP and inspector scenarios' baseline, measured in
 * their own process): split + JSON.parse + orphan loop (a result whose id no earlier call has),
 * with baseline.mjs's loop (baseline-visitor.mjs): pi `toolCall` / `toolResult`, Claude
 * Code `tool_use` / `tool_result`, Codex `function_call` / `function_call_output`.
 */
export function baselineLoop(text: string): number {
  const counter = orphanCounter();
  for (const line of text.split("\n")) counter.visit(line);
  return counter.orphans;
}
