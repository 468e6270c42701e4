/**
 * How the start of a task history (`tasks/<task id>/api_conversation_history.json`, one JSON array
 * of Anthropic-shaped messages, written compact) tells which VS Code extension wrote it: Roo Code
 * writes a `ts` after each message's content, Cline's extension none before 3.67, and from 3.37 a
 * `modelInfo` on each response. Both open a task with `<task>`. A `"` inside a JSON string is always escaped, so these patterns match the document's
 * own keys, never a quoted text.
 */

/** The document opens with a message: `[{"role":"user"|"assistant","content":`. */
export const OPENS_WITH_MESSAGE = /^\s*\[\s*\{\s*"role"\s*:\s*"(user|assistant)"\s*,\s*"content"\s*:/;

/** The first message is the user's and its first block the task's text, `<task>…`. */
export const OPENS_WITH_TASK = /^\s*\[\s*\{\s*"role"\s*:\s*"user"\s*,\s*"content"\s*:\s*\[\s*\{\s*"type"\s*:\s*"text"\s*,\s*"text"\s*:\s*"<task>/;

/** A message's `ts` (Roo Code's). */
export const HAS_TS = /"ts"\s*:\s*\d/;

/** A second message starts: the first one ended within the text seen. */
export const NEXT_MESSAGE = /\}\s*,\s*\{\s*"role"\s*:\s*"(user|assistant)"\s*,\s*"content"\s*:/;

/** Cline's record of a response's model (3.37 and later): `"modelInfo":{"modelId":…`. Roo Code writes none. */
export const MODEL_INFO = /"modelInfo"\s*:\s*\{\s*"modelId"\s*:/;
