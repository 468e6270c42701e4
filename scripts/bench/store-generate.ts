/**
 * A deterministic OpenCode database for the store bench: sessions of 200 turns (a prompt, then a
 * response calling `bash` whose output is 200-1,200 characters), in OpenCode 1.18.33's schema
 * (the corpus's dump, test/corpus/opencode/stores/), until the rows hold about `mb` megabytes.
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
