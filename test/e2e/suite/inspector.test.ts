/// <reference types="mocha" />
/**
 * The inspector webview through the VS Code API: the command opens one panel per session beside
 * the editor. (Its message round trip, host -> webview render and webview -> host openLine, is
 * checked on the real DOM by the UI suite, test/e2e/ui.mjs: the extension's activate() returns no
 * test API that would let the extension host observe the webview's messages.)
 */
import * as assert from "node:assert/strict";
import * as path from "node:path";
import * as vscode from "vscode";
import { activeExtension, closeAll, copyOf, diagnosticsWhere, open, waitFor } from "./helpers.js";

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
    const ds = await diagnosticsWhere(uri, "the orphan", (d) => d.some((x) => doc.getText(x.range) === '"bash_99"'));
    await vscode.commands.executeCommand("transcriptInspector.openInspectorToSide");
    await waitFor("the inspector tab", () => inspectorTabs().length === 1);
    const orphan = ds.find((x) => doc.getText(x.range) === '"bash_99"')!;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>("vscode.executeCodeActionProvider", uri, orphan.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title === "Remove orphan tool result `bash_99`");
    assert.ok(fix?.edit);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    await diagnosticsWhere(uri, "bash_99 gone", (d) => !d.some((x) => doc.getText(x.range) === '"bash_99"'));
    assert.equal(inspectorTabs().length, 1);
  });
});
