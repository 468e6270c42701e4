/**
 * The finding codes of Claude Code's reading: where resuming the session loses work
 * (docs/research/claude-code-resume.md). rules/registry.ts joins this table with the others; the
 * README documents each code under `#code-<code>` and package.json lists it in
 * `severityOverrides`. Calls without a result report under the shared `dangling-call` and
 * `pending-call` codes (rules/provider-wire-findings.ts, rules/commit-boundary.ts), a result 2.0
 * sends without its call under `orphan-result` (rules/orphan-sweep.ts), a reused call id whose
 * later calls 2.1 drops under `colliding-id` (rules/occurrence-identity.ts), in Claude Code's words.
 */
import type { CodeTable } from "../../model/finding-kit.js";

export const CLAUDE_CODE_CODES = {
  "resume-skips-turns": {
    description: "Claude Code's resume leaves out turns written before the line it continues from (a parent link to an earlier turn's progress line, or one the version does not read).",
    severity: "warning",
    follows: "docs/research/claude-code-resume.md 3.2 (progress bridging, #35024) and 8.1 (2.0.31 does not bridge)",
    fixes: ["relink-skipped-turns", "fix-all"],
  },
  "resume-drops-results": {
    description: "Claude Code 2.0 leaves out parallel calls and their results that sit on sibling branches of the uuid tree.",
    severity: "warning",
    follows: "docs/research/claude-code-resume.md 3.8 and 8.1 (2.0.31 has no parallel recovery)",
    fixes: [],
  },
} as const satisfies CodeTable;

/** The severities of the shared codes Claude Code's reading reports (their tables live in rules/). */
export const SHARED_CODE_SEVERITY = { "dangling-call": "warning", "pending-call": "information", "orphan-result": "error", "colliding-id": "information" } as const;
