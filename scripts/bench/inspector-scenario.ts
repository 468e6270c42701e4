/**
 * The inspector's first paint in Chromium (Debian's /usr/bin/chromium via playwright-core and
 * test/webview/harness.ts, which serves the built page under the panel's CSP), windowed (issue 11
 * item 5): the page gets the summary of the built server's view of the session file (read from
 * disk, as for a file VS Code does not sync) and asks for its rows; the page's requests go to the
 * same server over stdio, as the extension relays them.
 * Any format the server reads (the session's own: pi, Claude Code, Codex).
 * Measured: the baseline (read the file, split, JSON.parse, orphan loop: baseline-loop.ts,
 * median of 3, in this process), the summary request (client-observed: the server reads,
 * analyses and arranges the view), the bytes of every message posted to the page, first paint:
 * from the page receiving the summary until rows with their messages are on screen (the next
 * animation frame after the first `.row .msg` exists), timed inside the page; it includes the
 * rows round trip to the server; and the server's peak RSS.
 *   node --import tsx scripts/bench/inspector-scenario.ts META.json CAP_MS
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { HostToWebview, ViewSummary, WebviewToHost } from "../../server/src/protocol/index";
import { LspClient } from "../../test/helpers/lsp-client";
import { openPage, startHarness } from "../../test/webview/harness";
import { baselineLoop } from "./baseline-loop";
import type { SessionMeta } from "./generate";
import { median, procPeakRss } from "./measure";
import { capped, emit, watchServer } from "./scenario-io";

async function main() {
  const meta = JSON.parse(readFileSync(process.argv[2], "utf8")) as SessionMeta;
  const cap = Number(process.argv[3] ?? 120000);
  const base: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    baselineLoop(readFileSync(meta.file, "utf8"));
    base.push(performance.now() - t);
  }
  emit("baseline-disk", { status: "ok", ms: median(base) });
  const client = await LspClient.start({});
  const { died, reason } = watchServer(client);
  const uri = pathToFileURL(meta.file).href;
  let summary: ViewSummary | null = null;
  try {
    const t = performance.now();
    summary = await capped(client.request<ViewSummary | null>("transcriptInspector/summary", { uri }), cap, died);
    emit("render-request", { status: summary ? "ok" : "crash", ms: performance.now() - t, note: summary ? "summary request (the server computes the view once)" : "no view (not read as a session)", rss: procPeakRss(client.child.pid!) });
  } catch (e) {
    emit("render-request", (e as Error).message === "cap" ? { status: "timeout", note: "exceeded the step's time cap" } : reason());
  }
  const stop = async () => {
    await Promise.race([client.stop(), new Promise((r) => setTimeout(r, 5000))]);
    if (client.child.exitCode === null) client.child.kill("SIGKILL");
  };
  if (!summary) {
    await stop();
    process.exit(0);
  }
  // the extension's relay: page request -> server request -> answer posted back with the request's id
  const relay = async (m: WebviewToHost): Promise<HostToWebview | null> => {
    switch (m.type) {
      case "rows":
        return { type: "rows", id: m.id, answer: await client.request("transcriptInspector/rows", { ...m.query, uri }) };
      case "locate":
        return { type: "located", id: m.id, answer: await client.request("transcriptInspector/locate", { ...m.query, uri }) };
      case "fullText":
        return { type: "fullText", id: m.id, answer: await client.request("transcriptInspector/fullText", { ...m.query, uri }) };
      case "refresh":
        return { type: "summary", summary: await client.request("transcriptInspector/summary", { uri }) };
      default:
        return null;
    }
  };
  const h = await startHarness();
  // The harness keeps webview state in sessionStorage: keep it in memory instead, and count what is written.
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
    const { page, errors, host } = await openPage(h, relay);
    const msg: HostToWebview = { type: "summary", summary };
    const json = JSON.stringify(msg);
    host.sent.push(msg);
    host.sentBytes.push(Buffer.byteLength(json));
    // A string, not a function: tsx's keepNames would wrap inner functions in an undefined `__name`.
    const paint = page.evaluate<number>(`new Promise((res) => {
      const t0 = performance.now();
      window.postMessage(JSON.parse(${JSON.stringify(json)}), "*");
      function tick() {
        if (document.querySelector(".row .msg")) requestAnimationFrame(() => res(performance.now() - t0));
        else requestAnimationFrame(tick);
      }
      requestAnimationFrame(tick);
    })`);
    try {
      const ms = await capped(paint, cap, died);
      const after = await page.evaluate(() => ({
        rows: document.querySelectorAll(".row").length,
        stateBytes: (window as any).__benchState?.length ?? 0,
        stateWrites: (window as any).__stateWrites ?? 0,
      }));
      const sizes = host.sentBytes;
      emit("first-paint", { status: errors.length ? "crash" : "ok", ms, messages: sizes.length, bytes: sizes.reduce((a, b) => a + b, 0), largest: Math.max(...sizes), ...after, rss: procPeakRss(client.child.pid!), note: errors[0]?.split("\n")[0] ?? "" });
    } catch (e) {
      const timedOut = (e as Error).message === "cap";
      const sizes = host.sentBytes;
      emit("first-paint", { status: timedOut ? "timeout" : "crash", note: timedOut ? "no rows on screen within the step's time cap" : String((e as Error).message).split("\n")[0], bytes: sizes.reduce((a, b) => a + b, 0), largest: Math.max(...sizes) });
    }
  } finally {
    await h.close();
    await stop();
  }
  process.exit(0);
}

main().catch((e) => {
  emit("error", { status: "crash", note: String((e as Error)?.message ?? e) });
  process.exit(1);
});
