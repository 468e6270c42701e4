// The bare loop the store bench compares with: the database file read, opened in SQLite (sql.js,
// as the product opens it), every row selected and its JSON parsed (OpenCode: every message and
// part row's `data`; Hermes Agent: every message row, its `tool_calls`). Prints the counts.
//   node scripts/bench/store-baseline.mjs DB
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import initSqlJs from "sql.js";

const require = createRequire(import.meta.url);
const SQL = await initSqlJs({ wasmBinary: readFileSync(require.resolve("sql.js/dist/sql-wasm.wasm")) });
const db = new SQL.Database(readFileSync(process.argv[2]));
let rows = 0;
let chars = 0;
const tables = (db.exec("SELECT name FROM sqlite_master WHERE type = 'table'")[0]?.values ?? []).map((r) => String(r[0]));
if (tables.includes("part")) {
  // OpenCode: every message and part row's `data`
  for (const table of ["message", "part"]) {
    const st = db.prepare(`SELECT data FROM ${table}`);
    while (st.step()) {
      const data = String(st.get()[0]);
      chars += data.length;
      JSON.parse(data);
      rows++;
    }
    st.free();
  }
} else {
  // Hermes Agent: every message row's content read, its `tool_calls` parsed
  const st = db.prepare("SELECT content, tool_calls FROM messages ORDER BY id");
  while (st.step()) {
    const [content, calls] = st.get();
    chars += String(content ?? "").length;
    if (typeof calls === "string") {
      chars += calls.length;
      JSON.parse(calls);
    }
    rows++;
  }
  st.free();
}
db.close();
console.log(JSON.stringify({ rows, chars }));
