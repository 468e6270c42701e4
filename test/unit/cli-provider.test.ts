/**
 * `check --provider auto|NAME|all` (in process): the findings the editor shows for that target
 * (`auto`, the default: the detected one), exit 1 exactly when one is an error; `all` lists every
 * provider's rejections as errors and adds the per-provider verdicts.
 */
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { providerVerdicts } from "../../server/src/engine/providers/verdicts.js";
import { main } from "../../server/src/cli.js";
import { corpusFiles } from "../helpers/corpus.js";
import { ccSession, text, toolResult, toolUse } from "../helpers/provider-sessions.js";

const dir = mkdtempSync(join(tmpdir(), "ti-provider-"));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const run = (...args: string[]) => {
  let stdout = "";
  const code = main(args, (s) => (stdout += s));
  return { code, stdout };
};

// Results of one turn on two lines: Anthropic combines them, Bedrock and Gemini reject. (A last
// answer keeps Claude Code's resume from adding "Continue from where you left off.", issue 21.)
const split = ccSession([{ user: "hi" }, { assistant: [toolUse("toolu_a"), toolUse("toolu_b")] }, { user: [toolResult("toolu_a")] }, { user: [toolResult("toolu_b")] }, { assistant: [text("done")] }]);

describe("check --provider", () => {
  it("exits 1 for a provider that rejects the session, 0 for one that accepts it", () => {
    const p = file("split.jsonl", split);
    const bedrock = run("check", "--provider", "bedrock", p);
    assert.equal(bedrock.code, 1);
    assert.match(bedrock.stdout, /split\.jsonl:4:\d+ error results-split Tool result `toolu_b` is in a later message/);
    const anthropic = run("check", "--provider=anthropic", p);
    assert.equal(anthropic.code, 0);
    // What only other providers reject is not a problem for Anthropic (the editor's hover and the inspector show it).
    assert.doesNotMatch(anthropic.stdout, /results-split/);
    assert.match(anthropic.stdout, /^no problems in 1 file$/m);
  });

  it("the default is the detected target (`auto`): the provider findings the editor shows, and their exit status", () => {
    // Issue 23: plain `check` left out the target's rules ("no problems", exit 0, where the editor showed errors).
    const p = file("bedrock.jsonl", ccSession([{ user: "hi" }, { assistant: [toolUse("toolu_a"), toolUse("toolu_b")], model: "anthropic.claude-opus-4-5" }, { user: [toolResult("toolu_a")] }, { user: [toolResult("toolu_b")] }, { assistant: [{ type: "text", text: "done" }], model: "anthropic.claude-opus-4-5" }]));
    const plain = run("check", p);
    assert.equal(plain.code, 1);
    assert.match(plain.stdout, /bedrock\.jsonl:4:\d+ error results-split /);
    assert.deepEqual(run("check", "--provider", "auto", p), plain);
    assert.equal(run("check", "--provider", "anthropic", p).code, 0);
  });

  it("--provider all: every provider's rejections, and one verdict line per file", () => {
    const p = file("split3.jsonl", split);
    const r = run("check", "--provider", "all", p);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /split3\.jsonl:4:\d+ error results-split /);
    assert.match(r.stdout, /split3\.jsonl: rejected by Bedrock \(4\), .*Gemini \(\d+\).*; accepted by Anthropic, /);
  });

  it("--provider all --format json adds a per-provider verdict per file", () => {
    const p = file("split2.jsonl", split);
    const r = run("check", "--provider", "all", "--format", "json", p);
    assert.equal(r.code, 1);
    const j = JSON.parse(r.stdout).files[0];
    assert.equal(j.format, "claude-code");
    assert.ok(Array.isArray(j.findings), "the generic findings stay");
    assert.equal(j.provider.target, null);
    assert.equal(j.provider.verdicts.anthropic.rejects, false);
    assert.deepEqual(j.provider.verdicts.bedrock, { rejects: true, count: 4, codes: ["dangling-call", "orphan-result", "results-split", "role-alternation"] });
    assert.equal(j.provider.verdicts.gemini.rejects, true);
    assert.ok(j.provider.findings.every((f: { severity: string }) => f.severity === "error"));
  });

  it("a name that is not a provider is a usage error", () => {
    assert.throws(() => run("check", "--provider", "openai", file("x.jsonl", split)), /--provider must be auto, one of anthropic, bedrock, .*, or all, not openai/);
    assert.throws(() => run("check", "--provider"), /--provider must be auto, one of/);
  });

  it("on every corpus file, exits 1 exactly when the provider would reject it or a generic finding is an error", () => {
    for (const f of corpusFiles()) {
      const a = analyze(f.text);
      const pv = providerVerdicts(a, { target: "all" });
      const generic = a.findings.some((x) => x.severity === "error");
      for (const p of ["anthropic", "bedrock", "gemini"] as const) assert.equal(run("check", "--provider", p, f.path).code, pv.verdicts[p].rejects || generic ? 1 : 0, `${f.name} ${p}`);
    }
  });
});
