/**
 * Sessions an agent keeps in a store rather than in files of their own (a profile's `store`:
 * OpenCode's `opencode.db`, or its older `storage/` folder tree), read-only. A store session is
 * named `<store path>#<session id>`: `check` and `render` take such a name, and `check STORE` takes
 * every session of the store. Each session is read out as the agent's own JSON export of it, which
 * the engine reads like a session file.
 */
import { readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { FORMAT_PROFILES, type SessionStore, type StoredSession } from "../engine/index.js";
import { isSqliteFile, loadSqlite, openSqliteFile, sqliteLoaded } from "./sqlite-file.js";
import { storeFolder } from "./store-folder.js";
import { parseStoreSessionPath } from "./store-path.js";

export interface OpenedStore {
  /** The agent's name (a format of the registry). */
  format: string;
  path: string;
  kind: "database" | "folder";
  sessions: StoredSession[];
  /** A session's JSON document (its text), undefined when the store holds no such session. */
  document(id: string): string | undefined;
  close(): void;
}

const stores = (): { format: string; store: SessionStore }[] => FORMAT_PROFILES.flatMap((p) => (p.store ? [{ format: p.name, store: p.store as SessionStore }] : []));

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

const names = (p: string): string[] => {
  try {
    return readdirSync(p);
  } catch {
    return [];
  }
};

/**
 * What `path` names as a store: a database file of an agent (its name and tables), the agent's
 * storage folder, or a folder holding either (OpenCode's data folder: `opencode.db` and
 * `storage/`); undefined for anything else. SQLite must be loaded (`loadStores`) for a database.
 */
export function storeAt(path: string): { format: string; kind: "database" | "folder"; path: string } | undefined {
  if (isDir(path)) {
    const inside = names(path);
    for (const { format, store } of stores()) {
      // In a folder, a database of the store's name that is not the agent's (a generic name such as
      // Hermes's `state.db`) is not taken for its store once SQLite is loaded: the folder is walked.
      const db = inside.find((n) => store.databaseName.test(n) && isSqliteFile(join(path, n)) && hasStoreTables(store, join(path, n)));
      if (db) return { format, kind: "database", path: join(path, db) };
      if (store.isFolder(inside)) return { format, kind: "folder", path };
      if (inside.includes(store.folderName) && store.isFolder(names(join(path, store.folderName)))) return { format, kind: "folder", path: join(path, store.folderName) };
    }
    return undefined;
  }
  if (!isSqliteFile(path)) return undefined;
  for (const { format, store } of stores()) if (store.databaseName.test(basename(path))) return { format, kind: "database", path };
  return undefined;
}

/** Whether the database at `path` has the store's tables; true when SQLite is not loaded yet (asked again once it is) or the file cannot be read (its reading reports why). */
function hasStoreTables(store: SessionStore, path: string): boolean {
  if (!sqliteLoaded()) return true;
  let db;
  try {
    db = readDatabase(path);
  } catch {
    return true;
  }
  try {
    return store.isDatabase(db);
  } catch {
    return true; // not readable as a database (SQLite opens lazily): its reading reports why
  } finally {
    db.close();
  }
}

/** How many times a database was read in full (opened) here: the library's tests count them. */
export const databaseReads = { count: 0 };

function readDatabase(path: string) {
  databaseReads.count++;
  return openSqliteFile(path);
}

/** Whether any of `paths` may name a database store (SQLite is then loaded first). */
export const mayNameDatabase = (paths: readonly string[]): boolean => paths.some((p) => p.includes("#") || stores().some(({ store }) => store.databaseName.test(basename(p))) || (isDir(p) && storeAt(p) !== undefined));

/** Loads what reading a database needs (once). */
export const loadStores = (): Promise<void> => loadSqlite();

/** Opens a store `storeAt` found. Throws when the database cannot be read. */
export function openStore(at: { format: string; kind: "database" | "folder"; path: string }): OpenedStore {
  const store = stores().find((s) => s.format === at.format)!.store;
  if (at.kind === "folder") {
    const folder = storeFolder(at.path);
    return { ...at, sessions: store.sessionsInFolder(folder), document: (id) => store.documentInFolder(folder, id), close: () => undefined };
  }
  if (!sqliteLoaded()) throw new Error("SQLite is not loaded");
  const db = readDatabase(at.path);
  if (!store.isDatabase(db)) {
    db.close();
    const label = FORMAT_PROFILES.find((p) => p.name === at.format)?.label ?? at.format;
    throw new Error(`not a database of ${label}: it lacks the session tables and columns ${label} writes`);
  }
  return { ...at, sessions: store.sessionsInDatabase(db), document: (id) => store.documentInDatabase(db, id), close: () => db.close() };
}

const opened = new Map<string, OpenedStore>();

/** The store at `at.path`, opened once per process (a CLI run reads each session of a store from one snapshot of it). */
export function openedStore(at: { format: string; kind: "database" | "folder"; path: string }): OpenedStore {
  let store = opened.get(at.path);
  if (!store) opened.set(at.path, (store = openStore(at)));
  return store;
}

/** Closes every store `openedStore` opened. */
export function closeOpenedStores(): void {
  for (const s of opened.values()) s.close();
  opened.clear();
}

/** `<store>#<id>` split, when the part before a `#` is a store (store-path.ts). */
export const storeSessionPath = (path: string): { store: string; id: string } | undefined => parseStoreSessionPath(path, (p) => storeAt(p) !== undefined);

/**
 * A database's stamp: its file's and its write-ahead log's size and time of change (the agent
 * writing it changes them); undefined for a folder store (its files change one by one).
 */
export function storeStamp(at: { kind: "database" | "folder"; path: string }): string | undefined {
  if (at.kind !== "database") return undefined;
  const part = (p: string) => {
    const st = statSync(p, { throwIfNoEntry: false });
    return st ? `${st.size}:${st.mtimeMs}` : "-";
  };
  return `${part(at.path)}/${part(`${at.path}-wal`)}`;
}
