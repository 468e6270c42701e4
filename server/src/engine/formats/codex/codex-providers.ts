/** Where Codex's requests go: the OpenAI Responses API, with the model of each `turn_context`. */
import { isObject } from "../../model/parse.js";
import type { ModelRef } from "../../model/provider-names.js";
import type { Session } from "../../model/types.js";

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/** One model reference per `turn_context` line (OpenAI Responses when none says). */
export function codexModelTurns(session: Session): ModelRef[] {
  const out: ModelRef[] = [];
  for (const e of session.branch) {
    const p = e.raw.payload;
    if (e.raw.type === "turn_context" && p && typeof p === "object")
      out.push({ provider: "openai-responses", model: str(p.model), api: "openai-responses", line: e.line });
  }
  if (out.length === 0 && session.branch.length > 0) out.push({ provider: "openai-responses", api: "openai-responses", line: session.branch[0].line });
  return out;
}

/** The rollout's own Responses items, in file order (Codex replays them as stored). */
export function codexReasoningItems(session: Session): { item: Record<string, any>; line: number; bare: boolean }[] {
  const items: { item: Record<string, any>; line: number; bare: boolean }[] = [];
  for (const e of session.branch) {
    const v = e.raw;
    if (v.type === "response_item" && isObject(v.payload)) items.push({ item: v.payload, line: e.line, bare: false });
  }
  return items;
}
