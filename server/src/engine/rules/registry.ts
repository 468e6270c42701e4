/**
 * The rule table: every finding code, joined from the rule files, in the order the README
 * documents them. Each line names the spec or source the rule follows (details in `follows`).
 * Adding a rule: a file like leading-user.ts (the smallest) exporting its `CodeTable`, a line
 * here, the call in analyze.ts, a README section `#code-<code>` and the code in package.json's
 * `severityOverrides` (a unit test checks the three agree).
 */
import { ACP_SIDECAR_CODES } from "./acp-sidecar.js";
import { CHAIN_RANGE_CODES } from "./chain-ranges.js";
import { COMMIT_BOUNDARY_CODES } from "./commit-boundary.js";
import { FIRST_USER_PIN_CODES } from "./first-user-pin.js";
import { LEADING_USER_CODES } from "./leading-user.js";
import { OCCURRENCE_IDENTITY_CODES } from "./occurrence-identity.js";
import { ORPHAN_SWEEP_CODES } from "./orphan-sweep.js";
import { OVERSIZED_LINE_CODES } from "./oversized-line.js";
import { PROVIDER_WIRE_CODES } from "./provider-wire-findings.js";
import { RECORDED_CONTEXT_CODES } from "./recorded-context.js";
import { PRUNER_THROWS_CODES } from "./pruner-throws.js";
import { PROVIDER_CODES } from "./provider-codes.js";
import type { CodeSpec, FixKind } from "../model/finding-kit.js";
import { SESSION_SHAPE_CODES } from "../model/shape-findings.js";
import { RESUME_READING_CODES } from "../formats/codex/codex-resume-codes.js";
import { CLAUDE_CODE_CODES } from "../formats/claude-code/claude-code-codes.js";
import { KIMI_CLI_CODES } from "../formats/kimi-cli/kimi-codes.js";
import { CURSOR_CODES } from "../formats/cursor/cursor-codes.js";

export type { CodeSpec, CodeTable, EnabledCodes, FixKind } from "../model/finding-kit.js";

export const CODE_TABLE = {
  ...SESSION_SHAPE_CODES, // how each agent loads its file (docs/research/formats.md)
  ...CHAIN_RANGE_CODES, // seed section A: chain ranges
  ...PRUNER_THROWS_CODES, // pi emitContext catching pi-condense 2.9.1's throws
  ...OCCURRENCE_IDENTITY_CODES, // seed section B: occurrence identity
  ...ORPHAN_SWEEP_CODES, // seed section C: orphan sweep (gh-11 barrier)
  ...LEADING_USER_CODES, // seed first-user-pin.diff, on the wire
  ...COMMIT_BOUNDARY_CODES, // seed commit-boundary.json
  ...PROVIDER_WIRE_CODES, // pi-ai transformMessages
  ...RESUME_READING_CODES, // an agent's own reading on resume (Codex: docs/research/codex-resume.md)
  ...FIRST_USER_PIN_CODES, // seed first-user-pin.diff, acp-kernel #489
  ...ACP_SIDECAR_CODES, // acp-kernel sidecar state
  ...RECORDED_CONTEXT_CODES, // what the agent recorded it sent (OpenClaw's trajectory) against the After column
  ...OVERSIZED_LINE_CODES, // Anthropic's 32 MB request limit
  ...CLAUDE_CODE_CODES, // Claude Code's reading on resume (docs/research/claude-code-resume.md)
  ...KIMI_CLI_CODES, // Kimi CLI: what its provider refuses in the history it sends as stored
  ...CURSOR_CODES, // Cursor: what its transcript suggests but cannot show (no results)
  ...PROVIDER_CODES, // provider rules (providers/rules.ts); severity follows the target provider
} as const;

/** Every finding code the engine reports. */
export type FindingCode = keyof typeof CODE_TABLE;

export const FINDING_CODES = Object.keys(CODE_TABLE) as FindingCode[];

/** The table entry of a code the engine reports (a finding's `code` is one of them). */
export function codeSpec(code: string): CodeSpec {
  const spec = (CODE_TABLE as Record<string, CodeSpec>)[code];
  if (!spec) throw new Error(`unknown finding code ${code}`);
  return spec;
}

/** The codes whose findings a fix kind repairs. */
export function codesWithFix(kind: FixKind): FindingCode[] {
  return FINDING_CODES.filter((c) => (CODE_TABLE[c].fixes as readonly FixKind[]).includes(kind));
}

export function isFindingCode(code: string): code is FindingCode {
  return Object.prototype.hasOwnProperty.call(CODE_TABLE, code);
}

