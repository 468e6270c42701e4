/**
 * Issue 5, the client side: extension/src/extension.ts activated against a fake `vscode` API and
 * a fake LanguageClient (test/helpers/fake-vscode.ts). Checks the wiring a real VS Code relies
 * on: IPC server options and the jsonl selector, every contributed command registered, the
 * status bar from status notifications, revealLine, fixes applied with workspace.applyEdit, and
 * the inspector panel's CSP, nonce and message relay.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { before, describe, it } from "node:test";
import { fakeEditor, installFakes, state, Uri } from "../helpers/fake-vscode.js";

installFakes();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ext = require("../../extension/src/extension.ts");

const ROOT = resolve(__dirname, "..", "..");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const doc = Uri.parse("file:///work/s.jsonl");

describe("extension activation (fake vscode)", () => {
  const subs: any[] = [];
  before(async () => {
    state.activeTextEditor = fakeEditor(doc);
    state.visibleTextEditors = [state.activeTextEditor];
    await ext.activate({ subscriptions: subs, extensionUri: Uri.file(ROOT), asAbsolutePath: (p: string) => join(ROOT, p) });
  });

  it("starts dist/server.js over IPC for the built-in jsonl language", () => {
    const c = state.clients[0];
    assert.ok(c.started);
    assert.equal(c.id, "transcriptInspector");
    assert.deepEqual(c.clientOptions.documentSelector, [{ language: "jsonl" }]);
    assert.equal(c.serverOptions.run.transport, 1);
    assert.equal(c.serverOptions.run.module, join(ROOT, "dist/server.js"));
    assert.equal(c.clientOptions.outputChannel.name, "Transcript Inspector");
    assert.deepEqual(c.clientOptions.outputChannel.opts, { log: true });
    assert.deepEqual(c.clientOptions.markdown.isTrusted, { enabledCommands: ["transcriptInspector.revealLine"] });
    assert.equal(c.clientOptions.markdown.supportHtml, false);
    assert.deepEqual(state.watchers, ["**/*.jsonl.acp.json"], "the acp-kernel sidecar is watched");
  });

  it("registers every contributed command", () => {
    for (const cmd of pkg.contributes.commands) assert.ok(state.commands.has(cmd.command), cmd.command);
  });

  it("status bar: counts for a session document, hidden for other JSONL", () => {
    const c = state.clients[0];
    const item = state.statusItems[0];
    c.handlers.get("transcriptInspector/status")!({ uri: doc.toString(), isSession: true, format: "pi", pruner: "pi-condense", errors: 2, warnings: 3, messagesBefore: 10, messagesAfter: 7 });
    assert.equal(item.visible, true);
    assert.match(item.text, /\$\(error\) 2 \$\(warning\) 3/);
    assert.match(item.text, /10→7/);
    c.handlers.get("transcriptInspector/status")!({ uri: doc.toString(), isSession: false, format: "unknown", pruner: "none", errors: 0, warnings: 0, messagesBefore: 0, messagesAfter: 0 });
    assert.equal(item.visible, false);
  });

  it("revealLine moves the cursor to the 1-based line", async () => {
    await state.commands.get("transcriptInspector.revealLine")!(12, doc.toString());
    assert.equal(state.activeTextEditor.selection.active.line, 11);
    assert.equal(state.activeTextEditor.revealed.start.line, 11);
  });

  it("fix-all asks the server for the edit and applies it with workspace.applyEdit", async () => {
    const seen: any[] = [];
    state.requestHandler = (method, params) => {
      seen.push({ method, params });
      return method === "transcriptInspector/fixEdit" ? { changes: { [params.uri]: [] } } : null;
    };
    await state.commands.get("transcriptInspector.fixAllOrphans")!();
    assert.equal(seen[0].method, "transcriptInspector/fixEdit");
    assert.equal(seen[0].params.fix.kind, "fix-all-orphans");
    assert.deepEqual(state.applied.at(-1), { converted: { changes: { [doc.toString()]: [] } } });
  });

  it("inspector panel: strict CSP with a nonce, resources from dist/, render on ready, relays openLine/applyFix, follows the cursor", async () => {
    state.requestHandler = (method, params) => {
      if (method === "transcriptInspector/render") return { uri: params.uri, before: [], after: [] };
      if (method === "transcriptInspector/fixEdit") return { changes: {} };
      return null;
    };
    await state.commands.get("transcriptInspector.openInspectorToSide")!(doc);
    const panel = state.panels[0];
    assert.equal(panel.viewType, "transcriptInspector.inspector");
    assert.deepEqual(panel.options.localResourceRoots.map((u: any) => u.path), [join(ROOT, "dist")]);
    assert.equal(panel.options.enableScripts, true);
    const html: string = panel.webview.html;
    const csp = /Content-Security-Policy" content="([^"]+)"/.exec(html)![1];
    assert.match(csp, /default-src 'none'/);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1];
    assert.ok(nonce.length >= 16);
    assert.ok(!/unsafe-inline|unsafe-eval/.test(csp));
    for (const m of html.matchAll(/<script([^>]*)>/g)) assert.match(m[1], new RegExp(`nonce="${nonce.replace(/[+/=]/g, (c) => "\\" + c)}"`));
    panel.received.fire({ type: "ready" });
    await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual(panel.posted[0], { type: "render", view: { uri: doc.toString(), before: [], after: [] } });
    state.selectionChanged.fire({ textEditor: state.activeTextEditor, selections: [{ active: { line: 4 } }] });
    assert.deepEqual(panel.posted.at(-1), { type: "revealLine", line: 5 });
    panel.received.fire({ type: "openLine", line: 7 });
    await new Promise((r) => setTimeout(r, 10));
    assert.equal(state.activeTextEditor.selection.active.line, 6);
    const before = state.applied.length;
    panel.received.fire({ type: "applyFix", fix: { title: "x", kind: "remove-orphan", line: 3, toolCallId: "a" } });
    await new Promise((r) => setTimeout(r, 10));
    assert.equal(state.applied.length, before + 1);
    // a render-changed notification for this document re-renders
    const n = panel.posted.length;
    state.clients[0].handlers.get("transcriptInspector/didChangeRender")!({ uri: doc.toString(), version: 2 });
    await new Promise((r) => setTimeout(r, 10));
    assert.equal(panel.posted.length, n + 1);
    assert.equal(panel.posted.at(-1).type, "render");
  });

  it("deactivate stops the client", async () => {
    await ext.deactivate();
    assert.equal(state.clients[0].started, false);
  });
});
