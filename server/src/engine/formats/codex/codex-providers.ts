/** Where Codex's requests go: the OpenAI Responses API, with the model of each `turn_context`. */
import type { ModelRef } from "../../model/provider-names.js";
import type { Session } from "../../model/types.js";
import { codexHistory } from "./codex-history.js";

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

/**
 * The Responses items Codex sends on resume, in its order (codex-history.ts): the reasoning rule
 * checks each reasoning item with the item that follows it in the request, not in the file (a
 * compaction, a rollback, a line Codex cannot decode or a made-up output change what follows).
 * `line` is the item's file line (the `compacted` line for an item of a replacement history).
 */
export function codexReasoningItems(session: Session): { item: Record<string, any>; line: number; bare: boolean }[] {
  return codexHistory(session).items.map((it) => ({ item: it.payload, line: it.line, bare: it.path.length === 0 }));
}
