/**
 * The open inspectors, one per session document, and their return after a window reload: the
 * page keeps only its scroll, filters and the session's URI as webview state, VS Code hands that
 * state to the serializer, and the restored panel asks the server for the view again.
 */
import * as vscode from "vscode";
import { createInspectorWebview, type InspectorHost, InspectorPanel, VIEW_TYPE } from "./inspectorPanel.js";

/** The session a restored panel showed, from the state the page saved; undefined when unusable. */
export function restoredUri(state: unknown): vscode.Uri | undefined {
  const uri = typeof state === "object" && state !== null ? (state as { uri?: unknown }).uri : undefined;
  if (typeof uri !== "string" || uri.length > 4096) return undefined;
  try {
    return vscode.Uri.parse(uri, true);
  } catch {
    return undefined;
  }
}

export class InspectorPanels implements vscode.Disposable {
  private readonly panels = new Map<string, InspectorPanel>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly host: InspectorHost,
  ) {}

  /** Opens the inspector beside the editor, or reveals the one already open for `uri`. */
  show(uri: vscode.Uri): void {
    const existing = this.panels.get(uri.toString());
    if (existing) existing.panel.reveal(vscode.ViewColumn.Beside, true);
    else this.adopt(createInspectorWebview(this.extensionUri, uri), uri);
  }

  /** Restores inspectors after a window reload. */
  registerSerializer(): vscode.Disposable {
    return vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, {
      deserializeWebviewPanel: async (panel: vscode.WebviewPanel, state: unknown) => {
        const uri = restoredUri(state);
        if (!uri || this.panels.has(uri.toString())) {
          panel.dispose();
          return;
        }
        this.adopt(panel, uri);
      },
    });
  }

  private adopt(panel: vscode.WebviewPanel, uri: vscode.Uri): void {
    const key = uri.toString();
    this.panels.set(key, new InspectorPanel(panel, this.extensionUri, this.host, uri, () => this.panels.delete(key)));
  }

  dispose(): void {
    for (const p of [...this.panels.values()]) p.panel.dispose();
    this.panels.clear();
  }
}
