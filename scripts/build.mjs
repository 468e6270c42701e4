// Bundles the extension, the language server, the CLI and the webview with esbuild into dist/.
import { build } from "esbuild";
import { chmodSync, copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";

const prod = process.argv.includes("--production");
const common = { bundle: true, mainFields: ["module", "main"], sourcemap: !prod, minify: prod, logLevel: "warning", legalComments: "none" };
// A production build starts from an empty dist/ so no stale file (source maps) is packaged.
if (prod) rmSync("dist", { recursive: true, force: true });
mkdirSync("dist", { recursive: true });
const jobs = [
  build({ ...common, entryPoints: ["server/src/cli.ts"], outfile: "dist/cli.js", platform: "node", target: "node20", format: "cjs", banner: { js: "#!/usr/bin/env node" } }),
];
// The session library's worker thread (server/src/library/worker.ts), beside the CLI and the server that start it.
jobs.push(build({ ...common, entryPoints: ["server/src/library/worker.ts"], outfile: "dist/library-worker.js", platform: "node", target: "node20", format: "cjs" }));
if (existsSync("server/src/server.ts"))
  jobs.push(build({ ...common, entryPoints: ["server/src/server.ts"], outfile: "dist/server.js", platform: "node", target: "node20", format: "cjs" }));
if (existsSync("extension/src/extension.ts"))
  jobs.push(build({ ...common, entryPoints: ["extension/src/extension.ts"], outfile: "dist/extension.js", platform: "node", target: "node20", format: "cjs", external: ["vscode"] }));
if (existsSync("webview/src/main.tsx"))
  jobs.push(build({ ...common, entryPoints: ["webview/src/main.tsx"], outfile: "dist/webview/main.js", platform: "browser", target: "es2022", format: "iife", loader: { ".ttf": "file" }, define: { "process.env.NODE_ENV": '"production"' } }));
await Promise.all(jobs);
chmodSync("dist/cli.js", 0o755);
// SQLite as WebAssembly (sql.js), which io/sqlite-file.ts loads from beside the bundle to read an agent's database.
copyFileSync("node_modules/sql.js/dist/sql-wasm.wasm", "dist/sql-wasm.wasm");
