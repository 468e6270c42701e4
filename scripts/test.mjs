// Runs every test suite and closes with one line for all of them together: `N passed, N failed`.
//   node scripts/test.mjs            all suites
//   node scripts/test.mjs unit lsp   only these
// Suites: typecheck (tsc -b, one result per project of tsconfig.json), lint (ESLint with the
// import boundaries of eslint.config.mjs), unit (engine + CLI), lsp (the built server over stdio),
// webview (the built page in headless Chromium), e2e (a real VS Code: code-server), when present.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const wanted = new Set(process.argv.slice(2));
const want = (name) => wanted.size === 0 || wanted.has(name);
let passed = 0;
let failed = 0;
let skipped = 0;

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", maxBuffer: 1 << 28, ...opts });
  return { code: r.status ?? 1, out: r.stdout ?? "", err: r.stderr ?? "" };
}

function testFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".test.ts") || f.endsWith(".test.mjs"))
    .map((f) => join(dir, f))
    .sort();
}

function nodeTestSuite(name, dir, extraEnv = {}) {
  const files = testFiles(dir);
  if (files.length === 0) return;
  console.log(`\n== ${name}: ${files.length} file(s)`);
  const r = run(process.execPath, ["--import", "tsx", "--test", "--test-reporter=spec", "--test-reporter-destination=stdout", "--test-reporter=tap", "--test-reporter-destination=.test-results." + name + ".tap", ...files], {
    env: { ...process.env, ...extraEnv },
  });
  process.stdout.write(r.out);
  if (r.err.trim()) process.stderr.write(r.err);
  const tap = existsSync(`.test-results.${name}.tap`) ? run("cat", [`.test-results.${name}.tap`]).out : "";
  const num = (k) => Number((new RegExp(`^# ${k} (\\d+)`, "m").exec(tap) ?? [])[1] ?? 0);
  const p = num("pass"), f = num("fail"), s = num("skipped") + num("todo");
  if (f === 0 && r.code !== 0) failed += 1; // the runner failed without counting it (a suite that threw, a crash)
  passed += p;
  failed += f;
  skipped += s;
  console.log(`== ${name}: ${p} passed, ${f} failed${s ? `, ${s} skipped` : ""}`);
}

// A suite with its own runner (the real-VS-Code suites): it prints its own `N passed, N failed`.
function externalSuite(name, script) {
  if (!existsSync(script)) return;
  console.log(`\n== ${name}: ${script}`);
  const r = spawnSync(process.execPath, [script], { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8", maxBuffer: 1 << 28 });
  const out = r.stdout ?? "";
  process.stdout.write(out);
  const m = [...out.matchAll(/^(?:\w+: )?(\d+) passed, (\d+) failed(?:, (\d+) skipped)?\s*$/gm)].pop();
  if (!m) {
    console.log(`== ${name}: no result line (exit ${r.status})`);
    failed += 1;
    return;
  }
  passed += Number(m[1]);
  failed += Number(m[2]) + (r.status !== 0 && Number(m[2]) === 0 ? 1 : 0);
  skipped += Number(m[3] ?? 0);
}

// One project per runtime (engine: no DOM, no Node; webview: DOM; Node code), in the order of
// the references in tsconfig.json, so a project is checked after the ones it imports. `tsc -b` is
// incremental: an unchanged project costs a timestamp check (its state is in .tsbuild/).
if (want("typecheck")) {
  const solution = JSON.parse(readFileSync("tsconfig.json", "utf8").replace(/^\s*\/\/.*$/gm, ""));
  const shown = new Set(); // a project that imports a failing one reports its errors again: show them once
  for (const { path } of solution.references) {
    const r = run(process.execPath, ["node_modules/typescript/bin/tsc", "-b", path, "--pretty", "false"]);
    let fresh = 0;
    for (const error of (r.out + r.err).split(/^(?=\S)/m).filter((e) => e.trim())) {
      if (shown.has(error)) continue;
      process.stdout.write(error);
      shown.add(error);
      fresh++;
    }
    if (r.code === 0) passed++;
    else failed++;
    console.log(`== typecheck ${path}: ${r.code === 0 ? "ok" : fresh ? "FAILED" : "FAILED (errors above, in a project it imports)"}`);
  }
}
if (want("lint")) {
  console.log("\n== lint: eslint (eslint.config.mjs)");
  const r = run(process.execPath, ["node_modules/eslint/bin/eslint.js", "--max-warnings", "0", "."]);
  process.stdout.write(r.out + r.err);
  if (r.code === 0) passed++;
  else failed++;
  console.log(`== lint: ${r.code === 0 ? "ok" : "FAILED"}`);
}
if (want("build") || want("lsp") || want("webview") || want("e2e") || wanted.size === 0) {
  const r = run(process.execPath, ["scripts/build.mjs"]);
  if (r.code !== 0) {
    process.stdout.write(r.out + r.err);
    console.log("== build FAILED");
    failed++;
  }
}
if (want("unit")) nodeTestSuite("unit", "test/unit");
if (want("lsp")) nodeTestSuite("lsp", "test/lsp");
if (want("webview")) nodeTestSuite("webview", "test/webview");
if (want("e2e")) externalSuite("e2e", "test/e2e/run.mjs");

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exitCode = failed === 0 ? 0 : 1;
