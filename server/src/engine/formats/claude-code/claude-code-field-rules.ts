/**
 * The fields of Claude Code transcript lines the analysis reads, the JSON types Claude Code writes
 * there, and what a value of another type is read as. A field of another type is one
 * `unknown-entry` warning on its line (model/shape-findings.ts), never the file. (Kept apart from
 * claude-code-read.ts, which calls it once per line.)
 */
import { type FieldRule, fieldTypeFinding, wrongFields } from "../../model/shape-findings.js";
import type { Finding } from "../../model/types.js";

const isBlock = (...types: string[]) => (b: Record<string, unknown>) => typeof b.type === "string" && types.includes(b.type);
const ASIS = "the inspector reads it as it is (Claude Code writes no other type here)";
const NO_USAGE = "it is read as not recorded (0 in the recorded usage)";

const COMMON: readonly FieldRule[] = [
  { path: ["parentUuid"], types: ["string", "null"], then: "the line is read as a root" },
  { path: ["timestamp"], types: ["string"], then: "its time is read as unknown" },
  { path: ["isSidechain"], types: ["boolean", "null"], then: "it counts as a sidechain line unless it is false, 0, an empty string or null" },
  { path: ["sessionId"], types: ["string"], then: ASIS },
  { path: ["cwd"], types: ["string"], then: ASIS },
  { path: ["version"], types: ["string"], then: ASIS },
];

const MESSAGE: readonly FieldRule[] = [
  { path: ["message", "role"], types: ["string"], then: "its role is read as the line's type" },
  { path: ["message", "content"], types: ["string", "array"], then: "its content is read as empty" },
  { path: ["message", "content", "*"], types: ["object"], then: "the block is read as no content" },
  { path: ["message", "content", "*", "type"], types: ["string"], then: "the block is read as one of an unknown kind" },
  { path: ["message", "content", "*", "text"], types: ["string"], then: "the block's text is read as empty", when: isBlock("text") },
  { path: ["message", "content", "*", "thinking"], types: ["string"], then: "the thinking is read as empty", when: isBlock("thinking") },
  { path: ["message", "content", "*", "id"], types: ["string"], then: "the block is not read as a tool call (a result of it is an orphan)", when: isBlock("tool_use") },
  { path: ["message", "content", "*", "name"], types: ["string"], then: "its tool is read as unknown", when: isBlock("tool_use") },
  { path: ["message", "content", "*", "input"], types: ["object"], then: "Claude Code sends it as it is, and the API expects an object", when: isBlock("tool_use") },
  { path: ["message", "content", "*", "tool_use_id"], types: ["string"], then: "the block is not read as a tool result", when: isBlock("tool_result") },
  { path: ["message", "content", "*", "is_error"], types: ["boolean", "null"], then: "the result is read as not an error", when: isBlock("tool_result") },
  { path: ["message", "content", "*", "content"], types: ["string", "array"], then: "the result's output is read as empty", when: isBlock("tool_result") },
];

const ASSISTANT: readonly FieldRule[] = [
  { path: ["message", "id"], types: ["string"], then: "its streamed lines are not joined into one response" },
  { path: ["message", "model"], types: ["string"], then: "the provider is told without it" },
  { path: ["message", "stop_reason"], types: ["string", "null"], then: ASIS },
  { path: ["message", "usage"], types: ["object"], then: "no usage is read from it" },
  ...["input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens"].map((k): FieldRule => ({ path: ["message", "usage", k], types: ["number"], then: NO_USAGE })),
];

const RULES: Readonly<Record<string, readonly FieldRule[]>> = {
  user: [...COMMON, ...MESSAGE, { path: ["isCompactSummary"], types: ["boolean", "null"], then: ASIS }, { path: ["isMeta"], types: ["boolean", "null"], then: ASIS }],
  assistant: [...COMMON, ...MESSAGE, ...ASSISTANT],
  system: [...COMMON, { path: ["subtype"], types: ["string"], then: "its kind is read as unknown" }, { path: ["logicalParentUuid"], types: ["string", "null"], then: "the boundary is read without its logical parent" }, { path: ["content"], types: ["string", "null"], then: ASIS }],
};

/** The wrong-type finding of one line that is an entry (`v`: the parsed line, its `type` a string), or undefined. */
export function claudeCodeFieldFinding(v: Record<string, unknown>, line: number): Finding | undefined {
  const rules = RULES[v.type as string];
  if (!rules) return undefined;
  const wrong = wrongFields(v, rules);
  return wrong.length ? fieldTypeFinding(line, wrong, "Claude Code") : undefined;
}
