/**
 * Applies a fix the server offered (a webview button, the Fix All command): the server computes
 * the edit, the extension applies it with `workspace.applyEdit`, so it lands in the editor's undo
 * history. When there is nothing to apply the user is told so.
 *
 * Before it is applied, a fix is previewed (issue 23 item 8b): the server gives its edits and the
 * target provider's verdict after it; the file and the file as the fix leaves it open in VS Code's
 * diff editor (the second a read-only virtual document), and a message says what the provider
 * would say then, with Apply and Cancel. "Apply Fix" in the diff editor's title does the same.
 */
import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import { FixEditRequest, type FixEditTextEdit, type PreviewFixAnswer, PreviewFixRequest, type PreviewVerdict } from "../../server/src/protocol/lsp.js";
import type { ViewFix } from "../../server/src/protocol/view.js";

export const FIX_ALL_ORPHANS: ViewFix = { title: "Fix all orphan tool results in the file", kind: "fix-all-orphans", line: 1 };
/** The scheme of the previews' virtual documents (the diff editor's right side). */
export const PREVIEW_SCHEME = "transcript-inspector-preview";
export const APPLY_PREVIEWED_FIX_COMMAND = "transcriptInspector.applyPreviewedFix";

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

const PROVIDER_NAMES: Record<string, string> = { anthropic: "Anthropic", bedrock: "Bedrock", "openai-chat": "OpenAI Chat", "openai-responses": "OpenAI Responses", gemini: "Gemini", mistral: "Mistral", deepseek: "DeepSeek", kimi: "Kimi", qwen: "Qwen" };
const plural = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;
const why = (v: PreviewVerdict) => (v.reason ? `${v.reason.code}, line ${v.reason.line.toLocaleString("en-US")}` : plural(v.problems, "problem"));

/** What the preview says (pure: tested without VS Code): the target's verdict after the fix, against now, and what it fixes. */
export function previewMessage(fix: ViewFix, p: PreviewFixAnswer): string {
  const name = p.after.provider ? (PROVIDER_NAMES[p.after.provider] ?? p.after.provider) : undefined;
  const parts = [`After "${fix.title}":`];
  if (!name) parts.push("no target provider is known, so no verdict.");
  else if (!p.after.rejects) parts.push(`${name} accepts the next request${p.before.rejects ? ` (it rejects it now: ${why(p.before)})` : ""}.`);
  else parts.push(`${name} still rejects the next request: ${why(p.after)}${p.before.rejects && p.before.problems !== p.after.problems ? ` (${plural(p.before.problems, "problem")} now, ${p.after.problems.toLocaleString("en-US")} after)` : ""}.`);
  if (p.fixed.length) parts.push(`Fixes ${p.fixed.map((f) => `${f.count} ${f.code}`).join(", ")}.`);
  if (p.added.length) parts.push(`Adds ${p.added.map((f) => `${f.count} ${f.code}`).join(", ")}.`);
  return parts.join(" ");
}

/** `text` with LSP edits (positions in `text`) applied, through the document's own offsets. */
export function applyTextEdits(doc: Pick<vscode.TextDocument, "getText" | "offsetAt">, edits: FixEditTextEdit[]): string {
  const text = doc.getText();
  const spans = edits
    .map((e) => ({ start: doc.offsetAt(new vscode.Position(e.range.start.line, e.range.start.character)), end: doc.offsetAt(new vscode.Position(e.range.end.line, e.range.end.character)), text: e.newText }))
    .sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const s of spans) out = out.slice(0, s.start) + s.text + out.slice(s.end);
  return out;
}

interface Pending {
  uri: vscode.Uri;
  fix: ViewFix;
  preview: vscode.Uri;
  done: boolean;
}

/** The previews: their texts (the virtual documents) and the fix each would apply. */
export class FixPreviews implements vscode.Disposable, vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly pending = new Map<string, Pending>();
  private next = 1;
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly client: LanguageClient) {
    this.disposables = [
      vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, this),
      vscode.commands.registerCommand(APPLY_PREVIEWED_FIX_COMMAND, (u?: unknown) => this.applyFromEditor(u)),
    ];
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? "";
  }

  /** Previews `fix` on `uri`, then applies it if the user says so. Returns whether it was applied. */
  async previewThenApply(uri: vscode.Uri, fix: ViewFix): Promise<boolean> {
    const p = await this.client.sendRequest(PreviewFixRequest, { uri: uri.toString(), fix });
    if (!p) {
      void vscode.window.showInformationMessage(nothingToApplyMessage(uri, fix));
      return false;
    }
    // the diff: only for a file VS Code gives to extensions (a file over 50 MB has no document here)
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()) ?? (await Promise.resolve(vscode.workspace.openTextDocument(uri)).then((d) => d, () => undefined));
    const preview = vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: uri.path, query: String(this.next++) });
    const pending: Pending = { uri, fix, preview, done: false };
    if (doc?.getText) {
      this.texts.set(preview.toString(), applyTextEdits(doc, p.edits));
      this.pending.set(preview.toString(), pending);
      await vscode.commands.executeCommand("vscode.diff", uri, preview, `${fileName(uri)} ↔ after: ${fix.title}`, { preview: true });
    }
    const choice = await vscode.window.showInformationMessage(previewMessage(fix, p), "Apply", "Cancel");
    if (choice !== "Apply" || pending.done) {
      this.close(pending);
      return false;
    }
    return this.apply(pending);
  }

  private async apply(p: Pending): Promise<boolean> {
    p.done = true;
    const ok = await applyFix(this.client, p.uri, p.fix);
    this.close(p);
    return ok;
  }

  /** "Apply Fix" in the diff editor's title: the fix of the preview shown. */
  private async applyFromEditor(u: unknown): Promise<void> {
    const key = u instanceof vscode.Uri ? u.toString() : vscode.window.activeTextEditor?.document.uri.toString();
    const p = key ? this.pending.get(key) : undefined;
    if (!p || p.done) {
      void vscode.window.showInformationMessage("This preview's fix was applied or dismissed already.");
      return;
    }
    await this.apply(p);
  }

  /** Forgets a preview and closes its diff editor. */
  private close(p: Pending): void {
    const key = p.preview.toString();
    this.pending.delete(key);
    this.texts.delete(key);
    const groups = vscode.window.tabGroups;
    const tabs = groups?.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === key) ?? [];
    if (tabs.length) void Promise.resolve(groups.close(tabs)).catch(() => undefined);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.texts.clear();
    this.pending.clear();
  }
}
