/**
 * The messages of a Cline messages file (Before: the conversation as stored). A stored message
 * holds Anthropic-shaped content blocks:
 *
 * - `user`: `text`, `file` (a file the user attached: its path and text, as the `<file_content>` text
 *   the SDK sends for it), `image` (`{data, mediaType}`), `media`, and `tool_result`
 *   blocks (`tool_use_id`: the call's id; `content` a string or text and image blocks; `is_error`);
 *   each result is a tool result of its own, the rest one user message, in block order;
 * - `assistant`: `thinking`, `redacted_thinking`, `text` and `tool_use` blocks (`id`, `name`,
 *   `input`), with the model it came from (`modelInfo.id`, `modelInfo.provider`).
 *
 * A message whose content is a string is one text block; one with no role of either side is not a
 * turn, and a block of a type this reading does not know is left out (cline-read.ts reports both).
 */
import { isObject } from "../../model/parse.js";
import type { Entry, JsonPath, Msg } from "../../model/types.js";

/** A tool result's content as shown: a string, or its items joined (a text block's text, an image's label, any other item as its JSON: the SDK's tools return `{query, result}` objects). */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return content === undefined || content === null ? "" : JSON.stringify(content);
  return content.map((b) => (isObject(b) && typeof b.text === "string" ? b.text : isObject(b) && b.type === "image" ? "[image]" : typeof b === "string" ? b : JSON.stringify(b))).join("\n");
}

/** A block of a user message that is neither text nor a result (a block of a type not known: none, cline-read.ts reports it). */
function otherBlock(b: unknown): any {
  // The SDK's image (`{data, mediaType}`), or Anthropic's (`{source: {media_type, data}}`).
  if (isObject(b) && b.type === "image") return isObject(b.source) ? { type: "image", mimeType: b.source.media_type, data: b.source.data } : { type: "image", mimeType: b.mediaType, data: b.data };
  if (isObject(b) && b.type === "media") return { type: "text", text: "[media]" };
  // As the SDK sends it (cline/cline sdk packages/shared/src/prompt/format.ts `formatFileContentBlock`).
  if (isObject(b) && b.type === "file") return { type: "text", text: `<file_content path="${typeof b.path === "string" ? b.path : ""}">\n${typeof b.content === "string" ? b.content : ""}\n</file_content>` };
  return undefined;
}

/** The messages of one stored message (`base`: its path in the document). */
export function clineMessages(e: Entry, base: JsonPath): Msg[] {
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
      if (isObject(b) && b.type === "tool_result") {
        flush();
        out.push({
          role: "toolResult",
          toolCallId: typeof b.tool_use_id === "string" ? b.tool_use_id : "",
          ...(typeof b.name === "string" ? { toolName: b.name } : {}),
          content: [{ type: "text", text: textOf(b.content) }],
          isError: b.is_error === true,
          timestamp,
          origin: origin(),
          resultPath: [...path, "tool_use_id"],
        });
      } else if (isObject(b) && b.type === "text" && typeof b.text === "string") texts.push({ type: "text", text: b.text });
      else {
        const other = otherBlock(b);
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
    // other types are not known to this reading (cline-read.ts reports them): not modelled, not sent
  }
  const info = isObject(m.modelInfo) ? m.modelInfo : {};
  out.push({
    role: "assistant",
    content,
    timestamp,
    ...(typeof info.id === "string" ? { model: info.id } : {}),
    ...(typeof info.provider === "string" ? { provider: info.provider } : {}),
    origin: origin(),
  });
  return out;
}

/** The conversation of a branch (every message of the file, in order). */
export function buildClineContext(branch: Entry[]): Msg[] {
  const out: Msg[] = [];
  branch.forEach((e, i) => {
    for (const m of clineMessages(e, ["messages", i])) out.push(m);
  });
  return out;
}
