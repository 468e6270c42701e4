/**
 * Where Hermes Agent keeps its sessions: the SQLite database `~/.hermes/state.db` (`HERMES_HOME`
 * moves it), tables `sessions` (one row per session: model, provider, token totals, system prompt)
 * and `messages` (one row per message: `role`, `content`, `tool_calls` as JSON text, `tool_call_id`,
 * `tool_name`, reasoning, `active`). Read out as one JSON document per session in the shape of
 * Hermes's session export (`SessionDB.export_session`: the session row's columns, then `messages`,
 * each a message row), laid out one message per line, which hermes-read.ts reads.
 *
 * Every row of the session is in the document, the inactive ones (`active` 0: rewound) too, in
 * id order (the order Hermes loads them in: NousResearch/hermes-agent hermes_state_messages.py
 * `get_messages`, "ORDER BY id"); a `tool_calls` text is parsed as Hermes parses it, and kept as its
 * text when it does not parse (the reading reports it). Nothing is written.
 */
import type { SessionStore, StoreDatabase, StoredSession } from "../profile.js";

const idOf = (v: unknown) => (typeof v === "string" ? v : String(v ?? ""));

/** A row's `tool_calls` text parsed (an array, usually), or the text itself when it does not parse. */
function parsedToolCalls(v: unknown): unknown {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** A column value copied as a key of its own (a `__proto__` column stays a key). */
function put(out: Record<string, unknown>, k: string, v: unknown): void {
  Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
}

/** A message row as the document holds it: its columns, `tool_calls` parsed. */
export function messageRecord(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) put(out, k, k === "tool_calls" && v !== null ? parsedToolCalls(v) : v);
  return out;
}

/** The session document: the session row's columns (`id` first), then `messages`. */
export function sessionDocument(session: Record<string, unknown>, messages: readonly Record<string, unknown>[]): Record<string, unknown> {
  const out: Record<string, unknown> = { id: session.id };
  for (const [k, v] of Object.entries(session)) if (k !== "messages") put(out, k, v);
  put(out, "messages", messages.map(messageRecord));
  return out;
}

/**
 * The document's text: one message per line, the session's columns on the first line, so each
 * finding on a message lands on its own line.
 */
export function documentText(doc: Record<string, unknown>): string {
  const messages = Array.isArray(doc.messages) ? doc.messages : [];
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) if (k !== "messages") put(rest, k, v);
  const cols = JSON.stringify(rest);
  const head = `${cols.slice(0, -1)}${cols === "{}" ? "" : ","}"messages":[`;
  return messages.length ? `${head}\n${Array.from(messages, (m) => JSON.stringify(m) ?? "null").join(",\n")}\n]}\n` : `${head}]}\n`;
}

/** The columns the reading selects, by table: a `state.db` of another program (same table names) is not Hermes's. */
const HERMES_COLUMNS: Record<string, readonly string[]> = { sessions: ["id", "started_at"], messages: ["id", "session_id", "role", "content", "tool_call_id", "tool_calls", "timestamp"] };

function isHermesDatabase(db: StoreDatabase): boolean {
  const tables = db.tables();
  for (const [table, columns] of Object.entries(HERMES_COLUMNS)) {
    if (!tables.includes(table)) return false;
    const have = new Set(db.rows(`PRAGMA table_info(${table})`).map((r) => r.name));
    if (!columns.every((c) => have.has(c))) return false;
  }
  return true;
}

function sessionsInDatabase(db: StoreDatabase): StoredSession[] {
  // The last message's time is when the session was last written; a session without messages: when it started.
  return db
    // one pass over the messages (a database without Hermes's index on session_id is not searched once per session)
    .rows("SELECT s.id AS id, s.title AS title, COALESCE(m.last, s.started_at) AS updated FROM sessions s LEFT JOIN (SELECT session_id, MAX(timestamp) AS last FROM messages GROUP BY session_id) m ON m.session_id = s.id ORDER BY updated DESC, s.id")
    .map((r) => ({
      id: idOf(r.id),
      ...(typeof r.title === "string" ? { title: r.title } : {}),
      // Hermes writes seconds since 1970
      ...(typeof r.updated === "number" && Number.isFinite(r.updated) ? { updated: Math.round(r.updated * 1000) } : {}),
    }));
}

function documentInDatabase(db: StoreDatabase, id: string): string | undefined {
  const [session] = db.rows("SELECT * FROM sessions WHERE id = ?", [id]);
  if (!session) return undefined;
  const messages = db.rows("SELECT * FROM messages WHERE session_id = ? ORDER BY id", [id]);
  return documentText(sessionDocument(session, messages));
}

export const HERMES_STORE: SessionStore = {
  databaseName: /^state\.db$/,
  // Hermes keeps no folder tree of sessions: a name no folder has.
  folderName: "\u0000",
  isDatabase: isHermesDatabase,
  sessionsInDatabase,
  documentInDatabase,
  isFolder: () => false,
  sessionsInFolder: () => [],
  documentInFolder: () => undefined,
};
