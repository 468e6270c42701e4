/**
 * One inspector beside a session document: a webview panel that shows the server's render of
 * the document, re-renders when the server says it changed, follows the editor cursor with
 * `revealLine`, and acts on what the page posts (`openLine`, `applyFix`) once it has checked it.
 * The page gets a summary, then asks for the rows it shows, a row's place and a message's full
 * text; the panel relays each request to the server and posts the bounded answer back (it never
 * holds or posts the whole view).
 */
import * as vscode from "vscode";
import type { RenderChangedParams } from "../../server/src/protocol/lsp.js";
import type { ViewFix } from "../../server/src/protocol/view.js";
import type { FullTextAnswer, FullTextQuery, LocateAnswer, LocateQuery, RowsAnswer, RowsQuery, SubagentAnswer, SubagentQuery, ViewSummary } from "../../server/src/protocol/view-window.js";
import { type HostToWebview, isWebviewToHost } from "../../server/src/protocol/webview.js";
import { inspectorHtml } from "./inspectorHtml.js";
import { isSessionPath } from "./sessionFiles.js";
import type { MessageObserver } from "./testHooks.js";

export const VIEW_TYPE = "transcriptInspector.inspector";

/** The branch a request is about: its leaf's entry id (absent: the agent's active branch). */
export interface Branch {
  leafId?: string;
}

/** What a panel needs from the rest of the extension (small, so the panel stays testable). */
export interface InspectorHost {
  /**
   * `provider`: the provider whose verdict the header shows (default: the document's target);
   * `leafId`: the branch shown (default: the agent's active one). The windowed requests name it too.
   */
  summary(uri: string, provider?: string, leafId?: string): Promise<ViewSummary | null>;
  rows(uri: string, q: RowsQuery & Branch): Promise<RowsAnswer | null>;
  locate(uri: string, q: LocateQuery & Branch): Promise<LocateAnswer | null>;
  fullText(uri: string, q: FullTextQuery & Branch): Promise<FullTextAnswer | null>;
  /** A subagent's transcript (where it is, its first messages). */
  subagent(uri: string, q: SubagentQuery & Branch): Promise<SubagentAnswer | null>;
  /** Opens a session file in the editor with its inspector (a subagent's transcript). */
  openSession(uri: vscode.Uri): Promise<void>;
  applyFix(uri: vscode.Uri, fix: ViewFix): Promise<boolean>;
  revealLine(line: number, uri?: vscode.Uri): Promise<void>;
  onRenderChanged: vscode.Event<RenderChangedParams>;
  /** What the server is doing on `uri` while a long analysis of it runs ("reading 17 MB, 40%"), else undefined. */
  analysing?(uri: string): string | undefined;
  log: vscode.LogOutputChannel;
  /** Tests only (see testHooks.ts); absent in normal use. */
  observer?: MessageObserver;
}

export function panelOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, "dist")] };
}

export function createInspectorWebview(extensionUri: vscode.Uri, uri: vscode.Uri): vscode.WebviewPanel {
  const name = uri.path.split("/").pop() || "session";
  return vscode.window.createWebviewPanel(VIEW_TYPE, `Inspect ${name}`, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, panelOptions(extensionUri));
}

export class InspectorPanel {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly key: string;
  private ready = false;
  /** The provider the page asked to see (`showProvider`); undefined: the document's target. */
  private provider: string | undefined;
  /** The branch the page asked to see (`showBranch`); undefined: the agent's active branch. */
  private leafId: string | undefined;

  /** Takes over `panel` (new, or restored after a window reload) for the session `uri`. */
  constructor(
    readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly host: InspectorHost,
    private readonly uri: vscode.Uri,
    onDispose: () => void,
  ) {
    this.key = uri.toString();
    panel.iconPath = vscode.Uri.joinPath(extensionUri, "images", "icon.png");
    panel.webview.options = panelOptions(extensionUri);
    panel.webview.html = inspectorHtml(panel.webview, vscode.Uri.joinPath(extensionUri, "dist"));
    this.disposables.push(
      panel.webview.onDidReceiveMessage((m: unknown) => void this.onMessage(m)),
      host.onRenderChanged((p) => {
        if (p.uri === this.key) void this.render();
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (e.textEditor.document.uri.toString() !== this.key) return;
        this.post({ type: "revealLine", line: e.selections[0].active.line + 1 });
      }),
      panel.onDidDispose(() => {
        for (const d of this.disposables) d.dispose();
        onDispose();
      }),
    );
  }

  private post(m: HostToWebview): void {
    if (!this.ready) return;
    this.host.observer?.sent(this.key, m);
    void this.panel.webview.postMessage(m);
  }

  private async render(): Promise<void> {
    try {
      const summary = await this.host.summary(this.key, this.provider, this.leafId);
      if (summary) this.post({ type: "summary", summary });
      // a long session still being read: the page keeps waiting; the publish that ends the read brings the summary
      else if (this.host.analysing?.(this.key) !== undefined) this.host.log.info(`inspector waits: ${this.host.analysing(this.key)}`);
      else this.post({ type: "error", message: "This file is not a session transcript the inspector can read." });
    } catch (e) {
      this.host.log.error(`render request failed: ${(e as Error).message}`);
      this.post({ type: "error", message: `Render failed: ${(e as Error).message}` });
    }
  }

  /** Opens the transcript of the subagent the call ran, where the server says it is (a session file: sessionFiles.ts). */
  private async openSubagent(toolCallId: string): Promise<void> {
    let a: SubagentAnswer | null = null;
    try {
      a = await this.host.subagent(this.key, { revision: 0, toolCallId, ...this.branch() });
    } catch (e) {
      this.host.log.error(`subagent request failed: ${(e as Error).message}`);
    }
    const target = a ? vscode.Uri.parse(a.uri) : undefined;
    if (!target || target.scheme !== "file" || !isSessionPath(target.path)) {
      void vscode.window.showInformationMessage("The subagent's transcript was not found beside this session.");
      return;
    }
    await this.host.openSession(target);
  }

  /** The branch every request names (the page's own query never does). */
  private branch(): Branch {
    return this.leafId !== undefined ? { leafId: this.leafId } : {};
  }

  /** Relays one page request to the server; a failed request is answered with null (the page shows what it has). */
  private async answer<A>(what: string, ask: () => Promise<A | null>, reply: (a: A | null) => HostToWebview): Promise<void> {
    let a: A | null = null;
    try {
      a = await ask();
    } catch (e) {
      this.host.log.error(`${what} request failed: ${(e as Error).message}`);
    }
    this.post(reply(a));
  }

  private async onMessage(m: unknown): Promise<void> {
    if (!isWebviewToHost(m)) {
      this.host.log.warn("ignored a malformed message from the inspector page");
      return;
    }
    this.host.observer?.received(this.key, m);
    switch (m.type) {
      case "ready":
        this.ready = true;
        await this.render();
        return;
      case "refresh":
        await this.render();
        return;
      case "openLine":
        await this.host.revealLine(m.line, this.uri);
        return;
      case "applyFix":
        await this.host.applyFix(this.uri, m.fix);
        return;
      case "showProvider":
        this.provider = m.provider === "auto" ? undefined : m.provider;
        await this.render();
        return;
      case "showBranch":
        this.leafId = m.leafId ?? undefined;
        await this.render();
        return;
      case "rows":
        return this.answer("rows", () => this.host.rows(this.key, { ...m.query, ...this.branch() }), (answer) => ({ type: "rows", id: m.id, answer }));
      case "locate":
        return this.answer("locate", () => this.host.locate(this.key, { ...m.query, ...this.branch() }), (answer) => ({ type: "located", id: m.id, answer }));
      case "fullText":
        return this.answer("fullText", () => this.host.fullText(this.key, { ...m.query, ...this.branch() }), (answer) => ({ type: "fullText", id: m.id, answer }));
      case "subagent":
        return this.answer("subagent", () => this.host.subagent(this.key, { ...m.query, ...this.branch() }), (answer) => ({ type: "subagent", id: m.id, answer }));
      case "openSubagent":
        return this.openSubagent(m.toolCallId);
    }
  }
}
