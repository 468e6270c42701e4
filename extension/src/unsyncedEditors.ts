/**
 * Session files shown in an editor that VS Code does not sync to extensions (over 50 MB: no
 * TextDocument, no TextEditor, so the language client sends nothing). Their tabs are noticed from
 * `window.tabGroups`: a text tab of a session file (`.jsonl`, `session-*.json`: sessionFiles.ts), visible in its group, with no synced
 * document, still so a moment later (a document may arrive just after its tab). The server is
 * told (`didShowUnsynced`) and reads and follows the file from disk; when no tab shows the file
 * any more (`didHideUnsynced`) it releases it.
 */
import * as vscode from "vscode";
import { isSessionPath } from "./sessionFiles.js";

/** How long a tab stays without a document before it counts as not synced. */
export const UNSYNCED_DELAY_MS = 400;

export interface UnsyncedNotifier {
  show(uri: string): void;
  hide(uri: string): void;
}

/** The uri of a plain text tab (not a diff, notebook, webview or custom editor). */
function textTabUri(tab: vscode.Tab): vscode.Uri | undefined {
  return tab.input instanceof vscode.TabInputText ? tab.input.uri : undefined;
}

const isSessionFile = (uri: vscode.Uri) => uri.scheme === "file" && isSessionPath(uri.path);

/** The file in the active tab, synced or not (commands fall back to it when there is no text editor). */
export function activeTabUri(): vscode.Uri | undefined {
  const tab = vscode.window.tabGroups?.activeTabGroup?.activeTab;
  return tab ? textTabUri(tab) : undefined;
}

/**
 * The file the status items describe: the active text editor's, else the active tab's when VS
 * Code shows it without a text editor (its "very large file" notice in remote and web windows
 * from 10 MB, or any file over 50 MB: issue 23 item 6). `synced`: whether extensions get its text.
 */
export function activeFile(): { uri: vscode.Uri; synced: boolean } | undefined {
  const editor = vscode.window.activeTextEditor?.document.uri;
  if (editor) return { uri: editor, synced: true };
  const tab = activeTabUri();
  return tab ? { uri: tab, synced: false } : undefined;
}

/** Subscribes `refresh` to everything that changes `activeFile()`. */
export function onActiveFileChange(refresh: () => void): vscode.Disposable[] {
  return [
    vscode.window.onDidChangeActiveTextEditor(refresh),
    ...(vscode.window.tabGroups ? [vscode.window.tabGroups.onDidChangeTabs(refresh), vscode.window.tabGroups.onDidChangeTabGroups(refresh)] : []),
  ];
}

export class UnsyncedEditors implements vscode.Disposable {
  /** Uris the server follows for us. */
  private readonly followed = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly notify: UnsyncedNotifier, private readonly delayMs = UNSYNCED_DELAY_MS) {
    const later = () => this.schedule();
    this.disposables.push(
      vscode.window.tabGroups.onDidChangeTabs(later),
      vscode.window.tabGroups.onDidChangeTabGroups(later),
      vscode.workspace.onDidOpenTextDocument(later),
      vscode.workspace.onDidCloseTextDocument(later),
    );
    this.schedule();
  }

  /** Whether the server follows `uri` from disk because VS Code does not sync it. */
  isUnsynced(uri: vscode.Uri | string): boolean {
    return this.followed.has(uri.toString());
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), this.delayMs);
  }

  /** Compares the tabs with the synced documents and tells the server what changed. */
  check(): void {
    const synced = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    const inTabs = new Set<string>();
    const shown = new Set<string>();
    for (const group of vscode.window.tabGroups.all)
      for (const tab of group.tabs) {
        const uri = textTabUri(tab);
        if (!uri || !isSessionFile(uri)) continue;
        const key = uri.toString();
        inTabs.add(key);
        if (tab.isActive && !synced.has(key)) shown.add(key);
      }
    for (const key of shown)
      if (!this.followed.has(key)) {
        this.followed.add(key);
        this.notify.show(key);
      }
    // Released when no tab holds the file any more, or once VS Code syncs it after all.
    for (const key of [...this.followed])
      if (!inTabs.has(key) || synced.has(key)) {
        this.followed.delete(key);
        this.notify.hide(key);
      }
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const d of this.disposables) d.dispose();
    for (const key of this.followed) this.notify.hide(key);
    this.followed.clear();
  }
}
