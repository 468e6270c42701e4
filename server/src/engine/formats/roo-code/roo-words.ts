/** How findings name Roo Code and what it does (RuntimeWords). */
import type { RuntimeWords } from "../profile.js";

export const ROO_AGENT = "Roo Code";

/** The version whose reading and resume this follows: RooCodeInc/Roo-Code at v3.52.1 (docs/research/roo-code.md). */
export const ROO_VERSION = "3.52.1";

/** What Roo Code answers a call with when it resumes a task whose last turn has no result for it (`resumeTaskFromHistory`). */
export const ROO_INTERRUPTED_TEXT = "Task was interrupted before this tool call could be completed.";

export const ROO_WORDS: RuntimeWords = {
  agent: ROO_AGENT,
  sender: ROO_AGENT,
  missingResult: `${ROO_AGENT} answers the last turn's calls on resume ("${ROO_INTERRUPTED_TEXT}"); a call without its result earlier in the task is sent as it is`,
  duplicateId: `${ROO_AGENT} keeps every message of its history file in order`,
};
