// The real-VS-Code suites, end to end (scripts/test.mjs runs this and parses the last line):
//   1. setup check: code-server + Node 24 + Chromium under .tools/real-vscode (with CI=true the
//      setup script runs here; otherwise a missing install is reported with the command and fails)
//   2. the extension-host mocha suite through @vscode/test-electron runTests (test/e2e/exthost.mjs)
//   3. the VSIX: npm run package into .e2e/, file list and "no vsce warning" checked
//   4. the Playwright UI suite against code-server with that VSIX installed (test/e2e/ui.mjs)
//   5. the front door: `node scripts/sample.mjs` prints a URL that shows the sample with the
//      extension, and Ctrl+C ends everything (test/e2e/front-door.mjs)
//   6. nothing of code-server, VS Code or Playwright appeared in $HOME
// Each child runs in its own process group under a timeout and is ended by that group.
// The last line is exactly `N passed, N failed` (mocha tests + UI and front-door steps + the VSIX
// and HOME checks).
//   node test/e2e/run.mjs [--update-screenshots] [--only exthost|ui|frontdoor]
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { codeServerPaths, killGroup } from "../../scripts/code-server-test-host.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const CI = /^(1|true|yes)$/i.test(process.env.CI ?? "");
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
const VSIX = path.join(ROOT, ".e2e", "transcript-inspector.vsix");
const t0 = Date.now();
const secs = (ms) => `${(ms / 1000).toFixed(1)}s`;
let passed = 0;
let failed = 0;
const timings = [];
let current; // the running child's process group

const stop = async (sig) => {
  if (current) await killGroup(current);
  console.log(`\n[e2e] interrupted (${sig})\n${passed} passed, ${failed + 1} failed`);
  process.exit(130);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));

/** Runs a child in its own process group, streaming its output; ends the group on timeout. */
function runChild(label, cmd, args, { timeoutS, env = {}, progressToStderr = false }) {
  return new Promise((resolve) => {
    const s = Date.now();
    const child = spawn(cmd, args, { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    current = child.pid;
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      // scripts/test.mjs shows our stdout only at the end: long progress (the setup) goes to stderr
      (progressToStderr ? process.stderr : process.stdout).write(d);
    });
    child.stderr.on("data", (d) => {
      out += d;
      process.stderr.write(d);
    });
    let timedOut = false;
    const timer = setTimeout(async () => {
      timedOut = true;
      console.error(`[e2e] ${label}: timed out after ${timeoutS}s; ending its process group`);
      await killGroup(child.pid);
    }, timeoutS * 1000);
    child.on("close", async (code, signal) => {
      clearTimeout(timer);
      await killGroup(child.pid, 2000); // anything the child left behind in its group
      current = undefined;
      timings.push(`${label} ${secs(Date.now() - s)}`);
      resolve({ code: timedOut ? "timeout" : code ?? signal, out });
    });
  });
}

/** Adds a suite's own `label: N passed, N failed` line; a crash without that line counts as a failure. */
function count(label, r) {
  const m = [...r.out.matchAll(new RegExp(`^${label}: (\\d+) passed, (\\d+) failed\\s*$`, "gm"))].pop();
  if (!m) {
    console.log(`[e2e] ${label}: no result line (exit ${r.code}): counted as 1 failure`);
    failed++;
    return;
  }
  const p = Number(m[1]);
  const f = Number(m[2]);
  passed += p;
  failed += f;
  if (r.code !== 0 && f === 0) {
    console.log(`[e2e] ${label}: exit ${r.code} with no failed test: counted as 1 failure`);
    failed++;
  }
}

function check(name, fn) {
  const s = Date.now();
  try {
    const note = fn();
    passed++;
    console.log(`ok - ${name} (${secs(Date.now() - s)})${note ? `: ${note}` : ""}`);
  } catch (e) {
    failed++;
    console.log(`not ok - ${name}: ${e.message}`);
  }
}

function finish() {
  console.log(`\n[e2e] timings: ${timings.join(", ")}; total ${secs(Date.now() - t0)}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

// What our stack would leave in $HOME if it escaped its private folders (checked at the end).
const HOME = os.homedir();
const HOME_SUSPECTS = [".config/code-server", ".local/share/code-server", ".cache/code-server", ".cache/Microsoft", ".cache/ms-playwright", ".vscode", ".vscode-server", ".vscode-test", ".vscode-oss", ".config/Code"];
const homeBefore = new Set(HOME_SUSPECTS.filter((p) => fs.existsSync(path.join(HOME, p))));

// 1. setup
{
  const s = Date.now();
  if (!codeServerPaths().installed) {
    if (CI) {
      console.log("[e2e] code-server is not installed and CI is set: running scripts/setup-real-vscode.sh");
      const r = await runChild("setup", "bash", [path.join(ROOT, "scripts", "setup-real-vscode.sh")], { timeoutS: 1800, progressToStderr: true });
      if (r.code !== 0 || !codeServerPaths().installed) {
        console.log(`not ok - real VS Code setup (exit ${r.code})`);
        failed++;
        finish();
      }
    } else {
      console.log("not ok - real VS Code is not installed: run `npm run e2e:setup` (scripts/setup-real-vscode.sh, about 3-4 minutes; apt chromium + libkrb5-dev, Node 24 and code-server under .tools/real-vscode)");
      failed++;
      finish();
    }
  } else timings.push(`setup check ${secs(Date.now() - s)}`);
}

// 2. a development build for the extension-host suite (loaded from the repo root)
{
  const r = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: ROOT, encoding: "utf8" });
  if (r.status !== 0) {
    console.log(`not ok - build: ${r.stdout}${r.stderr}`);
    failed++;
    finish();
  }
}

const suiteHome = fs.mkdtempSync(path.join(os.tmpdir(), "ti-e2e-home-"));
const suiteEnv = { HOME: suiteHome, TEST_TIMEOUT_S: "280" };
try {
  if (!only || only === "exthost") {
    console.log("\n== e2e exthost: @vscode/test-electron runTests + scripts/code-server-test-host.mjs");
    count("exthost", await runChild("extension-host suite", process.execPath, ["test/e2e/exthost.mjs"], { timeoutS: 900, env: suiteEnv }));
  }

  if (!only || only === "ui") {
    console.log("\n== e2e vsix: npm run package");
    fs.mkdirSync(path.dirname(VSIX), { recursive: true });
    fs.rmSync(VSIX, { force: true });
    const pk = await runChild("package", process.execPath, ["scripts/package.mjs", "--out", VSIX], { timeoutS: 600, env: suiteEnv });
    check("the VSIX builds with no vsce warning and holds only dist/, package.json, README, CHANGELOG, LICENSE and the icon", () => {
      if (pk.code !== 0) throw new Error(`scripts/package.mjs exited ${pk.code}`);
      const list = spawnSync("unzip", ["-Z1", VSIX], { encoding: "utf8" }).stdout.split("\n").filter(Boolean);
      const bad = list.filter((f) => /\.(ts|tsx|map)$|node_modules\/|^extension\/(server|extension|webview|test|scripts|samples|src)\//.test(f));
      if (bad.length) throw new Error(`unexpected entries: ${bad.join(", ")}`);
      return `${(fs.statSync(VSIX).size / 1024).toFixed(1)} KiB, ${list.length} entries`;
    });
    // package.mjs left a production build in dist/; put the development build (with source maps) back
    spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: ROOT });

    console.log("\n== e2e ui: Playwright against code-server with the VSIX installed");
    const args = ["test/e2e/ui.mjs", "--vsix", VSIX, ...(process.argv.includes("--update-screenshots") ? ["--update-screenshots"] : [])];
    count("ui", await runChild("UI suite", process.execPath, args, { timeoutS: 1200, env: suiteEnv }));
  }

  if (!only || only === "frontdoor") {
    console.log("\n== e2e front door: npm run sample (URL, workbench, Ctrl+C)");
    count("frontdoor", await runChild("front door", process.execPath, ["test/e2e/front-door.mjs"], { timeoutS: 900, env: suiteEnv }));
  }
} finally {
  fs.rmSync(suiteHome, { recursive: true, force: true });
}

check("nothing of code-server, VS Code or Playwright was left in $HOME", () => {
  const appeared = HOME_SUSPECTS.filter((p) => !homeBefore.has(p) && fs.existsSync(path.join(HOME, p)));
  if (appeared.length) throw new Error(`new in ${HOME}: ${appeared.join(", ")}`);
  return `checked ${HOME_SUSPECTS.length} paths`;
});

finish();
