/**
 * Test harness for the built inspector webview: a tiny HTTP server on 127.0.0.1 serving a page
 * that loads dist/webview/main.js and main.css under the same strict CSP as the extension's
 * panel (nonce'd scripts, styles/fonts only from the page's own origin), with a stand-in for
 * `acquireVsCodeApi` and VS Code Dark+ theme variables. Driven with playwright-core and Debian's
 * Chromium.
 *
 * The page asks its host for rows, places and full texts (the windowed inspector): every page
 * gets a fake host that answers them with the server's own slicing (presentation/view-window.ts)
 * over the view `render(page, view)` set, the way the extension relays them to the server. A
 * caller can put another host in its place (the bench bridges to a real language server).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve } from "node:path";
import { type Browser, type BrowserContext, type Page, chromium } from "playwright-core";
import type { HostToWebview, RenderView, WebviewToHost } from "../../server/src/protocol/index.js";
import { type Analysis, analyze } from "../../server/src/engine/pipeline/analyze.js";
import { messageFullText } from "../../server/src/presentation/message-full-text.js";
import { buildRenderView } from "../../server/src/presentation/view-model.js";
import { ViewWindow } from "../../server/src/presentation/view-window.js";

const DIST = resolve(__dirname, "..", "..", "dist", "webview");

/** VS Code Dark+ (default dark) values of the theme variables the page and vscode-elements use. */
export const DARK_PLUS: Record<string, string> = {
  "--vscode-font-family": "system-ui, -apple-system, 'Segoe UI', 'Ubuntu', 'Droid Sans', sans-serif",
  "--vscode-font-size": "13px",
  "--vscode-font-weight": "normal",
  "--vscode-editor-font-family": "'Droid Sans Mono', 'monospace', monospace",
  "--vscode-editor-font-size": "14px",
  "--vscode-foreground": "#cccccc",
  "--vscode-descriptionForeground": "#9d9d9d",
  "--vscode-errorForeground": "#f48771",
  "--vscode-focusBorder": "#007fd4",
  "--vscode-editor-background": "#1e1e1e",
  "--vscode-editor-foreground": "#d4d4d4",
  "--vscode-sideBar-background": "#252526",
  "--vscode-editorGroupHeader-tabsBackground": "#252526",
  "--vscode-panel-border": "#80808059",
  "--vscode-list-hoverBackground": "#2a2d2e",
  "--vscode-list-activeSelectionBackground": "#04395e",
  "--vscode-list-activeSelectionForeground": "#ffffff",
  "--vscode-charts-blue": "#3794ff",
  "--vscode-charts-purple": "#b180d7",
  "--vscode-charts-orange": "#d18616",
  "--vscode-charts-green": "#89d185",
  "--vscode-charts-yellow": "#cca700",
  "--vscode-charts-red": "#f14c4c",
  "--vscode-editorError-foreground": "#f14c4c",
  "--vscode-editorWarning-foreground": "#cca700",
  "--vscode-editorInfo-foreground": "#3794ff",
  "--vscode-inputValidation-errorBackground": "#5a1d1d",
  "--vscode-inputValidation-errorBorder": "#be1100",
  "--vscode-textLink-foreground": "#3794ff",
  "--vscode-editor-findMatchHighlightBackground": "#ea5c0055",
  "--vscode-textCodeBlock-background": "#0a0a0a66",
  "--vscode-textPreformat-foreground": "#d7ba7d",
  "--vscode-symbolIcon-functionForeground": "#b180d7",
  "--vscode-button-background": "#0e639c",
  "--vscode-button-foreground": "#ffffff",
  "--vscode-button-hoverBackground": "#1177bb",
  "--vscode-button-secondaryBackground": "#3a3d41",
  "--vscode-button-secondaryForeground": "#ffffff",
  "--vscode-button-secondaryHoverBackground": "#45494e",
  "--vscode-input-background": "#3c3c3c",
  "--vscode-input-foreground": "#cccccc",
  "--vscode-input-placeholderForeground": "#a6a6a6",
  "--vscode-settings-textInputBackground": "#292929",
  "--vscode-settings-textInputForeground": "#cccccc",
  "--vscode-settings-textInputBorder": "#3c3c3c",
  "--vscode-settings-checkboxBackground": "#3c3c3c",
  "--vscode-settings-checkboxBorder": "#6b6b6b",
  "--vscode-settings-checkboxForeground": "#f0f0f0",
  "--vscode-settings-dropdownBackground": "#3c3c3c",
  "--vscode-settings-dropdownBorder": "#3c3c3c",
  "--vscode-settings-dropdownForeground": "#f0f0f0",
  "--vscode-settings-dropdownListBorder": "#454545",
  "--vscode-checkbox-background": "#3c3c3c",
  "--vscode-checkbox-border": "#6b6b6b",
  "--vscode-checkbox-foreground": "#f0f0f0",
  "--vscode-dropdown-background": "#3c3c3c",
  "--vscode-dropdown-border": "#3c3c3c",
  "--vscode-dropdown-foreground": "#f0f0f0",
  "--vscode-badge-background": "#4d4d4d",
  "--vscode-badge-foreground": "#ffffff",
  "--vscode-list-activeSelectionIconForeground": "#ffffff",
  "--vscode-quickInput-background": "#252526",
  "--vscode-widget-shadow": "#0000005c",
  "--vscode-scrollbarSlider-background": "#79797966",
  "--vscode-scrollbarSlider-hoverBackground": "#646464b3",
  "--vscode-scrollbarSlider-activeBackground": "#bfbfbf66",
};

const MIME: Record<string, string> = { ".js": "text/javascript", ".css": "text/css", ".ttf": "font/ttf", ".map": "application/json" };

export interface Harness {
  url: string;
  origin: string;
  browser: Browser;
  context: BrowserContext;
  close(): Promise<void>;
}

/** Renders the page HTML with a fresh nonce and the extension panel's CSP. */
export function pageHtml(origin: string, nonce: string): string {
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src ${origin} 'nonce-${nonce}'; font-src ${origin}; img-src ${origin}`;
  const vars = Object.entries(DARK_PLUS)
    .map(([k, v]) => `${k}: ${v};`)
    .join(" ");
  // The stand-in host API: records posts, keeps state across reloads (like VS Code keeps it
  // across hide/show) in sessionStorage, and can be acquired only once (as in VS Code).
  const stub = `
    (function () {
      window.__posted = [];
      var acquired = false;
      window.acquireVsCodeApi = function () {
        if (acquired) throw new Error("An instance of the VS Code API has already been acquired");
        acquired = true;
        return Object.freeze({
          postMessage: function (m) { var c = JSON.parse(JSON.stringify(m)); window.__posted.push(c); if (window.__toHost) window.__toHost(c); },
          getState: function () { var s = sessionStorage.getItem("__vscodeState"); return s ? JSON.parse(s) : undefined; },
          setState: function (s) { sessionStorage.setItem("__vscodeState", JSON.stringify(s)); window.__stateWrites = (window.__stateWrites || 0) + 1; return s; }
        });
      };
      window.__cspViolations = [];
      document.addEventListener("securitypolicyviolation", function (e) {
        window.__cspViolations.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
      });
    })();`;
  return `<!DOCTYPE html>
<html lang="en" class="vscode-dark">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${origin}/dist/webview/main.css" nonce="${nonce}">
<style nonce="${nonce}">html { ${vars} }</style>
<title>Transcript Inspector</title>
</head>
<body class="vscode-dark">
<div id="root"></div>
<script nonce="${nonce}">${stub}</script>
<script nonce="${nonce}" src="${origin}/dist/webview/main.js"></script>
</body>
</html>`;
}

function serve(): Promise<{ server: Server; origin: string }> {
  return new Promise((resolveP, reject) => {
    let origin = "";
    const server = createServer((req, res) => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      if (path === "/" || path === "/index.html") {
        const nonce = randomBytes(16).toString("base64");
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        res.end(pageHtml(origin, nonce));
        return;
      }
      if (path.startsWith("/dist/webview/")) {
        const file = normalize(join(DIST, path.slice("/dist/webview/".length)));
        if (file.startsWith(DIST)) {
          try {
            const body = readFileSync(file);
            res.writeHead(200, { "content-type": MIME[extname(file)] ?? "application/octet-stream" });
            res.end(body);
            return;
          } catch {
            /* fall through to 404 */
          }
        }
      }
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    });
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolveP({ server, origin });
    });
  });
}

export const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export async function startHarness(): Promise<Harness> {
  const { server, origin } = await serve();
  let browser: Browser | undefined;
  try {
    // Chromium writes ~/.config/chromium and ~/.cache/dconf: give it a private HOME.
    const home = mkdtempSync(join(tmpdir(), "ti-webview-home-"));
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS, env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), XDG_CACHE_HOME: join(home, ".cache") } });
    browser.on("disconnected", () => rmSync(home, { recursive: true, force: true }));
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, colorScheme: "dark" });
    const b = browser;
    return {
      url: `${origin}/`,
      origin,
      browser: b,
      context,
      async close() {
        await context.close().catch(() => undefined);
        await b.close().catch(() => undefined);
        await new Promise<void>((r) => server.close(() => r()));
        server.closeAllConnections?.();
      },
    };
  } catch (e) {
    await browser?.close().catch(() => undefined);
    server.close();
    throw e;
  }
}

export interface OpenPage {
  page: Page;
  errors: string[];
  consoleErrors: string[];
  host: PageHost;
}

/** What answers the page's requests: given a page message, the host message to post back (or none). */
export type HostHandler = (m: WebviewToHost) => Promise<HostToWebview | null> | HostToWebview | null;

/** A page's host: the handler, and the bytes of every message posted to the page. */
export interface PageHost {
  handler: HostHandler;
  /** UTF-8 bytes of each message posted to the page, in order (its JSON, as postMessage carries it). */
  sentBytes: number[];
  sent: HostToWebview[];
  /** The fake host's view (set by `render`), with its window; null before. */
  window: ViewWindow | null;
  /** Requests seen, by type. */
  requests: WebviewToHost[];
}

const hosts = new WeakMap<Page, PageHost>();
let revisions = 1;
/** Analyses of views made by `viewOf` (for the full text of a message). */
const analyses = new WeakMap<RenderView, Analysis>();

/** A fake host answering rows, locate and fullText from `host.window`, as the language server does. */
export function fakeHostHandler(host: () => PageHost): HostHandler {
  return (m) => {
    const w = host().window;
    switch (m.type) {
      case "rows":
        return { type: "rows", id: m.id, answer: w ? w.rowsAnswer(m.query) : null };
      case "locate":
        return { type: "located", id: m.id, answer: w ? w.locate(m.query) : null };
      case "fullText":
        return { type: "fullText", id: m.id, answer: w ? w.fullTextAnswer(m.query) : null };
      case "refresh":
        return w ? { type: "summary", summary: w.summary } : null;
      default:
        return null;
    }
  };
}

/** Opens the inspector in a new page, recording page errors and console errors (CSP reports). */
export async function openPage(h: Harness, handler?: HostHandler): Promise<OpenPage> {
  const page = await h.context.newPage();
  const errors: string[] = [];
  const consoleErrors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e?.stack ?? e)));
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
  const host: PageHost = { handler: handler ?? fakeHostHandler(() => host), sentBytes: [], sent: [], window: null, requests: [] };
  hosts.set(page, host);
  await page.exposeFunction("__toHost", async (m: WebviewToHost) => {
    host.requests.push(m);
    const answer = await host.handler(m);
    if (answer && !page.isClosed()) await send(page, answer).catch(() => undefined);
  });
  await page.goto(h.url);
  await page.waitForFunction(() => (window as any).__posted?.some((m: any) => m.type === "ready"));
  return { page, errors, consoleErrors, host };
}

export function hostOf(page: Page): PageHost {
  const host = hosts.get(page);
  if (!host) throw new Error("page not opened with openPage");
  return host;
}

export function viewOf(text: string, uri = "file:///test/session.jsonl"): RenderView {
  const a = analyze(text);
  const view = buildRenderView(a, uri, 1);
  analyses.set(view, a);
  return view;
}

/** The window a server would keep for `view` (full texts from its analysis, when `viewOf` made it). */
export function windowOf(view: RenderView): ViewWindow {
  const a = analyses.get(view);
  return new ViewWindow(view, revisions++, (side, i) => {
    const m = a ? (side === "before" ? a.before : a.after)[i] : undefined;
    return m ? messageFullText(m) : undefined;
  });
}

/** Posts a host message to the page (and records its size). */
export async function send(page: Page, msg: HostToWebview): Promise<void> {
  const host = hosts.get(page);
  const json = JSON.stringify(msg);
  if (host) {
    host.sent.push(msg);
    host.sentBytes.push(Buffer.byteLength(json));
  }
  await page.evaluate((m) => window.postMessage(JSON.parse(m), "*"), json);
}

/** The host has a new render of the session: it keeps the view and posts its summary (never the view). */
export async function render(page: Page, view: RenderView): Promise<void> {
  const host = hostOf(page);
  host.window = windowOf(view);
  await send(page, { type: "summary", summary: host.window.summary });
  await page.waitForSelector(".totals");
}

export async function posted(page: Page): Promise<WebviewToHost[]> {
  return page.evaluate(() => (window as any).__posted as WebviewToHost[]);
}

/** Page messages other than the row, place and full-text requests (what a user's actions post). */
export async function actions(page: Page): Promise<WebviewToHost[]> {
  return (await posted(page)).filter((m) => m.type !== "rows" && m.type !== "locate" && m.type !== "fullText" && m.type !== "refresh");
}
