/**
 * Issue 13, the client side (fake vscode): the target provider status item (text, tooltip, click
 * opens the switch; a count only when the target would reject) and the Switch Target Provider
 * quick pick (every provider with its verdict; the pick is sent to the server).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { EventEmitter, fakeEditor, fakePanel, installFakes, state, Uri, vscode } from "../helpers/fake-vscode.js";

installFakes();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sw = require("../../extension/src/providerSwitch.ts");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SessionStatuses } = require("../../extension/src/sessions.ts");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { InspectorPanel } = require("../../extension/src/inspectorPanel.ts");

const doc = Uri.parse("file:///work/p.jsonl");
const provider = (over: Record<string, unknown> = {}) => ({ target: "anthropic", label: "Anthropic", source: "session", detected: "anthropic", rejects: false, problems: 0, ...over });
const VERDICTS = {
  status: provider({ rejects: true, problems: 3 }),
  verdicts: [
    { name: "anthropic", label: "Anthropic", rejects: true, problems: 3 },
    { name: "bedrock", label: "Bedrock", rejects: false, problems: 0 },
    { name: "gemini", label: "Gemini", rejects: true, problems: 1 },
  ],
};

describe("target provider in the status bar and the switch", () => {
  it("status text: a check when the target accepts, a count only when it rejects, a question when unknown", () => {
    assert.equal(sw.providerStatusContent(provider()).text, "$(check) Anthropic");
    const rejects = sw.providerStatusContent(provider({ rejects: true, problems: 3 }));
    assert.equal(rejects.text, "$(error) Anthropic: 3 problems");
    assert.match(rejects.tooltip, /Target provider: Anthropic \(detected from the session's latest turn\)\.\nAnthropic would reject the next request: 3 problems\.\nClick to switch/);
    assert.match(sw.providerStatusContent(provider({ source: "setting", target: "gemini", label: "Gemini" })).tooltip, /from the transcriptInspector\.provider setting/);
    assert.equal(sw.providerStatusContent(provider({ target: null, label: "Provider unknown", source: "none", detected: null })).text, "$(question) Provider unknown");
  });

  it("the item follows the active session's status and clicking it runs the switch", () => {
    state.activeTextEditor = fakeEditor(doc);
    const sessions = new SessionStatuses();
    const first = state.statusItems.length;
    const item = new sw.ProviderStatusItem(sessions);
    const it = state.statusItems[first];
    assert.equal(it.command, sw.SWITCH_PROVIDER_COMMAND);
    assert.equal(it.visible, false);
    const status = { uri: doc.toString(), isSession: true, format: "claude-code", pruner: "none", errors: 3, warnings: 0, messagesBefore: 5, messagesAfter: 5 };
    sessions.update({ ...status, provider: provider({ rejects: true, problems: 3 }) });
    assert.equal(it.visible, true);
    assert.equal(it.text, "$(error) Anthropic: 3 problems");
    sessions.update({ ...status, provider: provider({ target: "openai-responses", label: "OpenAI Responses", source: "document" }) });
    assert.equal(it.text, "$(check) OpenAI Responses");
    sessions.update(status);
    assert.equal(it.visible, false, "no provider in the status: hidden");
    item.dispose();
    sessions.dispose();
  });

  it("the quick pick lists Auto and every provider with its verdict; the pick goes to the server", async () => {
    const picks = sw.providerPicks(VERDICTS);
    assert.deepEqual(
      picks.map((p: any) => [p.provider, p.label, p.description, p.detail]),
      [
        ["auto", "Auto", "detected: Anthropic", "Follow the transcriptInspector.provider setting, else the session's latest turn."],
        ["anthropic", "Anthropic", "would reject: 3 problems", "current target"],
        ["bedrock", "Bedrock", "accepts", undefined],
        ["gemini", "Gemini", "would reject: 1 problem", undefined],
      ],
    );
    const sent: [string, string][] = [];
    const client = { verdicts: async () => VERDICTS, setTarget: async (u: string, p: string) => (sent.push([u, p]), true) };
    (vscode.window as any).showQuickPick = async (items: any[]) => items.find((i) => i.provider === "gemini");
    await sw.switchTargetProvider(client, doc);
    assert.deepEqual(sent, [[doc.toString(), "gemini"]]);
    (vscode.window as any).showQuickPick = async () => undefined;
    await sw.switchTargetProvider(client, doc);
    assert.equal(sent.length, 1, "a dismissed pick changes nothing");
    const infos = state.infos.length;
    await sw.switchTargetProvider({ ...client, verdicts: async () => null }, doc);
    assert.match(state.infos[infos], /not a session transcript/);
  });

  it("inspector: showProvider asks for the summary with that provider; auto returns to the document's target; a bad name is ignored", async () => {
    const renders: [string, string | undefined][] = [];
    const panel = fakePanel("transcriptInspector.inspector", "Inspect p.jsonl", {}, {});
    const log = { warn() {}, error() {}, info() {} };
    const host = { summary: async (u: string, p?: string) => (renders.push([u, p]), null), rows: async () => null, locate: async () => null, fullText: async () => null, applyFix: async () => true, revealLine: async () => undefined, onRenderChanged: new EventEmitter<any>().event, log };
    new InspectorPanel(panel, Uri.file("/ext"), host, doc, () => undefined);
    const tick = () => new Promise((r) => setTimeout(r, 10));
    panel.received.fire({ type: "ready" });
    await tick();
    panel.received.fire({ type: "showProvider", provider: "gemini" });
    await tick();
    panel.received.fire({ type: "showProvider", provider: "<b>" });
    await tick();
    panel.received.fire({ type: "showProvider", provider: "auto" });
    await tick();
    assert.deepEqual(renders, [
      [doc.toString(), undefined],
      [doc.toString(), "gemini"],
      [doc.toString(), undefined],
    ]);
  });
});
