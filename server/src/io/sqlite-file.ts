/**
 * Reads an agent's SQLite database read-only while the agent may be writing it: the database file
 * and its write-ahead log (`-wal`) are read as bytes (no lock is taken, the shared-memory `-shm`
 * file is never opened, nothing is written), the log's committed frames are applied to the copy as
 * a checkpoint would (https://www.sqlite.org/fileformat2.html#walformat), and the copy is opened in
 * memory (the log applied: io/sqlite-wal.ts) with sql.js (SQLite compiled to WebAssembly: no native build, the same in Node 20 and in
 * VS Code's extension host; `node:sqlite` needs Node 22.5).
 *
 * A checkpoint running while the files are read is noticed (the log's header changed) and the read
 * taken again; a log that keeps changing is reported as busy.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import initSqlJs, { type SqlJsStatic } from "sql.js";
import type { StoreDatabase } from "../engine/index.js";
import { withLogApplied } from "./sqlite-wal.js";

let engine: SqlJsStatic | undefined;
let loading: Promise<SqlJsStatic> | undefined;

/** Where the WebAssembly file is: beside the bundle (dist/), else in the package (running from source). */
function wasmBytes(): Uint8Array {
  try {
    return readFileSync(join(__dirname, "sql-wasm.wasm"));
  } catch {
    const inPackage = "sql.js/dist/sql-wasm.wasm"; // a name the bundler leaves alone: the bundle reads its own copy above
    return readFileSync(require.resolve(inPackage));
  }
}

/** Loads SQLite (once; about 30 ms): `openSqliteFile` needs it loaded. */
export function loadSqlite(): Promise<void> {
  loading ??= initSqlJs({ wasmBinary: wasmBytes() }).then((s) => (engine = s));
  return loading.then(() => undefined);
}

export const sqliteLoaded = (): boolean => engine !== undefined;

/** The first `n` bytes of a regular file; undefined for anything else (a FIFO is never opened: it would block). */
function readHead(path: string, n: number): Buffer | undefined {
  let fd: number;
  try {
    if (!statSync(path).isFile()) return undefined;
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    const b = Buffer.alloc(n);
    return b.subarray(0, readSync(fd, b, 0, n, 0));
  } finally {
    closeSync(fd);
  }
}

/** A regular file's bytes; undefined when there is none; an error for anything else there (a FIFO would block). */
function readOrNone(path: string): Buffer | undefined {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return undefined;
  if (!st.isFile()) throw new Error(`${path} is not a regular file`);
  return readFileSync(path);
}

/**
 * The largest database (file and log together) read: the copy, the log applied and SQLite's own
 * copy hold it three times in memory, so a larger one is refused with a message rather than let
 * run the process out of memory.
 */
export const MAX_DATABASE_BYTES = 512 * 1024 * 1024;

const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;

/** The file and its log read as one consistent moment: the log's header the same before and after. */
function snapshot(path: string): { main: Buffer; wal?: Buffer } {
  const size = statSync(path).size + (statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0);
  if (size > MAX_DATABASE_BYTES) throw new Error(`the database and its log are ${mb(size)}, more than the ${mb(MAX_DATABASE_BYTES)} read at once`);
  for (let attempt = 0; attempt < 20; attempt++) {
    const before = readHead(`${path}-wal`, 32);
    const main = readFileSync(path);
    const wal = readOrNone(`${path}-wal`);
    const after = readHead(`${path}-wal`, 32);
    const hasLog = wal !== undefined && wal.length >= 32;
    if (!hasLog) {
      if (!before || before.length < 32) return { main };
      continue;
    }
    if (before?.length === 32 && after?.length === 32 && before.equals(wal.subarray(0, 32)) && after.equals(before)) return { main, wal };
  }
  throw new Error("the database's log kept changing while it was read (the agent is checkpointing it); try again");
}

export interface SqliteFile extends StoreDatabase {
  close(): void;
}

/** Opens `path` read-only (SQLite loaded first: `loadSqlite`). Throws on a file that is not a database. */
export function openSqliteFile(path: string): SqliteFile {
  if (!engine) throw new Error("SQLite is not loaded (loadSqlite)");
  const { main, wal } = snapshot(path);
  const db = new engine.Database(withLogApplied(main, wal));
  try {
    db.exec("PRAGMA query_only = 1");
  } catch (e) {
    db.close();
    throw e;
  }
  const rows = (sql: string, params?: readonly (string | number)[]) => {
    const st = db.prepare(sql);
    try {
      if (params) st.bind(params);
      const out: Record<string, unknown>[] = [];
      while (st.step()) out.push(st.getAsObject());
      return out;
    } finally {
      st.free();
    }
  };
  return {
    tables: () => rows("SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => String(r.name)),
    rows,
    close: () => db.close(),
  };
}

/** Whether a file starts as an SQLite database does ("SQLite format 3\0"). */
export function isSqliteFile(path: string): boolean {
  const head = readHead(path, 16);
  return head !== undefined && head.toString("latin1") === "SQLite format 3\u0000";
}
