/**
 * Issue 5, the client side: extension/src/extension.ts activated against a fake `vscode` API and
 * a fake LanguageClient (test/helpers/fake-vscode.ts). Checks the wiring a real VS Code relies
 * on: IPC server options and the jsonl and session-*.json selector (the server started with the
 * first session file, not for every JSON file), every contributed command registered, the
 * status bar and the session context key from status notifications, revealLine, fixes applied
 * with workspace.applyEdit (and a word when there is nothing to fix), the inspector panel's CSP,
 * nonce, icon and checked message relay, its restore after a reload, and test hooks only in a
 * test run.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { before, describe, it } from "node:test";
import { fakeEditor, fakePanel, installFakes, state, Uri } from "../helpers/fake-vscode.js";

installFakes();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ext = require("../../extension/src/extension.ts");

const ROOT = resolve(__dirname, "..", "..");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const doc = Uri.parse("file:///work/s.jsonl");
const status = (over: Record<string, unknown> = {}) => ({ uri: doc.toString(), isSession: true, format: "pi", pruner: "pi-condense", errors: 2, warnings: 3, messagesBefore: 10, messagesAfter: 7, ...over });
const tick = () => new Promise((r) => setTimeout(r, 10));
/** The server's preview of a fix: no edits to show, the target's verdict unchanged. */
const PREVIEW = { edits: [], before: { provider: "anthropic", rejects: false, problems: 0 }, after: { provider: "anthropic", rejects: false, problems: 0 }, fixed: [], added: [] };
const contextOf = (mode?: number) => ({ subscriptions: [] as any[], extensionUri: Uri.file(ROOT), extensionMode: mode, asAbsolutePath: (p: string) => join(ROOT, p) });

describe("extension activation (fake vscode)", () => {
  let exported: any;
  before(async () => {
    state.activeTextEditor = fakeEditor(doc);
    state.visibleTextEditors = [state.activeTextEditor];
    state.textDocuments = [{ uri: doc, languageId: "jsonl", lineCount: 100 }];
    exported = await ext.activate(contextOf());
  });

  it("starts dist/server.js over IPC for the built-in jsonl language and JSON files named as JSON-document sessions, a session being open", () => {
    const c = state.clients[0];
    assert.ok(c.started);
    assert.equal(c.id, "transcriptInspector");
    assert.deepEqual(c.clientOptions.documentSelector, [{ language: "jsonl" }, { language: "json", pattern: "**/session-*.json" }, { language: "json", pattern: "**/*.messages.json" }, { language: "json", pattern: "**/api_conversation_history.json" }, { language: "json", scheme: "transcript-inspector-store" }]);
    assert.equal(c.serverOptions.run.transport, 1);
    assert.equal(c.serverOptions.run.module, join(ROOT, "dist/server.js"));
    assert.equal(c.clientOptions.outputChannel.name, "Transcript Inspector");
    assert.deepEqual(c.clientOptions.outputChannel.opts, { log: true });
    assert.deepEqual(c.clientOptions.markdown.isTrusted, { enabledCommands: ["transcriptInspector.revealLine"] });
    assert.equal(c.clientOptions.markdown.supportHtml, false);
    assert.deepEqual(state.watchers, ["**/*.jsonl.acp.json", "**/*.trajectory.jsonl"], "the acp-kernel sidecar and OpenClaw's trajectory are watched");
  });

  it("registers every contributed command", () => {
    for (const cmd of pkg.contributes.commands) assert.ok(state.commands.has(cmd.command), cmd.command);
  });

  it("status bar: format, pruner and messages before→after for a session, no problem counts; hidden for other JSONL", () => {
    const c = state.clients[0];
    const item = state.statusItems[0];
    c.handlers.get("transcriptInspector/status")!(status());
    assert.equal(item.visible, true);
    assert.equal(item.text, "$(list-flat) pi · pi-condense · 10→7");
    assert.doesNotMatch(item.text, /\$\((error|warning)\)/, "VS Code's own status item shows the problem counts");
    assert.match(item.tooltip, /^Transcript Inspector: pi session, pruned by pi-condense\./);
    assert.equal(item.command, "transcriptInspector.openInspectorToSide");
    c.handlers.get("transcriptInspector/status")!(status({ format: "codex", pruner: "none", messagesBefore: 1200, messagesAfter: 1200 }));
    assert.equal(item.text, "$(list-flat) codex · 1,200→1,200");
    assert.match(item.tooltip, /no pruner/);
    c.handlers.get("transcriptInspector/status")!(status({ capped: { shown: 1000, total: 5321 } }));
    assert.equal(item.text, "$(list-flat) pi · pi-condense · 10→7 · $(warning) 1,000 of 5,321 problems shown");
    assert.match(item.tooltip, /1,000 of 5,321 problems shown: the Problems panel lists the most severe first/);
    c.handlers.get("transcriptInspector/status")!(status({ isSession: false, format: "unknown", pruner: "none", errors: 0, warnings: 0, messagesBefore: 0, messagesAfter: 0 }));
    assert.equal(item.visible, false);
  });

  it("the session context key lists exactly the documents the server recognised as sessions (the editor title button's condition)", () => {
    const c = state.clients[0];
    // paths, as the workbench's resourcePath key has them (the same in a remote window, unlike URIs)
    const key = "transcriptInspector.sessionPaths";
    c.handlers.get("transcriptInspector/status")!(status());
    assert.deepEqual(state.context.get(key), [doc.fsPath]);
    const other = "file:///work/notes.jsonl";
    c.handlers.get("transcriptInspector/status")!(status({ uri: other, isSession: false, format: "unknown" }));
    assert.deepEqual(state.context.get(key), [doc.fsPath]);
    c.handlers.get("transcriptInspector/status")!(status({ isSession: false, format: "unknown" }));
    assert.deepEqual(state.context.get(key), []);
    c.handlers.get("transcriptInspector/status")!(status());
    assert.deepEqual(state.context.get(key), [doc.fsPath]);
    const title = pkg.contributes.menus["editor/title"].find((m: any) => m.command === "transcriptInspector.openInspectorToSide");
    assert.match(title.when, /resourcePath in transcriptInspector\.sessionPaths/);
  });

  it("no test hooks outside a test run", () => {
    assert.equal(exported.inspector, undefined);
  });

  it("revealLine moves the cursor to the 1-based line", async () => {
    await state.commands.get("transcriptInspector.revealLine")!(12, doc.toString());
    assert.equal(state.activeTextEditor.selection.active.line, 11);
    assert.equal(state.activeTextEditor.revealed.start.line, 11);
  });

  it("fix-all asks the server for the edit and applies it with workspace.applyEdit (after its preview: issue 23 item 8b)", async () => {
    const seen: any[] = [];
    state.requestHandler = (method, params) => {
      seen.push({ method, params });
      if (method === "transcriptInspector/previewFix") return PREVIEW;
      return method === "transcriptInspector/fixEdit" ? { changes: { [params.uri]: [] } } : null;
    };
    state.infoChoice = "Apply";
    await state.commands.get("transcriptInspector.fixAllOrphans")!();
    assert.deepEqual(seen.map((x) => x.method), ["transcriptInspector/previewFix", "transcriptInspector/fixEdit"]);
    assert.equal(seen[1].params.fix.kind, "fix-all-orphans");
    assert.deepEqual(state.applied.at(-1), { converted: { changes: { [doc.toString()]: [] } } });
  });

  it("a second Fix All with nothing left to fix says so", async () => {
    state.requestHandler = () => null;
    const applied = state.applied.length;
    const infos = state.infos.length;
    await state.commands.get("transcriptInspector.fixAllOrphans")!();
    assert.equal(state.applied.length, applied);
    assert.deepEqual(state.infos.slice(infos), ["Nothing to fix in s.jsonl. No orphan tool result is left that can be removed safely."]);
  });

  it("inspector panel: strict CSP with a nonce, resources from dist/, a summary on ready, relays openLine/applyFix and the page's rows, locate and fullText requests, follows the cursor", async () => {
    state.requestHandler = (method, params) => {
      if (method === "transcriptInspector/summary") return { uri: params.uri, revision: 1 };
      if (method === "transcriptInspector/rows") return { revision: 1, count: 1, start: params.start, rows: [], echo: params };
      if (method === "transcriptInspector/locate") return { revision: 1, index: 0, echo: params };
      if (method === "transcriptInspector/fullText") return { revision: 1, key: params.key, side: params.side, text: "full", echo: params };
      if (method === "transcriptInspector/fixEdit") return { changes: {} };
      if (method === "transcriptInspector/previewFix") return PREVIEW;
      return null;
    };
    state.infoChoice = "Apply";
    await state.commands.get("transcriptInspector.openInspectorToSide")!(doc);
    const panel = state.panels[0];
    assert.equal(panel.viewType, "transcriptInspector.inspector");
    assert.deepEqual(panel.options.localResourceRoots.map((u: any) => u.path), [join(ROOT, "dist")]);
    assert.equal(panel.options.enableScripts, true);
    assert.equal(panel.iconPath.path, join(ROOT, "images", "icon.png"), "the tab has the extension's icon");
    const html: string = panel.webview.html;
    const csp = /Content-Security-Policy" content="([^"]+)"/.exec(html)![1];
    assert.match(csp, /default-src 'none'/);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1];
    assert.ok(nonce.length >= 16);
    assert.ok(!/unsafe-inline|unsafe-eval/.test(csp));
    for (const m of html.matchAll(/<script([^>]*)>/g)) assert.match(m[1], new RegExp(`nonce="${nonce.replace(/[+/=]/g, (c) => "\\" + c)}"`));
    panel.received.fire({ type: "ready" });
    await tick();
    assert.deepEqual(panel.posted[0], { type: "summary", summary: { uri: doc.toString(), revision: 1 } });
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
    assert.equal(panel.posted.at(-1).type, "summary");
    // the page's requests go to the server with the document's uri; the answers come back with their id
    const filters = { hiddenRoles: [], tool: "", onlyFindings: false, search: "x" };
    panel.received.fire({ type: "rows", id: 7, query: { revision: 1, filters, start: 100, count: 50 } });
    panel.received.fire({ type: "locate", id: 8, query: { revision: 1, filters, target: { line: 9 } } });
    panel.received.fire({ type: "fullText", id: 9, query: { revision: 1, side: "after", key: "L3" } });
    panel.received.fire({ type: "refresh" });
    await new Promise((r) => setTimeout(r, 10));
    const answers = panel.posted.slice(n + 1);
    assert.deepEqual(
      answers.map((m: any) => [m.type, m.id]),
      [
        ["rows", 7],
        ["located", 8],
        ["fullText", 9],
        ["summary", undefined],
      ],
    );
    assert.deepEqual(answers[0].answer.echo, { revision: 1, filters, start: 100, count: 50, uri: doc.toString() });
    assert.deepEqual(answers[1].answer.echo, { revision: 1, filters, target: { line: 9 }, uri: doc.toString() });
    assert.equal(answers[2].answer.text, "full");
  });

  it("inspector panel: malformed messages from the page are logged and ignored", async () => {
    const panel = state.panels[0];
    const log = state.clients[0].clientOptions.outputChannel;
    const applied = state.applied.length;
    const lines = log.lines.length;
    const editorLine = state.activeTextEditor.selection.active.line;
    for (const bad of [null, "ready", { type: "openLine", line: "7" }, { type: "openLine", line: 0 }, { type: "applyFix", fix: { kind: "remove-orphan" } }, { type: "nope" }])
      panel.received.fire(bad);
    await tick();
    assert.equal(state.applied.length, applied);
    assert.equal(state.activeTextEditor.selection.active.line, editorLine);
    assert.equal(log.lines.length - lines, 6);
    assert.match(log.lines.at(-1), /ignored a malformed message/);
  });

  it("after a window reload the serializer restores the inspector from the page's state and renders again", async () => {
    const serializer = state.serializers.get("transcriptInspector.inspector");
    assert.ok(serializer, "a WebviewPanelSerializer is registered for the inspector");
    state.requestHandler = (method, params) => (method === "transcriptInspector/summary" ? { uri: params.uri, revision: 1 } : null);
    const restoredDoc = "file:///work/restored.jsonl";
    const panel = fakePanel("transcriptInspector.inspector", "Inspect restored.jsonl", {}, {});
    await serializer.deserializeWebviewPanel(panel, { filters: {}, scrollTop: 120, uri: restoredDoc });
    assert.equal(panel.webview.options.enableScripts, true);
    assert.deepEqual(panel.webview.options.localResourceRoots.map((u: any) => u.path), [join(ROOT, "dist")]);
    assert.match(panel.webview.html, /Content-Security-Policy/);
    assert.ok(panel.iconPath);
    panel.received.fire({ type: "ready" });
    await tick();
    assert.deepEqual(panel.posted[0], { type: "summary", summary: { uri: restoredDoc, revision: 1 } });
    // the command for the same document reveals the restored panel, no second one
    const n = state.panels.length;
    await state.commands.get("transcriptInspector.openInspectorToSide")!(Uri.parse(restoredDoc));
    assert.equal(state.panels.length, n);
    // a state without a session URI: the stale tab is closed
    const stale = fakePanel("transcriptInspector.inspector", "Inspect ?", {}, {});
    await serializer.deserializeWebviewPanel(stale, { filters: {}, scrollTop: 0 });
    assert.equal(stale.disposedCount, 1);
  });

  it("deactivate stops the client", async () => {
    await ext.deactivate();
    assert.equal(state.clients[0].started, false);
  });
});

describe("extension activation in a test run (fake vscode)", () => {
  it("returns the inspector test hooks, which see what the page and the host exchanged", async () => {
    const exported = await ext.activate(contextOf(3 /* ExtensionMode.Test */));
    const hooks = exported.inspector;
    assert.equal(typeof hooks?.waitForMessage, "function");
    state.requestHandler = (method, params) => (method === "transcriptInspector/summary" ? { uri: params.uri, revision: 1 } : null);
    const uri = Uri.parse("file:///work/hooked.jsonl");
    await state.commands.get("transcriptInspector.openInspectorToSide")!(uri);
    const panel = state.panels.at(-1);
    panel.received.fire({ type: "ready" });
    assert.deepEqual(await hooks.waitForMessage("ready", uri, 1000), { type: "ready" });
    await tick();
    assert.deepEqual(hooks.posted(uri), [{ type: "summary", summary: { uri: uri.toString(), revision: 1 } }]);
    await ext.deactivate();
  });
});

describe("extension activation on a JSON file (fake vscode): the language server starts with the first session file", () => {
  it("activates without starting the server when no session is open; a package.json does not start it, a session-*.json does", async () => {
    state.textDocuments = [{ uri: Uri.parse("file:///work/package.json"), languageId: "json", lineCount: 10 }];
    const n = state.clients.length;
    await ext.activate(contextOf());
    const c = state.clients[n];
    assert.ok(c, "a client is made");
    assert.equal(c.started, false, "not started for package.json");
    state.documentOpened.fire({ uri: Uri.parse("file:///work/settings.json"), languageId: "json" });
    state.documentOpened.fire({ uri: Uri.parse("file:///work/session-notes.jsonc"), languageId: "jsonc" });
    await tick();
    assert.equal(c.started, false, "nor for another JSON file");
    state.documentOpened.fire({ uri: Uri.parse("file:///home/u/.gemini/tmp/p/chats/session-2026-01-01T00-00-abc.json"), languageId: "json" });
    await tick();
    assert.equal(c.started, true, "started for a Gemini CLI chat");
    await ext.deactivate();
    state.textDocuments = [];
  });
});
