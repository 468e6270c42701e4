/**
 * The store requests (protocol/stores.ts): which sessions a store holds, and one session's JSON
 * document, read from the store each time it is asked (a database is read without a lock, its
 * write-ahead log included: io/sqlite-file.ts). SQLite is loaded on the first request.
 */
import type { Connection } from "vscode-languageserver/node";
import { StoreDocumentRequest, type StoreDocumentResult, StoreSessionsRequest, type StoreSessionsResult } from "../protocol/index.js";
import { loadStores, type OpenedStore, openStore, storeAt } from "../io/session-store.js";

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Runs `use` on the store at `path`, opened for this request and closed after. */
async function withStore<T>(path: string, use: (store: OpenedStore) => T): Promise<T | { ok: false; message: string }> {
  try {
    await loadStores();
    const at = storeAt(path);
    if (!at) return { ok: false, message: `${path} is not a session store: an OpenCode database (opencode.db), its storage folder, or the folder holding them` };
    const store = openStore(at);
    try {
      return use(store);
    } finally {
      store.close();
    }
  } catch (e) {
    return { ok: false, message: `${path} could not be read: ${message(e)}` };
  }
}

export function registerStoreRequests(connection: Connection): void {
  connection.onRequest(StoreSessionsRequest, (p): Promise<StoreSessionsResult> => withStore(p.path, (s) => ({ ok: true as const, agent: s.format, kind: s.kind, path: s.path, sessions: s.sessions.map((x) => ({ ...x })) })));
  connection.onRequest(StoreDocumentRequest, (p): Promise<StoreDocumentResult> =>
    withStore(p.path, (s) => {
      const text = s.document(p.id);
      return text === undefined ? { ok: false as const, message: `${p.path} holds no session ${p.id}` } : { ok: true as const, text };
    }),
  );
}
