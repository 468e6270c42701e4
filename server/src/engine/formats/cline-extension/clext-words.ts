/** How findings name Cline's VS Code extension and what it does (RuntimeWords). */
import type { RuntimeWords } from "../profile.js";

export const CLEXT_AGENT = "Cline";

/** The agent as tables and the status bar name it (beside Cline's SDK sessions, format "cline"). */
export const CLEXT_LABEL = "Cline (VS Code extension)";

/**
 * The version whose reading and resume this follows: cline/cline at v3.15.0 (2025-05-09), the
 * release the corpus's tasks (2025-05-11 and 12) were written with or just before
 * (docs/research/cline-extension.md).
 */
export const CLEXT_VERSION = "3.15.0";

/**
 * The version whose resume this follows for a task of native tool calling (`tool_use` blocks, from
 * 3.35): cline/cline at v3.89.2, the last 3.x (its pairing the same since v3.40.0).
 */
export const CLEXT_NATIVE_VERSION = "3.89.2";

/** The result Cline makes up for a call the message after it does not answer (`ensureToolResultsFollowToolUse`). */
export const CLEXT_RESULT_MISSING = "result missing";

/** The text Cline appends to an assistant message a stream failure or the user cut short (`abortStream`). */
export const CLEXT_API_ERROR = "[Response interrupted by API Error]";
export const CLEXT_USER_STOP = "[Response interrupted by user]";

export const CLEXT_WORDS: RuntimeWords = {
  agent: CLEXT_AGENT,
  sender: CLEXT_AGENT,
  missingResult: `${CLEXT_AGENT} answers a call the message after it does not answer with a made-up "${CLEXT_RESULT_MISSING}" in every request, which it never saves`,
  duplicateId: `${CLEXT_AGENT} keeps every message of its task history in order`,
};
