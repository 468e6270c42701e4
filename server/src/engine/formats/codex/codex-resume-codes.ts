/**
 * The finding codes of an agent's own reading on resume that no other rule reports (Codex first):
 * a file the agent refuses, a line it cannot decode, an output it drops because its call is not
 * sent. rules/registry.ts spreads this table into the rule table. (A call Codex answers with
 * "aborted" is `dangling-call` or `pending-call`: codex-resume-findings.ts.)
 */
import type { CodeTable } from "../../model/finding-kit.js";

export const RESUME_READING_CODES = {
  "resume-refused": {
    description: "The agent does not resume the file at all: it stops with an error and sends nothing of it.",
    severity: "information",
    follows: "docs/research/codex-resume.md R2.4, R2.6, R2.7 (Codex 0.171: no readable session_meta, an unknown history_mode, a legacy rollout)",
    fixes: [],
  },
  "undecodable-line": {
    description: "A line the agent cannot decode when it resumes: it skips the whole line, so what it held is not sent.",
    severity: "warning",
    follows: "docs/research/codex-resume.md R2.2 (Codex 0.171: a line without timestamp, an output or content part it does not know)",
    fixes: [],
  },
  "orphan-output": {
    description: "A tool output whose call the agent does not send: it drops the output on resume, and nothing else changes.",
    severity: "information",
    follows: "docs/research/codex-resume.md R7.2 (Codex 0.50-0.171 `remove_orphan_outputs`)",
    fixes: [],
  },
} as const satisfies CodeTable;
