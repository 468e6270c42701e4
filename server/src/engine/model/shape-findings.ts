/**
 * Session shape (how each agent loads its file; docs/research/formats.md): lines that are not
 * JSON objects, objects that are not entries, and a tree whose links or ids are broken. The
 * session reader (session/read-session.ts) and the format readers (formats/*.ts) make these findings.
 */
import { describeJsonType, isObject, tooDeepFinding } from "./parse.js";
import type { Finding, JsonPath, SourceLine } from "./types.js";
import { type CodeTable, findingMaker } from "./finding-kit.js";

export const SESSION_SHAPE_CODES = {
  "malformed-line": {
    description: "A line that is not valid JSON or not a JSON object.",
    severity: "error",
    follows: "pi SessionManager load: unparseable lines are skipped (docs/research/formats.md section 1)",
    fixes: ["remove-malformed-line", "fix-all"],
  },
  "unknown-entry": {
    description: "An object that is not an entry of a known shape (unknown type, no id, no message, or a field of the wrong JSON type).",
    severity: "warning",
    otherSeverities: { information: "an entry of an unknown type, kept in the tree", error: "the agent refuses the whole file at this line (Copilot CLI's loader), or stops on it when it resumes (Gemini CLI's request builder)" },
    follows: "formats.md: pi entry types, Claude Code and Codex line types; Copilot CLI 1.0.102's event schema; Gemini CLI 0.61.0's chat records",
    fixes: [],
  },
  "header-not-first": {
    description: "The first entry the agent can read is not the session's header: pi loads nothing from the file and writes a new header over it on resume; oh-my-pi refuses to resume it; OpenClaw backs it up and rewrites it.",
    severity: "error",
    otherSeverities: { warning: "OpenClaw: it backs the file up and writes it again with the entries it can parse" },
    follows: "pi SessionManager: loadEntriesFromFile takes the first parsed entry as the header, setSessionFile starts a new session over a file without one; oh-my-pi's loader and OpenClaw's recovery (docs/research/pi-family.md)",
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

/** A JSON value's type, as a field rule names it. */
export type JsonType = "string" | "number" | "boolean" | "null" | "array" | "object";

export function jsonTypeOf(v: unknown): JsonType {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  const t = typeof v;
  return t === "string" || t === "number" || t === "boolean" ? t : "object";
}

/**
 * A field a format reader reads, the JSON types its agent writes there, and what the analysis
 * does when the field holds another type. `path` is relative to the line's value; `"*"` stands for
 * every element of an array. An absent field is never wrong (rules say what missing means).
 */
export interface FieldRule {
  readonly path: readonly (string | "*")[];
  readonly types: readonly JsonType[];
  /** What the analysis does with a value of another type ("it is read as missing"). */
  readonly then: string;
  /** Only when this holds for the object that holds the field (a block's `type`, a message's `role`). */
  readonly when?: (holder: Record<string, unknown>) => boolean;
}

export interface WrongField {
  path: JsonPath;
  got: JsonType;
  rule: FieldRule;
}

/** The fields of `value` that hold a JSON type their rule does not allow (at most `max`). */
export function wrongFields(value: unknown, rules: readonly FieldRule[], max = 20): WrongField[] {
  const out: WrongField[] = [];
  const visit = (v: unknown, rule: FieldRule, at: number, path: JsonPath, holder: Record<string, unknown> | undefined) => {
    if (out.length >= max) return;
    if (at === rule.path.length) {
      if (v === undefined || (rule.when && (!holder || !rule.when(holder)))) return;
      const got = jsonTypeOf(v);
      if (!rule.types.includes(got)) out.push({ path, got, rule });
      return;
    }
    const k = rule.path[at];
    if (k === "*") {
      if (!Array.isArray(v)) return;
      for (let i = 0; i < v.length && out.length < max; i++) visit(v[i], rule, at + 1, [...path, i], holder);
    } else if (isObject(v)) visit(v[k], rule, at + 1, [...path, k], v);
  };
  for (const r of rules) visit(value, r, 0, [], undefined);
  return out;
}

const typeWords: Record<JsonType, string> = { string: "a string", number: "a number", boolean: "a boolean", null: "null", array: "an array", object: "an object" };

/**
 * One `unknown-entry` warning for an entry whose fields hold the wrong JSON types (`agent` writes
 * them otherwise), on the first such field; the rest of the entry, and of the file, is analysed.
 */
export function fieldTypeFinding(line: number, wrong: readonly WrongField[], agent: string): Finding {
  const say = (w: WrongField) => `\`${w.path.join(".")}\` is ${typeWords[w.got]} where ${agent} writes ${w.rule.types.map((t) => typeWords[t]).join(" or ")}: ${w.rule.then}`;
  const shown = wrong.slice(0, 5).map(say);
  const more = wrong.length > 5 ? `; and ${wrong.length - 5} more` : "";
  return shapeFinding("unknown-entry", {
    line,
    path: wrong[0].path,
    message: `${wrong.length === 1 ? "Field" : "Fields"} of the wrong type. ${shown.join("; ")}${more}. The rest of the entry is analysed.`,
  });
}

/** `partial-message`: the commit-boundary rule reports aborted and errored turns, the reader a cut-off last line. */
export const PARTIAL_MESSAGE_CODES = {
  "partial-message": {
    description: "An aborted or errored assistant turn, or a truncated last line.",
    severity: "information",
    otherSeverities: {
      warning: "the last line is cut off (an append in progress or a crash)",
      hint: "a turn the user stopped (Esc): the agent leaves it out and nothing needs doing, so it stays out of the Problems panel",
    },
    follows: "seed commit-boundary.json: a partial unit is not complete",
    fixes: [],
  },
} as const satisfies CodeTable;

/** A `partial-message` finding (a format reader reports a turn its agent marked cut short). */
export const partial = findingMaker(PARTIAL_MESSAGE_CODES);

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
export function lineShapeFindings(lines: readonly SourceLine[], agent = "the agent"): Finding[] {
  const findings: Finding[] = [];
  // A line like the one before (the same text: parse.ts shares it) gets the same message and
  // columns objects: a file of one malformed line repeated holds them once.
  let last: { text: string; columns: { start: number; end: number }; message: string } | undefined;
  const malformed = (l: SourceLine, message: () => string) => {
    if (last === undefined || last.text !== l.text) last = { text: l.text, columns: { start: 0, end: l.text.length }, message: message() };
    findings.push(shapeFinding("malformed-line", { line: l.line, columns: last.columns, message: last.message }));
  };
  for (const l of lines) {
    if (l.tooDeep) findings.push(tooDeepFinding(l));
    else if (l.parseError !== undefined) {
      const parseError = l.parseError;
      // Only the file's last line goes without an ending.
      if (l.eol === "") findings.push(truncatedLastLineFinding(l, parseError, agent));
      else malformed(l, () => `Line is not valid JSON. ${parseError}; ${agent} skips this line when it loads the session.`);
    } else if (l.value !== undefined && !isObject(l.value)) {
      const value = l.value;
      malformed(l, () => `Line is not a JSON object. It is ${describeJsonType(value)}; ${agent} skips it.`);
    }
  }
  return findings;
}
