/**
 * The Transcript Inspector language server. `node dist/server.js --stdio` (any LSP editor) or
 * over IPC (the VS Code extension). Documents the engine reads as a session (pi, Claude Code,
 * Codex) get diagnostics, hovers, navigation, symbols, code lenses and repairs; other JSONL
 * files stay silent.
 */
import { type CodeAction, type CodeActionParams, type CancellationToken, DidChangeConfigurationNotification, TextDocuments, TextDocumentSyncKind } from "vscode-languageserver/node";
import type { Finding, FixAllStep } from "./engine/index.js";
import { sessionOfRecording } from "./engine/index.js";
import { buildRenderView, withAllFixes } from "./presentation/view-model.js";
import { guardReason } from "./presentation/view-guard.js";
import { DidHideUnsyncedNotification, DidShowUnsyncedNotification, type FixEditResult, FixEditRequest, RenderChangedNotification, RenderRequest, SETTINGS_SECTION, StatusNotification, type StatusParams } from "./protocol/lsp.js";
import { codeActions, FIX_ALL_KIND, fixEdit, isFileFixData, NOT_APPLIED_COMMAND, resolveCodeAction, toTextEdits } from "./lsp/actions.js";
import { codeLenses } from "./lsp/code-lenses.js";
import { prunedHints, toDiagnostic } from "./lsp/diagnostics.js";
import { hover } from "./lsp/hover.js";
import { definition, highlights, references } from "./lsp/navigation.js";
import { symbols } from "./lsp/symbols.js";
import { boundSource, documentDiagnostics } from "./lsp/diagnostics-bound.js";
import { ProviderTargets } from "./lsp/provider-targets.js";
import { DEFAULT_SETTINGS, normalizeSettings, type Settings } from "./lsp/settings.js";
import { DiskFollower } from "./lsp/disk-follower.js";
import { LineDocument } from "./lsp/line-document.js";
import { type DocState, Store } from "./lsp/store.js";
import { registerInspectorRequests } from "./lsp/inspector-requests.js";
import { createServerConnection } from "./lsp/connection.js";
import { tuneHeap } from "./lsp/heap-settings.js";
import { AnalysisProgress, LONG_SESSION_CHARS, sizeText, tick } from "./lsp/analysis-progress.js";
import { registerLibraryRequests } from "./library/library-lsp.js";
import { registerStoreRequests } from "./lsp/store-requests.js";

const DEBOUNCE_MS = 150;

tuneHeap();
const connection = createServerConnection();
// Synced documents are kept as parsed lines that follow each change (lsp/line-document.ts).
const documents = new TextDocuments<LineDocument>(LineDocument);
const store = new Store();
/** The target provider per document (README "Provider rules"). */
const providers = new ProviderTargets();
const settingsCache = new Map<string, Promise<Settings>>();
const timers = new Map<string, NodeJS.Timeout>();
/** uri -> whether diagnostics were published non-empty (to clear them when a file stops being a session). */
const published = new Map<string, boolean>();
let hasConfiguration = false;
let versionedEdits = false;
/** The client shows disabled code actions (a repair not offered, with why). */
let disabledActions = false;
/** The client resolves a code action's edit when it is chosen (file-wide repairs are computed then). */
let resolveEdits = false;
/** The client shows progress the server starts. */
let serverProgress = false;
/** The command a client without codeAction/resolve runs for a file-wide repair (the server computes and applies it). */
const APPLY_FILE_FIX_COMMAND = "transcriptInspector.server.applyFileFix";

connection.onInitialize((params) => {
  const caps = params.capabilities;
  hasConfiguration = !!caps.workspace?.configuration;
  versionedEdits = !!caps.workspace?.workspaceEdit?.documentChanges;
  disabledActions = !!caps.textDocument?.codeAction?.disabledSupport;
  resolveEdits = !!caps.textDocument?.codeAction?.resolveSupport?.properties.includes("edit");
  serverProgress = !!caps.window?.workDoneProgress;
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      hoverProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      documentHighlightProvider: true,
      documentSymbolProvider: { label: "Transcript" },
      codeLensProvider: { resolveProvider: false },
      codeActionProvider: { codeActionKinds: ["quickfix", FIX_ALL_KIND], resolveProvider: true },
      executeCommandProvider: { commands: [APPLY_FILE_FIX_COMMAND, NOT_APPLIED_COMMAND] },
    },
    serverInfo: { name: "transcript-inspector", version: "0.1.0" },
  };
});

connection.onInitialized(() => {
  if (hasConfiguration) void connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION }).catch(() => undefined);
});

function settingsFor(uri: string): Promise<Settings> {
  if (!hasConfiguration) return Promise.resolve(globalSettings);
  let s = settingsCache.get(uri);
  if (!s) {
    s = connection.workspace
      .getConfiguration({ scopeUri: uri, section: SETTINGS_SECTION })
      .then(normalizeSettings, () => DEFAULT_SETTINGS);
    settingsCache.set(uri, s);
  }
  return s;
}
let globalSettings: Settings = DEFAULT_SETTINGS;

connection.onDidChangeConfiguration((change) => {
  settingsCache.clear();
  if (!hasConfiguration) globalSettings = normalizeSettings(change.settings?.[SETTINGS_SECTION]);
  store.clear();
  for (const d of documents.all()) void publish(d.uri);
  for (const uri of follower.followedUris()) void publish(uri);
});

// billion-context-pi's sidecar `<session>.jsonl.acp.json` changed (the client watches it):
// re-render its session if it is open or was published.
// The file where a session's agent records what it sent (OpenClaw's `<session>.trajectory.jsonl`) changed:
// the session's After column is compared with it again.
connection.onDidChangeWatchedFiles((p) => {
  for (const ch of p.changes) {
    const name = ch.uri.slice(ch.uri.lastIndexOf("/") + 1);
    const beside = ch.uri.endsWith(".acp.json") ? name.slice(0, -".acp.json".length) : sessionOfRecording(name);
    if (!beside) continue;
    const session = ch.uri.slice(0, ch.uri.length - name.length) + beside;
    if (documents.get(session) || published.has(session)) void publish(session);
  }
});

/** Current state of a document: synced text when open, otherwise the file on disk. */
async function stateOf(uri: string): Promise<DocState | null> {
  const settings = await settingsFor(uri);
  const doc = documents.get(uri);
  if (doc) return store.get(uri, doc.version, { parsed: doc.lines(), text: () => doc.getText() }, settings);
  const followed = follower.source(uri);
  if (followed) return store.get(uri, null, followed, settings);
  const text = store.readDisk(uri);
  return text === null ? null : store.get(uri, null, text, settings);
}

/**
 * The state last published per uri (a disk-read file is published once per change on disk). Held
 * weakly: a disk document the store released is not kept alive here.
 */
const lastPublished = new Map<string, WeakRef<DocState>>();

/** Publishes diagnostics and status for `uri`. Never rejects: one document cannot stop the others. */
async function publish(uri: string, notifyRender = true): Promise<void> {
  try {
    await publishUnguarded(uri, notifyRender);
  } catch (e) {
    connection.console.error(`analysis of ${uri} failed: ${(e as Error)?.stack ?? e}`);
  }
}

/** TRANSCRIPT_INSPECTOR_TIMINGS=1: each publish logs the server's own time for it (`npm run bench` reads it). */
const LOG_TIMINGS = /^(1|true|yes)$/i.test(process.env.TRANSCRIPT_INSPECTOR_TIMINGS ?? "");

/**
 * The long reads in progress (a session just opened, parsed in slices): a request on such a
 * document is answered at once with what the server is doing rather than waiting for the read.
 */
const reading = new Map<string, AnalysisProgress>();

/** What the server is doing on `uri` when a long read of it is in progress ("reading 12 MB, 40%"), else undefined. */
function readingMessage(uri: string): string | undefined {
  return documents.get(uri)?.isParsed === false ? reading.get(uri)?.message : undefined;
}

/** Each publish of a uri takes the next number: an older one still running is superseded and stops. */
const generations = new Map<string, number>();

async function publishUnguarded(uri: string, notifyRender: boolean): Promise<void> {
  const gen = (generations.get(uri) ?? 0) + 1;
  generations.set(uri, gen);
  let progress: AnalysisProgress | undefined;
  /** A newer publish of the uri started, the document closed, or the client cancelled the progress. */
  const stopped = () => generations.get(uri) !== gen || !!progress?.cancelled;
  try {
    await publishSteps(uri, notifyRender, stopped, (p) => (progress = p));
  } finally {
    progress?.done();
  }
}

/**
 * A long session read in full (opened, or read again) is parsed in slices with progress; its
 * diagnostics are published as soon as the structural pass is done, and again with the provider
 * verdicts folded in. Anything else is published once.
 */
async function publishSteps(uri: string, notifyRender: boolean, stopped: () => boolean, withProgress: (p: AnalysisProgress) => void): Promise<void> {
  const settings = await settingsFor(uri);
  const started = performance.now();
  const doc = documents.get(uri);
  let progress: AnalysisProgress | undefined;
  if (doc && !doc.isParsed && doc.heldTextLength >= LONG_SESSION_CHARS) {
    const size = sizeText(doc.heldTextLength);
    withProgress((progress = await AnalysisProgress.start(connection, serverProgress, uri, "Transcript Inspector", `reading ${size}`)));
    const p = progress;
    reading.set(uri, p);
    let read: boolean;
    try {
      read = await doc.parseInSlices((n, total) => p.report(`reading ${size}, ${Math.round((100 * n) / total)}%`, (60 * n) / total), stopped);
    } finally {
      if (reading.get(uri) === p) reading.delete(uri);
    }
    if (!read || stopped()) return;
    progress.report("building the context, pruning, checking", 60);
    await tick();
    if (stopped()) return;
  }
  const st = await stateOf(uri);
  if (!st || stopped()) return;
  if (!notifyRender && lastPublished.get(uri)?.deref() === st) return;
  const version = st.version ?? undefined;
  if (!st.analysis) {
    lastPublished.set(uri, new WeakRef(st));
    if (published.get(uri)) connection.sendDiagnostics({ uri, version, diagnostics: [] });
    published.set(uri, false);
    connection.sendNotification(StatusNotification, { uri, isSession: false, format: st.format, pruner: "none", errors: 0, warnings: 0, messagesBefore: 0, messagesAfter: 0 } satisfies StatusParams);
    return;
  }
  const lines = st.analysis.session.lines;
  const long = lines.end - lines.lastEol.length >= LONG_SESSION_CHARS;
  if (long && (st.stages?.session ?? "read") === "read" && !providers.ready(st, settings)) {
    // The structural findings now; the provider verdicts (about half of a full read) follow.
    connection.sendDiagnostics({ uri, version, diagnostics: documentDiagnostics(st.model, uri, settings).diagnostics });
    published.set(uri, true);
    if (LOG_TIMINGS) connection.console.log(`timing: first-publish ${uri} v${version ?? "-"} ${(performance.now() - started).toFixed(1)} ms`);
    if (!progress) withProgress((progress = await AnalysisProgress.start(connection, serverProgress, uri, "Transcript Inspector", "provider verdicts")));
    progress.report("provider verdicts", 85);
    await tick();
    if (stopped()) return;
  }
  // The findings the document shows (the list `check` prints) and the pruned hints, then bounded (lsp/diagnostics-bound.ts).
  const bound = boundSource(providers.diagnosticSource(st, settings, prunedHints(st.model, uri, settings)), uri);
  connection.sendDiagnostics({ uri, version, diagnostics: bound.diagnostics });
  lastPublished.set(uri, new WeakRef(st));
  if (LOG_TIMINGS) connection.console.log(`timing: publish ${uri} v${version ?? "-"} ${(performance.now() - started).toFixed(1)} ms`);
  published.set(uri, true);
  const a = st.analysis;
  const provider = providers.status(st, settings);
  // the live guard: why the target would reject the next request (presentation/view-guard.ts)
  const reason = provider?.rejects ? guardReason(providers.verdicts(st, settings)?.pv) : undefined;
  connection.sendNotification(StatusNotification, {
    uri,
    isSession: true,
    format: a.session.format,
    pruner: a.pruner,
    errors: bound.errors,
    warnings: bound.warnings,
    messagesBefore: a.before.length,
    messagesAfter: a.after.length,
    ...(bound.capped ? { capped: bound.capped } : {}),
    provider: provider && reason ? { ...provider, reason } : provider,
  } satisfies StatusParams);
  if (notifyRender) connection.sendNotification(RenderChangedNotification, { uri, version: st.version });
}

/** Version each document was opened at: its first content event is the open itself. */
const openedAt = new Map<string, number>();
documents.onDidOpen((e) => {
  openedAt.set(e.document.uri, e.document.version);
  follower.unfollow(e.document.uri); // synced from now on
  clearTimeout(timers.get(e.document.uri));
  void publish(e.document.uri);
});
documents.onDidChangeContent((e) => {
  const uri = e.document.uri;
  if (openedAt.get(uri) === e.document.version) return; // the open itself, published above
  clearTimeout(timers.get(uri));
  timers.set(
    uri,
    setTimeout(() => {
      timers.delete(uri);
      void publish(uri);
    }, DEBOUNCE_MS),
  );
});
documents.onDidClose((e) => forget(e.document.uri));
/** Releases everything held for `uri` and clears its diagnostics. */
function forget(uri: string): void {
  clearTimeout(timers.get(uri));
  timers.delete(uri);
  store.drop(uri);
  settingsCache.delete(uri);
  if (published.get(uri)) connection.sendDiagnostics({ uri, diagnostics: [] });
  published.delete(uri);
  openedAt.delete(uri);
  lastPublished.delete(uri);
  providers.forget(uri);
  generations.set(uri, (generations.get(uri) ?? 0) + 1); // a publish still running stops
}

// Files over 50 MB: the client says an editor shows one it does not sync (lsp/disk-follower.ts).
const follower = new DiskFollower((uri) => void publish(uri));
connection.onNotification(DidShowUnsyncedNotification, (p) => {
  if (!documents.get(p.uri) && follower.follow(p.uri)) void publish(p.uri);
});
connection.onNotification(DidHideUnsyncedNotification, (p) => {
  if (!follower.unfollow(p.uri)) return;
  forget(p.uri);
  connection.sendNotification(StatusNotification, { uri: p.uri, isSession: false, format: "unknown", pruner: "none", errors: 0, warnings: 0, messagesBefore: 0, messagesAfter: 0 } satisfies StatusParams);
});

/** Runs a feature on the document's model, or returns `empty` when it is not a session. */
async function withModel<T>(uri: string, empty: T, f: (st: DocState) => T): Promise<T> {
  if (readingMessage(uri) !== undefined) return empty; // answered now; the analysis publishes when done
  try {
    const st = await stateOf(uri);
    if (!st || !st.analysis) return empty;
    return f(st);
  } catch (e) {
    connection.console.error(`request on ${uri} failed: ${(e as Error).stack ?? e}`);
    return empty;
  }
}

connection.onHover(async (p) => {
  const waiting = readingMessage(p.textDocument.uri);
  if (waiting !== undefined) return { contents: { kind: "markdown", value: `Transcript Inspector is ${waiting}.` } };
  const settings = await settingsFor(p.textDocument.uri);
  return withModel(p.textDocument.uri, null, (st) => {
    // The problems the hover lists are the ones the document shows, once the verdicts are there.
    const shownOn = providers.ready(st, settings) ? (line: number) => providers.shownOn(st, settings, line, line) : undefined;
    return providers.hover(st, settings, p.position.line, p.position.character, hover(st.model, st.uri, p.position.line, p.position.character, shownOn));
  });
});
connection.onDefinition((p) => withModel(p.textDocument.uri, null, (st) => definition(st.model, st.uri, p.position.line, p.position.character)));
connection.onReferences((p) =>
  withModel(p.textDocument.uri, null, (st) => references(st.model, st.uri, p.position.line, p.position.character, p.context.includeDeclaration)),
);
connection.onDocumentHighlight((p) => withModel(p.textDocument.uri, null, (st) => highlights(st.model, p.position.line, p.position.character)));
connection.onDocumentSymbol((p) => withModel(p.textDocument.uri, [], (st) => symbols(st.model)));
connection.onCodeLens((p) => withModel(p.textDocument.uri, [], (st) => codeLenses(st.model, st.uri)));
connection.onCodeAction(async (p: CodeActionParams) => {
  const settings = await settingsFor(p.textDocument.uri);
  return withModel(p.textDocument.uri, [], (st) => {
    // The server's own findings on the lines asked about (what their diagnostics show), once the
    // verdicts are there: never computed on this request (a publish in two steps makes them).
    const here = () => (providers.ready(st, settings) ? { findings: providers.shownOn(st, settings, p.range.start.line, p.range.end.line), diagnosticOf: (f: Finding) => toDiagnostic(st.model, st.uri, f, settings) } : undefined);
    const actions = codeActions(st, p.range, p.context.only, p.context.diagnostics, versionedEdits, disabledActions, here);
    // A client that cannot resolve an edit runs a command for a file-wide repair instead.
    if (!resolveEdits) for (const a of actions) if (!a.edit && isFileFixData(a.data)) a.command = { title: a.title, command: APPLY_FILE_FIX_COMMAND, arguments: [a.data] };
    return actions;
  });
});

/**
 * A file-wide repair runs one round at a time (lsp/actions.ts `fileEdits`), with VS Code's
 * progress when the client shows the server's, and stops when the request is cancelled.
 */
async function withFixProgress<T>(title: string, token: CancellationToken | undefined, run: (cancelled: () => boolean, onStep: (s: FixAllStep) => void) => Promise<T>): Promise<T> {
  const progress = serverProgress ? await connection.window.createWorkDoneProgress().catch(() => undefined) : undefined;
  progress?.begin(title, undefined, "Reading the session", true);
  try {
    const cancelled = () => !!token?.isCancellationRequested || !!progress?.token.isCancellationRequested;
    return await run(cancelled, (s) => progress?.report(`Round ${s.round}: ${s.count} ${s.kind} repair${s.count === 1 ? "" : "s"}`));
  } finally {
    progress?.done();
  }
}

connection.onCodeActionResolve(async (action: CodeAction, token) => {
  const data = action.data;
  if (!isFileFixData(data)) return action;
  try {
    const st = await stateOf(data.uri);
    if (!st || !st.analysis) return action;
    // One finding's repair, offered before its edits were made: unsafe after all, it carries a command that says why.
    if (data.line !== undefined) return await resolveCodeAction(st, action, versionedEdits, () => false);
    return await withFixProgress(action.title, token, (cancelled, onStep) => resolveCodeAction(st, action, versionedEdits, cancelled, onStep));
  } catch (e) {
    connection.console.error(`resolving a code action on ${data.uri} failed: ${(e as Error).stack ?? e}`);
    return action;
  }
});

connection.onExecuteCommand(async (p, token) => {
  const data = p.arguments?.[0];
  if (p.command === NOT_APPLIED_COMMAND) {
    if (typeof data === "string") void connection.window.showWarningMessage(data.slice(0, 1000));
    return;
  }
  if (p.command !== APPLY_FILE_FIX_COMMAND || !isFileFixData(data)) return;
  const st = await stateOf(data.uri);
  if (!st || !st.analysis || st.version !== data.version) return;
  const resolved = await withFixProgress(data.kind, token, (cancelled, onStep) => resolveCodeAction(st, { title: data.kind, data }, versionedEdits, cancelled, onStep));
  if (resolved.edit) await connection.workspace.applyEdit({ label: resolved.title, edit: resolved.edit });
  else if (typeof resolved.command?.arguments?.[0] === "string") void connection.window.showWarningMessage(resolved.command.arguments[0]);
});

connection.onRequest(RenderRequest, async (p) => {
  const settings = await settingsFor(p.uri);
  const view = await withModel(p.uri, null, (st) => ({ ...withAllFixes(buildRenderView(st.analysis!, st.uri, st.version)), provider: providers.view(st, settings, p.provider) }));
  // A file the client does not sync (over 50 MB, or never opened): its findings go to the
  // problems list too, read from disk.
  if (view && !documents.get(p.uri)) void publish(p.uri, false);
  return view;
});

// The windowed inspector: summary, rows, locate, full text (lsp/inspector-requests.ts).
registerInspectorRequests(
  connection,
  (uri, f) => withModel(uri, null, f),
  (uri) => {
    if (!documents.get(uri)) void publish(uri, false);
  },
  async (uri, provider) => {
    const settings = await settingsFor(uri);
    return withModel(uri, undefined, (st) => providers.view(st, settings, provider));
  },
);

connection.onRequest(FixEditRequest, async (p, token) => {
  try {
    const st = await stateOf(p.uri);
    if (!st || !st.analysis) return null;
    const edits = await withFixProgress(p.fix.title, token, (cancelled, onStep) => fixEdit(st, p.fix, cancelled, onStep));
    return edits ? ({ changes: { [st.uri]: toTextEdits(edits) } } satisfies FixEditResult) : null;
  } catch (e) {
    connection.console.error(`fix on ${p.uri} failed: ${(e as Error).stack ?? e}`);
    return null;
  }
});

providers.listen(connection, { settingsFor, stateOf, publish });
// The session library and the Sessions view (issue 26; server/src/library).
registerLibraryRequests(connection, documents);
registerStoreRequests(connection);

// Last line of defence: a rejection nobody awaited is logged, never the end of the process.
process.on("unhandledRejection", (e) => connection.console.error(`unhandled: ${(e as Error)?.stack ?? e}`));

// The server ends with its client: stdin closing (stdio) or the IPC channel going (the extension).
if (process.argv.includes("--stdio")) process.stdin.on("end", () => process.exit(0));
else process.on("disconnect", () => process.exit(0));

documents.listen(connection);
connection.listen();
