/**
 * The messages of a Roo Code task history (Before: the conversation as stored). A stored message
 * holds Anthropic-shaped content: `text`, `image`, `tool_use` (`id`, `name`, `input`) and
 * `tool_result` (`tool_use_id`, `content`, `is_error`) blocks, and Roo Code's reasoning: a signed
 * `thinking` block (Anthropic), a `reasoning` block (other providers: its text, or encrypted), a
 * `thoughtSignature` block (kept for the provider, no text). Each result is a tool result of its
 * own, the rest of a user message one user message, in block order. A message whose content is a
 * string is one text block. A reasoning item of its own is not a turn.
 *
 * Tasks of XML tool calling (Roo Code before 3.42; native calling came in 3.32, the default from
 * 3.36.8) hold text blocks only: the calls are XML in the
 * assistant's text and their results `[tool] Result:` texts in the next user message, matched by
 * position; there is no call id to check.
 */
import { isObject } from "../../model/parse.js";
import type { Entry, JsonPath, Msg } from "../../model/types.js";

/** A tool result's content as shown: a string, or its blocks' texts joined (an image as `[image]`). */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return content === undefined || content === null ? "" : JSON.stringify(content);
  return content.map((b) => (isObject(b) && typeof b.text === "string" ? b.text : isObject(b) && b.type === "image" ? "[image]" : JSON.stringify(b))).join("\n");
}

const imageOf = (b: Record<string, any>) => (isObject(b.source) ? { type: "image", mimeType: b.source.media_type, data: b.source.data } : { type: "text", text: "[image]" });

/** The messages of one stored item (`base`: its path in the document). A `reasoning` block's thinking is marked `fromReasoning` (roo-resume.ts leaves it out of what is sent). */
export function rooMessages(e: Entry, base: JsonPath): Msg[] {
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
          content: [{ type: "text", text: textOf(b.content) }],
          isError: b.is_error === true,
          timestamp,
          origin: origin(),
          resultPath: [...path, "tool_use_id"],
        });
      } else if (b.type === "text" && typeof b.text === "string") texts.push({ type: "text", text: b.text });
      else if (b.type === "image") texts.push(imageOf(b));
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
    // Roo Code sends plain-text reasoning only to models that keep it (not modelled: left out of what is sent)
    else if (b.type === "reasoning") content.push({ type: "thinking", thinking: typeof b.text === "string" ? b.text : "", fromReasoning: true });
    else if (b.type === "tool_use") content.push({ type: "toolCall", id: typeof b.id === "string" ? b.id : "", name: b.name, arguments: b.input, line: e.line, path: [...path, "id"] });
  }
  out.push({ role: "assistant", content, timestamp, origin: origin() });
  return out;
}

/** The conversation of a branch (every item of the file, in order). */
export function buildRooContext(branch: Entry[]): Msg[] {
  const out: Msg[] = [];
  branch.forEach((e, i) => {
    for (const m of rooMessages(e, [i])) out.push(m);
  });
  return out;
}
