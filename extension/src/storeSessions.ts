/**
 * Sessions an agent keeps in a store (OpenCode's `opencode.db` or its `storage/` folder, Hermes Agent's `state.db`) in the
 * editor. "Open Session from a Database…" asks for the store (or takes the file the explorer
 * menu names), lists its sessions from the server (protocol/stores.ts), and opens the one chosen
 * as a read-only document of its own scheme, `transcript-inspector-store:/<id>.json?<store path>`,
 * with its inspector beside it. The document's text is the session's JSON export, read from the
 * store by the server each time VS Code asks for it: the language server checks it like any
 * session document. Nothing is ever written to the store.
 */
import { homedir } from "node:os";
import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import { STORE_SCHEME, StoreDocumentRequest, type StoreSessionItem, StoreSessionsRequest } from "../../server/src/protocol/stores.js";
import { markUnsafe } from "../../server/src/protocol/unsafe-chars.js";
import { plainLabel } from "./plainLabel.js";

export const OPEN_STORE_SESSION_COMMAND = "transcriptInspector.openStoreSession";

/** The document of a store's session. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function storeSessionUri(storePath: string, id: string): vscode.Uri {
  // a lone surrogate (possible in a record's id) cannot be percent-encoded: written as U+FFFD
  return vscode.Uri.from({ scheme: STORE_SCHEME, path: `/${encodeURIComponent(id.replace(LONE_SURROGATE, "\uFFFD"))}.json`, query: storePath });
}

/** The store and session a store document names. */
export function storeSessionOf(uri: vscode.Uri): { path: string; id: string } | undefined {
  const m = /^\/(.+)\.json$/.exec(uri.path);
  if (uri.scheme !== STORE_SCHEME || !m || !uri.query) return undefined;
  try {
    return { path: uri.query, id: decodeURIComponent(m[1]) };
  } catch {
    return undefined; // not a name this extension made
  }
}

/** Provides a store document's text: the session's JSON export, read from the store now. */
export class StoreDocuments implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  constructor(private readonly client: LanguageClient) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const named = storeSessionOf(uri);
    if (!named) return "";
    const r = await this.client.sendRequest(StoreDocumentRequest, named);
    if (r.ok) return r.text;
    void vscode.window.showErrorMessage(`Transcript Inspector could not read the session: ${markUnsafe(r.message)}`);
    return "";
  }

  /** Reads the session from its store again (the agent went on writing it). */
  refresh(uri: vscode.Uri): void {
    this.changed.fire(uri);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** Text from the store as a quick pick shows it: invisible characters marked, `$(name)` not read as an icon. */

const when = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toLocaleString());

/** The quick pick's item of a session: its title (invisible characters marked), its id and when it was last written. */
export function sessionPick(s: StoreSessionItem): vscode.QuickPickItem & { id: string } {
  return { label: plainLabel(s.title || "(untitled)"), description: plainLabel(s.id), detail: when(s.updated), id: s.id };
}

/** The command: pick a store (or take the explorer's file), then one of its sessions; open it and its inspector. */
export async function openStoreSession(client: LanguageClient, showInspector: (uri: vscode.Uri) => void, target?: vscode.Uri): Promise<void> {
  let store = target?.scheme === "file" ? target : undefined;
  if (!store) {
    const picked = await vscode.window.showOpenDialog({
      title: "Open Session from a Database",
      openLabel: "List Sessions",
      canSelectFiles: true,
      canSelectFolders: true,
      canSelectMany: false,
      defaultUri: vscode.Uri.file(`${homedir()}/.local/share/opencode`),
      filters: { "Session databases": ["db"], "All files": ["*"] },
    });
    store = picked?.[0];
  }
  if (!store) return;
  const r = await client.sendRequest(StoreSessionsRequest, { path: store.fsPath });
  if (!r.ok) {
    void vscode.window.showErrorMessage(`Transcript Inspector: ${markUnsafe(r.message)}`);
    return;
  }
  if (r.sessions.length === 0) {
    void vscode.window.showInformationMessage(`No sessions in ${markUnsafe(r.path)}.`);
    return;
  }
  const chosen = await vscode.window.showQuickPick(r.sessions.map(sessionPick), {
    title: `Sessions in ${markUnsafe(r.path)}`,
    placeHolder: "Which session to open? It opens read-only; nothing is written to the database.",
    matchOnDescription: true,
  });
  if (!chosen) return;
  const uri = storeSessionUri(r.path, chosen.id);
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc, { preview: false });
  showInspector(uri);
}

/** The content provider and the command. */
export function registerStoreSessions(client: LanguageClient, showInspector: (uri: vscode.Uri) => void): vscode.Disposable[] {
  const docs = new StoreDocuments(client);
  return [
    docs,
    vscode.workspace.registerTextDocumentContentProvider(STORE_SCHEME, docs),
    vscode.commands.registerCommand(OPEN_STORE_SESSION_COMMAND, (u?: unknown) => openStoreSession(client, showInspector, u instanceof vscode.Uri ? u : undefined)),
  ];
}
