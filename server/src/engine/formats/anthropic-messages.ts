/**
 * The messages (Before) of one stored Anthropic-shaped message: Cline's SDK messages file, Cline's
 * VS Code extension task history and Roo Code's task history all store `{role, content}` with
 * Anthropic's blocks. A `user` message's `tool_result` blocks are each a tool result of their own
 * (the call's id in `tool_use_id`), the rest of it one user message, in block order; an
 * `assistant` message's `text`, `thinking`, `redacted_thinking` and `tool_use` blocks one
 * assistant message. A message whose content is a string is one text block. Each format says what
 * it does with the blocks only it writes (the hooks).
 */
import { isObject } from "../model/parse.js";
import type { Entry, JsonPath, Msg } from "../model/types.js";

export interface AnthropicMessageHooks {
  /** A tool result's content as shown (a string, or its blocks' texts). */
  resultText(content: unknown): string;
  /** A user block that is neither text nor a result, as shown; undefined: left out. */
  userBlock(b: Record<string, any>): any;
  /** An assistant block of a type other than the four above, as shown; undefined: left out. */
  assistantBlock?(b: Record<string, any>): any;
  /** Whether a result's own `name` is kept as the result's tool name. */
  readonly resultName?: boolean;
  /** Fields of the assistant message from the stored message (its model). */
  assistantFields?(m: Record<string, any>): Partial<Msg>;
}

/** A tool result's content as Anthropic holds it: a string, or its blocks' texts joined (an image as `[image]`). */
export function anthropicResultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return content === undefined || content === null ? "" : JSON.stringify(content);
  return content.map((b) => (isObject(b) && typeof b.text === "string" ? b.text : isObject(b) && b.type === "image" ? "[image]" : JSON.stringify(b))).join("\n");
}

/** An Anthropic image block (`source {media_type, data}`) as shown; without its source, `[image]`. */
export const anthropicImage = (b: Record<string, any>) => (isObject(b.source) ? { type: "image", mimeType: b.source.media_type, data: b.source.data } : { type: "text", text: "[image]" });

/** The messages of one stored message (`base`: its path in the document). */
export function anthropicMessages(e: Entry, base: JsonPath, hooks: AnthropicMessageHooks): Msg[] {
  const m = e.raw;
  const origin = () => ({ kind: "entry" as const, line: e.line, entryId: e.id });
  const timestamp = typeof m.ts === "number" ? m.ts : undefined;
  const blocks: { b: unknown; path: JsonPath }[] = Array.isArray(m.content)
    ? m.content.map((b: unknown, j: number) => ({ b, path: [...base, "content", j] }))
    : typeof m.content === "string"
      ? [{ b: { type: "text", text: m.content }, path: [...base, "content"] }]
      : [];
  const out: Msg[] = [];
  if (m.role === "user") {
    let texts: any[] = [];
    const flush = () => {
      if (texts.length) out.push({ role: "user", content: texts, timestamp, origin: origin() });
      texts = [];
    };
    for (const { b, path } of blocks) {
      if (!isObject(b)) continue;
      if (b.type === "tool_result") {
        flush();
        out.push({
          role: "toolResult",
          toolCallId: typeof b.tool_use_id === "string" ? b.tool_use_id : "",
          ...(hooks.resultName && typeof b.name === "string" ? { toolName: b.name } : {}),
          content: [{ type: "text", text: hooks.resultText(b.content) }],
          isError: b.is_error === true,
          timestamp,
          origin: origin(),
          resultPath: [...path, "tool_use_id"],
        });
      } else if (b.type === "text" && typeof b.text === "string") texts.push({ type: "text", text: b.text });
      else {
        const other = hooks.userBlock(b);
        if (other) texts.push(other);
      }
    }
    flush();
    return out;
  }
  if (m.role !== "assistant") return out;
  const content: any[] = [];
  for (const { b, path } of blocks) {
    if (!isObject(b)) continue;
    if (b.type === "text" && typeof b.text === "string") content.push({ type: "text", text: b.text });
    else if (b.type === "thinking") content.push({ type: "thinking", thinking: typeof b.thinking === "string" ? b.thinking : "", ...(typeof b.signature === "string" ? { thinkingSignature: b.signature } : {}) });
    else if (b.type === "redacted_thinking") content.push({ type: "thinking", thinking: "", redacted: true });
    else if (b.type === "tool_use") content.push({ type: "toolCall", id: typeof b.id === "string" ? b.id : "", name: b.name, arguments: b.input, line: e.line, path: [...path, "id"] });
    else {
      const other = hooks.assistantBlock?.(b);
      if (other) content.push(other);
    }
  }
  out.push({ role: "assistant", content, timestamp, ...hooks.assistantFields?.(m), origin: origin() } as Msg);
  return out;
}
