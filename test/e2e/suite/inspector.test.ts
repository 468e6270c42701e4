/// <reference types="mocha" />
/**
 * The inspector webview through the VS Code API: the command opens one panel per session beside
 * the editor. The message round trip is checked on the real DOM by the UI suite (test/e2e/ui.mjs);
 * here it runs when activate() returns the test hooks below (pending until the client has them):
 *   exports.inspector.waitForMessage(type, uri?, timeoutMs?): Promise<WebviewToHost>  (webview -> host)
 *   exports.inspector.posted(uri?): HostToWebview[]                                      (host -> webview)
 */
import * as assert from "node:assert/strict";
import * as path from "node:path";
import * as vscode from "vscode";
import type { HostToWebview, WebviewToHost } from "../../../server/src/protocol/index.js";
import { activeExtension, closeAll, copyOf, diagnosticsWhere, open, waitFor } from "./helpers.js";

interface InspectorTestHooks {
  waitForMessage(type: WebviewToHost["type"], uri?: vscode.Uri, timeoutMs?: number): Promise<WebviewToHost>;
  posted(uri?: vscode.Uri): HostToWebview[];
}

const inspectorTabs = () =>
  vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith("transcriptInspector.inspector"));

describe("inspector webview (real VS Code extension host)", () => {
  before(activeExtension);
  afterEach(closeAll);

  it("Open Inspector to the Side opens one webview panel per session, beside the editor", async () => {
    const uri = copyOf("sample-session.jsonl");
    const editor = await open(uri);
    await diagnosticsWhere(uri, "the sample analysed", (d) => d.length > 0);
    await vscode.commands.executeCommand("transcriptInspector.openInspectorToSide");
    const [tab] = await waitFor("the inspector tab", () => (inspectorTabs().length ? inspectorTabs() : null));
    assert.equal(tab.label, `Inspect ${path.basename(uri.fsPath)}`);
    assert.notEqual(tab.group.viewColumn, editor.viewColumn, "beside the editor, not over it");
    // again for the same file: the same panel is revealed, no second one
    await vscode.window.showTextDocument(editor.document, editor.viewColumn);
    await vscode.commands.executeCommand("transcriptInspector.openInspectorToSide");
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(inspectorTabs().length, 1);
    // a second session gets its own panel
    const other = copyOf("pi/inspector-error-message.jsonl");
    await open(other);
    await vscode.commands.executeCommand("transcriptInspector.openInspectorToSide", other);
    await waitFor("a second inspector tab", () => inspectorTabs().length === 2);
  });

  it("the panel survives edits to its session (quick fix applied while it is open)", async () => {
    const uri = copyOf("sample-session.jsonl");
    const { document: doc } = await open(uri);
    const ds = await diagnosticsWhere(uri, "the orphan", (d) => d.some((x) => x.range.start.line < doc.lineCount && doc.lineAt(x.range.start.line).text.includes('"bash_99"')));
    await vscode.commands.executeCommand("transcriptInspector.openInspectorToSide");
    await waitFor("the inspector tab", () => inspectorTabs().length === 1);
    const orphan = ds.find((x) => doc.lineAt(x.range.start.line).text.includes('"bash_99"'))!;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>("vscode.executeCodeActionProvider", uri, orphan.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title === "Remove orphan tool result `bash_99`");
    assert.ok(fix?.edit);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    await diagnosticsWhere(uri, "bash_99 gone", (d) => !d.some((x) => x.range.start.line < doc.lineCount && doc.lineAt(x.range.start.line).text.includes('"bash_99"')));
    assert.equal(inspectorTabs().length, 1);
  });

  it("messages round-trip with the webview: ready (webview -> host), then the summary with the CLI's totals and the rows the page asks for (host -> webview)", async function () {
    const ext = await activeExtension();
    const hooks = (ext.exports as { inspector?: InspectorTestHooks } | undefined)?.inspector;
    if (!hooks || typeof hooks.waitForMessage !== "function" || typeof hooks.posted !== "function") {
      console.log("      (pending: the extension's activate() returns no inspector test hooks; the UI suite checks this round trip on the DOM)");
      this.skip();
    }
    const uri = copyOf("sample-session.jsonl");
    await open(uri);
    await diagnosticsWhere(uri, "the sample analysed", (d) => d.length > 0);
    await vscode.commands.executeCommand("transcriptInspector.openInspectorToSide");
    const ready = await hooks.waitForMessage("ready", uri, 30_000);
    assert.equal(ready.type, "ready");
    const posted = await waitFor("the summary posted to the webview", () => hooks.posted(uri).find((m) => m.type === "summary"));
    assert.ok(posted.type === "summary");
    // the sample: 28 messages before rendering, 24 after (node dist/cli.js render --format json)
    assert.equal(posted.summary.totals.before.messages, 28);
    assert.equal(posted.summary.totals.after.messages, 24);
    // then the page asks for its rows, and the answers are bounded windows, never the whole view
    const rows = await waitFor("rows posted to the webview", () => hooks.posted(uri).find((m) => m.type === "rows" && m.answer !== null));
    assert.ok(rows.type === "rows" && rows.answer && rows.answer.rows.length > 0 && rows.answer.rows.length <= 200);
    assert.ok(hooks.posted(uri).every((m) => !("view" in m)));
  });
});
