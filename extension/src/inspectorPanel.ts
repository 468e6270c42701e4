/**
 * The inspector webview beside a session document: a WebviewPanel with a strict CSP (scripts
 * only with a per-load nonce, resources only from dist/), loading dist/webview/main.js and
 * main.css when built. The host posts `{type:"render", view}` from the server's render request,
 * follows the editor cursor with `{type:"revealLine"}`, and relays the page's openLine/applyFix.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import * as vscode from "vscode";
import { type HostToWebview, RENDER_REQUEST, type RenderView, type WebviewToHost } from "../../server/src/protocol/index.js";
import type { InspectorHost } from "./extension.js";

export const VIEW_TYPE = "transcriptInspector.inspector";

/**
 * What activate() returns for tests (the extension-host suite): the messages each inspector
 * exchanged with its webview. Nothing in the product reads it.
 */
export interface InspectorTestHooks {
  waitForMessage(type: WebviewToHost["type"], uri?: vscode.Uri, timeoutMs?: number): Promise<WebviewToHost>;
  posted(uri?: vscode.Uri): HostToWebview[];
}

export class MessageLog {
  readonly received: { uri: string; m: WebviewToHost }[] = [];
  readonly sent: { uri: string; m: HostToWebview }[] = [];
  private waiters: (() => void)[] = [];
  onReceived(uri: string, m: WebviewToHost): void {
    this.received.push({ uri, m });
    if (this.received.length > 1000) this.received.shift();
    for (const w of this.waiters.splice(0)) w();
  }
  onSent(uri: string, m: HostToWebview): void {
    this.sent.push({ uri, m });
    if (this.sent.length > 1000) this.sent.shift();
  }
  hooks(): InspectorTestHooks {
    return {
      waitForMessage: (type, uri, timeoutMs = 10_000) =>
        new Promise((resolve, reject) => {
          const key = uri?.toString();
          const find = () => this.received.find((x) => x.m.type === type && (!key || x.uri === key))?.m;
          const hit = find();
          if (hit) return resolve(hit);
          const timer = setTimeout(() => reject(new Error(`no ${type} message from the inspector within ${timeoutMs} ms`)), timeoutMs);
          const check = () => {
            const m = find();
            if (m) {
              clearTimeout(timer);
              resolve(m);
            } else this.waiters.push(check);
          };
          this.waiters.push(check);
        }),
      posted: (uri) => this.sent.filter((x) => !uri || x.uri === uri.toString()).map((x) => x.m),
    };
  }
}

export class InspectorPanels implements vscode.Disposable {
  private readonly panels = new Map<string, InspectorPanel>();
  readonly log = new MessageLog();
  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly host: InspectorHost,
  ) {}

  show(uri: vscode.Uri): void {
    const key = uri.toString();
    const existing = this.panels.get(key);
    if (existing) {
      existing.panel.reveal(vscode.ViewColumn.Beside, true);
      return;
    }
    const p = new InspectorPanel(this.extensionUri, this.host, uri, () => this.panels.delete(key), this.log);
    this.panels.set(key, p);
  }

  dispose(): void {
    for (const p of [...this.panels.values()]) p.panel.dispose();
    this.panels.clear();
  }
}

class InspectorPanel {
  readonly panel: vscode.WebviewPanel;
  private readonly disposables: vscode.Disposable[] = [];
  private ready = false;

  constructor(
    extensionUri: vscode.Uri,
    private readonly host: InspectorHost,
    private readonly uri: vscode.Uri,
    onDispose: () => void,
    private readonly messages: MessageLog,
  ) {
    const dist = vscode.Uri.joinPath(extensionUri, "dist");
    const name = uri.path.split("/").pop() ?? "session";
    this.panel = vscode.window.createWebviewPanel(VIEW_TYPE, `Inspect ${name}`, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      localResourceRoots: [dist],
    });
    this.panel.webview.html = this.html(dist);
    this.disposables.push(
      this.panel.webview.onDidReceiveMessage((m: WebviewToHost) => void this.onMessage(m)),
      host.onRenderChanged((p) => {
        if (p.uri === this.uri.toString()) void this.render();
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (e.textEditor.document.uri.toString() !== this.uri.toString()) return;
        this.post({ type: "revealLine", line: e.selections[0].active.line + 1 });
      }),
      this.panel.onDidDispose(() => {
        for (const d of this.disposables) d.dispose();
        onDispose();
      }),
    );
  }

  private post(m: HostToWebview): void {
    if (!this.ready) return;
    this.messages.onSent(this.uri.toString(), m);
    void this.panel.webview.postMessage(m);
  }

  private async render(): Promise<void> {
    try {
      const view = await this.host.request<RenderView | null>(RENDER_REQUEST, { uri: this.uri.toString() });
      if (view) this.post({ type: "render", view });
      else this.post({ type: "error", message: "This file is not a session transcript the inspector can read." });
    } catch (e) {
      this.host.log.error(`render request failed: ${(e as Error).message}`);
      this.post({ type: "error", message: `Render failed: ${(e as Error).message}` });
    }
  }

  private async onMessage(m: WebviewToHost): Promise<void> {
    if (m && typeof m.type === "string") this.messages.onReceived(this.uri.toString(), m);
    switch (m?.type) {
      case "ready":
        this.ready = true;
        await this.render();
        return;
      case "openLine":
        if (typeof m.line === "number") await this.host.revealLine(m.line, this.uri);
        return;
      case "applyFix":
        if (m.fix && typeof m.fix.kind === "string") await this.host.applyFix(this.uri, m.fix);
        return;
    }
  }

  private html(dist: vscode.Uri): string {
    const webview = this.panel.webview;
    const nonce = randomBytes(16).toString("base64");
    const js = vscode.Uri.joinPath(dist, "webview", "main.js");
    const css = vscode.Uri.joinPath(dist, "webview", "main.css");
    const csp = [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      `style-src ${webview.cspSource} 'nonce-${nonce}'`,
      `font-src ${webview.cspSource}`,
      `img-src ${webview.cspSource} data:`,
    ].join("; ");
    const hasJs = existsSync(js.fsPath);
    const styles = existsSync(css.fsPath) ? `<link rel="stylesheet" nonce="${nonce}" href="${webview.asWebviewUri(css)}">` : "";
    const body = hasJs
      ? `<div id="root"></div><script nonce="${nonce}" src="${webview.asWebviewUri(js)}"></script>`
      : `<p>The inspector page is not built (dist/webview/main.js is missing). Run <code>npm run build</code>.</p>`;
    return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><meta name="viewport" content="width=device-width, initial-scale=1.0">${styles}<title>Transcript Inspector</title></head><body>${body}</body></html>`;
  }
}
