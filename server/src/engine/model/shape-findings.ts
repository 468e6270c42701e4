/**
 * Session shape (how each agent loads its file; docs/research/formats.md): lines that are not
 * JSON objects, objects that are not entries, and a tree whose links or ids are broken. The
 * session reader (session.ts) and the format readers (formats/*.ts) make these findings.
 */
import { describeJsonType, isObject, tooDeepFinding } from "./parse.js";
import type { Finding, SourceLine } from "./types.js";
import { type CodeTable, findingMaker } from "./finding-kit.js";

export const SESSION_SHAPE_CODES = {
  "malformed-line": {
    description: "A line that is not valid JSON or not a JSON object.",
    severity: "error",
    follows: "pi SessionManager load: unparseable lines are skipped (docs/research/formats.md section 1)",
    fixes: ["remove-malformed-line", "fix-all"],
  },
  "unknown-entry": {
    description: "An object that is not an entry of a known shape (unknown type, no id, no message).",
    severity: "warning",
    otherSeverities: { information: "an entry of an unknown type, kept in the tree" },
    follows: "formats.md: pi entry types, Claude Code and Codex line types",
    fixes: [],
  },
  "broken-parent": {
    description: "A parent link that names no entry.",
    severity: "warning",
    otherSeverities: { information: "Claude Code: the parent is in no file of the folder (continued sessions and subagent lines link to other files)" },
    follows: "pi buildSessionContext: a missing parent ends the branch (docs/research/formats.md section 1)",
    fixes: ["relink-parent", "break-parent-cycle", "fix-all"],
  },
  "duplicate-entry-id": {
    description: "Two entries share one id.",
    severity: "warning",
    follows: "pi SessionManager index: the later entry wins (docs/research/formats.md section 1)",
    fixes: [],
  },
} as const satisfies CodeTable;

export const shapeFinding = findingMaker(SESSION_SHAPE_CODES);

/** `partial-message`: the commit-boundary rule reports aborted and errored turns, the reader a cut-off last line. */
export const PARTIAL_MESSAGE_CODES = {
  "partial-message": {
    description: "An aborted or errored assistant turn, or a truncated last line.",
    severity: "information",
    otherSeverities: { warning: "the last line is cut off (an append in progress or a crash)" },
    follows: "seed commit-boundary.json: a partial unit is not complete",
    fixes: [],
  },
} as const satisfies CodeTable;

const partial = findingMaker(PARTIAL_MESSAGE_CODES);

/** `partial-message` for a last line cut off before its newline (the session reader reports it). */
export function truncatedLastLineFinding(l: SourceLine, parseError: string, agent: string): Finding {
  return partial(
    "partial-message",
    {
      line: l.line,
      columns: { start: 0, end: l.text.length },
      message: `The last line is cut off. ${parseError}: an append in progress or a crash; ${agent} skips it, and a pruner should wait until the line is complete.`,
    },
    "warning",
  );
}

/**
 * `malformed-line` for lines that do not parse or are not objects; a cut-off last line is
 * `partial-message`. `agent` names who reads the file ("pi", "Claude Code", "the agent").
 */
export function lineShapeFindings(lines: SourceLine[], agent = "the agent"): Finding[] {
  const findings: Finding[] = [];
  const lastLine = lines[lines.length - 1];
  for (const l of lines) {
    if (l.tooDeep) findings.push(tooDeepFinding(l));
    else if (l.parseError !== undefined) {
      if (l === lastLine && l.eol === "") findings.push(truncatedLastLineFinding(l, l.parseError, agent));
      else
        findings.push(
          shapeFinding("malformed-line", {
            line: l.line,
            columns: { start: 0, end: l.text.length },
            message: `Line is not valid JSON. ${l.parseError}; ${agent} skips this line when it loads the session.`,
          }),
        );
    } else if (l.value !== undefined && !isObject(l.value)) {
      findings.push(
        shapeFinding("malformed-line", {
          line: l.line,
          columns: { start: 0, end: l.text.length },
          message: `Line is not a JSON object. It is ${describeJsonType(l.value)}; ${agent} skips it.`,
        }),
      );
    }
  }
  return findings;
}
