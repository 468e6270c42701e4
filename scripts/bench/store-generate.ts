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
import { join, resolve } from "node:path";
import initSqlJs from "sql.js";

const ROOT = resolve(__dirname, "..", "..");
const VERSION = 1;

export async function generateStore(dir: string, mb: number): Promise<{ file: string; sessions: number; turns: number; bytes: number }> {
  const file = join(dir, `opencode-${mb}mb-v${VERSION}.db`);
  const meta = `${file}.meta.json`;
  if (existsSync(file) && existsSync(meta)) return JSON.parse(readFileSync(meta, "utf8"));
  mkdirSync(dir, { recursive: true });
  const SQL = await initSqlJs({ wasmBinary: readFileSync(require.resolve("sql.js/dist/sql-wasm.wasm")) });
  const db = new SQL.Database();
  db.exec(readFileSync(join(ROOT, "test", "corpus", "opencode", "stores", "lazyagents-opencode-1.18.33.sql"), "utf8"));
  let seed = 1;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const target = mb * 1024 * 1024;
  let size = 0;
  let sessions = 0;
  let turns = 0;
  db.exec("BEGIN");
  const msg = db.prepare("INSERT INTO message VALUES (?, ?, ?, ?, ?)");
  const part = db.prepare("INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)");
  while (size < target) {
    const sid = `ses_bench${String(sessions++).padStart(6, "0")}`;
    db.run("INSERT INTO session (id, project_id, slug, directory, title, version, time_created, time_updated) VALUES (?, 'global', 'bench', '/w', ?, '1.18.33', ?, ?)", [sid, `bench ${sessions}`, sessions, sessions]);
    for (let k = 0; k < 200; k++) {
      const n = ++turns;
      const u = `msg_${String(n).padStart(12, "0")}u`;
      const a = `msg_${String(n).padStart(12, "0")}v`;
      const out = "x".repeat(200 + Math.floor(rand() * 1000));
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
      size += rows.reduce((s, r) => s + r[1].length, 0) + texts.reduce((s, r) => s + r[2].length, 0);
    }
  }
  msg.free();
  part.free();
  db.exec("COMMIT");
  writeFileSync(file, db.export());
  db.close();
  const info = { file, sessions, turns, bytes: size };
  writeFileSync(meta, JSON.stringify(info));
  return info;
}

export type StoreInfo = { file: string; sessions: number; turns: number; bytes: number };

export async function generateHermesStore(dir: string, mb: number): Promise<StoreInfo> {
  const home = join(dir, `hermes-${mb}mb-v${VERSION}`, ".hermes");
  const file = join(home, "state.db");
  const meta = `${file}.meta.json`;
  if (existsSync(file) && existsSync(meta)) return JSON.parse(readFileSync(meta, "utf8"));
  mkdirSync(home, { recursive: true });
  const SQL = await initSqlJs({ wasmBinary: readFileSync(require.resolve("sql.js/dist/sql-wasm.wasm")) });
  const db = new SQL.Database();
  for (const t of ["sessions", "messages"]) db.exec(readFileSync(join(ROOT, "test", "corpus", "hermes", "stores", `superbased-observer-hermes-v14.${t}.sql`), "utf8"));
  let seed = 1;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const target = mb * 1024 * 1024;
  let size = 0;
  let sessions = 0;
  let turns = 0;
  const t0 = 1780000000;
  db.exec("BEGIN");
  const row = db.prepare(
    "INSERT INTO messages (session_id, role, content, tool_call_id, tool_calls, tool_name, timestamp, finish_reason, reasoning, reasoning_content, observed, active) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 1)",
  );
  while (size < target) {
    const sid = `20260101_000000_b${String(sessions++).padStart(5, "0")}`;
    db.run("INSERT INTO sessions (id, source, model, started_at, message_count, tool_call_count, cwd, title) VALUES (?, 'cli', 'anthropic/claude-sonnet-4.5', ?, 800, 200, '/bench', ?)", [sid, t0 + sessions * 10000, `bench ${sessions}`]);
    for (let k = 0; k < 200; k++) {
      const n = ++turns;
      const at = t0 + sessions * 10000 + k * 10;
      const call = `call_bench${String(n).padStart(12, "0")}`;
      const thought = "I should look at the files next. ".repeat(3);
      const calls = JSON.stringify([{ id: call, call_id: call, response_item_id: `fc_bench${String(n).padStart(12, "0")}`, type: "function", function: { name: "terminal", arguments: JSON.stringify({ command: "ls -la src" }) } }]);
      const out = "x".repeat(200 + Math.floor(rand() * 1000));
      const rows: unknown[][] = [
        [sid, "user", "do the next step ".repeat(5), null, null, null, at, null, null, null],
        [sid, "assistant", "", null, calls, null, at + 1, "tool_calls", thought, thought],
        [sid, "tool", out, call, null, "terminal", at + 2, null, null, null],
        [sid, "assistant", "Done: the step is finished.", null, null, null, at + 3, "stop", null, null],
      ];
      for (const r of rows) {
        row.run(r as any);
        size += r.reduce((s: number, v) => s + (typeof v === "string" ? v.length : 8), 0);
      }
    }
  }
  row.free();
  db.exec("COMMIT");
  writeFileSync(file, db.export());
  db.close();
  const info = { file, sessions, turns, bytes: size };
  writeFileSync(meta, JSON.stringify(info));
  return info;
}
