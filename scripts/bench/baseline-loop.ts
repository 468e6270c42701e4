import { countText } from "./baseline-visitor.mjs";

/**
 * The baseline loop on a text in memory (the LSP and inspector scenarios' baseline, measured in
 * their own process): split + JSON.parse + orphan loop (a result whose id no earlier call has),
 * with baseline.mjs's loop (baseline-visitor.mjs): pi `toolCall` / `toolResult`, Claude
 * Code `tool_use` / `tool_result`, Codex `function_call` / `function_call_output`, … (a JSON
 * document, Cline's or Roo Code's, parsed at once).
 */
export function baselineLoop(text: string): number {
  return countText(text).orphans;
}
