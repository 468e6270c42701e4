/**
 * The real OpenCode stores of test/corpus/opencode/stores/ read out in the shape `opencode export`
 * prints (one message per line), by the product's own store reader (formats/opencode/opencode-store.ts): the SQL
 * dump of a real opencode.db loaded into SQLite and read through io/sqlite-file.ts, and the row
 * dumps of two real Kilo CLI databases. test/corpus/opencode/*.export.json are these documents
 * (scripts/opencode-exports.ts writes them; test/unit/agent-opencode.test.ts compares: this pins
 * the reader's output, it does not check it against OpenCode; the tests of what is read do).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import initSqlJs from "sql.js";
import { OPENCODE_STORE, documentText, sessionDocument } from "../../server/src/engine/formats/opencode/opencode-store.js";
import { loadSqlite, openSqliteFile } from "../../server/src/io/sqlite-file.js";
import { CORPUS } from "./corpus.js";

export const STORES = join(CORPUS, "opencode", "stores");

/** A database file made from an SQL dump (in a new temporary folder; `done` removes it). */
export async function databaseFromDump(sqlPath: string): Promise<{ path: string; done: () => void }> {
  const SQL = await initSqlJs({ wasmBinary: readFileSync(require.resolve("sql.js/dist/sql-wasm.wasm")) });
  const db = new SQL.Database();
  db.exec(readFileSync(sqlPath, "utf8"));
  const dir = mkdtempSync(join(tmpdir(), "ti-opencode-"));
  const path = join(dir, "opencode.db");
  writeFileSync(path, db.export());
  db.close();
  return { path, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Each real store's sessions as export documents: file name -> text. */
export async function realExports(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await loadSqlite();
  const made = await databaseFromDump(join(STORES, "lazyagents-opencode-1.18.33.sql"));
  try {
    const db = openSqliteFile(made.path);
    for (const s of OPENCODE_STORE.sessionsInDatabase(db)) out.set(`lazyagents-opencode-1.18.33.export.json`, OPENCODE_STORE.documentInDatabase(db, s.id)!);
    db.close();
  } finally {
    made.done();
  }
  for (const name of ["superbased-observer-kilo-7.3.40-wsl", "superbased-observer-kilo-7.3.40-windows"]) {
    const rows = JSON.parse(readFileSync(join(STORES, `${name}.rows.json`), "utf8"));
    for (const session of rows.sessions)
      out.set(
        `${name}.export.json`,
        documentText(sessionDocument({ session, messages: rows.messages.filter((m: any) => m.session_id === session.id), parts: rows.parts.filter((p: any) => p.session_id === session.id) })),
      );
  }
  return out;
}
