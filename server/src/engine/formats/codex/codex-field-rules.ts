/**
 * The fields of Codex rollout lines the analysis reads outside Codex's own decoding, the JSON types
 * Codex writes there, and what a value of another type is read as. A field Codex's decoder
 * refuses (codex-decode.ts: the line is skipped whole, as Codex skips it) is that rule's finding;
 * these are the fields Codex would accept or ignore and the analysis would otherwise read silently
 * as missing. A field of another type is one `unknown-entry` warning on its line
 * (model/shape-findings.ts), never the file.
 */
import { type FieldRule, fieldTypeFinding, wrongFields } from "../../model/shape-findings.js";
import { isObject } from "../../model/parse.js";
import type { Finding } from "../../model/types.js";

const NO_USAGE = "it is read as not recorded (0 in the recorded usage)";
const TOKENS = ["input_tokens", "cached_input_tokens", "output_tokens", "reasoning_output_tokens", "total_tokens"];
const isEvent = (...types: string[]) => (p: Record<string, unknown>) => typeof p.type === "string" && types.includes(p.type);

const usageRules = (which: string): FieldRule[] => [
  { path: ["payload", "info", which], types: ["object", "null"], then: NO_USAGE },
  ...TOKENS.map((k): FieldRule => ({ path: ["payload", "info", which, k], types: ["number"], then: NO_USAGE })),
];

/** By line type: the fields the analysis reads that Codex's decoding does not refuse. */
const CODEX_FIELD_RULES: Readonly<Record<string, readonly FieldRule[]>> = {
  event_msg: [
    { path: ["payload", "info"], types: ["object", "null"], then: NO_USAGE, when: isEvent("token_count") },
    ...usageRules("last_token_usage"),
    ...usageRules("total_token_usage"),
  ],
  turn_context: [
    { path: ["payload", "model"], types: ["string"], then: "the turn's model is read as unknown (the provider is told without it)" },
    { path: ["payload", "cwd"], types: ["string"], then: "the inspector reads it as it is (Codex writes no other type here)" },
  ],
  session_meta: [
    { path: ["payload", "model_provider"], types: ["string", "null"], then: "the inspector reads it as it is (Codex writes no other type here)" },
  ],
};

/** The wrong-type finding of one rollout line (`v`: the parsed line), or undefined. */
export function codexFieldFinding(v: Record<string, unknown>, line: number): Finding | undefined {
  const rules = typeof v.type === "string" ? CODEX_FIELD_RULES[v.type] : undefined;
  if (!rules || !isObject(v.payload)) return undefined;
  const wrong = wrongFields(v, rules);
  return wrong.length ? fieldTypeFinding(line, wrong, "Codex") : undefined;
}
