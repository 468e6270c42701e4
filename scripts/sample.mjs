// The front door (`npm run sample`): build everything, run the main job on the bundled sample
// session (every finding with `check`, the before/after render with `render`), then open that
// session in a real VS Code with the extension loaded:
//   - sets up code-server, Node 24 and Chromium only when missing (scripts/setup-real-vscode.sh),
//   - packages the VSIX (npm run package) and installs it into a private code-server,
//   - starts it on 127.0.0.1 only (a free port, --auth none), opening a temp COPY of the sample,
//   - prints the local URL and runs until Ctrl+C, then ends the server's process group.
// Options: --no-vscode (or CI=true): only the build and the CLI part.
//          --from-source: load the extension from this checkout (dist/) through the workbench
//            payload (--vscode-option enable-smoke-test-driver) instead of the VSIX.
//          --port N: a fixed port instead of a free one (still 127.0.0.1).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(ROOT);
const SAMPLE = "samples/sample-session.jsonl";
const args = process.argv.slice(2);
const LOG_DIR = path.join(ROOT, ".tools", "logs");
fs.mkdirSync(LOG_DIR, { recursive: true });
const say = (m) => console.log(`[sample] ${m}`);
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
// One line per step; a step's own output goes to .tools/logs/<name>.log and is shown only when it fails.
function step(label, name, cmd, argv, opts = {}) {
  const log = path.join(LOG_DIR, `${name}.log`);
  const r = spawnSync(cmd, argv, { encoding: "utf8", maxBuffer: 1 << 28, ...opts });
  fs.writeFileSync(log, (r.stdout ?? "") + (r.stderr ?? ""));
  const ok = r.status === 0;
  say(`${label}: ${ok ? "done" : "FAILED"} (${elapsed()}; log: ${path.relative(ROOT, log)})`);
  if (!ok) process.stdout.write((r.stdout ?? "") + (r.stderr ?? ""));
  return ok;
}
const cli = (argv) => spawnSync(process.execPath, ["dist/cli.js", ...argv], { stdio: "inherit" }).status;

if (!step("build", "build", process.execPath, ["scripts/build.mjs"])) process.exit(1);
console.log(`
What the sample shows: a pi session written to break in every way the engine knows. Two
pi-condense chain ranges (b5, b7) replace long tool output with a summary: that is the saving
below. Around them: a reused tool-call id (bash_23), an orphan result, a duplicate id in one
message, a dangling call, an aborted turn whose result is still sent, a cut-off line, a broken
parent, and an unresolved chain (b9). Each finding has a code; README explains each one.`);
console.log(`\n$ transcript-inspector check ${SAMPLE}`);
cli(["check", SAMPLE]);
console.log(`\n$ transcript-inspector render --format text ${SAMPLE}`);
cli(["render", "--format", "text", SAMPLE]);

if (/^(1|true|yes)$/i.test(process.env.CI ?? "") || args.includes("--no-vscode")) process.exit(0);

// ---- a real VS Code (code-server) with the extension, on a copy of the sample -----------------
const { codeServerPaths, killGroup, privateEnv, remoteUri, startCodeServer, tail, workbenchUrl } = await import("./code-server-test-host.mjs");
console.log("");
if (!codeServerPaths().installed) {
  say("code-server is not installed yet: installing it once under .tools/ (about 3-4 minutes)");
  if (!step("install code-server", "setup-real-vscode", "bash", ["scripts/setup-real-vscode.sh"]) || !codeServerPaths().installed) {
    say("setup failed; the CLI part above is complete. Retry with `npm run e2e:setup`, or run `npm run sample -- --no-vscode`.");
    process.exit(1);
  }
}

const fromSource = args.includes("--from-source");
const portArg = args.includes("--port") ? Number(args[args.indexOf("--port") + 1]) : undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ti-sample-"));
const ws = path.join(tmp, "sample");
const userDataDir = path.join(tmp, "user-data");
const extensionsDir = path.join(tmp, "extensions");
fs.mkdirSync(ws, { recursive: true });
fs.mkdirSync(path.join(userDataDir, "User"), { recursive: true });
fs.mkdirSync(extensionsDir, { recursive: true });
const file = path.join(ws, path.basename(SAMPLE));
fs.copyFileSync(SAMPLE, file);
fs.writeFileSync(
  path.join(userDataDir, "User", "settings.json"),
  JSON.stringify({ "workbench.startupEditor": "none", "telemetry.telemetryLevel": "off", "security.workspace.trust.enabled": false, "files.autoSave": "off" }, null, 2),
);
const cleanup = () => fs.rmSync(tmp, { recursive: true, force: true });

const payload = [["openFile", remoteUri(file)]];
if (fromSource) {
  say("loading the extension from this checkout (dist/) through the workbench payload");
  payload.push(["extensionDevelopmentPath", remoteUri(ROOT)], ["skipWelcome", "true"], ["skipReleaseNotes", "true"]);
} else {
  const vsix = path.join(tmp, "transcript-inspector.vsix");
  const packaged = step("package the VSIX", "package", process.execPath, ["scripts/package.mjs", "--out", vsix]);
  step("development build", "build", process.execPath, ["scripts/build.mjs"]); // back to source maps in dist/
  if (!packaged) {
    cleanup();
    process.exit(1);
  }
  say(`${path.basename(vsix)}: ${(fs.statSync(vsix).size / 1024).toFixed(0)} KiB; installing it into a private code-server profile`);
  const { node, bin } = codeServerPaths();
  const inst = spawnSync(node, [bin, "--install-extension", vsix, "--extensions-dir", extensionsDir, "--user-data-dir", userDataDir], {
    encoding: "utf8",
    env: privateEnv(tmp, { PATH: `${path.dirname(node)}:${process.env.PATH}` }),
  });
  if (inst.status !== 0) {
    say(`installing the VSIX failed:\n${inst.stdout}${inst.stderr}`);
    cleanup();
    process.exit(1);
  }
}

let server;
try {
  server = await startCodeServer({ tmp, userDataDir, extensionsDir, port: portArg, smokeTestDriver: fromSource, graceS: 3600 });
} catch (e) {
  say(e.message);
  cleanup();
  process.exit(1);
}
const url = workbenchUrl(server.url, { folder: ws, payload });
console.log(`
[sample] VS Code ${fromSource ? "(extension from source)" : "(extension installed from the VSIX)"} is running on 127.0.0.1 only, no password:

    ${url}

[sample] It opens a temp copy of ${SAMPLE}: ${file}
[sample] (plain ${server.url}/ works too; open the file from the explorer). Ctrl+C stops it.
`);

let stopping = false;
const stop = async (why) => {
  if (stopping) return;
  stopping = true;
  say(`${why}: stopping code-server`);
  await killGroup(server.pid);
  cleanup();
  process.exit(0);
};
process.on("SIGINT", () => stop("Ctrl+C"));
process.on("SIGTERM", () => stop("SIGTERM"));
server.child.on("exit", async (code) => {
  if (stopping) return;
  say(`code-server exited (${code}); last log lines:\n${tail(server.logFile)}`);
  await killGroup(server.pid);
  cleanup();
  process.exit(1);
});
setInterval(() => {}, 1 << 30); // keep running until Ctrl+C
