/** The bundled sample session (the README's front door) shows every finding code of the engine. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { CLAUDE_CODE_CODES } from "../../server/src/engine/formats/claude-code/claude-code-codes.js";
import { FINDING_CODES } from "../../server/src/engine/rules/registry.js";
import { assertNoOrphanToolResults } from "../helpers/invariants.js";
import { PROVIDER_CODES } from "../../server/src/engine/rules/provider-codes.js";
import { RESUME_READING_CODES } from "../../server/src/engine/formats/codex/codex-resume-codes.js";
import { KIMI_CLI_CODES } from "../../server/src/engine/formats/kimi-cli/kimi-codes.js";
import { CURSOR_CODES } from "../../server/src/engine/formats/cursor/cursor-codes.js";
import { RECORDED_CONTEXT_CODES } from "../../server/src/engine/rules/recorded-context.js";

// `pruner-throws` turns all pruning off, so it cannot share the sample with the chain findings
// (test/unit/fidelity.test.ts covers it).
const ACP_ONLY = new Set(["first-user-pinned", "acp-dangling-ref", "acp-sidecar-invalid", "pruner-throws"]);
// A line over 32 MB does not belong in a sample (test/unit/findings-scale.test.ts covers it).
// Claude Code's resume codes need a Claude Code file (test/unit/claude-code-resume-findings.test.ts),
// Kimi CLI's a Kimi CLI file (test/unit/agent-kimi-cli.test.ts), Cursor's a Cursor file (test/unit/agent-cursor.test.ts).
// header-not-first needs a file whose header is not first (test/unit/agent-pi-family.test.ts);
// the recorded-context codes an OpenClaw session with its trajectory (test/unit/agent-openclaw-sent.test.ts)
const NOT_IN_SAMPLE = new Set(["oversized-line", "header-not-first", ...Object.keys(RECORDED_CONTEXT_CODES), ...Object.keys(CLAUDE_CODE_CODES), ...Object.keys(KIMI_CLI_CODES), ...Object.keys(CURSOR_CODES)]);

describe("samples/sample-session.jsonl", () => {
  const a = analyze(readFileSync(join(__dirname, "..", "..", "samples", "sample-session.jsonl"), "utf8"));
  it("has a finding of every pi-condense-side code", () => {
    const seen = new Set(a.findings.map((f) => f.code));
    // provider codes come from provider rules (test/unit/providers.test.ts: one session per cell), not analyze()
    // an agent's own reading on resume (Codex) has codes of its own: test/unit/codex-*.test.ts
    const missing = FINDING_CODES.filter((c) => !ACP_ONLY.has(c) && !NOT_IN_SAMPLE.has(c) && !(c in PROVIDER_CODES) && !(c in RESUME_READING_CODES) && !seen.has(c));
    assert.deepEqual(missing, []);
  });
  it("renders with chain b5 and b7 resolved and b9 unresolved; the wire has no orphans but the error turn's", () => {
    assert.deepEqual(a.prune.chains.resolved.map((r) => r.chain.data.blockId), ["b5", "b7"]);
    assert.deepEqual(a.prune.chains.unresolved.map((r) => r.chain.data.blockId), ["b9"]);
    const withoutErrorTurn = a.after.filter((m) => !(m.role === "toolResult" && m.toolCallId === "deploy_1"));
    assertNoOrphanToolResults(withoutErrorTurn);
  });
});
