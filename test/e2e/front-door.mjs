// The README's run command, for real: `node scripts/sample.mjs` must print a 127.0.0.1 URL whose
// workbench shows the sample session with the extension active, and Ctrl+C (SIGINT to its process
// group, as a terminal sends it) must end code-server and remove the temp copy.
// Prints `ok`/`not ok` per step and `frontdoor: N passed, N failed`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { killGroup, launchBrowser } from "../../scripts/code-server-test-host.mjs";
import { createSteps } from "./steps.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const steps = createSteps();
const step = steps.step;

/** Processes whose command line mentions `needle` (read from /proc). */
function processesWith(needle) {
  const out = [];
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(needle)) out.push(Number(pid));
    } catch {}
  }
  return out;
}

const child = spawn(process.execPath, ["scripts/sample.mjs"], { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, CI: "" } });
let out = "";
child.stdout.on("data", (d) => (out += d));
child.stderr.on("data", (d) => (out += d));
const exited = new Promise((r) => child.on("exit", (code, signal) => r(code ?? signal)));
let url;
let tmpDir;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ti-e2e-front-"));
try {
  await step("npm run sample prints a 127.0.0.1 URL (build, CLI, VSIX, code-server)", async () => {
    const end = Date.now() + 240_000;
    while (!(url = /http:\/\/127\.0\.0\.1:\d+\/\?folder=\S+/.exec(out)?.[0])) {
      if (Date.now() > end) throw new Error(`no URL within 240 s:\n${out.slice(-1500)}`);
      if (child.exitCode !== null) throw new Error(`sample.mjs exited ${child.exitCode}:\n${out.slice(-1500)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    if (!/orphan-result/.test(out) || !/dropped by orphan-sweep/.test(out)) throw new Error("the CLI part (check and render) did not run first");
    tmpDir = /temp copy of \S+: (\/\S+)\/sample\/sample-session\.jsonl/.exec(out)?.[1];
    if (!tmpDir || !fs.existsSync(path.join(tmpDir, "sample", "sample-session.jsonl"))) throw new Error("no temp copy of the sample");
    return url.slice(0, 40) + "…";
  });

  await step("the URL opens the sample session with the extension (installed from the VSIX) active", async () => {
    const browser = await launchBrowser(tmp);
    try {
      const page = browser.pages()[0] ?? (await browser.newPage());
      // Hang guards, not timings: a busy 2-core CI machine loads the workbench slowly.
      page.setDefaultNavigationTimeout(180_000);
      page.setDefaultTimeout(90_000);
    // Hang guards, not timings: a busy 2-core CI machine loads the workbench slowly.
    page.setDefaultNavigationTimeout(180_000);
    page.setDefaultTimeout(90_000);
      await page.goto(url);
      await page.locator(".monaco-editor .view-line", { hasText: "Run the test suite and fix what fails." }).waitFor({ timeout: 90_000 });
      const status = page.locator(".statusbar-item", { hasText: "28→24" }).first();
      await status.waitFor({ timeout: 60_000 });
      const ext = fs.readdirSync(path.join(tmpDir, "extensions")).find((d) => d.startsWith("transcript-inspector.transcript-inspector-"));
      if (!ext) throw new Error("the VSIX is not installed in the private extensions folder");
      return `${await page.title()}; ${ext}`;
    } finally {
      await browser.close();
    }
  });

  await step("Ctrl+C ends code-server (its whole process group) and removes the temp copy", async () => {
    if (processesWith(tmpDir).length === 0) throw new Error("no code-server process found before Ctrl+C");
    process.kill(-child.pid, "SIGINT");
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r("timeout"), 20_000))]);
    if (code !== 0) throw new Error(`sample.mjs exit ${code}`);
    const left = processesWith(tmpDir);
    if (left.length) throw new Error(`processes left: ${left.join(", ")}`);
    if (fs.existsSync(tmpDir)) throw new Error(`${tmpDir} is still there`);
    return "exit 0, no process left";
  });
} finally {
  await killGroup(child.pid, 2000);
  if (tmpDir) for (const pid of processesWith(tmpDir)) await killGroup(pid, 2000);
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log(`frontdoor: ${steps.passed} passed, ${steps.failed} failed`);
  process.exit(steps.failed ? 1 : 0);
}
