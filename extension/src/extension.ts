/**
 * The VS Code client: starts the language server (dist/server.js) over IPC for documents in
 * VS Code's built-in JSON Lines language, shows the active session's counts in the status bar,
 * logs to the "Transcript Inspector" output channel, and hosts the inspector webview.
 * The server decides per document whether it is a session; other JSONL files stay silent.
 */
import * as vscode from "vscode";
import { LanguageClient, type LanguageClientOptions, type ServerOptions, TransportKind } from "vscode-languageclient/node";
import {
  FIX_EDIT_REQUEST,
  type FixEditParams,
  type FixEditResult,
  RENDER_CHANGED_NOTIFICATION,
  type RenderChangedParams,
  REVEAL_LINE_COMMAND,
  STATUS_NOTIFICATION,
  type StatusParams,
  type ViewFix,
} from "../../server/src/protocol/index.js";
import { type InspectorTestHooks, InspectorPanels } from "./inspectorPanel.js";

export const OPEN_INSPECTOR_COMMAND = "transcriptInspector.openInspectorToSide";
export const FIX_ALL_COMMAND = "transcriptInspector.fixAllOrphans";
export const SHOW_LOG_COMMAND = "transcriptInspector.showLog";

let client: LanguageClient | undefined;

/** What the inspector panel needs from the client side (kept small so the panel stays testable). */
export interface InspectorHost {
  request<T>(method: string, params: unknown): Promise<T>;
  applyFix(uri: vscode.Uri, fix: ViewFix): Promise<boolean>;
  revealLine(line: number, uri?: vscode.Uri): Promise<void>;
  onRenderChanged: vscode.Event<RenderChangedParams>;
  log: vscode.LogOutputChannel;
}

export async function activate(context: vscode.ExtensionContext): Promise<{ inspector: InspectorTestHooks }> {
  const log = vscode.window.createOutputChannel("Transcript Inspector", { log: true });
  context.subscriptions.push(log);
  const serverModule = context.asAbsolutePath("dist/server.js");
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ["--nolazy", "--inspect=6019"] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: "jsonl" }],
    outputChannel: log,
    // acp-kernel's sidecar beside a session: the server re-renders the session when it changes.
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/*.jsonl.acp.json") },
    // Hovers link to lines with this one command; nothing else from a transcript can run.
    markdown: { isTrusted: { enabledCommands: [REVEAL_LINE_COMMAND] }, supportHtml: false },
  };
  client = new LanguageClient("transcriptInspector", "Transcript Inspector", serverOptions, clientOptions);

  const statusByUri = new Map<string, StatusParams>();
  const status = vscode.window.createStatusBarItem("transcriptInspector.status", vscode.StatusBarAlignment.Left, 50);
  status.name = "Transcript Inspector";
  status.command = OPEN_INSPECTOR_COMMAND;
  context.subscriptions.push(status);
  const updateStatus = () => {
    const doc = vscode.window.activeTextEditor?.document;
    const s = doc ? statusByUri.get(doc.uri.toString()) : undefined;
    if (!s || !s.isSession) {
      status.hide();
      return;
    }
    status.text = `$(error) ${s.errors} $(warning) ${s.warnings} $(list-flat) ${s.messagesBefore}→${s.messagesAfter}`;
    status.tooltip = `Transcript Inspector: ${s.format} session, pruner ${s.pruner}. Active branch: ${s.errors} error(s), ${s.warnings} warning(s); ${s.messagesBefore} messages before rendering, ${s.messagesAfter} after. Click to open the inspector.`;
    status.show();
  };
  context.subscriptions.push(vscode.window.onDidChangeActiveTextEditor(updateStatus));
  context.subscriptions.push(vscode.workspace.onDidCloseTextDocument((d) => statusByUri.delete(d.uri.toString())));

  const renderChanged = new vscode.EventEmitter<RenderChangedParams>();
  context.subscriptions.push(renderChanged);

  const revealLine = async (line: number, uri?: vscode.Uri | string) => {
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
  };

  const applyFix = async (uri: vscode.Uri, fix: ViewFix): Promise<boolean> => {
    if (!client) return false;
    const result = await client.sendRequest<FixEditResult>(FIX_EDIT_REQUEST, { uri: uri.toString(), fix } satisfies FixEditParams);
    if (!result) {
      void vscode.window.showInformationMessage(`Transcript Inspector: "${fix.title}" is no longer applicable or not safe here.`);
      return false;
    }
    const edit = await client.protocol2CodeConverter.asWorkspaceEdit(result);
    return vscode.workspace.applyEdit(edit); // lands in the editor's undo history
  };

  const host: InspectorHost = {
    request: <T>(method: string, params: unknown) => client!.sendRequest<T>(method, params),
    applyFix,
    revealLine: (line, uri) => revealLine(line, uri),
    onRenderChanged: renderChanged.event,
    log,
  };
  const panels = new InspectorPanels(context.extensionUri, host);
  context.subscriptions.push(panels);

  context.subscriptions.push(
    vscode.commands.registerCommand(REVEAL_LINE_COMMAND, (line: number, uri?: string) => revealLine(line, uri)),
    vscode.commands.registerCommand(OPEN_INSPECTOR_COMMAND, (uri?: vscode.Uri) => {
      const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
      if (target) panels.show(target);
    }),
    vscode.commands.registerCommand(FIX_ALL_COMMAND, async () => {
      const doc = vscode.window.activeTextEditor?.document;
      if (!doc) return;
      await applyFix(doc.uri, { title: "Fix all orphan tool results in the file", kind: "fix-all-orphans", line: 1 });
    }),
    vscode.commands.registerCommand(SHOW_LOG_COMMAND, () => log.show(true)),
  );

  await client.start();
  context.subscriptions.push(
    client.onNotification(STATUS_NOTIFICATION, (s: StatusParams) => {
      statusByUri.set(s.uri, s);
      updateStatus();
    }),
    client.onNotification(RENDER_CHANGED_NOTIFICATION, (p: RenderChangedParams) => renderChanged.fire(p)),
  );
  log.info("Transcript Inspector language server started");
  return { inspector: panels.log.hooks() };
}

export async function deactivate(): Promise<void> {
  if (client) await client.stop();
  client = undefined;
}
