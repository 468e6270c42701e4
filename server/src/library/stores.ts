/**
 * The sessions of the agents' stores in the library: a standard folder that holds a store (a
 * profile's `sessionFolders` entry with `store`: OpenCode's `opencode.db`, Hermes Agent's
 * `state.db`) lists the store's sessions, each named `<store>#<id>` as `check` names them. The
 * store is read as the store requests read it (io/session-store.ts: read-only, no lock, the
 * write-ahead log applied), and read again only when its stamp (the file's and the log's size and
 * time) changed. The listing thread closes the store once listed; a check worker keeps the few
 * stores it reads documents from open while they hold what it is asked for, and closes them when
 * it has not been asked for a while.
 */
import { loadStores, type OpenedStore, openStore, storeAt, storeStamp } from "../io/session-store.js";
import type { FoundFile, LibraryRoot, StoreRef } from "./folders.js";

/** A store listed: its sessions, or why it could not be read. */
export interface StoreListing {
  /** The database file or storage folder; the root's folder when no store is there. */
  path: string;
  format?: string;
  stamp?: string;
  files: FoundFile[];
  /** The store is there but could not be read. */
  error?: string;
  truncated: boolean;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The sessions of the store in `root`'s folder (none when there is no store), at most `maxFiles`
 * (the newest). `previous`: the last listing of this root, taken again while the stamp holds.
 */
export async function listStoreSessions(root: LibraryRoot, maxFiles: number, previous?: StoreListing): Promise<StoreListing> {
  try {
    await loadStores();
  } catch (e) {
    return { path: root.path, files: [], error: `SQLite could not be loaded: ${message(e)}`, truncated: false };
  }
  // Unchanged since the last listing (the database's and its log's size and time): nothing is read.
  // (Telling a folder's store opens the database: it would be read in full on every scan.)
  if (previous?.stamp !== undefined && previous.format !== undefined && previous.path !== root.path && storeStamp({ kind: "database", path: previous.path }) === previous.stamp) return previous;
  let at: ReturnType<typeof storeAt>;
  try {
    at = storeAt(root.path);
  } catch (e) {
    return { path: root.path, files: [], error: message(e), truncated: false };
  }
  if (!at) return { path: root.path, files: [], truncated: false };
  const stamp = storeStamp(at);
  if (previous && previous.path === at.path && stamp !== undefined && previous.stamp === stamp) return previous;
  let store: OpenedStore | undefined;
  try {
    store = openStore(at);
    const all = store.sessions;
    // The newest first (a store lists them so; sorted here so the bound keeps the newest whatever the store's order).
    const sessions = [...all].sort((a, b) => (b.updated ?? 0) - (a.updated ?? 0)).slice(0, maxFiles);
    const fallback = stampTime(stamp);
    const files: FoundFile[] = sessions.map((s) => {
      const mtimeMs = s.updated ?? fallback;
      const ref: StoreRef = { format: at.format, kind: at.kind, path: at.path, id: s.id, ...(s.title ? { title: s.title } : {}), ...(s.updated !== undefined ? { updated: s.updated } : {}), mtimeMs };
      return { path: `${at.path}#${s.id}`, size: 0, mtimeMs, root, store: ref };
    });
    return { path: at.path, format: at.format, stamp, files, truncated: all.length > sessions.length };
  } catch (e) {
    const error = `the store could not be read: ${message(e)}`;
    // Read before (the agent is writing it, a moment's failure): its sessions as last listed stay, the store is read again next time.
    if (previous && previous.path === at.path && previous.files.length) return { ...previous, stamp: undefined, error };
    return { path: at.path, format: at.format, stamp, files: [], error, truncated: false };
  } finally {
    store?.close();
  }
}

/** The later of the file's and the log's time in a stamp (the time of a session the store gives none). */
function stampTime(stamp: string | undefined): number {
  if (!stamp) return 0;
  let t = 0;
  for (const part of stamp.split("/")) {
    const ms = Number(part.split(":")[1]);
    if (Number.isFinite(ms) && ms > t) t = ms;
  }
  return t;
}

/** Stores a check worker keeps open (the few it is asked about in turn). */
const MAX_OPEN = 4;
/** A store not asked about for this long is closed (its copy in memory freed: a database can be hundreds of MB). */
export const STORE_IDLE_MS = 30_000;
const open = new Map<string, { stamp?: string; store: OpenedStore; updated: Map<string, number | undefined> }>();
let idleTimer: NodeJS.Timeout | undefined;

/**
 * The JSON document of a store's session, from the store kept open while its stamp holds or it
 * already holds the session as new as asked (an agent writing its database changes the stamp
 * every few seconds: the open copy is read again only when it lacks what is asked). SQLite must
 * be loaded (`loadStores`). Throws when the store cannot be read.
 */
export function storeDocument(ref: StoreRef): string | undefined {
  const at = { format: ref.format, kind: ref.kind, path: ref.path };
  const stamp = storeStamp(at);
  let kept = open.get(ref.path);
  const fresh = kept && ((stamp !== undefined && kept.stamp === stamp) || (kept.updated.has(ref.id) && (ref.updated === undefined || (kept.updated.get(ref.id) ?? -Infinity) >= ref.updated)));
  if (!kept || !fresh) {
    kept?.store.close();
    open.delete(ref.path);
    const store = openStore(at);
    kept = { stamp, store, updated: new Map(store.sessions.map((s) => [s.id, s.updated])) };
    open.set(ref.path, kept);
    while (open.size > MAX_OPEN) {
      const [oldest, o] = open.entries().next().value!;
      o.store.close();
      open.delete(oldest);
    }
  } else {
    // most recently used last
    open.delete(ref.path);
    open.set(ref.path, kept);
  }
  clearTimeout(idleTimer);
  idleTimer = setTimeout(closeStoreDocuments, STORE_IDLE_MS);
  idleTimer.unref?.();
  return kept.store.document(ref.id);
}

/** Closes the stores `storeDocument` keeps open. */
export function closeStoreDocuments(): void {
  clearTimeout(idleTimer);
  idleTimer = undefined;
  for (const o of open.values()) o.store.close();
  open.clear();
}
