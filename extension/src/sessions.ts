/**
 * Which open documents the server recognised as sessions, from its status notifications: the
 * latest status per session document (the status bar reads it) and the context key
 * `transcriptInspector.sessionResources` (the URIs, for `resource in ...` in menus: the editor
 * title button shows only on sessions, not on every `.jsonl`).
 */
import * as vscode from "vscode";
import type { StatusParams } from "../../server/src/protocol/lsp.js";

export const SESSION_RESOURCES_CONTEXT = "transcriptInspector.sessionResources";

export class SessionStatuses implements vscode.Disposable {
  private readonly byUri = new Map<string, StatusParams>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];

  constructor(private readonly sessionFormats: ReadonlySet<string>) {
    this.disposables.push(
      vscode.workspace.onDidCloseTextDocument((d) => {
        if (this.byUri.delete(d.uri.toString())) this.membershipChanged();
      }),
    );
    this.publishContext();
  }

  /** A status notification from the server. */
  update(s: StatusParams): void {
    const wasSession = this.byUri.has(s.uri);
    const isSession = this.sessionFormats.has(s.format);
    if (isSession) this.byUri.set(s.uri, s);
    else this.byUri.delete(s.uri);
    if (wasSession !== isSession) this.membershipChanged();
    else this.changed.fire();
  }

  /** The latest status of a session document; undefined when it is not (or not yet) one. */
  get(uri: vscode.Uri | undefined): StatusParams | undefined {
    return uri ? this.byUri.get(uri.toString()) : undefined;
  }

  private membershipChanged(): void {
    this.publishContext();
    this.changed.fire();
  }

  private publishContext(): void {
    void vscode.commands.executeCommand("setContext", SESSION_RESOURCES_CONTEXT, [...this.byUri.keys()]);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
