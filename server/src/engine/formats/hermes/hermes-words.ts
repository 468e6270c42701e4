/** How findings name Hermes Agent and what it does (RuntimeWords). */
import type { RuntimeWords } from "../profile.js";

export const HERMES_AGENT = "Hermes Agent";

/**
 * The reading this follows: the `state.db` schema 14 (the real database of the corpus) read with
 * NousResearch/hermes-agent's loader and request sanitizers as of main in 2026 (docs/research/hermes.md).
 */
export const HERMES_VERSION = "(state.db schema 14)";

/** The text Hermes sends as the result of a call that has none (`_sanitize_api_messages`). */
export const HERMES_STUB_RESULT = "[Result unavailable — see context summary above]";

export const HERMES_WORDS: RuntimeWords = {
  agent: HERMES_AGENT,
  sender: `${HERMES_AGENT} (its request sanitizers)`,
  missingResult: `${HERMES_AGENT} sends a stand-in result ("${HERMES_STUB_RESULT}") for a call that has none`,
  duplicateId: `${HERMES_AGENT} keeps every row of the session in the order of their ids`,
};
