// UI suite: Playwright (playwright-core + Debian's Chromium) against a private code-server with the
// extension installed FROM THE VSIX (the packaged artefact itself), on a temp copy of the sample.
// Steps: the VSIX installs; the Problems panel shows the sample's findings; the hover on a reused
// tool-call id renders; the quick-fix menu (Ctrl+.) applies "Remove orphan tool result"; the
// inspector webview shows bands and totals matching the CLI; a click in the webview moves the
// editor (webview -> host) and the editor cursor highlights the row (host -> webview); at 620 px
// no labels intersect; a message expands to its full text; search marks and jumps; after a window
// reload the panel comes back with its search; a Claude Code file (from the shared corpus) shows
// its After label (Claude Code's own resume), the subagent group under the Task call and recorded usage. Issue 23: the
// conversation view (Markdown, a tool-call card with its result, a diff, changes only, the
// timeline) and axe-core in the four theme kinds; a fix previewed in the diff editor before it is
// applied; the branch and root picker on a file with two root conversations; a subagent opened in
// place and in its own file; "Go to the Line of a Provider Error"; a 12 MB session behind VS Code's
// "very large file" notice still has its status, inspector button, inspector and problems. Issue 26:
// the Sessions view lists the sessions of every agent laid out in the private home, subagents
// under their parent.
//   node test/e2e/ui.mjs --vsix FILE.vsix [--update-screenshots]
// Screenshots of each step go to .e2e/screenshots/; with --update-screenshots (or
// TI_UPDATE_SCREENSHOTS=1) also to docs/screenshots/ (diagnostics, hover, quickfix, inspector*,
// fix-preview, provider-error, large-file, sessions; issue 23's inspector shots are cropped to the inspector).
// Prints `ok`/`not ok` per step and `ui: N passed, N failed`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { codeServerPaths, launchBrowser, privateEnv, startCodeServer, workbenchUrl } from "../../scripts/code-server-test-host.mjs";
import { createSteps } from "./steps.mjs";
import { CONVERSATION_MARKDOWN, conversationText, GHOST_ERROR, ghostText, twoRootsText, writeBigSession, writeSubagentSession } from "./fixtures.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const VSIX = path.resolve(arg("--vsix") ?? path.join(ROOT, ".e2e", "transcript-inspector.vsix"));
const UPDATE = process.argv.includes("--update-screenshots") || process.env.TI_UPDATE_SCREENSHOTS === "1";
const SHOTS = path.join(ROOT, ".e2e", "screenshots");
const DOCS_SHOTS = path.join(ROOT, "docs", "screenshots");
const SAMPLE = "sample-session.jsonl";
// a Claude Code session with subagent (sidechain) lines 3-5 under the Task call on line 1
const CORPUS = process.env.TI_CORPUS ?? path.resolve(ROOT, "..", "shared", "corpus");
const CLAUDE = "daaain-sidechain-integrated.jsonl";
fs.rmSync(SHOTS, { recursive: true, force: true });
fs.mkdirSync(SHOTS, { recursive: true });

const t0 = Date.now();
const secs = (ms) => (ms / 1000).toFixed(1);
const steps = createSteps(async (n) => {
  if (page) await page.screenshot({ path: path.join(SHOTS, `failed-${n}.png`) }).catch(() => {});
});
const step = steps.step;

async function shot(name) {
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file });
  if (UPDATE) {
    fs.mkdirSync(DOCS_SHOTS, { recursive: true });
    fs.copyFileSync(file, path.join(DOCS_SHOTS, `${name}.png`));
  }
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ti-e2e-ui-"));
const ws = path.join(tmp, "sample-workspace");
const userDataDir = path.join(tmp, "user-data");
const extensionsDir = path.join(tmp, "extensions");
fs.mkdirSync(ws, { recursive: true });
fs.copyFileSync(path.join(ROOT, "samples", SAMPLE), path.join(ws, SAMPLE));
const claudeSource = path.join(CORPUS, "claude-code", CLAUDE);
if (fs.existsSync(claudeSource)) fs.copyFileSync(claudeSource, path.join(ws, CLAUDE));
// issue 23's files (test/e2e/fixtures.mjs)
fs.writeFileSync(path.join(ws, "conversation.jsonl"), conversationText());
fs.writeFileSync(path.join(ws, "two-roots.jsonl"), twoRootsText());
fs.writeFileSync(path.join(ws, "ghost.jsonl"), ghostText());
// issue 26: a Claude Code session compacted by hand (a constructed fixture of test/fixtures)
fs.copyFileSync(path.join(ROOT, "test", "fixtures", "claude-code", "compact-boundary.jsonl"), path.join(ws, "compact-boundary.jsonl"));
const SUBAGENT_SESSION = fs.existsSync(path.join(CORPUS, "claude-code")) ? writeSubagentSession(CORPUS, ws) : undefined;
const BIG = "big-session.jsonl";
const bigBytes = writeBigSession(path.join(ws, BIG));
const AXE = fs.readFileSync(path.join(ROOT, "node_modules", "axe-core", "axe.min.js"), "utf8");
// The session library's fake home (issue 26): code-server's HOME is tmp/home (privateEnv); each
// agent's sessions in its own layout, copied from the shared corpus (small files only).
const HOME_LAYOUT = [
  ["claude-code/daaain-minimal-showcase-parallel-agents.jsonl", ".claude/projects/-workspace-example-app/3f2b1c4d-0000-4000-8000-000000000001.jsonl"],
  ["claude-code/daaain-subagent-showcol2.jsonl", ".claude/projects/-workspace-example-app/3f2b1c4d-0000-4000-8000-000000000001/subagents/agent-showcol2.jsonl"],
  ["claude-code/daaain-dag-compact-after-rewind.jsonl", ".claude/projects/-tmp/dag-compact.jsonl"],
  ["codex/daaain-parent-spawn.jsonl", ".codex/sessions/2026/01/03/rollout-2026-01-03T04-05-06-22222222-2222-4222-8222-222222222222.jsonl"],
  ["codex/daaain-subagent-child.jsonl", ".codex/sessions/2026/01/03/rollout-2026-01-03T04-05-10-33333333-3333-4333-8333-333333333333.jsonl"],
  ["pi/inspector-branching.jsonl", ".pi/agent/sessions/--fixture--/2026-01-01T00-00-00-000Z_fixture-session.jsonl"],
  ["pi/inspector-error-message.jsonl", ".pi/agent/sessions/--fixture--/2026-01-02T00-00-00-000Z_error-session.jsonl"],
];
const homeAgents = new Set();
for (const [from, to] of HOME_LAYOUT) {
  if (!fs.existsSync(path.join(CORPUS, from))) continue;
  fs.mkdirSync(path.dirname(path.join(tmp, "home", to)), { recursive: true });
  fs.copyFileSync(path.join(CORPUS, from), path.join(tmp, "home", to));
  if (to.endsWith(".jsonl")) homeAgents.add({ "claude-code": "Claude Code", codex: "Codex", pi: "pi" }[from.split("/")[0]]);
}
fs.mkdirSync(path.join(userDataDir, "User"), { recursive: true });
fs.mkdirSync(extensionsDir, { recursive: true });
fs.writeFileSync(
  path.join(userDataDir, "User", "settings.json"),
  JSON.stringify(
    {
      "files.autoSave": "off",
      "workbench.startupEditor": "none",
      "workbench.tips.enabled": false,
      "telemetry.telemetryLevel": "off",
      "security.workspace.trust.enabled": false,
      "chat.disableAIFeatures": true,
      "workbench.secondarySideBar.defaultVisibility": "hidden",
      "editor.minimap.enabled": false,
      "editor.hover.delay": 200,
      "window.zoomLevel": 0,
    },
    null,
    2,
  ),
);

let server;
let browser;
let page;
const { node, bin } = codeServerPaths();

try {
  await step("the VSIX installs into code-server (--install-extension)", async () => {
    if (!fs.existsSync(VSIX)) throw new Error(`no VSIX at ${VSIX} (npm run package)`);
    const r = spawnSync(node, [bin, "--install-extension", VSIX, "--extensions-dir", extensionsDir, "--user-data-dir", userDataDir], {
      encoding: "utf8",
      env: privateEnv(tmp, { PATH: `${path.dirname(node)}:${process.env.PATH}` }),
      timeout: 120_000,
    });
    const out = `${r.stdout}${r.stderr}`;
    if (r.status !== 0 || !/successfully installed/.test(out)) throw new Error(`install failed (${r.status}): ${out.trim()}`);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    const dir = path.join(extensionsDir, `${pkg.publisher}.${pkg.name}-${pkg.version}`);
    for (const f of ["package.json", "dist/extension.js", "dist/server.js", "dist/webview/main.js"])
      if (!fs.existsSync(path.join(dir, f))) throw new Error(`installed extension lacks ${f}`);
    if (fs.existsSync(path.join(dir, "server")) || fs.existsSync(path.join(dir, "node_modules"))) throw new Error("installed extension holds sources or node_modules");
    return `${path.basename(VSIX)} -> ${path.basename(dir)}`;
  });

  await step("the workbench opens the sample session with the extension active", async () => {
    server = await startCodeServer({ tmp, userDataDir, extensionsDir });
    browser = await launchBrowser(tmp, { viewport: { width: 1440, height: 900 } });
    page = browser.pages()[0] ?? (await browser.newPage());
    // Hang guards, not timings: a busy 2-core CI machine loads the workbench slowly.
    page.setDefaultNavigationTimeout(180_000);
    page.setDefaultTimeout(90_000);
    await page.goto(workbenchUrl(server.url, { folder: ws }));
    await page.locator(".monaco-workbench").waitFor({ timeout: 90_000 });
    await page.locator(".explorer-folders-view").waitFor({ timeout: 90_000 });
    await page.locator(".monaco-workbench").click({ position: { x: 720, y: 450 } }).catch(() => {});
    await page.keyboard.press("Control+P");
    await page.locator(".quick-input-widget input").fill(SAMPLE);
    await page.locator(".quick-input-list .monaco-list-row", { hasText: SAMPLE }).first().waitFor({ timeout: 90_000 });
    await page.keyboard.press("Enter");
    await page.locator(".monaco-editor .view-line", { hasText: "Run the test suite and fix what fails." }).waitFor({ timeout: 90_000 });
    // the language status says JSON Lines; the extension's status item shows the counts
    await page.locator(".statusbar-item", { hasText: /JSON Lines/i }).first().waitFor({ timeout: 90_000 });
    const status = page.locator("#transcriptInspector\\.status, .statusbar-item[id*='transcriptInspector']").first();
    await status.waitFor({ timeout: 60_000 });
    return `server up in ${server.startMs} ms; status bar: ${(await status.innerText()).replace(/\s+/g, " ").trim()}`;
  });

  const problems = () => page.locator(".markers-panel .monaco-list-row");
  await step("the Problems panel lists the sample's findings with their codes", async () => {
    await page.keyboard.press("Control+Shift+M");
    await page.locator(".markers-panel .monaco-list-row", { hasText: "orphan-result" }).first().waitFor({ timeout: 60_000 });
    // The editor shows what `check` prints (one list for both, issue 23): the status bar's error,
    // warning and information counts are the CLI's on the same file. The panel is a virtual list
    // sorted by severity, so check the first rows by code and the totals in the status bar.
    const wanted = ["leading-non-user", "malformed-line", "orphan-result", "duplicate-call-id"]; // errors sort first
    for (const code of wanted) await problems().filter({ hasText: code }).first().waitFor({ timeout: 90_000 });
    const cli = spawnSync(process.execPath, [path.join(ROOT, "dist", "cli.js"), "check", "--format", "json", path.join(ws, SAMPLE)], { encoding: "utf8" });
    const found = JSON.parse(cli.stdout).files[0].findings;
    const n = (sev) => found.filter((f) => f.severity === sev).length;
    const want = `${n("error")} ${n("warning")} ${n("information")}`;
    const counts = (await page.locator("#status\\.problems").innerText()).replace(/\s+/g, " ").trim();
    if (counts !== want) throw new Error(`status bar problem counts "${counts}", want "${want}" (check --format json on the sample)`);
    const rows = (await problems().allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());
    const orphanRow = rows.find((r) => r.includes("bash_99"));
    if (!orphanRow || !/\[Ln 19, Col 117\]/.test(orphanRow)) throw new Error(`no orphan row for bash_99 at Ln 19, Col 117 (the key of its id) in:\n${rows.join("\n")}`);
    await page.locator(".monaco-editor .view-lines").first().click();
    await shot("diagnostics");
    return `${rows.length} rows visible, e.g. "${orphanRow.slice(0, 110)}"`;
  });

  const goTo = async (line, col) => {
    await page.locator(".monaco-editor .view-lines").first().click();
    await page.keyboard.press("Control+G");
    await page.locator(".quick-input-widget input").fill(`:${line}:${col}`);
    await page.keyboard.press("Enter");
    await page.locator(".statusbar-item", { hasText: `Ln ${line}, Col ${col}` }).waitFor({ timeout: 10_000 });
  };

  await step("the hover on a reused tool-call id renders every occurrence", async () => {
    const hover = page.locator(".monaco-hover", { hasText: "occurrences in this file" });
    // a tall editor (Problems panel hidden) gives the hover room for its occurrence table
    if (await page.locator(".part.panel .markers-panel").isVisible()) {
      await page.locator(".monaco-editor .view-lines").first().click();
      await page.keyboard.press("Control+J");
    }
    for (let attempt = 1; ; attempt++) {
      await goTo(16, 153); // inside "bash_23" of the second call
      await page.keyboard.press("Control+K");
      await page.keyboard.press("Control+I");
      try {
        await hover.first().waitFor({ timeout: 8000 });
        break;
      } catch (e) {
        if (attempt === 4) throw e;
        await page.keyboard.press("Escape");
      }
    }
    const text = (await hover.first().innerText()).replace(/\s+/g, " ");
    if (!/bash_23: 4 occurrences in this file/.test(text)) throw new Error(`hover text: ${text.slice(0, 300)}`);
    for (const l of ["line 8", "line 9", "line 16", "line 17"]) if (!text.includes(l)) throw new Error(`hover lacks ${l}: ${text.slice(0, 300)}`);
    // the table first: the id's diagnostic sits on its key, so no diagnostic text comes before it (issue 23 item 7)
    const tableAt = text.indexOf("4 occurrences in this file");
    if (tableAt > 80) throw new Error(`the occurrence table is not first in the hover: ${text.slice(0, 300)}`);
    await hover.first().locator("table").first().scrollIntoViewIfNeeded().catch(() => {});
    await page.waitForTimeout(300);
    await shot("hover");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+Shift+M"); // the Problems panel back for the quick-fix step
    await problems().first().waitFor({ timeout: 10_000 });
    return /Tool-call id bash_23: 4 occurrences in this file/.exec(text)?.[0];
  });

  await step("the quick-fix menu (Ctrl+.) removes the orphan result and its problem", async () => {
    const fix = page.locator(".action-widget .monaco-list-row", { hasText: /Remove orphan tool result .?bash_99/ });
    for (let attempt = 1; ; attempt++) {
      await goTo(19, 132);
      await page.keyboard.press("Control+.");
      try {
        await fix.first().waitFor({ timeout: 6000 });
        break;
      } catch (e) {
        if (attempt === 4) throw e;
        await page.keyboard.press("Escape");
      }
    }
    await shot("quickfix");
    await fix.first().click();
    await problems().filter({ hasText: "bash_99" }).first().waitFor({ state: "detached", timeout: 90_000 });
    await page.locator(".monaco-editor .view-line", { hasText: '"bash_99"' }).first().waitFor({ state: "detached", timeout: 10_000 });
    // the edit is unsaved (auto-save is off in the test profile); save the temp copy for the CLI oracle below
    await page.keyboard.press("Control+S");
    await page.waitForFunction(() => !document.querySelector(".tab.dirty"), null, { timeout: 10_000 });
    const left = (await problems().allInnerTexts()).filter((t) => t.includes("orphan-result")).length;
    return `bash_99 gone; ${left} orphan-result row(s) left`;
  });

  const runCommand = async (title) => {
    // A command whose `when` clause needs the session's editor (its language, the extension
    // active) may be missing from the palette for a while on a busy machine: ask again, up to
    // four times, from a fresh click in the editor.
    for (let attempt = 1; ; attempt++) {
      await page.locator(".monaco-editor .view-lines").first().click();
      await page.keyboard.press("F1");
      await page.locator(".quick-input-widget input").fill(`>${title}`);
      const shown = await page
        .locator(".quick-input-list .monaco-list-row", { hasText: title })
        .first()
        .waitFor({ timeout: 15_000 })
        .then(() => true, (e) => (attempt < 4 ? false : Promise.reject(e)));
      if (shown) break;
      await page.keyboard.press("Escape");
      await page.waitForTimeout(1000);
    }
    await page.keyboard.press("Enter");
    await page.locator(".quick-input-widget").waitFor({ state: "hidden", timeout: 5000 }).catch(() => {});
  };
  const inner = () => page.frameLocator("iframe.webview.ready").frameLocator("#active-frame");
  await step("the inspector webview shows the chain bands and the totals the CLI computes", async () => {
    const r = spawnSync(process.execPath, [path.join(ROOT, "dist", "cli.js"), "render", "--format", "json", path.join(ws, SAMPLE)], { encoding: "utf8" });
    const view = JSON.parse(r.stdout);
    // room for the inspector: no panel, no side bar
    await page.locator(".monaco-editor .view-lines").first().click();
    if (await page.locator(".part.panel .markers-panel").isVisible()) await page.keyboard.press("Control+J");
    if (await page.locator(".part.sidebar").isVisible()) await page.keyboard.press("Control+B");
    await runCommand("Transcript Inspector: Open Inspector to the Side");
    const w = inner();
    const before = w.locator(".totals [data-total=before] [data-messages]");
    await before.waitFor({ timeout: 60_000 });
    const got = {
      before: Number(await before.getAttribute("data-messages")),
      after: Number(await w.locator(".totals [data-total=after] [data-messages]").getAttribute("data-messages")),
    };
    if (got.before !== view.before.length || got.after !== view.after.length)
      throw new Error(`totals ${JSON.stringify(got)} but the CLI renders ${view.before.length} before / ${view.after.length} after`);
    await w.locator(".row.banded").first().waitFor({ timeout: 15_000 });
    const bands = [...new Set(await w.locator(".row.banded").evaluateAll((els) => els.map((e) => e.getAttribute("data-band"))))];
    const chips = await w.locator(".ranges .chip[data-range]").evaluateAll((els) => els.map((e) => e.getAttribute("data-range")));
    const resolved = view.chains.filter((c) => c.resolved !== false && !c.unresolved).map((c) => c.blockId ?? c.id);
    if (!bands.length || !chips.length) throw new Error(`no bands (${bands}) or range chips (${chips})`);
    await goTo(3, 1); // the first user message of band b5: the inspector highlights its row
    await w.locator(".row.highlight").first().waitFor({ timeout: 10_000 });
    await page.waitForTimeout(500);
    await shot("inspector");
    const totals = (await w.locator(".totals").innerText()).replace(/\s+/g, " ").trim();
    return `${totals.slice(0, 120)}; bands ${bands.join(",")}; chips ${chips.join(",")}${resolved.length ? `; CLI chains ${resolved.join(",")}` : ""}`;
  });

  await step("messages round-trip: a webview click moves the editor, the editor cursor highlights the row", async () => {
    const w = inner();
    // webview -> host: openLine. The line of a message is its button ("L6: open the line in the
    // editor"; the cell holds controls, so it is none). Line 6 is a message of its own: a tool
    // result (lines 5, 9) is drawn in its call's card, not in a cell.
    const cell = w.locator(".cell.msg.before[data-line='6']").first();
    await cell.getByRole("button", { name: "L6: open the line in the editor" }).click();
    await page.locator(".statusbar-item", { hasText: /Ln 6, Col 1\b/ }).waitFor({ timeout: 15_000 });
    // host -> webview: revealLine follows the cursor. Line 9 is the result of the call on line 8:
    // the call's row is highlighted and its card opens on that result.
    await goTo(9, 5);
    const call = w.locator(".row.highlight .cell.msg.before.highlight[data-line='8']").first();
    const result = call.locator("details.card[open] .card-result[data-line='9']").first();
    await result.waitFor({ timeout: 15_000 });
    // the result's line button, in the open card, moves the editor to the line's start
    await result.getByRole("button", { name: "L9: open the line in the editor" }).click();
    await page.locator(".statusbar-item", { hasText: /Ln 9, Col 1\b/ }).waitFor({ timeout: 15_000 });
    return "L6 -> Ln 6; cursor on line 9 -> the call's row highlighted, its card open on the result; L9 in the card -> Ln 9, Col 1";
  });

  await step("the inspector at 620 px: no two labels of the header and the rows in view intersect", async () => {
    // the workbench splits its width between the editor and the inspector: size it so the inspector is ~620 px
    const frameWidth = async () => (await page.locator("iframe.webview.ready").first().boundingBox())?.width ?? 0;
    let width = 1440;
    for (let i = 0; i < 3; i++) {
      const got = await frameWidth();
      if (Math.abs(got - 620) <= 8) break;
      width = Math.round(width + (620 - got) * 2);
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(700);
    }
    const got = Math.round(await frameWidth());
    if (Math.abs(got - 620) > 12) throw new Error(`the inspector is ${got} px wide, not about 620`);
    const w = inner();
    await w.locator(".row .msg").first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(300);
    const overlaps = await w.locator(".app").evaluate((app) => {
      const sel = [".totals .total", ".toolbar .search-group", ".toolbar vscode-checkbox", ".toolbar .tool-filter", ".toolbar .count", ".ranges .chip", ".ranges .fcount", ".colhead", ".row .band-label", ".row .head .who", ".row .head .tool", ".row .head .id", ".row .head .time", ".row .head .line", ".row .head .tokens", ".row .head .expand", ".row .tag", ".row .finding-label", ".row .fmsg", ".row button.fix"];
      const scroller = app.querySelector(".scroller").getBoundingClientRect();
      const els = [...new Set(sel.flatMap((q) => [...app.querySelectorAll(q)]))].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && (!e.closest(".row") || (r.top >= scroller.top && r.bottom <= scroller.bottom));
      });
      const out = [];
      for (let i = 0; i < els.length; i++)
        for (let j = i + 1; j < els.length; j++) {
          if (els[i].contains(els[j]) || els[j].contains(els[i])) continue;
          const a = els[i].getBoundingClientRect();
          const b = els[j].getBoundingClientRect();
          const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (x > 0.5 && y > 0.5) out.push(`${els[i].className} × ${els[j].className}`);
        }
      return { out, n: els.length };
    });
    if (overlaps.out.length) throw new Error(`overlapping labels: ${overlaps.out.slice(0, 5).join("; ")}`);
    await shot("inspector-620");
    return `${got} px wide; ${overlaps.n} labels, none intersecting`;
  });

  await step("a message expands to its full text, fetched from the server (tool arguments as JSON)", async () => {
    const w = inner();
    const cell = w.locator(".cell.msg.before[data-role='assistant']", { has: w.locator(".ids") }).first();
    await cell.locator("button.expand").click();
    const pre = cell.locator("pre.fulltext");
    await pre.waitFor({ timeout: 15_000 });
    const text = await pre.innerText();
    if (!/\[tool call\] \w+ \(\w+\)\n\{\n {2}"/.test(text)) throw new Error(`full text is not a tool call with indented JSON: ${JSON.stringify(text.slice(0, 120))}`);
    await shot("inspector-expanded");
    await cell.locator("button.expand").click();
    await cell.locator("pre.fulltext").waitFor({ state: "detached", timeout: 10_000 });
    return JSON.stringify(text.split("\n").slice(0, 3).join(" | "));
  });

  await step("search marks its matches in the rows and Enter jumps to a match", async () => {
    const w = inner();
    const input = w.locator("vscode-textfield.search input");
    await input.fill("deploy");
    await w.locator(".row mark.hit:visible").first().waitFor({ timeout: 15_000 });
    // The marks and the count are two renders (the matching rows come back from the server): wait
    // for the count to say that the rows are filtered, rather than read it once.
    const count = w.locator(".toolbar .count");
    let shown = 0;
    let total = 0;
    for (const until = Date.now() + 15_000; ; await page.waitForTimeout(200)) {
      shown = Number(await count.getAttribute("data-shown"));
      total = Number(await count.getAttribute("data-total"));
      if ((shown > 0 && shown < total) || Date.now() > until) break;
    }
    if (!(shown > 0 && shown < total)) throw new Error(`search shows ${shown} of ${total} rows`);
    // a closed card keeps its body (and the marks in it) in the DOM, hidden: read the marks' text,
    // not what is laid out
    const marks = await w.locator(".row mark.hit").allTextContents();
    if (!marks.every((t) => t.toLowerCase() === "deploy")) throw new Error(`marks ${JSON.stringify(marks)}`);
    await input.press("Enter");
    await w.locator(".row.current-match mark.hit:visible").first().waitFor({ timeout: 10_000 });
    await shot("inspector-search");
    return `${shown} of ${total} rows match, ${marks.length} marks; Enter -> current match`;
  });

  await step("after a window reload the inspector comes back with its search (the panel serializer)", async () => {
    // saved first (the quick fix above left the file dirty): nothing asks before the reload
    await runCommand("File: Save All");
    // The webview posts its state to the workbench shortly after a change (usePersistedState).
    // VS Code for the web writes the workbench's state to IndexedDB on focus loss, about once a
    // minute and when a shutdown is expected; "Developer: Reload Window" is such a shutdown: its
    // reload waits for that write (a page reload from outside does not, and lost the search once).
    await page.waitForTimeout(1000);
    const reloaded = page.waitForEvent("framenavigated", { predicate: (f) => f === page.mainFrame(), timeout: 90_000 });
    await runCommand("Developer: Reload Window");
    await reloaded;
    if (page.isClosed()) page = browser.pages().at(-1);
    await page.locator(".monaco-workbench").waitFor({ timeout: 90_000 });
    const w = inner();
    await w.locator(".totals [data-total=before] [data-messages]").waitFor({ timeout: 90_000 });
    // the restored state reaches the search field once the page has mounted: wait for it
    // (a condition with a generous bound, not a timing assertion)
    let value = "";
    for (let i = 0; i < 60 && value !== "deploy"; i++) {
      value = await w.locator("vscode-textfield.search").evaluate((e) => e.value).catch(() => "");
      if (value !== "deploy") await page.waitForTimeout(500);
    }
    if (value !== "deploy") throw new Error(`search after reload: ${JSON.stringify(value)}`);
    await w.locator(".row mark.hit:visible").first().waitFor({ timeout: 15_000 });
    const tabs = await page.locator(".tab", { hasText: /Inspect sample-session/ }).count();
    if (tabs !== 1) throw new Error(`${tabs} inspector tabs after the reload`);
    // clear the search for the screenshots that follow
    await w.locator("vscode-textfield.search input").fill("");
    return "reloaded with Developer: Reload Window; panel restored, search kept, matches marked";
  });

  await step("a Claude Code file: the After label is Claude Code's, the subagent lines group under the Task call, recorded usage shows", async () => {
    if (!fs.existsSync(claudeSource)) throw new Error(`no corpus file ${claudeSource} (set TI_CORPUS to the shared corpus)`);
    // one inspector at a time: the sample's editor and panel closed first
    await runCommand("View: Close All Editors");
    await page.locator("iframe.webview.ready").waitFor({ state: "detached", timeout: 15_000 });
    await page.keyboard.press("Control+P");
    await page.locator(".quick-input-widget input").fill(CLAUDE);
    await page.locator(".quick-input-list .monaco-list-row", { hasText: CLAUDE }).first().waitFor({ timeout: 90_000 });
    await page.keyboard.press("Enter");
    await page.locator(".monaco-editor .view-line", { hasText: "isSidechain" }).first().waitFor({ timeout: 90_000 });
    await runCommand("Transcript Inspector: Open Inspector to the Side");
    const w = inner();
    // what After models, the recorded totals: in the Details panel
    await w.locator(".details-button").waitFor({ timeout: 60_000 });
    await w.locator(".details-button").click();
    const meta = w.locator(".details-panel .meta[data-after-model]");
    await meta.waitFor({ timeout: 60_000 });
    const label = (await meta.innerText()).replace(/\s+/g, " ").trim();
    // After is what Claude Code itself sends on resume (its own reading, 2.1.112 by default)
    if ((await meta.getAttribute("data-after-model")) !== "agent-resume" || !/claude-code · resume \(2\.1\.112\)/.test(label) || /pi-condense/.test(label)) throw new Error(`After label "${label}" (${await meta.getAttribute("data-after-model")})`);
    const side = w.locator(".cell.msg.before[data-line='1'] .tag-sidechain");
    await side.waitFor({ timeout: 15_000 });
    const sideText = (await side.innerText()).replace(/\s+/g, " ").trim();
    if (!/subagent · 2 messages \(lines 3–5\)/.test(sideText)) throw new Error(`sidechain tag "${sideText}"`);
    const usage = w.locator(".cell.msg.before[data-line='1'] .tag-usage");
    const usageText = (await usage.innerText()).replace(/\s+/g, " ").trim();
    if (usageText !== "recorded: 3 in · 365 out · cache 141,272 write") throw new Error(`usage tag "${usageText}"`);
    const recorded = w.locator(".details-panel .recorded");
    if ((await recorded.getAttribute("data-responses")) !== "3") throw new Error(`recorded totals over ${await recorded.getAttribute("data-responses")} responses, want 3`);
    await page.waitForTimeout(300);
    await shot("inspector-claude-code");
    return `${label}; ${sideText}; ${usageText}; ${(await recorded.innerText()).replace(/\s+/g, " ").trim()}`;
  });

  // ---- issue 23 ------------------------------------------------------------------------------
  /** Opens a workspace file by name (Ctrl+P) and waits for `ready` (a locator) to show. */
  const openFile = async (name, ready) => {
    await runCommand("View: Close All Editors");
    await page.locator("iframe.webview.ready").waitFor({ state: "detached", timeout: 15_000 }).catch(() => {});
    await page.keyboard.press("Control+P");
    await page.locator(".quick-input-widget input").fill(name);
    await page.locator(".quick-input-list .monaco-list-row", { hasText: name }).first().waitFor({ timeout: 30_000 });
    await page.keyboard.press("Enter");
    await ready().waitFor({ timeout: 60_000 });
  };
  const openInspector = async () => {
    await runCommand("Transcript Inspector: Open Inspector to the Side");
    await inner().locator(".totals [data-total=before] [data-messages]").waitFor({ timeout: 60_000 });
  };
  /** Opens the workspace file `name` (its editor showing a line with `text`) and its inspector to the side; returns the inspector's page. */
  const inspectFile = async (name, text) => {
    await openFile(name, () => page.locator(".monaco-editor .view-line", { hasText: text }).first());
    await openInspector();
    return inner();
  };
  /** The inspector's page as a Playwright frame (axe runs in it through the DevTools protocol: its CSP does not apply). */
  const inspectorFrame = async () => {
    for (let i = 0; i < 40; i++) {
      for (const f of page.frames()) if (await f.$(".app .totals").catch(() => null)) return f;
      await page.waitForTimeout(250);
    }
    throw new Error("no inspector frame");
  };
  /** A screenshot of the inspector alone (its tab and its page), for README: smaller than the window. */
  const shotInspector = async (name) => {
    const box = await page.locator("iframe.webview.ready").first().boundingBox();
    if (!box) throw new Error("the inspector is not laid out");
    const tab = 35; // the editor tab above the webview
    const file = path.join(SHOTS, `${name}.png`);
    await page.screenshot({ path: file, clip: { x: box.x, y: Math.max(0, box.y - tab), width: box.width, height: box.height + Math.min(tab, box.y) } });
    if (UPDATE) {
      fs.mkdirSync(DOCS_SHOTS, { recursive: true });
      fs.copyFileSync(file, path.join(DOCS_SHOTS, `${name}.png`));
    }
  };
  /** shotInspector once the page has settled (300 ms). */
  const settledShot = async (name) => {
    await page.waitForTimeout(300);
    await shotInspector(name);
  };
  /** Chooses a colour theme as a user does (Ctrl+K Ctrl+T); returns the theme that was active. */
  const chooseTheme = async (theme) => {
    await page.locator(".monaco-editor .view-lines").first().click();
    // Ctrl+K Ctrl+T: Preferences: Color Theme (typed into the palette, "Browse Color Themes in Marketplace" can rank first)
    await page.keyboard.press("Control+K");
    await page.keyboard.press("Control+T");
    const input = page.locator('.quick-input-widget input[placeholder*="Color Theme"]');
    await input.waitFor({ timeout: 15_000 });
    const was = (await page.locator(".quick-input-list .monaco-list-row.focused .label-name").first().innerText({ timeout: 15_000 })).trim();
    await input.fill(theme);
    const exact = new RegExp(`^${theme}$`); // theme names hold no pattern characters
    // the filtered list focuses its best match: Enter once that is the theme (a click could land on a row the filter moves)
    await page.locator(".quick-input-list .monaco-list-row.focused .label-name", { hasText: exact }).first().waitFor({ timeout: 15_000 });
    await page.keyboard.press("Enter");
    await page.locator(".quick-input-widget").waitFor({ state: "hidden", timeout: 15_000 });
    return was;
  };
  /**
   * The notification whose text matches: a toast, or else in the notification centre (opened for
   * it). In this code-server the extension's messages have reached the centre without a toast
   * (the bell shows them), so the centre is where a user finds them then.
   */
  const notification = async (text) => {
    const toast = page.locator(".notification-toast", { hasText: text }).first();
    try {
      await toast.waitFor({ timeout: 10_000 });
      return { item: toast, where: "toast" };
    } catch {
      // the palette without a click in the editor first (runCommand's click would move the cursor)
      await page.keyboard.press("F1");
      await page.locator(".quick-input-widget input").fill(">Notifications: Show Notifications");
      await page.locator(".quick-input-list .monaco-list-row.focused", { hasText: "Notifications: Show Notifications" }).first().waitFor({ timeout: 15_000 });
      await page.keyboard.press("Enter");
      const item = page.locator(".notifications-center .notification-list-item", { hasText: text }).first();
      await item.waitFor({ timeout: 30_000 }).catch(async (e) => {
        const all = await page.locator(".notifications-center .notification-list-item").allInnerTexts();
        throw new Error(`${e.message}; the notification centre holds: ${JSON.stringify(all)}`);
      });
      return { item, where: "notification centre" };
    }
  };

  await step("the conversation view: Markdown, a tool call and its result as one card, an edit as a diff, changes only, the timeline", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const w = await inspectFile("conversation.jsonl", "retries");
    const heading = w.locator('.cell.msg.before[data-line="2"] .md .md-heading');
    await heading.waitFor({ timeout: 15_000 });
    if ((await heading.innerText()).trim() !== CONVERSATION_MARKDOWN) throw new Error(`heading "${await heading.innerText()}"`);
    if ((await w.locator('.cell.msg.before[data-line="2"] .md strong').innerText()) !== "retries") throw new Error("no bold text");
    await w.locator('.cell.msg.before[data-line="2"] pre.code-block[data-lang=ts]').waitFor({ timeout: 5000 });
    // the edit: one card holding its diff and its result (line 4)
    const card = w.locator('.cell.msg.before[data-line="3"] details.card').first();
    await card.locator("summary").click();
    await card.locator(".diff").first().waitFor({ timeout: 10_000 });
    const diffText = (await card.locator(".diff").first().innerText()).replace(/\s+/g, " ");
    if (!/MAX_RETRIES = 3;/.test(diffText) || !/process\.env\.RETRIES/.test(diffText)) throw new Error(`diff "${diffText.slice(0, 200)}"`);
    await card.locator('.card-result[data-line="4"]').waitFor({ timeout: 5000 });
    await settledShot("inspector-conversation");
    // changes only: the orphan result the sweep drops stays, the unchanged rows fold
    const total = Number(await w.locator(".toolbar .count").getAttribute("data-total"));
    await w.locator("vscode-checkbox.changes-only").click();
    await w.locator(".row.fold").first().waitFor({ timeout: 10_000 });
    const shown = Number(await w.locator(".toolbar .count").getAttribute("data-shown"));
    await w.locator('.row .cell.msg.before[data-line="7"] .tag-dropped').waitFor({ timeout: 5000 });
    const folded = (await w.locator(".row.fold .fold-text").allInnerTexts()).join("; ");
    await shotInspector("inspector-changes-only");
    await w.locator("vscode-checkbox.changes-only").click();
    await w.locator(".row.fold").first().waitFor({ state: "detached", timeout: 10_000 });
    // the timeline: a point per response on a canvas; Home then Enter on the chart shows the first response
    await w.locator(".timeline-button").click();
    const chart = w.locator(".timeline[role=slider]");
    await chart.locator("canvas").first().waitFor({ timeout: 10_000 });
    const points = Number(await chart.getAttribute("data-points"));
    if (points !== 3) throw new Error(`the timeline has ${points} points, want 3 (one per response)`);
    await settledShot("inspector-timeline");
    await chart.focus();
    await chart.press("Home");
    const first = await chart.getAttribute("aria-valuetext");
    if (!/^Response 1 of 3, line 3:/.test(first ?? "")) throw new Error(`the first point says "${first}"`);
    await chart.press("Enter");
    await w.locator('.row.highlight .cell.msg.before[data-line="3"]').waitFor({ timeout: 10_000 });
    await w.locator(".timeline-button").click();
    return `heading, bold, code; the edit's diff in its card with its result; changes only: ${shown} of ${total} rows (${folded}); timeline: ${points} points, "${first}"; Enter -> line 3 highlighted`;
  });

  await step("axe-core finds no WCAG A/AA violation in the inspector in the four theme kinds (Dark, High Contrast, High Contrast Light, Light)", async () => {
    // each theme chosen as a user does; the webview's body takes the theme's kind
    const themes = [
      // VS Code 1.139's labels (extensions/theme-defaults); Light 2026 is the default
      ["Dark 2026", "vscode-dark", "inspector-dark"],
      ["Dark High Contrast", "vscode-high-contrast", "inspector-high-contrast"],
      ["Light High Contrast", "vscode-high-contrast-light", undefined],
      ["Light 2026", "vscode-light", undefined],
    ];
    const out = [];
    let original;
    for (const [theme, kind, name] of themes) {
      const was = await chooseTheme(theme);
      original ??= was;
      const f = await inspectorFrame();
      await f.waitForFunction((k) => document.body.classList.contains(k) && (k !== "vscode-high-contrast" || !document.body.classList.contains("vscode-high-contrast-light")), kind, { timeout: 30_000 });
      // a card open, and each panel open in turn
      const summary = f.locator("details.card > summary").first();
      if (!(await summary.evaluate((s) => s.parentElement.open))) await summary.click();
      await f.evaluate(AXE);
      const run = () =>
        f.evaluate(async () => {
          const r = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] });
          return r.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")}${n.any[0]?.message ? ` (${n.any[0].message})` : ""}`).join(", ")}`);
        });
      const found = await run();
      if (name) await shotInspector(name);
      for (const button of [".filters-button", ".details-button", ".timeline-button"]) {
        await f.locator(button).click();
        await f.locator(`${button}[aria-expanded=true]`).waitFor({ timeout: 10_000 });
        for (const v of await run()) if (!found.includes(v)) found.push(v);
        await f.locator(button).click();
      }
      if (found.length) throw new Error(`${theme}: ${found.join("; ")}`);
      out.push(kind);
    }
    if (original && original !== "Light 2026") await chooseTheme(original);
    return `no violations in ${out.join(", ")} (each with a card and every panel open); the theme back to ${original}`;
  });

  await step("a fix is previewed before it is applied: the diff editor and the target provider's verdict, then Apply", async () => {
    const w = inner();
    const fix = w.locator('.finding[data-code="orphan-result"] button.fix[data-fix-kind="remove-orphan"]').first();
    await fix.waitFor({ timeout: 15_000 });
    await fix.click();
    const diffTab = page.locator(".tab", { hasText: /↔ after:/ });
    await diffTab.first().waitFor({ timeout: 30_000 });
    await page.locator(".monaco-diff-editor").first().waitFor({ timeout: 15_000 });
    // the verdict: a notification with Apply and Cancel
    const { item, where } = await notification(/After "Remove this orphan tool result"/);
    const message = (await item.innerText()).replace(/\s+/g, " ").trim();
    if (!/Anthropic (accepts|still rejects) the next request/.test(message)) throw new Error(`the preview says "${message}"`);
    await page.waitForTimeout(300);
    await shot("fix-preview");
    await item.locator(".monaco-button", { hasText: /^Apply$/ }).click();
    await diffTab.first().waitFor({ state: "detached", timeout: 30_000 });
    await runCommand("File: Save All");
    await page.waitForFunction(() => !document.querySelector(".tab.dirty"), null, { timeout: 30_000 });
    const saved = fs.readFileSync(path.join(ws, "conversation.jsonl"), "utf8");
    if (saved.includes("a result whose call is gone")) throw new Error("the orphan result is still in the saved file");
    await runCommand("Notifications: Clear All Notifications");
    return `${message.slice(0, 200)} (as a ${where}); applied and saved: the orphan result is gone from the file`;
  });

  await step("the branch and root picker: a file with two root conversations says what is not shown and shows the other", async () => {
    const w = await inspectFile("two-roots.jsonl", "release notes");
    const note = w.locator(".branch-note");
    await note.waitFor({ timeout: 15_000 });
    const noteText = (await note.innerText()).replace(/\s+/g, " ").trim();
    if (!/6 messages of this file not shown: 1 other conversation/.test(noteText)) throw new Error(`note "${noteText}"`);
    await note.locator("button.branch-open").click();
    const panel = w.locator("#panel-branches");
    await panel.locator("section.conversation").nth(1).waitFor({ timeout: 10_000 });
    await settledShot("inspector-branches");
    await panel.locator("section.conversation").nth(1).locator("button.branch-show").click();
    await w.locator(".toolbar .count", { hasText: "6 of 6 rows" }).waitFor({ timeout: 15_000 });
    await w.locator('.cell.msg.before[data-line="1"]', { hasText: "Question 1 about the parser" }).waitFor({ timeout: 10_000 });
    const other = (await w.locator(".branch-note").innerText()).replace(/\s+/g, " ").trim();
    if (!/Another branch than the agent's/.test(other)) throw new Error(`note after the pick "${other}"`);
    await w.locator(".branch-note button.branch-back").click();
    await w.locator(".toolbar .count", { hasText: "4 of 4 rows" }).waitFor({ timeout: 15_000 });
    return `${noteText}; picked the first conversation (6 rows) and went back`;
  });

  await step("a compaction is a row of its own: who compacted, what left the context, the tokens before and after", async () => {
    const w = await inspectFile("compact-boundary.jsonl", "compact_boundary");
    const row = w.locator(".row.compaction");
    await row.waitFor({ timeout: 15_000 });
    const title = (await row.locator(".compaction-title").innerText()).trim();
    if (title !== "Compaction (manual)") throw new Error(`title "${title}"`);
    const detail = (await row.locator(".compaction-detail").innerText()).replace(/\s+/g, " ").trim();
    if (!/^Claude Code compacted the context here \(manual\): 4 messages left it\./.test(detail)) throw new Error(`detail "${detail}"`);
    await settledShot("inspector-compaction");
    return detail;
  });

  await step("a subagent opens in place (its first messages) and in its own file, with its own inspector", async () => {
    if (!SUBAGENT_SESSION) throw new Error(`no corpus at ${CORPUS} (set TI_CORPUS)`);
    const w = await inspectFile(SUBAGENT_SESSION, "showcol");
    const group = w.locator('details.subagent.own-file[data-subagent="showcol2"]');
    await group.waitFor({ timeout: 15_000 });
    await group.locator("summary").click();
    const items = group.locator(".subagent-messages li");
    await items.first().waitFor({ timeout: 15_000 });
    const first = (await items.first().innerText()).replace(/\s+/g, " ").trim();
    if (!/Survey src\/jobs/.test(first)) throw new Error(`first subagent message "${first}"`);
    const missing = (await w.locator('details.subagent.own-file[data-subagent="showcol1"] summary').innerText()).replace(/\s+/g, " ");
    if (!/not found beside the session/.test(missing)) throw new Error(`showcol1 "${missing}"`);
    const listed = await items.count();
    await settledShot("inspector-subagent");
    await group.locator("button.open-subagent").click();
    await page.locator(".tab", { hasText: "agent-showcol2.jsonl" }).first().waitFor({ timeout: 30_000 });
    await page.locator(".tab", { hasText: "Inspect agent-showcol2.jsonl" }).first().waitFor({ timeout: 30_000 });
    return `${listed} messages listed in place ("${first.slice(0, 60)}"); agent-showcol2.jsonl opened with its inspector`;
  });

  await step("Go to the Line of a Provider Error: a pasted Anthropic error moves the cursor to the line it names", async () => {
    // Claude Code 2.1.112 (the default reading) leaves a result that answers no call out of its
    // request; 2.0.31 sends it, and Anthropic's 400 names it. The user who pasted this error runs
    // 2.0: the workspace says so (transcriptInspector.agentVersions), as the README tells them.
    const wsSettings = path.join(ws, ".vscode", "settings.json");
    fs.mkdirSync(path.dirname(wsSettings), { recursive: true });
    fs.writeFileSync(wsSettings, JSON.stringify({ "transcriptInspector.agentVersions": { "claude-code": "2.0" } }, null, 2));
    try {
      return await pasteError();
    } finally {
      fs.rmSync(path.join(ws, ".vscode"), { recursive: true, force: true });
    }
  });
  async function pasteError() {
    await openFile("ghost.jsonl", () => page.locator(".monaco-editor .view-line", { hasText: "toolu_01ghost" }).first());
    // the live guard: the target's verdict and why, in the status bar
    const guard = page.locator(".statusbar-item[id$='transcriptInspector.provider']").first();
    await guard.waitFor({ timeout: 60_000 });
    await page.locator(".statusbar-item[id$='transcriptInspector.provider']", { hasText: /would reject: orphan-result, line 5/ }).first().waitFor({ timeout: 30_000 });
    const guardText = (await guard.innerText()).replace(/\s+/g, " ").trim();
    await runCommand("Transcript Inspector: Go to the Line of a Provider Error");
    const box = page.locator(".quick-input-widget input");
    await box.waitFor({ timeout: 15_000 });
    await box.fill(GHOST_ERROR);
    await page.keyboard.press("Enter");
    await page.locator(".statusbar-item", { hasText: /Ln 5, Col 1\b/ }).waitFor({ timeout: 15_000 });
    const { item, where } = await notification("messages.4.content.0 is line 5");
    await page.waitForTimeout(300);
    await shot("provider-error");
    const said = (await item.innerText()).replace(/\s+/g, " ").trim();
    await runCommand("Notifications: Clear All Notifications");
    return `status bar: "${guardText}"; ${said.slice(0, 160)} (as a ${where}); read as Claude Code 2.0`;
  }

  await step(`a ${(bigBytes / 1024 / 1024).toFixed(0)} MB session behind VS Code's "very large file" notice: the status item with its note, the inspector button, the inspector and the problems`, async () => {
    await runCommand("View: Close All Editors");
    await page.keyboard.press("Control+P");
    await page.locator(".quick-input-widget input").fill(BIG);
    await page.locator(".quick-input-list .monaco-list-row", { hasText: BIG }).first().waitFor({ timeout: 30_000 });
    await page.keyboard.press("Enter");
    // code-server (a remote window) shows its notice from 10 MB instead of the text
    await page.getByText(/very large|not displayed in the text editor/i).first().waitFor({ timeout: 30_000 });
    const status = page.locator(".statusbar-item[id$='transcriptInspector.status']", { hasText: "read from disk" }).first();
    await status.waitFor({ timeout: 120_000 });
    const statusText = (await status.innerText()).replace(/\s+/g, " ").trim();
    const button = page.locator(".editor-actions .action-label[aria-label*='Open Inspector to the Side']").first();
    await button.waitFor({ timeout: 30_000 });
    await page.keyboard.press("Control+Shift+M");
    await page.locator(".markers-panel .monaco-list-row", { hasText: "bash_gone" }).first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(300);
    await shot("large-file");
    await page.keyboard.press("Control+J");
    await button.click();
    const w = inner();
    await w.locator(".totals [data-total=before] [data-messages]").waitFor({ timeout: 120_000 });
    const before = Number(await w.locator(".totals [data-total=before] [data-messages]").getAttribute("data-messages"));
    await w.locator(".details-button").click();
    await w.locator(".details-panel .disk-note").waitFor({ timeout: 10_000 });
    return `status "${statusText}"; inspector ${before.toLocaleString("en-US")} messages; the orphan in the Problems panel`;
  });

  await step("the Sessions view lists the home's sessions of every agent (and the workspace's), subagents under their parent", async () => {
    if (homeAgents.size === 0) return "skipped: no shared corpus";
    await page.keyboard.press("Escape");
    // the activity bar's icon (force: the badge of rejected sessions can sit over it)
    await page.locator(".activitybar .action-item a[aria-label^='Agent Sessions'], .activitybar .action-item .action-label[aria-label^='Agent Sessions']").first().click({ timeout: 30_000, force: true });
    const pane = page.locator(".pane", { has: page.locator(".pane-header", { hasText: /Sessions/i }) }).first();
    const row = (text) => pane.locator(".monaco-list-row", { hasText: text }).first();
    for (const agent of homeAgents) await row(agent).waitFor({ timeout: 120_000 });
    // the headline, once the background check is done
    const message = pane.locator(".message");
    await page.waitForFunction(() => /\d+ sessions?, .*(rejected|none)/.test(document.querySelector(".pane .customview-tree ~ .message, .pane .message")?.textContent ?? "") && !/still to check/.test(document.querySelector(".pane .message")?.textContent ?? ""), null, { timeout: 120_000 }).catch(() => {});
    const headline = ((await message.first().innerText().catch(() => "")) || "").replace(/\s+/g, " ").trim();
    // a wider side bar for the picture: drag the sash between it and the editor (the last step)
    const sash = page.locator(".monaco-sash.vertical").first();
    const box = await sash.boundingBox().catch(() => null);
    if (box) {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(640, box.y + box.height / 2, { steps: 8 });
      await page.mouse.up();
    }
    // open groups by their twisties (a click on a session opens it): Claude Code's subagent
    // (its own file under subagents/) sits under the session that called it
    const twist = async (text) => {
      const r = row(text);
      await r.waitFor({ timeout: 30_000 });
      if ((await r.getAttribute("aria-expanded")) !== "true") await r.locator(".monaco-tl-twistie").click();
    };
    if (homeAgents.has("Claude Code")) {
      await twist("/workspace/example-app");
      await twist("2026-06-15");
      await twist("Give me a tour of the repository");
      await row("Survey src/jobs").waitFor({ timeout: 30_000 });
    }
    if (homeAgents.has("Codex")) {
      await twist("/workspace/synthetic-project");
      await twist("2026-01-03");
    }
    await page.mouse.move(5, 5);
    await page.waitForTimeout(500);
    await shot("sessions");
    const rows = (await pane.locator(".monaco-list-row").allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());
    return `${headline || "(no headline)"}; ${rows.length} rows: ${rows.slice(0, 6).join(" | ").slice(0, 300)}`;
  });
} finally {
  if (browser) await browser.close().catch(() => {});
  if (server) await server.stop();
  if (steps.failed && server) {
    fs.copyFileSync(server.logFile, path.join(SHOTS, "code-server.log"));
    console.log(`[ui] failure screenshots and the code-server log are in ${path.relative(ROOT, SHOTS)}/`);
  }
  if (!process.env.KEEP_TMP) fs.rmSync(tmp, { recursive: true, force: true });
  console.log(`[ui] ${secs(Date.now() - t0)}s${UPDATE ? `; screenshots copied to ${path.relative(ROOT, DOCS_SHOTS)}/` : ""}`);
  console.log(`ui: ${steps.passed} passed, ${steps.failed} failed`);
  process.exit(steps.failed ? 1 : 0);
}
