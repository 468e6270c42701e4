/**
 * Deterministic databases for the store bench. OpenCode (`generateStore`): sessions of 200 turns (a prompt, then a
 * response calling `bash` whose output is 200-1,200 characters), in OpenCode 1.18.33's schema
 * (the corpus's dump, test/corpus/opencode/stores/), until the rows hold about `mb` megabytes.
 * Hermes Agent (`generateHermesStore`): the real `state.db` of test/corpus/hermes/stores/ (schema
 * 14), then sessions of 200 turns (a prompt; an assistant row with its reasoning and `tool_calls`
 * JSON calling `terminal`; the `tool` row of its result, 200-1,200 characters; the answer).
 * Written once per size and version to bench-results/sessions/.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import initSqlJs, { type Database } from "sql.js";

const ROOT = resolve(__dirname, "..", "..");
const VERSION = 1;

export type StoreInfo = { file: string; sessions: number; turns: number; bytes: number };

/** How one agent's rows are written, with statements prepared on the database being filled. */
interface StoreRows {
  /** Inserts the row of session `s` (from 1) and returns its id. */
  session(s: number): string;
  /** Inserts the rows of turn `n` (from 1, over the store), the `k`th (from 0) of session `s`, whose tool output is `out`; returns the characters they hold. */
  turn(sid: string, s: number, k: number, n: number, out: string): number;
  /** Frees the prepared statements. */
  free(): void;
}

/**
 * The database `file` (with its `.meta.json`), made once: the `schema` files run, then sessions of
 * 200 turns written by `rowsOf`'s hooks in one transaction until the rows hold about `mb` megabytes.
 */
async function writeStore(file: string, mb: number, schema: readonly string[], rowsOf: (db: Database) => StoreRows): Promise<StoreInfo> {
  const meta = `${file}.meta.json`;
  if (existsSync(file) && existsSync(meta)) return JSON.parse(readFileSync(meta, "utf8"));
  mkdirSync(dirname(file), { recursive: true });
  const SQL = await initSqlJs({ wasmBinary: readFileSync(require.resolve("sql.js/dist/sql-wasm.wasm")) });
  const db = new SQL.Database();
  for (const sql of schema) db.exec(readFileSync(sql, "utf8"));
  let seed = 1;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const target = mb * 1024 * 1024;
  let size = 0;
  let sessions = 0;
  let turns = 0;
  db.exec("BEGIN");
  const rows = rowsOf(db);
  while (size < target) {
    const s = ++sessions;
    const sid = rows.session(s);
    for (let k = 0; k < 200; k++) size += rows.turn(sid, s, k, ++turns, "x".repeat(200 + Math.floor(rand() * 1000)));
  }
  rows.free();
  db.exec("COMMIT");
  writeFileSync(file, db.export());
  db.close();
  const info = { file, sessions, turns, bytes: size };
  writeFileSync(meta, JSON.stringify(info));
  return info;
}

export async function generateStore(dir: string, mb: number): Promise<StoreInfo> {
  const schema = [join(ROOT, "test", "corpus", "opencode", "stores", "lazyagents-opencode-1.18.33.sql")];
  return writeStore(join(dir, `opencode-${mb}mb-v${VERSION}.db`), mb, schema, (db) => {
    const msg = db.prepare("INSERT INTO message VALUES (?, ?, ?, ?, ?)");
    const part = db.prepare("INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)");
    return {
      session: (s) => {
        const sid = `ses_bench${String(s - 1).padStart(6, "0")}`;
        db.run("INSERT INTO session (id, project_id, slug, directory, title, version, time_created, time_updated) VALUES (?, 'global', 'bench', '/w', ?, '1.18.33', ?, ?)", [sid, `bench ${s}`, s, s]);
        return sid;
      },
      turn: (sid, _s, _k, n, out) => {
        const u = `msg_${String(n).padStart(12, "0")}u`;
        const a = `msg_${String(n).padStart(12, "0")}v`;
        const rows: [string, string][] = [
          [u, JSON.stringify({ role: "user", time: { created: n }, agent: "build", model: { providerID: "anthropic", modelID: "claude-sonnet-4-5" } })],
          [a, JSON.stringify({ parentID: u, role: "assistant", modelID: "claude-sonnet-4-5", providerID: "anthropic", finish: "tool-calls", tokens: { input: 100, output: 10, reasoning: 0, cache: { read: 0, write: 0 } }, cost: 0, time: { created: n } })],
        ];
        for (const [id, data] of rows) msg.run([id, sid, n, n, data]);
        const texts: [string, string, string][] = [
          [`prt_${String(n).padStart(12, "0")}a`, u, JSON.stringify({ type: "text", text: "do the next step ".repeat(5) })],
          [`prt_${String(n).padStart(12, "0")}b`, a, JSON.stringify({ type: "tool", tool: "bash", callID: `toolu_${n}`, state: { status: "completed", input: { command: "ls" }, output: out, title: "ls", metadata: {}, time: { start: n, end: n } } })],
        ];
        for (const [id, m, data] of texts) part.run([id, m, sid, n, n, data]);
        return rows.reduce((sum, r) => sum + r[1].length, 0) + texts.reduce((sum, r) => sum + r[2].length, 0);
      },
      free: () => {
        msg.free();
        part.free();
      },
    };
  });
}

export async function generateHermesStore(dir: string, mb: number): Promise<StoreInfo> {
  const schema = ["sessions", "messages"].map((t) => join(ROOT, "test", "corpus", "hermes", "stores", `superbased-observer-hermes-v14.${t}.sql`));
  const t0 = 1780000000;
  return writeStore(join(dir, `hermes-${mb}mb-v${VERSION}`, ".hermes", "state.db"), mb, schema, (db) => {
    const row = db.prepare(
      "INSERT INTO messages (session_id, role, content, tool_call_id, tool_calls, tool_name, timestamp, finish_reason, reasoning, reasoning_content, observed, active) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 1)",
    );
    return {
      session: (s) => {
        const sid = `20260101_000000_b${String(s - 1).padStart(5, "0")}`;
        db.run("INSERT INTO sessions (id, source, model, started_at, message_count, tool_call_count, cwd, title) VALUES (?, 'cli', 'anthropic/claude-sonnet-4.5', ?, 800, 200, '/bench', ?)", [sid, t0 + s * 10000, `bench ${s}`]);
        return sid;
      },
      turn: (sid, s, k, n, out) => {
        const at = t0 + s * 10000 + k * 10;
        const call = `call_bench${String(n).padStart(12, "0")}`;
        const thought = "I should look at the files next. ".repeat(3);
        const calls = JSON.stringify([{ id: call, call_id: call, response_item_id: `fc_bench${String(n).padStart(12, "0")}`, type: "function", function: { name: "terminal", arguments: JSON.stringify({ command: "ls -la src" }) } }]);
        const rows: unknown[][] = [
          [sid, "user", "do the next step ".repeat(5), null, null, null, at, null, null, null],
          [sid, "assistant", "", null, calls, null, at + 1, "tool_calls", thought, thought],
          [sid, "tool", out, call, null, "terminal", at + 2, null, null, null],
          [sid, "assistant", "Done: the step is finished.", null, null, null, at + 3, "stop", null, null],
        ];
        let size = 0;
        for (const r of rows) {
          row.run(r as any);
          size += r.reduce((sum: number, v) => sum + (typeof v === "string" ? v.length : 8), 0);
        }
        return size;
      },
      free: () => row.free(),
    };
  });
}
