/** Text of a message or of its content, as the model reads it (shared by the pruners, rules and views). */
import { isObject } from "../model/parse.js";
import type { Msg } from "../model/types.js";
import { llmUserContent } from "./pi/convert-to-llm.js";

/** The text blocks of a content value (a string, or an array of blocks), joined by newlines. */
export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((c) => isObject(c) && c.type === "text" && typeof c.text === "string")
    .map((c: any) => c.text)
    .join("\n");
}

/**
 * Text of a message as the model reads it (for previews and token estimates). pi's own roles
 * (summaries, bash executions, custom messages) read as convertToLlm sends them, so a message
 * has the same text and estimate before and after the wire conversion.
 */
export function messageText(m: Msg): string {
  switch (m.role) {
    case "assistant": {
      const parts: string[] = [];
      for (const b of Array.isArray(m.content) ? m.content : []) {
        if (!b || typeof b !== "object") continue;
        if (b.type === "text") parts.push(String(b.text ?? ""));
        else if (b.type === "thinking") parts.push(String(b.thinking ?? ""));
        else if (b.type === "toolCall") parts.push(`${b.name ?? "tool"}(${JSON.stringify(b.arguments ?? {})})`);
      }
      return parts.join("\n");
    }
    case "branchSummary":
    case "compactionSummary":
    case "bashExecution":
    case "custom":
      return textOf(llmUserContent(m));
    default:
      return textOf(m.content);
  }
}
