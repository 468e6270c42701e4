/**
 * Applies a fix the server offered (a webview button, the Fix All command): the server computes
 * the edit, the extension applies it with `workspace.applyEdit`, so it lands in the editor's undo
 * history. When there is nothing to apply the user is told so.
 */
import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import { FixEditRequest } from "../../server/src/protocol/lsp.js";
import type { ViewFix } from "../../server/src/protocol/view.js";

export const FIX_ALL_ORPHANS: ViewFix = { title: "Fix all orphan tool results in the file", kind: "fix-all-orphans", line: 1 };

const fileName = (uri: vscode.Uri) => uri.path.split("/").pop() || uri.toString();

/** What the user reads when the server has no edit for a fix. */
export function nothingToApplyMessage(uri: vscode.Uri, fix: ViewFix): string {
  if (fix.kind === "fix-all-orphans") return `Nothing to fix in ${fileName(uri)}. No orphan tool result is left that can be removed safely.`;
  return `"${fix.title}" no longer applies. The file changed since it was offered, or the edit would not be safe now.`;
}

export async function applyFix(client: LanguageClient, uri: vscode.Uri, fix: ViewFix): Promise<boolean> {
  const result = await client.sendRequest(FixEditRequest, { uri: uri.toString(), fix });
  if (!result) {
    void vscode.window.showInformationMessage(nothingToApplyMessage(uri, fix));
    return false;
  }
  const edit = await client.protocol2CodeConverter.asWorkspaceEdit(result);
  const ok = await vscode.workspace.applyEdit(edit);
  if (!ok) void vscode.window.showWarningMessage(`"${fix.title}" could not be applied. The file may have changed meanwhile; try again.`);
  return ok;
}
