/**
 * The VS Code client, wired from small parts: the language client (client.ts), which documents
 * are sessions (sessions.ts) and the status bar (statusBar.ts), the inspector panels
 * (inspectorPanels.ts), the command table (commands.ts) and, in a test run only, the test hooks
 * (testHooks.ts). Logs go to the "Transcript Inspector" output channel.
 */
import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import { FullTextRequest, LocateRequest, type RenderChangedParams, RenderChangedNotification, RowsRequest, StatusNotification, SummaryRequest } from "../../server/src/protocol/lsp.js";
import type { ViewFix } from "../../server/src/protocol/view.js";
import { createLanguageClient } from "./client.js";
import { OPEN_INSPECTOR_COMMAND, registerCommands } from "./commands.js";
import { applyFix } from "./fixes.js";
import { InspectorPanels } from "./inspectorPanels.js";
import { revealLine } from "./revealLine.js";
import { SessionStatuses } from "./sessions.js";
import { StatusBar } from "./statusBar.js";
import { type InspectorTestHooks, isTestRun, MessageRecorder } from "./testHooks.js";

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<{ inspector?: InspectorTestHooks }> {
  const log = vscode.window.createOutputChannel("Transcript Inspector", { log: true });
  const lc = (client = createLanguageClient(context, log));
  const sessions = new SessionStatuses();
  const renderChanged = new vscode.EventEmitter<RenderChangedParams>();
  const recorder = isTestRun(context) ? new MessageRecorder() : undefined;
  const fix = (uri: vscode.Uri, f: ViewFix) => applyFix(lc, uri, f);
  const panels = new InspectorPanels(context.extensionUri, {
    summary: (uri) => lc.sendRequest(SummaryRequest, { uri }),
    rows: (uri, q) => lc.sendRequest(RowsRequest, { ...q, uri }),
    locate: (uri, q) => lc.sendRequest(LocateRequest, { ...q, uri }),
    fullText: (uri, q) => lc.sendRequest(FullTextRequest, { ...q, uri }),
    applyFix: fix,
    revealLine,
    onRenderChanged: renderChanged.event,
    log,
    observer: recorder,
  });
  context.subscriptions.push(
    log,
    sessions,
    new StatusBar(sessions, OPEN_INSPECTOR_COMMAND),
    renderChanged,
    panels,
    panels.registerSerializer(),
    ...registerCommands({ panels, applyFix: fix, revealLine, log }),
  );

  await lc.start();
  context.subscriptions.push(
    lc.onNotification(StatusNotification, (s) => sessions.update(s)),
    lc.onNotification(RenderChangedNotification, (p) => renderChanged.fire(p)),
  );
  log.info("Transcript Inspector language server started");
  return recorder ? { inspector: recorder.hooks() } : {};
}

export async function deactivate(): Promise<void> {
  if (client) await client.stop();
  client = undefined;
}
