/**
 * The finding codes of Cursor's reading that no other rule reports. rules/registry.ts spreads this
 * table into the rule table; the README documents each code under `#code-<code>` and package.json
 * lists it in `severityOverrides`.
 */
import type { CodeTable } from "../../model/finding-kit.js";

export const CURSOR_CODES = {
  "repeated-call": {
    description: "The same tool call (name and input) on two assistant lines in a row of a transcript that records no results: probably a retry after the first one failed, which the file cannot show.",
    severity: "information",
    follows: "Cursor agent transcripts (docs/research/cursor.md): one response step per line, no tool results",
    fixes: [],
  },
} as const satisfies CodeTable;
