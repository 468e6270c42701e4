/**
 * A minimal stand-in for the `vscode` API and for vscode-languageclient's LanguageClient, enough
 * to activate extension/src/extension.ts in plain Node and observe what it registers and does.
 * `installFakes()` hooks Node's module loader; the real editor is exercised by the e2e suite.
 */
import Module from "node:module";

export class EventEmitter<T> {
  private handlers: ((e: T) => void)[] = [];
  event = (h: (e: T) => void) => {
    this.handlers.push(h);
    return { dispose: () => (this.handlers = this.handlers.filter((x) => x !== h)) };
  };
  fire(e: T) {
    for (const h of [...this.handlers]) h(e);
  }
  dispose() {
    this.handlers = [];
  }
}

export class Uri {
  constructor(readonly scheme: string, readonly path: string, readonly query = "", readonly fragment = "") {}
  with(c: { scheme?: string; path?: string; query?: string; fragment?: string }) {
    return new Uri(c.scheme ?? this.scheme, c.path ?? this.path, c.query ?? this.query, c.fragment ?? this.fragment);
  }
  static from(c: { scheme: string; path?: string; query?: string }) {
    return new Uri(c.scheme, c.path ?? "", c.query ?? "");
  }
  static parse(s: string) {
    const m = /^([a-z]+):\/\/(.*)$/.exec(s)!;
    return new Uri(m[1], m[2].replace(/^[^/]*/, ""));
  }
  static file(p: string) {
    return new Uri("file", p);
  }
  static joinPath(u: Uri, ...parts: string[]) {
    return new Uri(u.scheme, [u.path, ...parts].join("/"));
  }
  get fsPath() {
    return this.path;
  }
  toString() {
    return `${this.scheme}://${this.path}${this.query ? `?${this.query}` : ""}${this.fragment ? `#${this.fragment}` : ""}`;
  }
}

export class Position {
  constructor(readonly line: number, readonly character: number) {}
}
export class Range {
  constructor(readonly start: Position, readonly end: Position) {}
}
export class Selection extends Range {
  constructor(readonly anchor: Position, readonly active: Position) {
    super(anchor, active);
  }
}

/** A plain text tab's input (`instanceof vscode.TabInputText`). */
export class TabInputText {
  constructor(readonly uri: Uri) {}
}
/** A diff editor tab's input. */
export class TabInputTextDiff {
  constructor(readonly original: Uri, readonly modified: Uri) {}
}

/** A text document with its text (getText, offsetAt over "\n" lines), as openTextDocument returns one. */
export function fakeDocument(uri: Uri, text: string) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  return { uri, lineCount: starts.length, getText: () => text, offsetAt: (p: { line: number; character: number }) => Math.min(text.length, (starts[p.line] ?? text.length) + p.character) };
}

/** A tab group holding text tabs of `uris`, the first one active. */
export function fakeTabGroup(...uris: Uri[]) {
  const tabs = uris.map((u, i) => ({ input: new TabInputText(u), isActive: i === 0, label: u.path }));
  return { tabs, isActive: true, activeTab: tabs[0] };
}

export interface FakeState {
  commands: Map<string, (...args: any[]) => any>;
  statusItems: any[];
  panels: any[];
  applied: any[];
  infos: string[];
  warnings: string[];
  /** setContext calls: key -> last value. */
  context: Map<string, unknown>;
  /** Webview panel serializers by view type. */
  serializers: Map<string, { deserializeWebviewPanel(panel: any, state: unknown): Promise<void> }>;
  activeTextEditor: any;
  visibleTextEditors: any[];
  activeEditorChanged: EventEmitter<any>;
  selectionChanged: EventEmitter<any>;
  clients: FakeLanguageClient[];
  requestHandler: (method: string, params: any) => any;
  /** Globs of the file watchers the extension created. */
  watchers: string[];
  /** window.tabGroups.all, and the event the extension listens to for their changes. */
  tabGroups: any[];
  tabsChanged: EventEmitter<any>;
  /** workspace.textDocuments (the documents VS Code syncs). */
  textDocuments: any[];
  /** workspace.onDidOpenTextDocument: fire it to open a document. */
  documentOpened: EventEmitter<any>;
  /** Commands run with executeCommand other than setContext: [id, ...args]. */
  executed: unknown[][];
  clipboard: string;
  /** vscode.env.uiKind: 1 desktop, 2 web (code-server, vscode.dev). */
  uiKind: 1 | 2;
  /** How many times the clipboard was read. */
  clipboardReads: number;
  statusMessages: string[];
  /** Tree views the extension created (the Sessions view), by id. */
  treeViews: Map<string, any>;
  /** showInputBox options seen, and what it answers (undefined: the user pressed Escape). */
  inputBoxes: any[];
  inputAnswer: string | undefined;
  /** The button showInformationMessage answers with (undefined: dismissed). */
  infoChoice: string | undefined;
  /** Text document content providers by scheme; tabs closed with tabGroups.close. */
  contentProviders: Map<string, { provideTextDocumentContent(uri: Uri): string }>;
  closedTabs: any[];
  /** Settings by section and key, per target (1 user, 2 workspace), as workspace.getConfiguration sees and updates them. */
  settings: Map<number, Record<string, unknown>>;
  /** workspace.workspaceFolders (undefined: no folder open). */
  workspaceFolders: any[] | undefined;
  /** Quick picks the extension created (createQuickPick), newest last: a test types (`type`) and accepts (`accept`). */
  quickPicks: any[];
  /** showTextDocument calls: the document's URI and the options (a selection: where it opened). */
  shown: { uri: Uri; options: any }[];
}

export const state: FakeState = {
  commands: new Map(),
  statusItems: [],
  panels: [],
  watchers: [],
  applied: [],
  infos: [],
  warnings: [],
  context: new Map(),
  serializers: new Map(),
  activeTextEditor: undefined,
  visibleTextEditors: [],
  activeEditorChanged: new EventEmitter(),
  selectionChanged: new EventEmitter(),
  clients: [],
  requestHandler: () => null,
  tabGroups: [],
  tabsChanged: new EventEmitter(),
  textDocuments: [],
  documentOpened: new EventEmitter(),
  executed: [],
  clipboard: "",
  uiKind: 1,
  clipboardReads: 0,
  statusMessages: [],
  treeViews: new Map(),
  inputBoxes: [],
  inputAnswer: undefined,
  infoChoice: undefined,
  contentProviders: new Map(),
  closedTabs: [],
  settings: new Map(),
  workspaceFolders: undefined,
  quickPicks: [],
  shown: [],
};

/** The Sessions view's tree items and icons, as the real API shapes them. */
export class TreeItem {
  id?: string;
  description?: string;
  tooltip?: unknown;
  iconPath?: unknown;
  contextValue?: string;
  resourceUri?: Uri;
  command?: { command: string; title: string; arguments?: unknown[] };
  accessibilityInformation?: { label: string };
  constructor(
    public label: string,
    public collapsibleState = 0,
  ) {}
}
export class ThemeIcon {
  constructor(
    readonly id: string,
    readonly color?: ThemeColor,
  ) {}
}
export class ThemeColor {
  constructor(readonly id: string) {}
}
export class MarkdownString {
  value = "";
  isTrusted?: boolean;
  supportHtml?: boolean;
  constructor(value = "", _supportThemeIcons = false) {
    this.value = value;
  }
  appendText(t: string) {
    this.value += t.replace(/[\\`*_{}\[\]()#+\-.!<>|~]/g, "\\$&");
    return this;
  }
  appendMarkdown(t: string) {
    this.value += t;
    return this;
  }
}

export function fakeEditor(uri: Uri, lineCount = 100) {
  return { document: { uri, lineCount }, viewColumn: 1, selection: undefined as any, revealed: undefined as any, revealRange(r: any) { this.revealed = r; } };
}

const disposable = { dispose() {} };

/** A fake webview panel, as createWebviewPanel returns it (also what a serializer gets). */
export function fakePanel(viewType: string, title: string, show: any, options: any) {
  const received = new EventEmitter<any>();
  const disposed = new EventEmitter<void>();
  const panel = {
    viewType, title, show, options, posted: [] as any[], received, disposed, disposedCount: 0, iconPath: undefined as any,
    webview: {
      html: "",
      options: undefined as any,
      cspSource: "vscode-resource:",
      asWebviewUri: (u: Uri) => `webview://${u.path}`,
      onDidReceiveMessage: (h: any) => received.event(h),
      postMessage: async (m: any) => void panel.posted.push(m),
    },
    onDidDispose: (h: any) => disposed.event(h),
    reveal() {},
    dispose() { panel.disposedCount++; disposed.fire(); },
  };
  return panel;
}

export const vscode = {
  EventEmitter,
  TreeItem,
  ThemeIcon,
  ThemeColor,
  MarkdownString,
  TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
  ConfigurationTarget: { Global: 1, Workspace: 2, WorkspaceFolder: 3 },
  ExtensionMode: { Production: 1, Development: 2, Test: 3 },
  Uri,
  Position,
  Range,
  Selection,
  StatusBarAlignment: { Left: 1, Right: 2 },
  TextEditorRevealType: { InCenterIfOutsideViewport: 2, AtTop: 3 },
  ViewColumn: { Beside: -2, One: 1 },
  UIKind: { Desktop: 1, Web: 2 },
  TabInputText,
  TabInputTextDiff,
  env: {
    clipboard: { writeText: async (t: string) => void (state.clipboard = t), readText: async () => (state.clipboardReads++, state.clipboard) },
    get uiKind() {
      return state.uiKind;
    },
  },
  window: {
    tabGroups: {
      get all() {
        return state.tabGroups;
      },
      get activeTabGroup() {
        return state.tabGroups.find((g) => g.isActive) ?? state.tabGroups[0];
      },
      onDidChangeTabs: (h: any) => state.tabsChanged.event(h),
      onDidChangeTabGroups: (h: any) => state.tabsChanged.event(h),
      close: async (tabs: any) => {
        for (const t of Array.isArray(tabs) ? tabs : [tabs]) state.closedTabs.push(t);
        return true;
      },
    },
    setStatusBarMessage: (m: string) => {
      state.statusMessages.push(m);
      return disposable;
    },
    createOutputChannel: (name: string, opts: any) => ({ name, opts, lines: [] as string[], info(s: string) { this.lines.push(s); }, warn(s: string) { this.lines.push(s); }, error(s: string) { this.lines.push(s); }, show() {}, dispose() {} }),
    createStatusBarItem: (id: string, alignment: number, priority: number) => {
      const item = { id, alignment, priority, text: "", tooltip: "", command: "", name: "", visible: false, show() { this.visible = true; }, hide() { this.visible = false; }, dispose() {} };
      state.statusItems.push(item);
      return item;
    },
    get activeTextEditor() {
      return state.activeTextEditor;
    },
    get visibleTextEditors() {
      return state.visibleTextEditors;
    },
    onDidChangeActiveTextEditor: (h: any) => state.activeEditorChanged.event(h),
    onDidChangeTextEditorSelection: (h: any) => state.selectionChanged.event(h),
    showTextDocument: async (doc: any, options?: any) => {
      state.shown.push({ uri: doc.uri, options });
      return state.visibleTextEditors.find((e) => e.document === doc) ?? fakeEditor(doc.uri);
    },
    createQuickPick: () => {
      const changed = new EventEmitter<string>();
      const accepted = new EventEmitter<void>();
      const hidden = new EventEmitter<void>();
      const qp: any = {
        items: [] as any[],
        selectedItems: [] as any[],
        value: "",
        busy: false,
        visible: false,
        onDidChangeValue: (h: any) => changed.event(h),
        onDidAccept: (h: any) => accepted.event(h),
        onDidHide: (h: any) => hidden.event(h),
        show: () => void (qp.visible = true),
        hide: () => {
          qp.visible = false;
          hidden.fire(undefined);
        },
        dispose: () => void (qp.disposed = true),
        /** The user types `v`. */
        type: (v: string) => {
          qp.value = v;
          changed.fire(v);
        },
        /** The user accepts item `i` of the items shown. */
        accept: (i = 0) => {
          qp.selectedItems = [qp.items[i]];
          accepted.fire(undefined);
        },
      };
      state.quickPicks.push(qp);
      return qp;
    },
    showInformationMessage: async (m: string, ...items: unknown[]) => {
      state.infos.push(m);
      return items.some((i) => typeof i === "string") ? state.infoChoice : undefined;
    },
    showInputBox: async (opts: any) => {
      state.inputBoxes.push(opts);
      return state.inputAnswer;
    },
    showWarningMessage: async (m: string) => void state.warnings.push(m),
    createWebviewPanel: (viewType: string, title: string, show: any, options: any) => {
      const panel = fakePanel(viewType, title, show, options);
      state.panels.push(panel);
      return panel;
    },
    createTreeView: (id: string, options: any) => {
      // Hidden until a test shows it (setVisible), as a view in its own container is until its icon is clicked.
      const visibility = new EventEmitter<{ visible: boolean }>();
      const view = {
        id,
        options,
        message: undefined as string | undefined,
        description: undefined as string | undefined,
        badge: undefined as unknown,
        visible: false,
        onDidChangeVisibility: visibility.event,
        setVisible(v: boolean) {
          view.visible = v;
          visibility.fire({ visible: v });
        },
        dispose() {},
      };
      state.treeViews.set(id, view);
      return view;
    },
    registerWebviewPanelSerializer: (viewType: string, serializer: any) => {
      state.serializers.set(viewType, serializer);
      return disposable;
    },
  },
  workspace: {
    get workspaceFolders() {
      return state.workspaceFolders;
    },
    getConfiguration: (section: string) => {
      const at = (target: number) => (state.settings.get(target) ?? {}) as Record<string, unknown>;
      return {
        get: (key: string, fallback?: unknown) => at(2)[`${section}.${key}`] ?? at(1)[`${section}.${key}`] ?? fallback,
        inspect: (key: string) => ({ key: `${section}.${key}`, globalValue: at(1)[`${section}.${key}`], workspaceValue: at(2)[`${section}.${key}`] }),
        update: async (key: string, value: unknown, target: number = 1) => {
          state.settings.set(target, { ...at(target), [`${section}.${key}`]: value });
        },
      };
    },
    onDidChangeConfiguration: () => disposable,
    onDidChangeWorkspaceFolders: () => disposable,
    get textDocuments() {
      return state.textDocuments;
    },
    onDidOpenTextDocument: (f: (d: any) => void) => state.documentOpened.event(f),
    onDidCloseTextDocument: () => disposable,
    createFileSystemWatcher: (glob: string) => {
      state.watchers.push(glob);
      return { ...disposable, onDidChange: () => disposable, onDidCreate: () => disposable, onDidDelete: () => disposable };
    },
    openTextDocument: async (uri: Uri) => state.textDocuments.find((d) => d.uri.toString() === uri.toString()) ?? { uri, lineCount: 100 },
    registerTextDocumentContentProvider: (scheme: string, provider: any) => {
      state.contentProviders.set(scheme, provider);
      return disposable;
    },
    applyEdit: async (e: any) => {
      state.applied.push(e);
      return true;
    },
  },
  commands: {
    registerCommand: (id: string, f: any) => {
      state.commands.set(id, f);
      return disposable;
    },
    executeCommand: async (id: string, ...args: any[]) => {
      if (id === "setContext") state.context.set(args[0], args[1]);
      else {
        if (!state.commands.has(id)) state.executed.push([id, ...args]);
        return state.commands.get(id)?.(...args);
      }
    },
  },
};

export class FakeLanguageClient {
  started = false;
  handlers = new Map<string, (p: any) => void>();
  protocol2CodeConverter = { asWorkspaceEdit: async (e: any) => ({ converted: e }) };
  constructor(readonly id: string, readonly name: string, readonly serverOptions: any, readonly clientOptions: any) {
    state.clients.push(this);
  }
  async start() {
    this.started = true;
  }
  async stop() {
    this.started = false;
  }
  /** Accepts a method string or a typed NotificationType, as the real client does. */
  onNotification(type: string | { method: string }, h: (p: any) => void) {
    this.handlers.set(typeof type === "string" ? type : type.method, h);
    return disposable;
  }
  /** Notifications the extension sent: [method, params]. */
  sent: [string, any][] = [];
  async sendNotification(type: string | { method: string }, params: any) {
    this.sent.push([typeof type === "string" ? type : type.method, params]);
  }
  async sendRequest(type: string | { method: string }, params: any) {
    return state.requestHandler(typeof type === "string" ? type : type.method, params);
  }
}

let installed = false;
export function installFakes(): void {
  if (installed) return;
  installed = true;
  const M = Module as any;
  const load = M._load;
  M._load = function (request: string, ...rest: any[]) {
    if (request === "vscode") return vscode;
    if (request === "vscode-languageclient/node") return { LanguageClient: FakeLanguageClient, TransportKind: { stdio: 0, ipc: 1, pipe: 2, socket: 3 } };
    return load.call(this, request, ...rest);
  };
}
