/**
 * Session shape (how each agent loads its file; research notes formats.md): lines that are not
 * JSON objects, objects that are not entries, and a tree whose links or ids are broken. The
 * session reader (session.ts) and the format readers (formats/*.ts) make these findings.
 */
import { describeJsonType, isObject, tooDeepFinding } from "./parse.js";
import type { Finding, SourceLine } from "./types.js";
import { truncatedLastLineFinding } from "../rules/commit-boundary.js";
import { type CodeTable, findingMaker } from "./finding-kit.js";

export const SESSION_SHAPE_CODES = {
  "malformed-line": {
    description: "A line that is not valid JSON or not a JSON object.",
    severity: "error",
    follows: "pi SessionManager load: unparseable lines are skipped (formats.md section 1)",
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
    follows: "pi buildSessionContext: a missing parent ends the branch (formats.md section 1)",
    fixes: ["relink-parent", "break-parent-cycle", "fix-all"],
  },
  "duplicate-entry-id": {
    description: "Two entries share one id.",
    severity: "warning",
    follows: "pi SessionManager index: the later entry wins (formats.md section 1)",
    fixes: [],
  },
} as const satisfies CodeTable;

export const shapeFinding = findingMaker(SESSION_SHAPE_CODES);

/** `malformed-line` for lines that do not parse or are not objects; a cut-off last line is `partial-message`. */
export function lineShapeFindings(lines: SourceLine[]): Finding[] {
  const findings: Finding[] = [];
  const lastLine = lines[lines.length - 1];
  for (const l of lines) {
    if (l.tooDeep) findings.push(tooDeepFinding(l));
    else if (l.parseError !== undefined) {
      if (l === lastLine && l.eol === "") findings.push(truncatedLastLineFinding(l, l.parseError));
      else
        findings.push(
          shapeFinding("malformed-line", {
            line: l.line,
            columns: { start: 0, end: l.text.length },
            message: `Line is not valid JSON. ${l.parseError}; pi skips this line when it loads the session.`,
          }),
        );
    } else if (l.value !== undefined && !isObject(l.value)) {
      findings.push(
        shapeFinding("malformed-line", {
          line: l.line,
          columns: { start: 0, end: l.text.length },
          message: `Line is not a JSON object. It is ${describeJsonType(l.value)}; agents skip it.`,
        }),
      );
    }
  }
  return findings;
}
