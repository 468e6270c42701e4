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
import { anthropicImage, anthropicMessages, anthropicResultText, type AnthropicMessageHooks } from "../anthropic-messages.js";
import type { Entry, JsonPath, Msg } from "../../model/types.js";

const ROO_HOOKS: AnthropicMessageHooks = {
  resultText: anthropicResultText,
  userBlock: (b) => (b.type === "image" ? anthropicImage(b) : undefined),
  // Roo Code sends plain-text reasoning only to models that keep it (not modelled: left out of what is sent)
  assistantBlock: (b) => (b.type === "reasoning" ? { type: "thinking", thinking: typeof b.text === "string" ? b.text : "", fromReasoning: true } : undefined),
};

/** The messages of one stored item (`base`: its path in the document). A `reasoning` block's thinking is marked `fromReasoning` (roo-resume.ts leaves it out of what is sent). */
export function rooMessages(e: Entry, base: JsonPath): Msg[] {
  return anthropicMessages(e, base, ROO_HOOKS);
}

/** The conversation of a branch (every item of the file, in order). */
export function buildRooContext(branch: Entry[]): Msg[] {
  const out: Msg[] = [];
  branch.forEach((e, i) => {
    for (const m of rooMessages(e, [i])) out.push(m);
  });
  return out;
}
