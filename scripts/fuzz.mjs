// `npm run fuzz`: the long run of the repairs' property checks (a script, not a test).
//   npm run fuzz                                   2000 cases, a seed from the clock (printed)
//   npm run fuzz -- --seed 15 --runs 20000         reproducible, longer
//   npm run fuzz -- --server-every 0               without the language server
//   npm run fuzz -- --lines 400                    longer corpus heads
//   npm run fuzz -- --corpus 1 --runs 2000 --fields 0 --big 0
//                                                  the repair properties over every corpus file and 2,000 damaged sessions
// Needs dist/server.js (built when missing). The implementation is scripts/fuzz/main.ts.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const args = process.argv.slice(2);
if (!existsSync("dist/server.js")) {
  const b = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const r = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", "scripts/fuzz/main.ts", ...args], { stdio: "inherit" });
process.exit(r.status ?? 1);
