/** How findings name Kimi CLI and what it does (RuntimeWords), and the texts its repairs write. */
import type { RuntimeWords } from "../profile.js";

export const KIMI_AGENT = "Kimi CLI";

/**
 * The version whose reading and resume this follows: MoonshotAI/kimi-cli at 1.49.0
 * (`src/kimi_cli/soul/context.py` `Context.restore`, `src/kimi_cli/soul/dynamic_injection.py`
 * `normalize_history`, `packages/kosong/src/kosong/chat_provider/kimi.py` `_convert_message`).
 */
export const KIMI_VERSION = "1.49.0";

/**
 * The provider's answer to a request whose assistant `tool_calls` are not all answered by the
 * tool messages right after it (Moonshot's OpenAI-compatible API; quoted from
 * MoonshotAI/kimi-cli #1977 and #2336, the id at the end being the call's).
 */
export const KIMI_MISSING_RESULT_ERROR =
  "an assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages:";

/**
 * What the repair writes as the result of a call that has none. Kimi CLI makes nothing up for it
 * (it sends the call as it is), so the text says who wrote it, in the CLI's own error style
 * (`tool_result_to_message`: `<system>ERROR: …</system>`).
 */
export const KIMI_INTERRUPTED_RESULT =
  "<system>ERROR: The tool call was interrupted before it returned a result. No output was recorded (this result was written by Transcript Inspector's repair, not by the tool).</system>";

export const KIMI_WORDS: RuntimeWords = {
  agent: KIMI_AGENT,
  sender: KIMI_AGENT,
  missingResult: `${KIMI_AGENT} sends the call without a result on resume (it makes none up), and the provider refuses the request`,
  duplicateId: `${KIMI_AGENT} reads its context file in file order and sends every message it holds`,
};
