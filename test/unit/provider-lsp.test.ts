/**
 * Provider findings in the editor (lsp/provider-findings.ts, lsp/provider-targets.ts), in
 * process: severity follows the target provider, only the target's rejections are problems
 * unless `providerFindings` is `all`, the document switch and the setting override the detected
 * provider, a provider finding of a generic code is folded into that diagnostic, quiet codes
 * become hints, and the hover lists every provider's verdict, escaped and bounded.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { DiagnosticSeverity } from "vscode-languageserver/node";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { PROVIDER_NAMES } from "../../server/src/engine/model/provider-names.js";
import { diagnostics } from "../../server/src/lsp/diagnostics.js";
import { DocModel } from "../../server/src/lsp/model.js";
import { providerHoverMarkdown, providerStatus, verdictsOf, withProviderDiagnostics } from "../../server/src/lsp/provider-findings.js";
import { chooseTarget, ProviderTargets } from "../../server/src/lsp/provider-targets.js";
import { analyzeOptions, DEFAULT_SETTINGS, normalizeSettings, type Settings } from "../../server/src/lsp/settings.js";
import { call, ccSession, piSession, text, toolResult, toolUse } from "../helpers/provider-sessions.js";

const URI = "file:///t/s.jsonl";
// Claude Code (target Anthropic): results of one turn on two lines (Bedrock and Gemini reject), then an id Anthropic rejects.
const SESSION = ccSession([
  { user: "hi" },
  { assistant: [toolUse("toolu_a"), toolUse("toolu_b")] },
  { user: [toolResult("toolu_a")] },
  { user: [toolResult("toolu_b")] },
  { assistant: [toolUse("call|x")] },
  { user: [toolResult("call|x")] },
  { assistant: [text("done")] },
]);

function diags(text: string, settings: Settings = DEFAULT_SETTINGS, choice?: Parameters<typeof chooseTarget>[1]) {
  const a = analyze(text, analyzeOptions(settings));
  const m = new DocModel(a);
  const pv = verdictsOf(a, chooseTarget(settings, choice).target);
  return { pv, d: withProviderDiagnostics(m, URI, settings, pv, diagnostics(m, URI, settings)), m };
}
const at = (d: ReturnType<typeof diags>["d"], code: string) => d.filter((x) => x.code === code);

describe("provider findings in the editor: severity follows the target", () => {
  it("detected Anthropic: its rejection is an error; what only others reject is no problem by default", () => {
    // Issue 23: Gemini's and Bedrock's verdicts on a Claude Code file, which goes to Anthropic, were problems.
    const { d, pv } = diags(SESSION);
    assert.equal(pv.target, "anthropic");
    const id = at(d, "invalid-call-id");
    assert.deepEqual(id.map((x) => [x.range.start.line, x.severity]), [[4, DiagnosticSeverity.Error]]);
    assert.match(String(id[0].message), /Anthropic rejects this/);
    assert.deepEqual(at(d, "results-split"), []);
    assert.deepEqual(d.filter((x) => x.severity !== DiagnosticSeverity.Error).map((x) => x.code), [], "nothing but the target's rejection");
  });

  it("providerFindings `all`: what only others reject is information naming them", () => {
    const { d } = diags(SESSION, normalizeSettings({ providerFindings: "all" }));
    const split = at(d, "results-split");
    assert.deepEqual(split.map((x) => [x.range.start.line, x.severity]), [[3, DiagnosticSeverity.Information]]);
    assert.match(String(split[0].message), /Bedrock would reject this: "Expected toolResult blocks/);
    assert.match(String(split[0].message), /Gemini would reject this: "Please ensure/);
    assert.equal(d.filter((x) => x.severity === DiagnosticSeverity.Error).length, 1);
  });

  it("the setting overrides the detected provider", () => {
    const settings = normalizeSettings({ provider: "bedrock" });
    assert.equal(settings.provider, "bedrock");
    const { d, pv } = diags(SESSION, settings);
    assert.equal(pv.target, "bedrock");
    assert.equal(at(d, "results-split")[0].severity, DiagnosticSeverity.Error);
    assert.match(String(at(d, "results-split")[0].message), /Bedrock rejects this/);
    assert.deepEqual(at(d, "invalid-call-id"), [], "only Anthropic rejects it");
    const every = diags(SESSION, normalizeSettings({ provider: "bedrock", providerFindings: "all" })).d;
    assert.equal(at(every, "invalid-call-id")[0].severity, DiagnosticSeverity.Information);
    assert.match(String(at(every, "invalid-call-id")[0].message), /Anthropic would reject this/);
  });

  it("a user's severity override shows the code's provider findings whoever rejects them", () => {
    const { d } = diags(SESSION, normalizeSettings({ severityOverrides: { "results-split": "warning" } }));
    assert.deepEqual(at(d, "results-split").map((x) => [x.range.start.line, x.severity]), [[3, DiagnosticSeverity.Warning]]);
  });

  it("providerFindings takes `target` or `all`, else `target`", () => {
    assert.equal(DEFAULT_SETTINGS.providerFindings, "target");
    assert.equal(normalizeSettings({ providerFindings: "all" }).providerFindings, "all");
    assert.equal(normalizeSettings({ providerFindings: "some" }).providerFindings, "target");
  });

  it("the document's switch overrides the setting; `auto` returns to it", () => {
    const settings = normalizeSettings({ provider: "bedrock" });
    assert.deepEqual(chooseTarget(settings, "gemini"), { target: "gemini", source: "document" });
    assert.deepEqual(chooseTarget(settings, "auto"), { target: "bedrock", source: "setting" });
    assert.deepEqual(chooseTarget(DEFAULT_SETTINGS, undefined), { target: undefined, source: "session" });
    const { d } = diags(SESSION, settings, "gemini");
    assert.equal(at(d, "results-not-adjacent")[0].severity, DiagnosticSeverity.Error);
    assert.deepEqual(at(d, "invalid-call-id"), []);
    const targets = new ProviderTargets();
    assert.equal(targets.choose(URI, "gemini"), true);
    assert.equal(targets.choose(URI, "openai"), false, "not a provider name");
    assert.equal(targets.choose(URI, "auto"), true);
  });

  it("a setting that names no provider is `auto`", () => {
    assert.equal(normalizeSettings({ provider: "openai" }).provider, "auto");
    assert.equal(normalizeSettings({ provider: 3 }).provider, "auto");
    assert.equal(DEFAULT_SETTINGS.provider, "auto");
  });

  it("a user's severity override wins; `off` hides the code", () => {
    const { d } = diags(SESSION, normalizeSettings({ severityOverrides: { "invalid-call-id": "warning", "results-split": "off" }, providerFindings: "all" }));
    assert.equal(at(d, "invalid-call-id")[0].severity, DiagnosticSeverity.Warning);
    assert.deepEqual(at(d, "results-split"), []);
  });

  it("status: the target, where it comes from, and a count only when it rejects", () => {
    const a = analyze(SESSION);
    assert.deepEqual(providerStatus(verdictsOf(a, undefined), "session"), { target: "anthropic", label: "Anthropic", source: "session", detected: "anthropic", rejects: true, problems: 1 });
    assert.deepEqual(providerStatus(verdictsOf(a, "openai-responses"), "setting"), {
      target: "openai-responses",
      label: "OpenAI Responses",
      source: "setting",
      detected: "anthropic",
      rejects: false,
      problems: 0,
    });
  });
});

describe("provider findings in the editor: one problem, one diagnostic", () => {
  // Issue 21: Claude Code 2.1 drops a result that answers nothing when it resumes; 2.0.31 sends it, and the provider sees it.
  it("a provider finding of a generic code is folded into the generic diagnostic", () => {
    // A Claude Code result answering nothing: the engine's orphan-result and the providers' are one problem.
    const s = ccSession([{ user: "hi" }, { assistant: [text("ok")] }, { user: [toolResult("toolu_x")] }]);
    assert.ok(!analyze(s).findings.some((f) => f.code === "orphan-result"), "Claude Code 2.1 drops it silently");
    const a = analyze(s, { ...analyzeOptions(DEFAULT_SETTINGS), agentVersion: "2.0" });
    assert.ok(a.findings.some((f) => f.code === "orphan-result"), "the engine reports it");
    const m = new DocModel(a);
    const pv = verdictsOf(a, chooseTarget(DEFAULT_SETTINGS, undefined).target);
    const d = withProviderDiagnostics(m, URI, DEFAULT_SETTINGS, pv, diagnostics(m, URI, DEFAULT_SETTINGS));
    const orphans = at(d, "orphan-result");
    assert.equal(orphans.length, 1);
    assert.equal(orphans[0].severity, DiagnosticSeverity.Error);
    assert.match(String(orphans[0].message), /Anthropic rejects this: "messages\.N\.content\.M: unexpected tool_use_id/);
  });

  it("an error turn's result is one problem: error-turn-results carries the providers' orphan note", () => {
    const { d } = diags(readFileSync(join(__dirname, "..", "..", "samples", "sample-session.jsonl"), "utf8"));
    const line29 = d.filter((x) => x.range.start.line === 29 && (x.code === "orphan-result" || x.code === "error-turn-results"));
    assert.deepEqual(line29.map((x) => [x.code, x.severity]), [["error-turn-results", DiagnosticSeverity.Error]]);
    assert.match(String(line29[0].message), /\(pi-ai\) leaves that turn out[\s\S]*Anthropic rejects this: "messages\.N\.content\.M: unexpected tool_use_id/);
  });

  it("colliding-id is a hint for Kimi, whose ids repeat by design, and keeps its severity elsewhere", () => {
    const s = piSession([{ user: "hi" }, { assistant: [call("Read:1")] }, { result: "Read:1" }, { assistant: [call("Read:1")] }, { result: "Read:1" }, { assistant: [text("done")] }], "kimi");
    const kimi = at(diags(s).d, "colliding-id");
    assert.deepEqual(kimi.map((x) => x.severity), [DiagnosticSeverity.Hint]);
    assert.match(String(kimi[0].message), /normal for Kimi/);
    const chat = at(diags(s, normalizeSettings({ provider: "openai-chat" })).d, "colliding-id");
    assert.equal(chat.length, 1);
    assert.equal(chat[0].severity, DiagnosticSeverity.Error);
    assert.match(String(chat[0].message), /OpenAI Chat/);
  });

  it("the colliding-id switch also silences the provider rule of that code", () => {
    const s = piSession([{ user: "hi" }, { assistant: [call("Read:1")] }, { result: "Read:1" }, { assistant: [call("Read:1")] }, { result: "Read:1" }, { assistant: [text("done")] }], "openai-chat");
    assert.deepEqual(at(diags(s, normalizeSettings({ collidingId: { enabled: false } })).d, "colliding-id"), []);
  });
});

describe("provider hover", () => {
  it("lists every provider's verdict on the finding under the cursor, quoting error texts", () => {
    const { pv, m } = diags(SESSION);
    const f = pv.findings.find((x) => x.code === "invalid-call-id")!;
    const line = m.a.session.lines.at(f.line)!.text;
    const md = providerHoverMarkdown(m, pv, f.line, line.indexOf("call|x") + 1)!;
    assert.match(md, /\*\*Providers\*\* on invalid\\-call\\-id: rejected by Anthropic/);
    assert.equal(md.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| provider")).length, PROVIDER_NAMES.length);
    assert.match(md, /\| Anthropic \*\*\(target\)\*\* \| rejects: tool\\_use ids must match/);
    assert.match(md, /\| OpenAI Responses \| accepts \|/);
    assert.equal(providerHoverMarkdown(m, pv, 0, 0), null, "nothing where there is no provider finding");
  });

  it("escapes what comes from the file and stays bounded on a line with many findings", () => {
    const evil = "<img src=x onerror=alert(1)>";
    const s = ccSession([{ user: "hi" }, { assistant: [toolUse(evil, evil)] }, { user: [toolResult(evil)] }]);
    const { pv, m } = diags(s);
    const f = pv.findings.find((x) => x.line === 1)!;
    const md = providerHoverMarkdown(m, pv, 1, m.a.session.lines.at(1)!.text.indexOf("onerror"))!;
    assert.ok(md, `hover on ${f.code}`);
    assert.doesNotMatch(md, /<img/);
    assert.ok(md.length < 8000, `${md.length} characters`);
  });
});

describe("provider setting in package.json", () => {
  it("lists `auto` and exactly the provider names", () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8"));
    assert.deepEqual(pkg.contributes.configuration.properties["transcriptInspector.provider"].enum, ["auto", ...PROVIDER_NAMES]);
  });
  // Issue 21: Claude Code and Codex are checked on what they send on resume, not with pi-condense and pi-ai; the Claude Code and Codex readings bring this back.
});
