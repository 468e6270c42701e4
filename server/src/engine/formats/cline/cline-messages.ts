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
import { anthropicMessages, type AnthropicMessageHooks } from "../anthropic-messages.js";
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

const CLINE_HOOKS: AnthropicMessageHooks = {
  resultText: textOf,
  userBlock: otherBlock,
  resultName: true,
  // other assistant block types are not known to this reading (cline-read.ts reports them): not modelled, not sent
  assistantFields: (m) => {
    const info = isObject(m.modelInfo) ? m.modelInfo : {};
    return { ...(typeof info.id === "string" ? { model: info.id } : {}), ...(typeof info.provider === "string" ? { provider: info.provider } : {}) };
  },
};

/** The messages of one stored message (`base`: its path in the document). */
export function clineMessages(e: Entry, base: JsonPath): Msg[] {
  return anthropicMessages(e, base, CLINE_HOOKS);
}

/** The conversation of a branch (every message of the file, in order). */
export function buildClineContext(branch: Entry[]): Msg[] {
  const out: Msg[] = [];
  branch.forEach((e, i) => {
    for (const m of clineMessages(e, ["messages", i])) out.push(m);
  });
  return out;
}
