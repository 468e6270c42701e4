// `npm run bench`: the performance benchmark (a script, not a test; nothing here asserts).
// Generates synthetic sessions in each agent's layout and measures the
// BUILT product (dist/) against a bare baseline loop over the same session measured in the same
// run: CLI check/render, LSP open/append/edit/hover/code action (and its resolve), the
// inspector's first paint, and peak memory; prints a table (rows by size, format and ids) with
// targets, writes bench-results/<date>.json.
//   npm run bench                          1, 20 and 100 MB, pi, claude-code, codex, copilot-cli; reused and unique ids
//   npm run bench -- --sizes 1,20          only these sizes (MB)
//   npm run bench -- --formats pi,codex    these formats (also openclaw, oh-my-pi, gemini-cli, kimi-cli, cursor)
//   npm run bench -- --quick               one run per figure, 1 and 20 MB (unless --sizes)
//   npm run bench -- --huge                also 1 GB (CLI figures only)
//   npm run bench -- --keep-sessions       keep generated sessions over 200 MB
//   npm run bench -- --runs 5 --cap 180    runs per CLI figure (median), per-step cap in seconds
//   npm run bench -- --skip lsp,inspector  leave parts out (cli, lsp, inspector)
//   npm run bench -- --build               rebuild dist/ first (otherwise built only when missing)
//   npm run bench -- --library             also the session library: 1,000 generated sessions (about 2 GB
//                                          under bench-results/library/), first scan, second start, the
//                                          language server's memory and search latency
//   npm run bench -- --library --library-sessions 200 --skip cli,lsp,inspector --sizes 1   a smaller library only
//   npm run bench -- --stores              also an OpenCode database and a Hermes state.db (the largest size up to 20 MB): the bare
//                                          loop over its rows, `check` of it, the language server's store
//                                          requests, opening a session, a hover, the inspector's summary
// The implementation lives in scripts/bench/ (main.ts orchestrates).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const args = process.argv.slice(2);
const missing = ["dist/cli.js", "dist/server.js", "dist/webview/main.js"].some((f) => !existsSync(f));
if (missing || args.includes("--build")) {
  const b = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/bench/main.ts", ...args.filter((a) => a !== "--build")], { stdio: "inherit" });
process.exit(r.status ?? 1);
