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

/** The text Cline appends to an assistant message a stream failure or the user cut short (`abortStream`). */
export const CLEXT_API_ERROR = "[Response interrupted by API Error]";
export const CLEXT_USER_STOP = "[Response interrupted by user]";

export const CLEXT_WORDS: RuntimeWords = {
  agent: CLEXT_AGENT,
  sender: CLEXT_AGENT,
  missingResult: `${CLEXT_AGENT} makes no result up: on resume it sends the call as it is, followed by its "[TASK RESUMPTION]" text`,
  duplicateId: `${CLEXT_AGENT} keeps every message of its task history in order`,
};
