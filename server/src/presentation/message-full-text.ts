/**
 * A message's full text for the inspector's expanded row: every text block, thinking, and each
 * tool call with its arguments as indented JSON; results and summaries as their text. What the
 * message holds, not a preview; the caller bounds it.
 */
import { messageText, textOf } from "../engine/index.js";
import type { Msg } from "../engine/index.js";

function json(x: unknown): string {
  try {
    return JSON.stringify(x ?? {}, null, 2) ?? "";
  } catch {
    return String(x);
  }
}

function blockText(b: any): string | undefined {
  if (!b || typeof b !== "object") return undefined;
  switch (b.type) {
    case "text":
      return String(b.text ?? "");
    case "thinking":
      return `[thinking]\n${String(b.thinking ?? "")}`;
    case "toolCall":
      return `[tool call] ${String(b.name ?? "tool")} (${String(b.id ?? "")})\n${json(b.arguments)}`;
    case "image":
      return `[image${typeof b.mimeType === "string" ? ` ${b.mimeType}` : ""}]`;
    default:
      return `[${String(b.type ?? "block")}]\n${json(b)}`;
  }
}

export function messageFullText(m: Msg): string {
  if (Array.isArray(m.content) && (m.role === "assistant" || m.role === "toolResult" || m.role === "user")) {
    return m.content
      .map(blockText)
      .filter((s): s is string => s !== undefined)
      .join("\n\n");
  }
  const text = messageText(m);
  return text !== "" ? text : textOf(m.content);
}
