/**
 * The inspector's first paint in Chromium (Debian's /usr/bin/chromium via playwright-core and
 * test/webview/harness.ts, which serves the built page under the panel's CSP). The view comes
 * from the built server's render request for the session file (read from disk, as for a file
 * VS Code does not sync), and is posted to the page the way the extension posts it.
 * Measured: the render request (client-observed), the bytes of every message posted to the page,
 * and first paint: from the page receiving the message until rows are on screen (the next
 * animation frame after the first `.row` exists), timed inside the page.
 * When the host <-> webview protocol changes (a windowed inspector asks for rows), this file is
 * the one place to follow it.
 *   node --import tsx scripts/bench/inspector-scenario.ts META.json CAP_MS
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { LspClient } from "../../test/helpers/lsp-client";
import { openPage, startHarness } from "../../test/webview/harness";
import type { SessionMeta } from "./generate";
import { bytesOf, capped, emit, watchServer } from "./scenario-io";

async function main() {
  const meta = JSON.parse(readFileSync(process.argv[2], "utf8")) as SessionMeta;
  const cap = Number(process.argv[3] ?? 120000);
  const client = await LspClient.start({});
  const { died, reason } = watchServer(client);
  const uri = pathToFileURL(meta.file).href;
  let view: unknown;
  try {
    const t = performance.now();
    view = await capped(client.request("transcriptInspector/render", { uri }), cap, died);
    emit("render-request", { status: view ? "ok" : "crash", ms: performance.now() - t, note: view ? "" : "no view (not read as a session)" });
  } catch (e) {
    emit("render-request", (e as Error).message === "cap" ? { status: "timeout", note: "exceeded the step's time cap" } : reason());
  }
  await Promise.race([client.stop(), new Promise((r) => setTimeout(r, 5000))]);
  if (client.child.exitCode === null) client.child.kill("SIGKILL");
  if (!view) process.exit(0);
  const messages = [{ type: "render", view }];
  const sizes = messages.map(bytesOf);
  const json = JSON.stringify(messages[0]);
  view = undefined;
  const h = await startHarness();
  // The harness keeps webview state in sessionStorage (a 5 MB quota VS Code does not have):
  // keep it in memory instead, and count what is written.
  await h.context.addInitScript(`(() => {
    const set = Storage.prototype.setItem, get = Storage.prototype.getItem;
    Storage.prototype.setItem = function (k, v) {
      if (k !== "__vscodeState") return set.call(this, k, v);
      window.__benchState = String(v);
      window.__benchStateBytes = (window.__benchStateBytes || 0) + String(v).length;
    };
    Storage.prototype.getItem = function (k) {
      return k === "__vscodeState" ? (window.__benchState ?? null) : get.call(this, k);
    };
  })()`);
  try {
    const { page, errors } = await openPage(h);
    await page.evaluate((s) => {
      (window as any).__benchMsg = JSON.parse(s);
    }, json);
    // A string, not a function: tsx's keepNames would wrap inner functions in an undefined `__name`.
    const paint = page.evaluate<number>(`new Promise((res) => {
      const t0 = performance.now();
      window.postMessage(window.__benchMsg, "*");
      function tick() {
        if (document.querySelector(".row")) requestAnimationFrame(() => res(performance.now() - t0));
        else requestAnimationFrame(tick);
      }
      requestAnimationFrame(tick);
    })`);
    try {
      const ms = await capped(paint, cap, new Promise<never>(() => undefined));
      const after = await page.evaluate(() => ({
        rows: document.querySelectorAll(".row").length,
        stateBytes: (window as any).__benchState?.length ?? 0,
        stateWrites: (window as any).__stateWrites ?? 0,
      }));
      emit("first-paint", { status: errors.length ? "crash" : "ok", ms, messages: sizes.length, bytes: sizes.reduce((a, b) => (a ?? 0) + (b ?? 0), 0), largest: Math.max(...sizes.map((s) => s ?? 0)), ...after, note: errors[0]?.split("\n")[0] ?? "" });
    } catch (e) {
      const timedOut = (e as Error).message === "cap";
      emit("first-paint", { status: timedOut ? "timeout" : "crash", note: timedOut ? "no rows on screen within the step's time cap" : String((e as Error).message).split("\n")[0], bytes: sizes[0], largest: sizes[0] });
    }
  } finally {
    await h.close();
  }
  process.exit(0);
}

main().catch((e) => {
  emit("error", { status: "crash", note: String((e as Error)?.message ?? e) });
  process.exit(1);
});
