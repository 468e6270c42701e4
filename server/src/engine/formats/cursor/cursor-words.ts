/** How findings name Cursor and what it does (RuntimeWords). */
import type { RuntimeWords } from "../profile.js";

export const CURSOR_AGENT = "Cursor";

/**
 * The transcripts this reading follows: Cursor's agent (the editor's agent and the `cursor-agent`
 * CLI) as written in 2026 (Cursor is closed source: the shape is read from a real transcript and
 * public readers, docs/research/cursor.md), not a version of Cursor's own.
 */
export const CURSOR_VERSION = "2026 agent transcripts";

export const CURSOR_WORDS: RuntimeWords = {
  agent: CURSOR_AGENT,
  sender: CURSOR_AGENT,
  missingResult: `${CURSOR_AGENT} records no tool results in its transcript (nor call ids), so what it sends for a call is not known`,
  duplicateId: `${CURSOR_AGENT} records no call ids in its transcript`,
};
