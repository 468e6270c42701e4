/** Moves the cursor to a 1-based line of a document (hover links, inspector rows). */
import * as vscode from "vscode";

export async function revealLine(line: unknown, uri?: vscode.Uri | string, isUnsynced?: (uri: vscode.Uri) => boolean): Promise<void> {
  const target = typeof uri === "string" ? vscode.Uri.parse(uri) : uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!target || typeof line !== "number" || !Number.isFinite(line)) return;
  const existing = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === target.toString());
  let doc = existing?.document;
  if (!doc && !isUnsynced?.(target)) doc = await vscode.workspace.openTextDocument(target).then((d) => d, () => undefined);
  if (!doc) return revealUnsyncedLine(Math.max(1, Math.floor(line)), target);
  const editor = await vscode.window.showTextDocument(doc, {
    viewColumn: existing?.viewColumn,
    preserveFocus: false,
  });
  const l = Math.max(0, Math.min(editor.document.lineCount - 1, Math.floor(line) - 1));
  const pos = new vscode.Position(l, 0);
  editor.selection = new vscode.Selection(pos, pos);
  editor.revealRange(new vscode.Range(pos, pos), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

/**
 * A file VS Code does not sync to extensions (over 50 MB) cannot have its cursor moved by one:
 * its tab is brought forward and Go to Line opens with the line filled in (Enter goes there);
 * the line number is also on the clipboard.
 */
async function revealUnsyncedLine(line: number, target: vscode.Uri): Promise<void> {
  await vscode.commands.executeCommand("vscode.open", target);
  await vscode.env.clipboard.writeText(String(line));
  await vscode.commands.executeCommand("workbench.action.quickOpen", `:${line}`);
  vscode.window.setStatusBarMessage(`Line ${line}: press Enter to go there. VS Code does not let extensions move the cursor in files over 50 MB.`, 8000);
}
