/** How findings name Gemini CLI and what it does (RuntimeWords), and the texts its repairs write. */
import type { RuntimeWords } from "../profile.js";

export const GEMINI_AGENT = "Gemini CLI";

/** The version whose reading and resume this follows (its bundle was read, and it resumed every fixture). */
export const GEMINI_VERSION = "0.61.0";

/** The response the repair writes for a call without one: a cancelled call's, in the CLI's words (`[Operation Cancelled] Reason: …`). */
export const GEMINI_INTERRUPTED_RESULT = "[Operation Cancelled] Reason: the tool call was interrupted before it returned a result.";

export const GEMINI_WORDS: RuntimeWords = {
  agent: GEMINI_AGENT,
  sender: GEMINI_AGENT,
  missingResult: `${GEMINI_AGENT} sends the call without a result on resume (it makes none up)`,
  duplicateId: `${GEMINI_AGENT} keeps the later record of an id in the earlier one's place`,
};
