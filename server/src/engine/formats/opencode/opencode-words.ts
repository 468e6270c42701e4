/** How findings name OpenCode and what it does (RuntimeWords). */
import type { RuntimeWords } from "../profile.js";

export const OPENCODE_AGENT = "OpenCode";

/**
 * The version whose reading and resume this follows (anomalyco/opencode, formerly sst/opencode;
 * docs/research/opencode.md).
 */
export const OPENCODE_VERSION = "1.18";

export const OPENCODE_WORDS: RuntimeWords = {
  agent: OPENCODE_AGENT,
  sender: `${OPENCODE_AGENT} (the AI SDK's message conversion)`,
  missingResult: `${OPENCODE_AGENT} sends a tool part that never finished as an error result ("[Tool execution was interrupted]")`,
  duplicateId: `${OPENCODE_AGENT} keeps every message of the session in the order of their ids`,
};
