/**
 * Issue 13 in the language server, over a real stdio connection: a session detected as one
 * provider gets error diagnostics for that provider's rejections, and (issue 23) what only other
 * providers reject is no problem unless `transcriptInspector.providerFindings` is `all` (then
 * information); the `transcriptInspector.provider` setting and the per-document switch
 * change the target; the status carries it; the hover lists the provider verdicts; the render
 * carries every provider's verdict and shows another provider on request.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { LspClient } from "../helpers/lsp-client.js";
import { ccSession, text, toolResult, toolUse } from "../helpers/provider-sessions.js";

// Claude Code, so Anthropic: results of one turn on two lines (Bedrock and Gemini reject), then an id only Anthropic rejects.
const TEXT = ccSession([
  { user: "hi" },
  { assistant: [toolUse("toolu_a"), toolUse("toolu_b")] },
  { user: [toolResult("toolu_a")] },
  { user: [toolResult("toolu_b")] },
  { assistant: [toolUse("call|x")] },
  { user: [toolResult("call|x")] },
  { assistant: [text("done")] },
]);
const ERROR = 1;
const INFORMATION = 3;

/** The first status for `uri` after `from` whose target is `target`. */
const statusWith = (c: LspClient, uri: string, target: string, from: number) =>
  c.until(() => c.notifications.slice(from).find((n) => n.method === "transcriptInspector/status" && n.params.uri === uri && n.params.provider?.target === target)?.params, 8000, `status ${target}`);
const sev = (d: any[], code: string) => d.filter((x) => x.code === code).map((x) => [x.range.start.line, x.severity]);

describe("provider rules in the language server", () => {
  let c: LspClient;
  before(async () => {
    c = await LspClient.start({});
  });
  after(async () => {
    await c.stop();
  });

  it("detected Anthropic: its rejection is an error, the others' only in the hover; the status names the target", async () => {
    const uri = "file:///virtual/providers-1.jsonl";
    const from = c.notifications.length;
    c.open(uri, TEXT);
    const d = await c.diagnosticsFor(uri, 1);
    assert.deepEqual(sev(d, "invalid-call-id"), [[4, ERROR]]);
    assert.deepEqual(sev(d, "results-split"), [], "only Bedrock and Gemini reject it");
    assert.deepEqual(
      d.map((x) => x.code),
      ["invalid-call-id"],
    );
    const splitLine = TEXT.split("\n")[3];
    const splitHover = await c.request("textDocument/hover", { textDocument: { uri }, position: { line: 3, character: splitLine.indexOf("toolu_b") + 1 } });
    assert.match(splitHover.contents.value, /\*\*Providers\*\* on results\\-split: rejected by Bedrock, Gemini/);
    const status = await c.status(uri, from);
    const { reason, ...provider } = status.provider;
    assert.deepEqual(provider, { target: "anthropic", label: "Anthropic", source: "session", detected: "anthropic", rejects: true, problems: 1 });
    // the live guard (issue 23 item 8c): why it rejects
    assert.deepEqual([reason.code, reason.line], ["invalid-call-id", 5]);
    assert.equal(status.errors, 1);

    const line = TEXT.split("\n")[4];
    const h = await c.request("textDocument/hover", { textDocument: { uri }, position: { line: 4, character: line.indexOf("call|x") + 1 } });
    assert.match(h.contents.value, /\*\*Providers\*\* on invalid\\-call\\-id: rejected by Anthropic/);
    assert.match(h.contents.value, /\| Gemini \| no evidence either way \|/);

    const verdicts = await c.request("transcriptInspector/providerVerdicts", { uri });
    assert.equal(verdicts.status.target, "anthropic");
    assert.deepEqual(
      verdicts.verdicts.filter((v: any) => v.rejects).map((v: any) => v.name),
      ["anthropic", "bedrock", "openai-chat", "gemini", "deepseek", "kimi", "qwen"],
    );

    const view = await c.request("transcriptInspector/render", { uri });
    assert.equal(view.provider.target, "anthropic");
    assert.equal(view.provider.detected, "anthropic");
    assert.equal(view.provider.verdicts.length, 9);
    const gemini = await c.request("transcriptInspector/render", { uri, provider: "gemini" });
    assert.equal(gemini.provider.target, "gemini");
    assert.equal(gemini.provider.detected, "anthropic");
    // the windowed inspector's summary carries the same provider section
    const summary = await c.request("transcriptInspector/summary", { uri, provider: "gemini" });
    assert.equal(summary.provider.target, "gemini");
    assert.equal(summary.provider.verdicts.length, 9);
    assert.equal((await c.request("transcriptInspector/summary", { uri })).provider.target, "anthropic");
  });

  it("the per-document switch moves the target, and `auto` brings the detected one back", async () => {
    const uri = "file:///virtual/providers-2.jsonl";
    c.open(uri, TEXT);
    await c.diagnosticsFor(uri, 1);
    let from = c.published.length;
    const fromStatus = c.notifications.length;
    assert.equal(await c.request("transcriptInspector/setTargetProvider", { uri, provider: "bedrock" }), true);
    let d = await c.diagnosticsFor(uri, 1, from);
    assert.deepEqual(sev(d, "results-split"), [[3, ERROR]]);
    assert.deepEqual(sev(d, "invalid-call-id"), []);
    const status = await statusWith(c, uri, "bedrock", fromStatus);
    assert.equal(status.provider.source, "document");
    assert.equal(status.provider.detected, "anthropic");
    assert.equal(await c.request("transcriptInspector/setTargetProvider", { uri, provider: "nope" }), false);
    from = c.published.length;
    assert.equal(await c.request("transcriptInspector/setTargetProvider", { uri, provider: "auto" }), true);
    d = await c.diagnosticsFor(uri, 1, from);
    assert.deepEqual(sev(d, "invalid-call-id"), [[4, ERROR]]);
  });

  it("the transcriptInspector.provider setting changes the target of every document", async () => {
    const uri = "file:///virtual/providers-3.jsonl";
    c.open(uri, TEXT);
    await c.diagnosticsFor(uri, 1);
    c.settings = { provider: "gemini", providerFindings: "all" };
    const from = c.published.length;
    const fromStatus = c.notifications.length;
    await c.conn.sendNotification("workspace/didChangeConfiguration", { settings: null });
    const d = await c.diagnosticsFor(uri, 1, from);
    assert.deepEqual(sev(d, "results-split"), [[3, ERROR]]);
    assert.deepEqual(sev(d, "invalid-call-id"), [[4, INFORMATION]], "providerFindings all: what only Anthropic rejects is information");
    assert.match(String(d.find((x) => x.code === "results-split")!.message), /Gemini rejects this/);
    const status = await statusWith(c, uri, "gemini", fromStatus);
    assert.equal(status.provider.source, "setting");
    c.settings = {};
  });
});
