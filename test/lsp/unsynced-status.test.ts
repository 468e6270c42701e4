/**
 * Issue 23 item 6, the client side (fake vscode): a session tab VS Code shows without a text
 * editor (its "very large file" notice in remote and web windows from 10 MB, or a file over 50
 * MB) still gets the status item, the target provider's item and the inspector button's context
 * key from the server's status, with a short note why hovers, navigation and quick fixes are
 * missing; the commands that act on "the active file" find it. A synced editor gets no note.
 */
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { before, describe, it } from "node:test";
import { fakeEditor, fakeTabGroup, installFakes, state, Uri } from "../helpers/fake-vscode.js";

installFakes();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ext = require("../../extension/src/extension.ts");

const ROOT = resolve(__dirname, "..", "..");
const big = Uri.parse("file:///work/big.jsonl");
const small = Uri.parse("file:///work/small.jsonl");
const statusOf = (uri: Uri) => ({ uri: uri.toString(), isSession: true, format: "claude-code", pruner: "none", errors: 3, warnings: 0, messagesBefore: 1200, messagesAfter: 1100, provider: { target: "anthropic", label: "Anthropic", source: "session", detected: "anthropic", rejects: false, problems: 0 } });

async function until(pred: () => boolean, what: string) {
  const deadline = Date.now() + 5000;
  while (!pred()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("a session VS Code shows without a text editor (fake vscode)", () => {
  const item = (id: string) => state.statusItems.find((i) => i.id === id)!;
  before(async () => {
    state.activeTextEditor = undefined;
    state.visibleTextEditors = [];
    state.textDocuments = [];
    state.tabGroups = [fakeTabGroup(big)];
    await ext.activate({ subscriptions: [] as any[], extensionUri: Uri.file(ROOT), asAbsolutePath: (p: string) => join(ROOT, p) });
  });

  it("is reported to the server, and its status shows with the note once the server reads it", async () => {
    const client = state.clients[0];
    await until(() => client.sent.some(([m, p]) => m === "transcriptInspector/didShowUnsynced" && p.uri === big.toString()), "didShowUnsynced");
    assert.equal(item("transcriptInspector.status").visible, false, "nothing to say before the server's status");
    client.handlers.get("transcriptInspector/status")!(statusOf(big));
    const status = item("transcriptInspector.status");
    assert.equal(status.visible, true);
    assert.match(status.text, /claude-code · 1,200→1,100 · \$\(file\) read from disk$/);
    assert.match(status.tooltip, /VS Code does not give this file to extensions: its editor shows the "very large file" notice \(remote and web windows, from 10 MB\) or the file is over 50 MB\./);
    assert.match(status.tooltip, /hovers, go to definition, quick fixes and the outline need the editor's copy/);
    assert.equal(status.command, "transcriptInspector.openInspectorToSide");
    const provider = item("transcriptInspector.provider");
    assert.equal(provider.visible, true);
    assert.equal(provider.text, "$(check) Anthropic");
    // the editor title button's condition: the file's path is among the sessions
    assert.deepEqual(state.context.get("transcriptInspector.sessionPaths"), ["/work/big.jsonl"]);
  });

  it("the inspector and the provider switch act on the tab's file", async () => {
    state.requestHandler = (method, params) => (method === "transcriptInspector/providerVerdicts" ? { status: statusOf(big).provider, verdicts: [] } : method === "transcriptInspector/summary" ? { uri: params.uri, revision: 1 } : null);
    const panels = state.panels.length;
    await state.commands.get("transcriptInspector.openInspectorToSide")!();
    assert.equal(state.panels.length, panels + 1);
    assert.equal(state.panels.at(-1).title, "Inspect big.jsonl");
  });

  it("a synced editor's status has no note", async () => {
    state.textDocuments = [{ uri: small }];
    state.activeTextEditor = fakeEditor(small);
    state.tabGroups = [fakeTabGroup(small), { ...fakeTabGroup(big), isActive: false }];
    state.clients[0].handlers.get("transcriptInspector/status")!(statusOf(small));
    state.activeEditorChanged.fire(state.activeTextEditor);
    const status = item("transcriptInspector.status");
    assert.equal(status.visible, true);
    assert.doesNotMatch(status.text, /read from disk/);
    assert.doesNotMatch(status.tooltip, /does not give this file/);
  });

  it("switching to the unsynced tab (no text editor) shows its status again", async () => {
    state.activeTextEditor = undefined;
    state.tabGroups = [fakeTabGroup(big), { ...fakeTabGroup(small), isActive: false }];
    state.tabsChanged.fire({});
    assert.match(item("transcriptInspector.status").text, /read from disk/);
  });
});
