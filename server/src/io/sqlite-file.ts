/**
 * Reads an agent's SQLite database read-only while the agent may be writing it: the database file
 * and its write-ahead log (`-wal`) are read as bytes (no lock is taken, the shared-memory `-shm`
 * file is never opened, nothing is written), the log's committed frames are applied to the copy as
 * a checkpoint would (https://www.sqlite.org/fileformat2.html#walformat), and the copy is opened in
 * memory with sql.js (SQLite compiled to WebAssembly: no native build, the same in Node 20 and in
 * VS Code's extension host; `node:sqlite` needs Node 22.5).
 *
 * A checkpoint running while the files are read is noticed (the log's header changed) and the read
 * taken again; a log that keeps changing is reported as busy.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import initSqlJs, { type SqlJsStatic } from "sql.js";
import type { StoreDatabase } from "../engine/index.js";

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

const WAL_MAGIC = 0x377f0682;

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

/** The log's running checksum over `len` bytes from `off` (8 bytes at a time, in the log's byte order). */
function checksum(buf: Buffer, off: number, len: number, bigEndian: boolean, s: [number, number]): [number, number] {
  let [s0, s1] = s;
  for (let i = off; i < off + len; i += 8) {
    s0 = (s0 + (bigEndian ? buf.readUInt32BE(i) : buf.readUInt32LE(i)) + s1) >>> 0;
    s1 = (s1 + (bigEndian ? buf.readUInt32BE(i + 4) : buf.readUInt32LE(i + 4)) + s0) >>> 0;
  }
  return [s0, s1];
}

/** The database as of its log's last commit: the committed, checksum-valid frames applied to a copy of the file. */
export function withLogApplied(main: Buffer, wal: Buffer | undefined): Buffer {
  if (!wal || wal.length < 32) return main;
  const magic = wal.readUInt32BE(0);
  if ((magic & 0xfffffffe) >>> 0 !== WAL_MAGIC) return main;
  const bigEndian = (magic & 1) === 1;
  const pageSize = wal.readUInt32BE(8);
  if (pageSize < 512 || pageSize > 65536) return main;
  let sum = checksum(wal, 0, 24, bigEndian, [0, 0]);
  if (sum[0] !== wal.readUInt32BE(24) || sum[1] !== wal.readUInt32BE(28)) return main;
  const salt1 = wal.readUInt32BE(16);
  const salt2 = wal.readUInt32BE(20);
  const committed = new Map<number, number>();
  let pending = new Map<number, number>();
  let pages: number | undefined;
  for (let off = 32; off + 24 + pageSize <= wal.length; off += 24 + pageSize) {
    const page = wal.readUInt32BE(off);
    const commit = wal.readUInt32BE(off + 4);
    if (page === 0 || wal.readUInt32BE(off + 8) !== salt1 || wal.readUInt32BE(off + 12) !== salt2) break;
    sum = checksum(wal, off, 8, bigEndian, sum);
    sum = checksum(wal, off + 24, pageSize, bigEndian, sum);
    if (sum[0] !== wal.readUInt32BE(off + 16) || sum[1] !== wal.readUInt32BE(off + 20)) break;
    pending.set(page, off + 24);
    if (commit !== 0) {
      for (const [p, o] of pending) committed.set(p, o);
      pending = new Map();
      pages = commit;
    }
  }
  if (pages === undefined) return main;
  const image = Buffer.alloc(pages * pageSize);
  main.copy(image, 0, 0, Math.min(main.length, image.length));
  for (const [p, o] of committed) if (p <= pages) wal.copy(image, (p - 1) * pageSize, o, o + pageSize);
  // The copy is a database of its own now: rollback-journal mode, so SQLite looks for no log beside it.
  image[18] = 1;
  image[19] = 1;
  return image;
}

/** The file and its log read as one consistent moment: the log's header the same before and after. */
function snapshot(path: string): { main: Buffer; wal?: Buffer } {
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
