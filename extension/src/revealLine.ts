/** Moves the cursor to a 1-based line of a document (hover links, inspector rows). */
import * as vscode from "vscode";

export async function revealLine(line: unknown, uri?: vscode.Uri | string): Promise<void> {
  const target = typeof uri === "string" ? vscode.Uri.parse(uri) : uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!target || typeof line !== "number" || !Number.isFinite(line)) return;
  const existing = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === target.toString());
  const editor = await vscode.window.showTextDocument(existing?.document ?? (await vscode.workspace.openTextDocument(target)), {
    viewColumn: existing?.viewColumn,
    preserveFocus: false,
  });
  const l = Math.max(0, Math.min(editor.document.lineCount - 1, Math.floor(line) - 1));
  const pos = new vscode.Position(l, 0);
  editor.selection = new vscode.Selection(pos, pos);
  editor.revealRange(new vscode.Range(pos, pos), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
