/**
 * Sessions an agent keeps in a store (OpenCode's SQLite database or storage folder) in the editor:
 * the extension asks the server which sessions a store holds, then opens one as a read-only
 * document of its own scheme whose text is the session's JSON export, which the server reads and
 * checks like any session document. Node only, like lsp.ts.
 */
import { RequestType } from "vscode-languageserver-protocol";

/** The URI scheme of a store session's document: `transcript-inspector-store:/<id>.json?<store path>`. */
export const STORE_SCHEME = "transcript-inspector-store";

export interface StoreSessionsParams {
  /** A database file, a storage folder, or the folder holding them (a file-system path). */
  path: string;
}

export interface StoreSessionItem {
  id: string;
  title?: string;
  /** Milliseconds since 1970, when recorded. */
  updated?: number;
}

export type StoreSessionsResult =
  | { ok: true; agent: string; kind: "database" | "folder"; path: string; sessions: StoreSessionItem[] }
  | { ok: false; message: string };

/** `transcriptInspector/storeSessions`: the sessions of the store at a path. */
export const StoreSessionsRequest = new RequestType<StoreSessionsParams, StoreSessionsResult, void>("transcriptInspector/storeSessions");

export interface StoreDocumentParams {
  /** The store's path (`StoreSessionsResult.path`). */
  path: string;
  id: string;
}

export type StoreDocumentResult = { ok: true; text: string } | { ok: false; message: string };

/** `transcriptInspector/storeDocument`: one session of a store as its JSON document, read now. */
export const StoreDocumentRequest = new RequestType<StoreDocumentParams, StoreDocumentResult, void>("transcriptInspector/storeDocument");
