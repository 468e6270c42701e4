/**
 * The VS Code client, wired from small parts: the language client (client.ts), which documents
 * are sessions (sessions.ts) and the status bar (statusBar.ts), the inspector panels
 * (inspectorPanels.ts), the command table (commands.ts) and, in a test run only, the test hooks
 * (testHooks.ts). Logs go to the "Transcript Inspector" output channel.
 *
 * The extension activates on JSON Lines and on JSON files (`onLanguage:json`: a Gemini CLI session
 * `session-*.json` is a JSON file, and no other activation event fires when one is opened from
 * outside the workspace). Activating costs only registrations: the language server starts when it
 * is first wanted, a session document open (sessionFiles.ts: `*.jsonl`, `session-*.json`) or a
 * request sent (the Sessions view, an inspector panel restored, a command: the client starts on
 * its first request), never for package.json or settings.json.
 */
import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import { AnalysisProgressNotification, DidHideUnsyncedNotification, DidShowUnsyncedNotification, FullTextRequest, LocateRequest, type RenderChangedParams, RenderChangedNotification, RowsRequest, StatusNotification, SubagentRequest, SummaryRequest } from "../../server/src/protocol/lsp.js";
import { ProviderErrorRequest, ProviderVerdictsRequest, SetTargetProviderRequest } from "../../server/src/protocol/providers.js";
import { goToProviderError } from "./providerError.js";
import type { ViewFix } from "../../server/src/protocol/view.js";
import { createLanguageClient } from "./client.js";
import { OPEN_INSPECTOR_COMMAND, registerCommands } from "./commands.js";
import { FixPreviews } from "./fixes.js";
import { InspectorPanels } from "./inspectorPanels.js";
import { ProviderStatusItem, switchTargetProvider } from "./providerSwitch.js";
import { revealLine } from "./revealLine.js";
import { SessionStatuses } from "./sessions.js";
import { StatusBar } from "./statusBar.js";
import { type InspectorTestHooks, isTestRun, MessageRecorder } from "./testHooks.js";
import { UnsyncedEditors } from "./unsyncedEditors.js";
import { isSessionDocument } from "./sessionFiles.js";
import { registerLibrary } from "./library/sessionsView.js";
import { registerStoreSessions } from "./storeSessions.js";

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<{ inspector?: InspectorTestHooks }> {
  const log = vscode.window.createOutputChannel("Transcript Inspector", { log: true });
  const lc = (client = createLanguageClient(context, log));
  const sessions = new SessionStatuses();
  const renderChanged = new vscode.EventEmitter<RenderChangedParams>();
  /** uri -> what the server is doing while a long analysis of it runs (transcriptInspector/analysisProgress). */
  const analysing = new Map<string, string>();
  const recorder = isTestRun(context) ? new MessageRecorder() : undefined;
  // a fix is previewed (its diff, the target's verdict after it) before it is applied
  const previews = new FixPreviews(lc);
  const fix = (uri: vscode.Uri, f: ViewFix) => previews.previewThenApply(uri, f);
  let unsynced: UnsyncedEditors | undefined;
  const reveal = (line: unknown, uri?: vscode.Uri | string) => revealLine(line, uri, (u) => !!unsynced?.isUnsynced(u));
  const panels = new InspectorPanels(context.extensionUri, {
    summary: (uri, provider, leafId) => lc.sendRequest(SummaryRequest, { uri, ...(provider ? { provider } : {}), ...(leafId !== undefined ? { leafId } : {}) }),
    rows: (uri, q) => lc.sendRequest(RowsRequest, { ...q, uri }),
    locate: (uri, q) => lc.sendRequest(LocateRequest, { ...q, uri }),
    fullText: (uri, q) => lc.sendRequest(FullTextRequest, { ...q, uri }),
    subagent: (uri, q) => lc.sendRequest(SubagentRequest, { ...q, uri }),
    openSession: async (uri) => {
      // a tab for the file (also one VS Code does not sync), then its inspector beside it
      await vscode.commands.executeCommand("vscode.open", uri, { preview: false });
      panels.show(uri);
    },
    applyFix: fix,
    revealLine: reveal,
    onRenderChanged: renderChanged.event,
    analysing: (uri) => analysing.get(uri),
    log,
    observer: recorder,
  });
  context.subscriptions.push(
    log,
    previews,
    sessions,
    new StatusBar(sessions, OPEN_INSPECTOR_COMMAND),
    new ProviderStatusItem(sessions),
    renderChanged,
    panels,
    panels.registerSerializer(),
    ...registerCommands({
      panels,
      applyFix: fix,
      revealLine: reveal,
      log,
      readme: vscode.Uri.joinPath(context.extensionUri, "README.md"),
      goToProviderError: (uri, text) => goToProviderError({ locate: (u, t) => lc.sendRequest(ProviderErrorRequest, { uri: u, text: t }) }, (line, u) => reveal(line, u), uri, text),
      switchProvider: (uri) =>
        switchTargetProvider({ verdicts: (u) => lc.sendRequest(ProviderVerdictsRequest, { uri: u }), setTarget: (u, provider) => lc.sendRequest(SetTargetProviderRequest, { uri: u, provider }) }, uri),
    }),
  );

  context.subscriptions.push(
    lc.onNotification(StatusNotification, (s) => sessions.update(s)),
    lc.onNotification(RenderChangedNotification, (p) => renderChanged.fire(p)),
    lc.onNotification(AnalysisProgressNotification, (p) => {
      if (p.done) analysing.delete(p.uri);
      else analysing.set(p.uri, p.message);
    }),
    // Session files over 50 MB: VS Code syncs no document, the server reads them from disk.
    (unsynced = new UnsyncedEditors({
      show: (uri) => void lc.sendNotification(DidShowUnsyncedNotification, { uri }).catch(() => undefined),
      hide: (uri) => void lc.sendNotification(DidHideUnsyncedNotification, { uri }).catch(() => undefined),
    })),
  );
  // OpenCode's sessions, rows of its database: opened read-only as documents of their own (storeSessions.ts).
  context.subscriptions.push(...registerStoreSessions(lc, (uri) => panels.show(uri)));
  // The Sessions view and the session library (issue 26; extension/src/library).
  registerLibrary(context, lc, log, OPEN_INSPECTOR_COMMAND);
  await startWhenWanted(context, lc, log);
  return recorder ? { inspector: recorder.hooks() } : {};
}

/** Starts the client now when a session document is open, else when the first one opens. */
async function startWhenWanted(context: vscode.ExtensionContext, lc: LanguageClient, log: vscode.LogOutputChannel): Promise<void> {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    try {
      await lc.start();
      log.info("Transcript Inspector language server started");
    } catch (e) {
      log.error(`the language server did not start: ${(e as Error).message}`);
    }
  };
  if (vscode.workspace.textDocuments.some(isSessionDocument)) return start();
  log.info("Transcript Inspector is active; the language server starts with the first session file");
  const opened = vscode.workspace.onDidOpenTextDocument((d) => {
    if (!isSessionDocument(d)) return;
    opened.dispose();
    void start();
  });
  context.subscriptions.push(opened);
}

export async function deactivate(): Promise<void> {
  if (client) await client.stop();
  client = undefined;
}
