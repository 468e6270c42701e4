/** How findings name Cline and what it does (RuntimeWords). */
import type { RuntimeWords } from "../profile.js";

export const CLINE_AGENT = "Cline";

/**
 * The version whose reading and resume this follows: cline/cline at `21cb8d25` (SDK packages
 * `@cline/core` 0.0.78, `@cline/cli` 3.0.56; docs/research/cline.md).
 */
export const CLINE_VERSION = "SDK 0.0.78 (CLI 3.0.56)";

/** What the SDK sends for a call with no result anywhere (`MessageBuilder.addMissingToolResults`, cline/cline sdk packages/core/src/session/services/message-builder.ts). */
export const clineInterruptedText = (tool: string) => `Tool execution was interrupted before a result was produced. Tool: ${tool}.`;

export const CLINE_WORDS: RuntimeWords = {
  agent: CLINE_AGENT,
  sender: CLINE_AGENT,
  missingResult: `${CLINE_AGENT} answers the call with a made-up error result on resume ("Tool execution was interrupted before a result was produced"), which it never saves`,
  duplicateId: `${CLINE_AGENT} keeps every message of its messages file in order`,
};
