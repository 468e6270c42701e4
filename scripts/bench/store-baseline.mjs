// The bare loop the store bench compares with: the database file read, opened in SQLite (sql.js,
// as the product opens it), every message and part row selected and its `data` parsed with
// JSON.parse. Prints the counts.
//   node scripts/bench/store-baseline.mjs DB
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import initSqlJs from "sql.js";

const require = createRequire(import.meta.url);
const SQL = await initSqlJs({ wasmBinary: readFileSync(require.resolve("sql.js/dist/sql-wasm.wasm")) });
const db = new SQL.Database(readFileSync(process.argv[2]));
let rows = 0;
let chars = 0;
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
db.close();
console.log(JSON.stringify({ rows, chars }));
