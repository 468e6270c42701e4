/** Tool names of a message, for hovers and the outline (escaped, or plain). */
import type { Msg } from "../engine/index.js";
import { escapeMarkdown } from "./markdown.js";

export function plainToolNames(d: Msg): string {
  const calls = (Array.isArray(d.content) ? d.content : []).filter((b: any) => b?.type === "toolCall");
  return calls.length ? ` (${calls.map((b: any) => `${b.name ?? "tool"} ${b.id}`).join(", ")})` : "";
}

/** Tool names and ids of an assistant message, escaped for markdown. */
export function toolNames(d: Msg): string {
  const plain = plainToolNames(d);
  return plain ? ` (${escapeMarkdown(plain.slice(2, -1))})` : "";
}
