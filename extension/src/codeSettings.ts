/**
 * The lightbulb's two actions on every diagnostic, as ESLint's extension has them (the server
 * offers them, lsp/actions.ts `codeSettingActions`; the client runs them):
 * - "Turn off <code> in this workspace": `transcriptInspector.severityOverrides[code] = "off"`
 *   in the workspace settings (the user settings when no folder is open, saying so); the server
 *   hears the change and publishes again without the code.
 * - "Show documentation for <code>": the README shipped in the extension, its `#code-<code>`
 *   section (the same anchor as the diagnostic's code link), in the Markdown preview beside the
 *   session; without the Markdown extension, the README's text at that section.
 */
import * as vscode from "vscode";
import { SETTINGS_SECTION } from "../../server/src/protocol/lsp.js";

const OVERRIDES = "severityOverrides";
/** A finding code as the server sends it; anything else is ignored (arguments come from anywhere). */
const CODE = /^[a-z][a-z0-9-]{0,63}$/;

export function isFindingCode(code: unknown): code is string {
  return typeof code === "string" && CODE.test(code);
}

/** Writes `off` for `code` beside the workspace's other overrides; returns where it wrote (undefined: not a code). */
export async function turnOffCode(code: unknown): Promise<"workspace" | "user" | undefined> {
  if (!isFindingCode(code)) return undefined;
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const inWorkspace = (vscode.workspace.workspaceFolders?.length ?? 0) > 0;
  const where = inWorkspace ? "workspace" : "user";
  const seen = config.inspect<Record<string, string>>(OVERRIDES);
  const current = (inWorkspace ? seen?.workspaceValue : seen?.globalValue) ?? {};
  await config.update(OVERRIDES, { ...current, [code]: "off" }, inWorkspace ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global);
  if (!inWorkspace) void vscode.window.showInformationMessage(`No folder is open: ${code} is turned off in your user settings (transcriptInspector.severityOverrides).`);
  return where;
}

/** The README line holding the code's anchor (0-based), or -1. */
export function anchorLine(readme: string, code: string): number {
  const lines = readme.split("\n");
  return lines.findIndex((l) => l.includes(`<a id="code-${code}">`));
}

/** Opens the README's section for `code`: the Markdown preview at its anchor, else the text at that line. */
export async function showCodeDocs(readme: vscode.Uri, code: unknown): Promise<void> {
  if (!isFindingCode(code)) return;
  const section = readme.with({ fragment: `code-${code}` });
  try {
    await vscode.commands.executeCommand("markdown.showPreviewToSide", section);
    return;
  } catch {
    // no Markdown preview (the built-in extension disabled): the text at the anchor
  }
  const doc = await vscode.workspace.openTextDocument(readme);
  const line = Math.max(0, anchorLine(doc.getText(), code));
  const pos = new vscode.Position(line, 0);
  const editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true, selection: new vscode.Range(pos, pos) });
  editor.revealRange(new vscode.Range(pos, pos), vscode.TextEditorRevealType.AtTop);
}
