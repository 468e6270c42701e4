/**
 * The messages of a Cline task history (Before: the conversation as stored). A stored message is
 * an Anthropic `MessageParam`: `text`, `image`, `document`, `tool_use` and `tool_result` blocks,
 * `thinking` and `redacted_thinking` (formats/anthropic-messages.ts builds them). A message whose
 * content is a string is one text block.
 *
 * Tasks of XML tool calling (Cline 3.x before its native tool calling; the corpus's tasks of May
 * 2025) hold text blocks only: the calls are XML in the assistant's text and their results
 * `[tool for '…'] Result:` texts in the next user message, matched by position; there is no call
 * id to check.
 */
import { anthropicImage, anthropicMessages, anthropicResultText, type AnthropicMessageHooks } from "../anthropic-messages.js";
import { isObject } from "../../model/parse.js";
import type { Entry, JsonPath, Msg } from "../../model/types.js";

const CLEXT_HOOKS: AnthropicMessageHooks = {
  resultText: anthropicResultText,
  // a `document` block (a PDF) is shown by its kind; other kinds are reported by clext-read.ts and left out
  userBlock: (b) => (b.type === "image" ? anthropicImage(b) : b.type === "document" ? { type: "text", text: "[document]" } : undefined),
  // 3.37 and later: the model of the response (`modelInfo {modelId, providerId}`)
  assistantFields: (m) => {
    const info = isObject(m.modelInfo) ? m.modelInfo : {};
    return { ...(typeof info.modelId === "string" ? { model: info.modelId } : {}), ...(typeof info.providerId === "string" ? { provider: info.providerId } : {}) };
  },
};

/** The messages of one stored message (`base`: its path in the document). */
export function clineTaskMessages(e: Entry, base: JsonPath): Msg[] {
  return anthropicMessages(e, base, CLEXT_HOOKS);
}

/** The conversation of a branch (every message of the file, in order). */
export function buildClineTaskContext(branch: Entry[]): Msg[] {
  const out: Msg[] = [];
  branch.forEach((e, i) => {
    for (const m of clineTaskMessages(e, [i])) out.push(m);
  });
  return out;
}
