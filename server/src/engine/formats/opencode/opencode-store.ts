/**
 * Where OpenCode keeps its sessions, read out as the document `opencode export <id>` prints
 * (`{info, messages: [{info, parts}]}`), which opencode-read.ts reads:
 *
 * - since 1.2, the SQLite database `~/.local/share/opencode/opencode.db` (Kilo CLI: `kilo.db`):
 *   tables `session`, `message` and `part`, each row's record in its JSON `data` column and its ids
 *   in columns of their own (`id`, `session_id`, `message_id`);
 * - before, the folder tree `~/.local/share/opencode/storage/`: `session/<projectID>/<id>.json`,
 *   `message/<sessionID>/<id>.json`, `part/<messageID>/<id>.json`, one record each.
 *
 * Messages are in the order OpenCode loads them in: a database's by `time_created`, then id, a
 * folder's by file name (each named by its id, and ids grow with time); parts by id. A record that does not parse is kept as its text, so the reading reports
 * it (one finding) and the rest of the session reads.
 */
import { isObject } from "../../model/parse.js";
import type { SessionStore, StoreDatabase, StoreFolder, StoredSession } from "../profile.js";

/** A row's `data` column: the record (the database's text parsed, or an object already), or its text kept under `data`. */
function record(data: unknown): Record<string, unknown> {
  if (isObject(data)) return data;
  if (typeof data !== "string") return { data };
  try {
    const v = JSON.parse(data);
    return isObject(v) ? v : { data };
  } catch {
    return { data };
  }
}

/** A column's JSON text parsed (an array or object column: `permission`, `revert`, `model`), else the value as it is. */
function parsedColumn(v: unknown): unknown {
  if (typeof v !== "string" || !/^\s*[[{]/.test(v)) return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** `project_id` -> `projectID`, other snake names camel-cased. */
const camel = (k: string) => k.replace(/_id$/, "ID").replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Where a session column sits in the session's `info` (Session.Info): the summary's counts under
 * `summary`, the share's URL under `share`, the times under `time`; the session's token and cost
 * totals (`tokens_*`, `cost`: newer columns, summed from the messages) are left out; any other
 * column under its camel-cased name.
 */
const INFO_PLACES: Record<string, readonly string[] | null> = {
  summary_additions: ["summary", "additions"],
  summary_deletions: ["summary", "deletions"],
  summary_files: ["summary", "files"],
  summary_diffs: ["summary", "diffs"],
  share_url: ["share", "url"],
  time_created: ["time", "created"],
  time_updated: ["time", "updated"],
  time_compacting: ["time", "compacting"],
  time_archived: ["time", "archived"],
  cost: null,
  tokens_input: null,
  tokens_output: null,
  tokens_reasoning: null,
  tokens_cache_read: null,
  tokens_cache_write: null,
};

/** A session row as the session's `info`, in the shape `opencode export` prints it: `id` first, the columns in their record places. */
export function sessionInfo(row: Record<string, unknown>): Record<string, unknown> {
  const info: Record<string, any> = { id: row.id };
  for (const [k, v] of Object.entries(row)) {
    if (v === null || v === undefined || v === "" || k === "id") continue;
    if (k === "data") {
      // spread, not assign: a `__proto__` key of the data stays a key
      for (const [dk, dv] of Object.entries(record(v))) Object.defineProperty(info, dk, { value: dv, enumerable: true, writable: true, configurable: true });
      info.id = row.id;
      continue;
    }
    const place = k in INFO_PLACES ? INFO_PLACES[k] : [camel(k)];
    if (!place) continue;
    if (place.length === 1) info[place[0]] = parsedColumn(v);
    else info[place[0]] = { ...(isObject(info[place[0]]) ? info[place[0]] : {}), [place[1]]: parsedColumn(v) };
  }
  return info;
}

export interface StoreRows {
  session: Record<string, unknown>;
  messages: readonly Record<string, unknown>[];
  parts: readonly Record<string, unknown>[];
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const idOf = (v: unknown) => (typeof v === "string" ? v : String(v ?? ""));
const timeOf = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
/** OpenCode's order: by `time_created`, then `id` (MessageV2's page query; parts: by `id` within their message). */
const byTimeThenId = (a: { id: string; t: number }, b: { id: string; t: number }) => a.t - b.t || byId(a, b);

/**
 * A session's rows (the database's, or a dump of them) as its export document: each record's
 * `data` with the ids of its columns (the columns win, as OpenCode's readers add them back).
 */
export function sessionDocument(rows: StoreRows): Record<string, unknown> {
  const info = sessionInfo(rows.session);
  const sessionID = idOf(rows.session.id);
  const partsOf = new Map<string, Record<string, unknown>[]>();
  for (const p of [...rows.parts].map((r) => ({ id: idOf(r.id), r })).sort(byId)) {
    const messageID = idOf(p.r.message_id);
    let list = partsOf.get(messageID);
    if (!list) partsOf.set(messageID, (list = []));
    list.push({ ...record(p.r.data), id: p.id, sessionID, messageID });
  }
  const messages = [...rows.messages]
    .map((r) => ({ id: idOf(r.id), t: timeOf(r.time_created), r }))
    .sort(byTimeThenId)
    .map(({ id, r }) => ({ info: { ...record(r.data), id, sessionID }, parts: partsOf.get(id) ?? [] }));
  return { info, messages };
}

/**
 * The document's text: the shape `opencode export` prints, laid out one message per line (the
 * session's `info` on the first): a session of thousands of messages is as many lines, each read
 * and shown whole, where the export's indented layout makes tens of lines of each message (the
 * reader takes both).
 */
export function documentText(doc: Record<string, unknown>): string {
  const messages = Array.isArray(doc.messages) ? doc.messages : [];
  const rest = Object.fromEntries(Object.entries(doc).filter(([k]) => k !== "info" && k !== "messages"));
  const others = JSON.stringify(rest);
  const head = `{"info":${JSON.stringify(doc.info ?? {}) ?? "{}"}${others !== "{}" ? `,${others.slice(1, -1)}` : ""},"messages":[`;
  // a hole or an undefined in the list is null, as JSON.stringify writes it inside an array
  return messages.length ? `${head}\n${Array.from(messages, (m) => JSON.stringify(m) ?? "null").join(",\n")}\n]}\n` : `${head}]}\n`;
}

const TABLES = ["session", "message", "part"];

function sessionsInDatabase(db: StoreDatabase): StoredSession[] {
  return db
    .rows("SELECT id, title, time_updated FROM session ORDER BY time_updated DESC, id")
    .map((r) => ({ id: idOf(r.id), ...(typeof r.title === "string" ? { title: r.title } : {}), ...(typeof r.time_updated === "number" ? { updated: r.time_updated } : {}) }));
}

function documentInDatabase(db: StoreDatabase, id: string): string | undefined {
  const [session] = db.rows("SELECT * FROM session WHERE id = ?", [id]);
  if (!session) return undefined;
  const messages = db.rows("SELECT id, time_created, data FROM message WHERE session_id = ?", [id]);
  const parts = db.rows("SELECT id, message_id, data FROM part WHERE session_id = ?", [id]);
  return documentText(sessionDocument({ session, messages, parts }));
}

const jsonNames = (folder: StoreFolder, path: readonly string[]) =>
  folder
    .list(path)
    .filter((n) => n.endsWith(".json"))
    .sort();

/** The folder tree's records of one kind under `path`, parsed (unparsable ones kept as text). */
function records(folder: StoreFolder, path: readonly string[]): Record<string, unknown>[] {
  return jsonNames(folder, path).map((n) => {
    const r = record(folder.read([...path, n]) ?? "");
    return { ...r, id: idOf(r.id ?? n.slice(0, -".json".length)) };
  });
}

function sessionsInFolder(folder: StoreFolder): StoredSession[] {
  const out: StoredSession[] = [];
  for (const project of folder.list(["session"]))
    for (const r of records(folder, ["session", project])) {
      const time = isObject(r.time) ? r.time : {};
      out.push({ id: idOf(r.id), ...(typeof r.title === "string" ? { title: r.title } : {}), ...(typeof time.updated === "number" ? { updated: time.updated } : {}) });
    }
  return out.sort((a, b) => (b.updated ?? 0) - (a.updated ?? 0) || byId(a, b));
}

function documentInFolder(folder: StoreFolder, id: string): string | undefined {
  // `session/<projectID>/<id>.json`: looked up by name in each project's folder, not by reading every session.
  let info: Record<string, unknown> | undefined;
  for (const project of folder.list(["session"])) {
    const text = folder.read(["session", project, `${id}.json`]);
    if (text !== undefined) info ??= { ...record(text), id };
  }
  // A file not named by its id (not OpenCode's naming): each project's records are read.
  if (!info) for (const project of folder.list(["session"])) info ??= records(folder, ["session", project]).find((r) => r.id === id);
  if (!info) return undefined;
  // In the order of their files' names (each file is named by its record's id): the order OpenCode listed them in.
  const messages = records(folder, ["message", id]).map((m) => ({ info: m, parts: records(folder, ["part", idOf(m.id)]) }));
  return documentText({ info, messages });
}

export const OPENCODE_STORE: SessionStore = {
  databaseName: /^(opencode|kilo)(-[A-Za-z0-9._-]+)?\.db$/,
  folderName: "storage",
  isDatabase: (db) => {
    const tables = db.tables();
    return TABLES.every((t) => tables.includes(t));
  },
  sessionsInDatabase,
  documentInDatabase,
  isFolder: (names) => ["session", "message", "part"].every((n) => names.includes(n)),
  sessionsInFolder,
  documentInFolder,
};
