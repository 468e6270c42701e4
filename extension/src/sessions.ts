/**
 * Which open documents the server recognised as sessions, from its status notifications: the
 * latest status per session document (the status bar reads it) and the context key
 * `transcriptInspector.sessionPaths` (their paths, for `resourcePath in ...` in menus: the editor
 * title button shows only on sessions, not on every `.jsonl`). Paths, not URIs: in a remote
 * window (code-server, SSH) the workbench knows the file as `vscode-remote://...` while the
 * extension host knows it as `file://...`; the path is the same on both sides.
 */
import * as vscode from "vscode";
import type { StatusParams } from "../../server/src/protocol/lsp.js";

export const SESSION_PATHS_CONTEXT = "transcriptInspector.sessionPaths";

/** What the workbench's `resourcePath` context key holds for a document. */
export function resourcePath(uri: vscode.Uri): string {
  return uri.scheme === "file" ? uri.fsPath : uri.path;
}

export class SessionStatuses implements vscode.Disposable {
  private readonly byUri = new Map<string, StatusParams>();
  /** uri -> its resourcePath, for the sessions in byUri. */
  private readonly paths = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];

  constructor() {
    this.disposables.push(
      vscode.workspace.onDidCloseTextDocument((d) => {
        if (this.forget(d.uri.toString())) this.membershipChanged();
      }),
    );
    this.publishContext();
  }

  /** A status notification from the server. */
  update(s: StatusParams): void {
    const wasSession = this.byUri.has(s.uri);
    const isSession = s.isSession;
    if (isSession) {
      this.byUri.set(s.uri, s);
      if (!wasSession) this.paths.set(s.uri, resourcePath(vscode.Uri.parse(s.uri)));
    } else this.forget(s.uri);
    if (wasSession !== isSession) this.membershipChanged();
    else this.changed.fire();
  }

  /** The latest status of a session document; undefined when it is not (or not yet) one. */
  get(uri: vscode.Uri | undefined): StatusParams | undefined {
    return uri ? this.byUri.get(uri.toString()) : undefined;
  }

  private forget(uri: string): boolean {
    this.paths.delete(uri);
    return this.byUri.delete(uri);
  }

  private membershipChanged(): void {
    this.publishContext();
    this.changed.fire();
  }

  private publishContext(): void {
    void vscode.commands.executeCommand("setContext", SESSION_PATHS_CONTEXT, [...new Set(this.paths.values())]);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
