// The extension-host suite through the STANDARD @vscode/test-electron entry point:
//   runTests({ vscodeExecutablePath: scripts/code-server-test-host.mjs, extensionDevelopmentPath, extensionTestsPath, launchArgs })
// It compiles test/e2e/suite/*.ts with esbuild into .e2e/suite/, puts copies of the sample and of
// corpus sessions into a temp workspace (fixtures are never edited in place), writes a test profile
// with "files.autoSave": "off", and runs. Pointed at a desktop VS Code (VSCODE_EXECUTABLE=...), the
// same suite runs unchanged.
//   node test/e2e/exthost.mjs      (prints the mocha spec report and `exthost: N passed, N failed`)
import { runTests } from "@vscode/test-electron";
import { build } from "esbuild";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const CORPUS = process.env.TI_CORPUS ?? path.resolve(ROOT, "..", "shared", "corpus");
const OUT = path.join(ROOT, ".e2e", "suite");
export const CORPUS_FILES = [
  "pi/pi-mono-before-compaction-v1.jsonl",
  "pi/inspector-error-message.jsonl",
  "claude-code/daaain-edge-cases.jsonl",
  "codex/daaain-malformed.jsonl",
];

const suiteDir = path.join(ROOT, "test", "e2e", "suite");
fs.rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: fs.readdirSync(suiteDir).filter((f) => f === "index.ts" || f.endsWith(".test.ts")).map((f) => path.join(suiteDir, f)),
  outdir: OUT,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  sourcemap: "inline",
  external: ["vscode", "mocha"],
  logLevel: "warning",
});

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ti-e2e-exthost-"));
const ws = path.join(tmp, "workspace");
fs.mkdirSync(path.join(ws, "fixtures"), { recursive: true });
fs.copyFileSync(path.join(ROOT, "samples", "sample-session.jsonl"), path.join(ws, "fixtures", "sample-session.jsonl"));
for (const rel of CORPUS_FILES) {
  fs.mkdirSync(path.dirname(path.join(ws, "fixtures", rel)), { recursive: true });
  fs.copyFileSync(path.join(CORPUS, rel), path.join(ws, "fixtures", rel));
}
const userDataDir = path.join(tmp, "user-data");
fs.mkdirSync(path.join(userDataDir, "User"), { recursive: true });
fs.writeFileSync(
  path.join(userDataDir, "User", "settings.json"),
  JSON.stringify({ "files.autoSave": "off", "workbench.startupEditor": "none", "telemetry.telemetryLevel": "off", "security.workspace.trust.enabled": false, "chat.disableAIFeatures": true }, null, 2),
);
const extensionsDir = path.join(tmp, "extensions");
fs.mkdirSync(extensionsDir);

let code = 0;
try {
  await runTests({
    vscodeExecutablePath: process.env.VSCODE_EXECUTABLE ?? path.join(ROOT, "scripts", "code-server-test-host.mjs"),
    extensionDevelopmentPath: ROOT,
    extensionTestsPath: path.join(OUT, "index.js"),
    launchArgs: [ws, `--user-data-dir=${userDataDir}`, `--extensions-dir=${extensionsDir}`, "--disable-extensions"],
    extensionTestsEnv: { TI_E2E: "1", ...(process.env.TI_E2E_GREP ? { TI_E2E_GREP: process.env.TI_E2E_GREP } : {}) },
  });
} catch (e) {
  console.error(`exthost: run failed: ${e.message}`);
  code = 1;
} finally {
  if (!process.env.KEEP_TMP) fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(code);
