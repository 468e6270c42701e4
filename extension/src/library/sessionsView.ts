/**
 * The Sessions view (issue 26): every session of the agents the server reads, in its own view
 * container, as a tree by agent, project (the workspace's first) and day, subagents and forks under
 * their parent, and a "Would be rejected" group on top. The language server's library lists,
 * checks, caches and searches; this file draws: icons, descriptions, tooltips, context menus,
 * a filter, the headline as the view's message, the rejected count as its badge. The tree asks for
 * one node's children at a time, so thousands of sessions cost only what is expanded. The library
 * starts when it is first wanted (the view shown, or one of its commands run), not when the
 * extension starts: nothing is listed or checked for a user who never opens it.
 */
import { plainLabel } from "../plainLabel.js";
import { homedir } from "node:os";
import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import { LibraryChangedNotification, LibraryChildrenRequest, LibraryConfigureRequest, type LibraryConfigureParams, type LibraryNode, LibraryRefreshRequest, LibrarySearchRequest, type LibrarySessionLinked, type LibraryStatus, type LibrarySummary, LibrarySummaryRequest } from "../../../server/src/protocol/library.js";
import { applyFix } from "../fixes.js";
import { storeSessionUri } from "../storeSessions.js";
import { describeSession, nodeTooltip, reportMarkdown, sessionDescription } from "./sessionText.js";

export const VIEW_ID = "transcriptInspector.sessions";
export const LIBRARY_COMMANDS = {
  refresh: "transcriptInspector.library.refresh",
  filter: "transcriptInspector.library.filter",
  clearFilter: "transcriptInspector.library.clearFilter",
  problemsOnly: "transcriptInspector.library.problemsOnly",
  allSessions: "transcriptInspector.library.allSessions",
  search: "transcriptInspector.library.search",
  report: "transcriptInspector.library.report",
  open: "transcriptInspector.library.open",
  openInspector: "transcriptInspector.library.openInspector",
  fix: "transcriptInspector.library.fix",
  reveal: "transcriptInspector.library.revealInOS",
  copyPath: "transcriptInspector.library.copyPath",
  addFolder: "transcriptInspector.library.addFolder",
} as const;
const SECTION = "transcriptInspector";
const CTX_FILTERED = "transcriptInspector.library.filtered";
const CTX_PROBLEMS = "transcriptInspector.library.problemsOnly";
const CTX_EMPTY = "transcriptInspector.library.empty";
const CTX_DISABLED = "transcriptInspector.library.disabled";

/** What the view asks of the server (the language client; a test gives its own). */
export interface LibraryBackend {
  configure(p: LibraryConfigureParams): Promise<LibrarySummary | null>;
  children(id: string | undefined, filter: string | undefined, problemsOnly: boolean): Promise<{ nodes: LibraryNode[]; more: number }>;
  summary(): Promise<LibrarySummary | null>;
  refresh(): Promise<LibrarySummary | null>;
  search(query: string): Promise<{ hits: import("../../../server/src/protocol/library.js").LibrarySearchHit[]; total: number; notIndexed: number }>;
  onChanged(h: (s: LibraryStatus) => void): vscode.Disposable;
}

export function clientBackend(lc: LanguageClient): LibraryBackend {
  return {
    configure: (p) => lc.sendRequest(LibraryConfigureRequest, p),
    children: (id, filter, problemsOnly) => lc.sendRequest(LibraryChildrenRequest, { ...(id ? { id } : {}), ...(filter ? { filter } : {}), ...(problemsOnly ? { problemsOnly } : {}) }),
    summary: () => lc.sendRequest(LibrarySummaryRequest, {}),
    refresh: () => lc.sendRequest(LibraryRefreshRequest, {}),
    search: (query) => lc.sendRequest(LibrarySearchRequest, { query, limit: 100 }),
    onChanged: (h) => lc.onNotification(LibraryChangedNotification, h),
  };
}

type Node = LibraryNode | { id: "more"; kind: "more"; label: string; hasChildren: false };

export class SessionsView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<Node>;
  private readonly disposables: vscode.Disposable[] = [];
  private filter = "";
  private problemsOnly = false;
  private summary: LibraryStatus | null = null;
  /** The library was configured once (it starts when first wanted). */
  private started = false;
  private refreshTimer: NodeJS.Timeout | undefined;
  private lastRefresh = 0;

  constructor(
    private readonly backend: LibraryBackend,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.view = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: this, showCollapseAll: true });
    this.disposables.push(this.view, this.changed, backend.onChanged((s) => this.onSummary(s)));
    this.disposables.push(
      this.view.onDidChangeVisibility((e) => {
        if (e.visible) void this.start();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (this.started && (e.affectsConfiguration(`${SECTION}.library`) || e.affectsConfiguration(`${SECTION}.provider`))) void this.configure();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        if (this.started) void this.configure();
      }),
    );
    if (this.view.visible) void this.start();
  }

  /** Starts the library the first time it is wanted (the view shown, a command run); later calls wait for nothing. */
  start(): Promise<void> {
    if (this.started) return Promise.resolve();
    return this.configure();
  }

  /** Sends the folders and settings to the server, which (re)starts the library. */
  async configure(): Promise<void> {
    this.started = true;
    const c = vscode.workspace.getConfiguration(SECTION);
    const mb = c.get<number>("library.searchIndexMB", 64);
    const params: LibraryConfigureParams = {
      enabled: c.get<boolean>("library.enabled", true),
      home: homedir(),
      workspaceFolders: (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === "file").map((f) => f.uri.fsPath),
      folders: c.get<string[]>("library.folders", []).filter((f) => typeof f === "string"),
      priceFile: c.get<string>("library.priceFile", "") || undefined,
      provider: c.get<string>("provider", "auto"),
      searchBudgetChars: Math.max(1, Number.isFinite(mb) ? mb : 64) * 1024 * 1024,
    };
    void vscode.commands.executeCommand("setContext", CTX_DISABLED, !params.enabled);
    try {
      this.onSummary(await this.backend.configure(params));
    } catch (e) {
      this.log.error(`library: ${(e as Error).message}`);
    }
  }

  private onSummary(s: LibraryStatus | null): void {
    this.summary = s;
    const empty = !s || (s.sessions === 0 && s.pending === 0 && !s.scanning);
    void vscode.commands.executeCommand("setContext", CTX_EMPTY, empty);
    this.view.message = s && !empty ? s.headline + (this.filter ? ` · filter: ${this.filter}` : "") : undefined;
    this.view.badge = s && s.rejected > 0 ? { value: s.rejected, tooltip: `${s.rejected} session${s.rejected === 1 ? "" : "s"} would be rejected` } : undefined;
    this.view.description = this.filter ? `“${this.filter}”` : this.problemsOnly ? "problems only" : undefined;
    // Redraw at most about once a second while the check runs.
    const wait = Math.max(0, 1000 - (Date.now() - this.lastRefresh));
    if (this.refreshTimer) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      this.lastRefresh = Date.now();
      this.changed.fire(undefined);
    }, wait);
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (node && (node.kind === "more" || !node.hasChildren)) return [];
    const r = await this.backend.children(node?.id, this.filter || undefined, this.problemsOnly);
    const out: Node[] = r.nodes;
    if (r.more) out.push({ id: "more", kind: "more", label: `${r.more.toLocaleString("en-US")} more: use the filter to narrow the list`, hasChildren: false });
    return out;
  }

  getTreeItem(node: Node): vscode.TreeItem {
    // Agents open; the rejected group (its count in its description) and everything below closed.
    const collapsed = node.hasChildren ? (node.kind === "agent" ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed) : vscode.TreeItemCollapsibleState.None;
    const item = new vscode.TreeItem(node.label, collapsed);
    item.id = node.id;
    if (node.kind === "more") {
      item.iconPath = new vscode.ThemeIcon("ellipsis");
      return item;
    }
    // a database's session is read-only: the fix is not offered on it (package.json's menus)
    item.contextValue = node.kind === "session" ? (node.session?.store ? "storeSession" : "session") : node.kind;
    if (node.session) {
      const s = node.session;
      item.label = plainLabel(s.title || s.path.split(/[\\/]/).pop() || s.path);
      item.description = sessionDescription(s);
      item.tooltip = sessionTooltip(s);
      item.iconPath = sessionIcon(s);
      item.resourceUri = sessionUri(s);
      item.command = { command: LIBRARY_COMMANDS.open, title: "Open Session", arguments: [node] };
      item.accessibilityInformation = { label: `${item.label}, ${describeSession(s)}` };
      return item;
    }
    const counts = `${(node.count ?? 0).toLocaleString("en-US")} session${node.count === 1 ? "" : "s"}`;
    item.description = node.kind === "failing" ? counts : [counts, node.rejected ? `${node.rejected} rejected` : "", node.errors ? `${node.errors} with errors` : ""].filter(Boolean).join(" · ");
    item.tooltip = nodeTooltip(node, this.summary);
    item.iconPath =
      node.kind === "failing"
        ? new vscode.ThemeIcon("error", new vscode.ThemeColor("problemsErrorIcon.foreground"))
        : node.kind === "agent"
          ? new vscode.ThemeIcon("hubot")
          : node.kind === "project"
            ? new vscode.ThemeIcon(node.workspace ? "root-folder-opened" : "folder")
            : new vscode.ThemeIcon("calendar");
    if (node.kind === "project" && node.workspace) item.description = `this workspace · ${item.description}`;
    return item;
  }

  async setFilter(): Promise<void> {
    const v = await vscode.window.showInputBox({ title: "Filter Sessions", prompt: "Sessions whose title, project, path, agent, provider or id contains this text", value: this.filter, placeHolder: "text to look for" });
    if (v === undefined) return;
    this.filter = v.trim();
    void vscode.commands.executeCommand("setContext", CTX_FILTERED, !!this.filter);
    this.onSummary(this.summary);
    this.changed.fire(undefined);
  }

  clearFilter(): void {
    this.filter = "";
    void vscode.commands.executeCommand("setContext", CTX_FILTERED, false);
    this.onSummary(this.summary);
    this.changed.fire(undefined);
  }

  setProblemsOnly(on: boolean): void {
    this.problemsOnly = on;
    void vscode.commands.executeCommand("setContext", CTX_PROBLEMS, on);
    this.onSummary(this.summary);
    this.changed.fire(undefined);
  }

  async refresh(): Promise<void> {
    if (!this.started) return this.start();
    this.onSummary(await this.backend.refresh());
    this.changed.fire(undefined);
  }

  /** Search across sessions: a quick pick whose items are the matches, each opening its session at the line. */
  async search(): Promise<void> {
    void this.start();
    const qp = vscode.window.createQuickPick<vscode.QuickPickItem & { hit?: { uri: vscode.Uri; line: number } }>();
    qp.title = "Search Sessions";
    qp.placeholder = "Words in prompts, answers, tool calls, outputs or ids";
    qp.matchOnDescription = false;
    qp.matchOnDetail = false;
    let seq = 0;
    let timer: NodeJS.Timeout | undefined;
    qp.onDidChangeValue((q) => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const mine = ++seq;
        if (!q.trim()) return void (qp.items = []);
        qp.busy = true;
        try {
          const r = await this.backend.search(q);
          if (mine !== seq) return;
          qp.items = r.hits.map((h) => ({
            label: plainLabel(h.title),
            description: `${h.kind} · line ${h.line} · ${h.path.split(/[\\/]/).slice(-2).join("/")}`,
            detail: h.snippet,
            alwaysShow: true,
            hit: { uri: sessionUri(h), line: h.line },
          }));
          qp.title = `Search Sessions: ${r.total.toLocaleString("en-US")} match${r.total === 1 ? "" : "es"}${r.notIndexed ? ` (${r.notIndexed} sessions not indexed: raise transcriptInspector.library.searchIndexMB)` : ""}`;
        } finally {
          if (mine === seq) qp.busy = false;
        }
      }, 150);
    });
    qp.onDidAccept(() => {
      const hit = qp.selectedItems[0]?.hit;
      qp.hide();
      if (hit) void openAt(hit.uri, hit.line);
    });
    qp.onDidHide(() => qp.dispose());
    qp.show();
  }

  /** The summary with the failing sessions and the provider's error text, as a Markdown document. */
  async report(): Promise<void> {
    await this.start();
    const s = await this.backend.summary();
    if (!s) return void vscode.window.showInformationMessage("The session library is off (transcriptInspector.library.enabled).");
    const failing = (await this.backend.children("failing", undefined, false)).nodes.map((n) => n.session!).filter(Boolean);
    const doc = await vscode.workspace.openTextDocument({ language: "markdown", content: reportMarkdown(s, failing) });
    await vscode.window.showTextDocument(doc, { preview: true });
  }

  dispose(): void {
    clearTimeout(this.refreshTimer);
    for (const d of this.disposables) d.dispose();
  }
}

function sessionIcon(s: LibrarySessionLinked): vscode.ThemeIcon {
  if (s.rejects) return new vscode.ThemeIcon("circle-slash", new vscode.ThemeColor("problemsErrorIcon.foreground"));
  if (s.errors) return new vscode.ThemeIcon("error", new vscode.ThemeColor("problemsErrorIcon.foreground"));
  if (s.warnings || s.linkIssues.length) return new vscode.ThemeIcon("warning", new vscode.ThemeColor("problemsWarningIcon.foreground"));
  if (s.parent?.kind === "subagent") return new vscode.ThemeIcon("hubot");
  if (s.parent?.kind === "fork") return new vscode.ThemeIcon("repo-forked");
  return new vscode.ThemeIcon("comment-discussion");
}

function sessionTooltip(s: LibrarySessionLinked): vscode.MarkdownString {
  // Transcript text is hostile: every part goes in as escaped text, no HTML, no command links.
  const md = new vscode.MarkdownString(undefined, false);
  md.isTrusted = false;
  md.supportHtml = false;
  for (const [i, line] of describeSession(s, true).split("\n").entries()) {
    if (i === 0) md.appendMarkdown("**");
    md.appendText(line);
    if (i === 0) md.appendMarkdown("**");
    md.appendMarkdown("  \n");
  }
  return md;
}

/** Opens a session, at a 1-based line when given (a file VS Code does not sync over 50 MB opens without one). */
export async function openAt(uri: vscode.Uri, line?: number): Promise<void> {
  try {
    const doc = await vscode.workspace.openTextDocument(uri);
    const pos = line ? new vscode.Position(Math.max(0, line - 1), 0) : undefined;
    await vscode.window.showTextDocument(doc, pos ? { selection: new vscode.Selection(pos, pos), preview: true } : { preview: true });
  } catch {
    await vscode.commands.executeCommand("vscode.open", uri);
  }
}

/** A session's document: its file, or a store's session (OpenCode's, Hermes Agent's database) as the store document the server reads (protocol/stores.ts). */
export function sessionUri(s: { path: string; store?: { path: string; id: string } }): vscode.Uri {
  return s.store ? storeSessionUri(s.store.path, s.store.id) : vscode.Uri.file(s.path);
}

/** The file a command acts on: a node of the view, a URI (the palette, another extension) or the active editor. */
function targetOf(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  const n = arg as LibraryNode | undefined;
  if (n && typeof n === "object" && n.session && typeof n.session.path === "string") return sessionUri(n.session);
  return vscode.window.activeTextEditor?.document.uri;
}

/** The store a node's session is in, if it is a store's. */
function storeOf(arg: unknown): { path: string; id: string } | undefined {
  const n = arg as LibraryNode | undefined;
  return n && typeof n === "object" && n.session?.store ? n.session.store : undefined;
}

/** Starts the view and its commands; the server's library starts when the view is first shown or a command wants it. */
export function registerLibrary(context: { subscriptions: vscode.Disposable[] }, lc: LanguageClient, log: vscode.LogOutputChannel, openInspectorCommand: string, backend: LibraryBackend = clientBackend(lc)): SessionsView {
  const view = new SessionsView(backend, log);
  const C = LIBRARY_COMMANDS;
  const withTarget = (f: (uri: vscode.Uri) => unknown) => (arg: unknown) => {
    const uri = targetOf(arg);
    if (uri) return f(uri);
    void vscode.window.showInformationMessage("Choose a session in the Sessions view first.");
  };
  context.subscriptions.push(
    view,
    vscode.commands.registerCommand(C.refresh, () => view.refresh()),
    vscode.commands.registerCommand(C.filter, () => view.setFilter()),
    vscode.commands.registerCommand(C.clearFilter, () => view.clearFilter()),
    vscode.commands.registerCommand(C.problemsOnly, () => view.setProblemsOnly(true)),
    vscode.commands.registerCommand(C.allSessions, () => view.setProblemsOnly(false)),
    vscode.commands.registerCommand(C.search, () => view.search()),
    vscode.commands.registerCommand(C.report, () => view.report()),
    vscode.commands.registerCommand(
      C.open,
      withTarget((uri) => openAt(uri)),
    ),
    vscode.commands.registerCommand(
      C.openInspector,
      withTarget(async (uri) => {
        await openAt(uri);
        return vscode.commands.executeCommand(openInspectorCommand, uri);
      }),
    ),
    vscode.commands.registerCommand(
      C.fix,
      withTarget(async (uri) => {
        await openAt(uri);
        return applyFix(lc, uri, { title: "Fix all repairable findings in the file", kind: "fix-all", line: 1 });
      }),
    ),
    vscode.commands.registerCommand(C.reveal, (arg: unknown) => {
      // a store's session: its database
      const store = storeOf(arg);
      return store ? vscode.commands.executeCommand("revealFileInOS", vscode.Uri.file(store.path)) : withTarget((uri) => vscode.commands.executeCommand("revealFileInOS", uri))(arg);
    }),
    vscode.commands.registerCommand(C.copyPath, (arg: unknown) => {
      // a store's session: `<store>#<id>`, the name `check` and `render` take
      const store = storeOf(arg);
      return store ? vscode.env.clipboard.writeText(`${store.path}#${store.id}`) : withTarget((uri) => vscode.env.clipboard.writeText(uri.fsPath))(arg);
    }),
    vscode.commands.registerCommand(C.addFolder, async () => {
      const picked = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, canSelectMany: true, openLabel: "Add to the Session Library" });
      if (!picked?.length) return;
      const c = vscode.workspace.getConfiguration(SECTION);
      const folders = new Set(c.get<string[]>("library.folders", []));
      for (const p of picked) folders.add(p.fsPath);
      await c.update("library.folders", [...folders], vscode.ConfigurationTarget.Global);
    }),
  );
  return view;
}
