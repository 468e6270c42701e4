/**
 * The real Hermes Agent store of test/corpus/hermes/stores/ (the `sqlite3 state.db .dump` of a
 * real `~/.hermes/state.db`, schema 14, split by its publisher into the `sessions` and `messages`
 * tables' dumps) loaded into SQLite and read out by the product's own store reader
 * (formats/hermes/hermes-store.ts, through io/sqlite-file.ts): one document per session.
 * test/corpus/hermes/*.json are these documents (scripts/hermes-exports.ts writes them;
 * test/unit/agent-hermes.test.ts compares: this pins the reader's output).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import initSqlJs from "sql.js";
import { HERMES_STORE } from "../../server/src/engine/formats/hermes/hermes-store.js";
import { loadSqlite, openSqliteFile } from "../../server/src/io/sqlite-file.js";
import { CORPUS } from "./corpus.js";

export const HERMES_STORES = join(CORPUS, "hermes", "stores");
export const HERMES_DUMP = "superbased-observer-hermes-v14";

/** A `state.db` made from SQL dumps (in a new temporary folder `.hermes`; `done` removes it); `edit` runs SQL on it first. */
export async function hermesDatabase(edit = ""): Promise<{ path: string; dir: string; done: () => void }> {
  const SQL = await initSqlJs({ wasmBinary: readFileSync(require.resolve("sql.js/dist/sql-wasm.wasm")) });
  const db = new SQL.Database();
  for (const t of ["sessions", "messages"]) db.exec(readFileSync(join(HERMES_STORES, `${HERMES_DUMP}.${t}.sql`), "utf8"));
  if (edit) db.exec(edit);
  const root = mkdtempSync(join(tmpdir(), "ti-hermes-"));
  const dir = join(root, ".hermes");
  mkdirSync(dir);
  const path = join(dir, "state.db");
  writeFileSync(path, db.export());
  db.close();
  return { path, dir, done: () => rmSync(root, { recursive: true, force: true }) };
}

/** Each session of the real store as its document: file name -> text. */
export async function hermesExports(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await loadSqlite();
  const made = await hermesDatabase();
  try {
    const db = openSqliteFile(made.path);
    for (const s of HERMES_STORE.sessionsInDatabase(db)) out.set(`${HERMES_DUMP}-${s.id}.json`, HERMES_STORE.documentInDatabase(db, s.id)!);
    db.close();
  } finally {
    made.done();
  }
  return out;
}
