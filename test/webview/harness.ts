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
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve } from "node:path";
import { type Browser, type BrowserContext, type Page, chromium } from "playwright-core";
import type { HostToWebview, RenderView, WebviewToHost } from "../../server/src/protocol/index.js";
import { type Analysis, analyze, type AnalyzeOptions } from "../../server/src/engine/pipeline/analyze.js";
import { messageFullText } from "../../server/src/presentation/message-full-text.js";
import { buildRenderView } from "../../server/src/presentation/view-model.js";
import { ViewWindow } from "../../server/src/presentation/view-window.js";

const DIST = resolve(process.env.TI_DIST ?? resolve(__dirname, "..", "..", "dist"), "webview");

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

/**
 * The other three theme kinds VS Code gives a webview (issue 23: contrast in all four), with the
 * values of its built-in Light+, High Contrast and High Contrast Light themes for the variables
 * the page uses (VS Code's colour registry); anything not set falls back to Dark+'s.
 */
const LIGHT_PLUS: Record<string, string> = {
  "--vscode-foreground": "#616161",
  "--vscode-descriptionForeground": "#717171",
  "--vscode-errorForeground": "#a1260d",
  "--vscode-focusBorder": "#0090f1",
  "--vscode-editor-background": "#ffffff",
  "--vscode-editor-foreground": "#000000",
  "--vscode-sideBar-background": "#f3f3f3",
  "--vscode-editorGroupHeader-tabsBackground": "#f3f3f3",
  "--vscode-panel-border": "#80808059",
  "--vscode-list-hoverBackground": "#e8e8e8",
  "--vscode-list-activeSelectionBackground": "#0060c0",
  "--vscode-list-activeSelectionForeground": "#ffffff",
  "--vscode-charts-blue": "#1a85ff",
  "--vscode-charts-purple": "#652d90",
  "--vscode-charts-orange": "#d18616",
  "--vscode-charts-green": "#388a34",
  "--vscode-charts-yellow": "#bf8803",
  "--vscode-charts-red": "#e51400",
  "--vscode-editorError-foreground": "#e51400",
  "--vscode-editorWarning-foreground": "#bf8803",
  "--vscode-editorInfo-foreground": "#1a85ff",
  "--vscode-inputValidation-errorBackground": "#f2dede",
  "--vscode-inputValidation-errorBorder": "#be1100",
  "--vscode-textLink-foreground": "#006ab1",
  "--vscode-textCodeBlock-background": "#dcdcdc66",
  "--vscode-textPreformat-foreground": "#a31515",
  "--vscode-symbolIcon-functionForeground": "#652d90",
  "--vscode-button-background": "#007acc",
  "--vscode-button-foreground": "#ffffff",
  "--vscode-button-hoverBackground": "#0062a3",
  "--vscode-button-secondaryBackground": "#5f6a79",
  "--vscode-button-secondaryForeground": "#ffffff",
  "--vscode-button-secondaryHoverBackground": "#4c5561",
  "--vscode-input-background": "#ffffff",
  "--vscode-input-foreground": "#616161",
  "--vscode-input-placeholderForeground": "#767676",
  "--vscode-settings-textInputBackground": "#ffffff",
  "--vscode-settings-textInputForeground": "#616161",
  "--vscode-settings-textInputBorder": "#cecece",
  "--vscode-settings-checkboxBackground": "#ffffff",
  "--vscode-settings-checkboxBorder": "#919191",
  "--vscode-settings-checkboxForeground": "#616161",
  "--vscode-settings-dropdownBackground": "#ffffff",
  "--vscode-settings-dropdownBorder": "#cecece",
  "--vscode-settings-dropdownForeground": "#616161",
  "--vscode-settings-dropdownListBorder": "#c8c8c8",
  "--vscode-checkbox-background": "#ffffff",
  "--vscode-checkbox-border": "#919191",
  "--vscode-checkbox-foreground": "#616161",
  "--vscode-dropdown-background": "#ffffff",
  "--vscode-dropdown-border": "#cecece",
  "--vscode-dropdown-foreground": "#616161",
  "--vscode-badge-background": "#c4c4c4",
  "--vscode-badge-foreground": "#333333",
  "--vscode-quickInput-background": "#f3f3f3",
};
const HC_DARK: Record<string, string> = {
  "--vscode-foreground": "#ffffff",
  "--vscode-descriptionForeground": "#ffffffb3",
  "--vscode-errorForeground": "#f48771",
  "--vscode-focusBorder": "#f38518",
  "--vscode-contrastBorder": "#6fc3df",
  "--vscode-contrastActiveBorder": "#f38518",
  "--vscode-editor-background": "#000000",
  "--vscode-editor-foreground": "#ffffff",
  "--vscode-sideBar-background": "#000000",
  "--vscode-editorGroupHeader-tabsBackground": "#000000",
  "--vscode-panel-border": "#6fc3df",
  "--vscode-list-hoverBackground": "#000000",
  "--vscode-charts-blue": "#3794ff",
  "--vscode-charts-purple": "#b180d7",
  "--vscode-charts-orange": "#d18616",
  "--vscode-charts-green": "#89d185",
  "--vscode-charts-yellow": "#ffd370",
  "--vscode-charts-red": "#f48771",
  "--vscode-editorError-foreground": "#f48771",
  "--vscode-editorWarning-foreground": "#ffd370",
  "--vscode-editorInfo-foreground": "#59a4f9",
  "--vscode-inputValidation-errorBackground": "#000000",
  "--vscode-inputValidation-errorBorder": "#6fc3df",
  "--vscode-textLink-foreground": "#21a6ff",
  "--vscode-textCodeBlock-background": "#000000",
  "--vscode-textPreformat-foreground": "#ffffff",
  "--vscode-button-background": "#000000",
  "--vscode-button-foreground": "#ffffff",
  "--vscode-button-border": "#6fc3df",
  "--vscode-button-secondaryBackground": "#000000",
  "--vscode-button-secondaryForeground": "#ffffff",
  "--vscode-input-background": "#000000",
  "--vscode-input-foreground": "#ffffff",
  "--vscode-input-placeholderForeground": "#ffffffb3",
  "--vscode-settings-textInputBackground": "#000000",
  "--vscode-settings-textInputForeground": "#ffffff",
  "--vscode-settings-textInputBorder": "#6fc3df",
  "--vscode-settings-checkboxBackground": "#000000",
  "--vscode-settings-checkboxBorder": "#6fc3df",
  "--vscode-settings-checkboxForeground": "#ffffff",
  "--vscode-settings-dropdownBackground": "#000000",
  "--vscode-settings-dropdownBorder": "#6fc3df",
  "--vscode-settings-dropdownForeground": "#ffffff",
  "--vscode-checkbox-background": "#000000",
  "--vscode-checkbox-border": "#6fc3df",
  "--vscode-checkbox-foreground": "#ffffff",
  "--vscode-dropdown-background": "#000000",
  "--vscode-dropdown-border": "#6fc3df",
  "--vscode-dropdown-foreground": "#ffffff",
  "--vscode-badge-background": "#000000",
  "--vscode-badge-foreground": "#ffffff",
  "--vscode-quickInput-background": "#000000",
};
const HC_LIGHT: Record<string, string> = {
  "--vscode-foreground": "#292929",
  "--vscode-descriptionForeground": "#292929b3",
  "--vscode-errorForeground": "#b5200d",
  "--vscode-focusBorder": "#006bbd",
  "--vscode-contrastBorder": "#0f4a85",
  "--vscode-contrastActiveBorder": "#006bbd",
  "--vscode-editor-background": "#ffffff",
  "--vscode-editor-foreground": "#292929",
  "--vscode-sideBar-background": "#ffffff",
  "--vscode-editorGroupHeader-tabsBackground": "#ffffff",
  "--vscode-panel-border": "#0f4a85",
  "--vscode-list-hoverBackground": "#ffffff",
  "--vscode-charts-blue": "#0f4a85",
  "--vscode-charts-purple": "#652d90",
  "--vscode-charts-orange": "#d18616",
  "--vscode-charts-green": "#374e06",
  "--vscode-charts-yellow": "#895503",
  "--vscode-charts-red": "#b5200d",
  "--vscode-editorError-foreground": "#b5200d",
  "--vscode-editorWarning-foreground": "#895503",
  "--vscode-editorInfo-foreground": "#0f4a85",
  "--vscode-inputValidation-errorBackground": "#ffffff",
  "--vscode-inputValidation-errorBorder": "#0f4a85",
  "--vscode-textLink-foreground": "#0f4a85",
  "--vscode-textCodeBlock-background": "#f2f2f2",
  // VS Code 1.139's High Contrast Light values (its colour registry): white on dark blue
  "--vscode-textPreformat-foreground": "#ffffff",
  "--vscode-textPreformat-background": "#09345f",
  "--vscode-button-background": "#0f4a85",
  "--vscode-button-foreground": "#ffffff",
  "--vscode-button-border": "#0f4a85",
  "--vscode-button-secondaryBackground": "#ffffff",
  "--vscode-button-secondaryForeground": "#292929",
  "--vscode-input-background": "#ffffff",
  "--vscode-input-foreground": "#292929",
  "--vscode-input-placeholderForeground": "#292929b3",
  "--vscode-settings-textInputBackground": "#ffffff",
  "--vscode-settings-textInputForeground": "#292929",
  "--vscode-settings-textInputBorder": "#0f4a85",
  "--vscode-settings-checkboxBackground": "#ffffff",
  "--vscode-settings-checkboxBorder": "#0f4a85",
  "--vscode-settings-checkboxForeground": "#292929",
  "--vscode-settings-dropdownBackground": "#ffffff",
  "--vscode-settings-dropdownBorder": "#0f4a85",
  "--vscode-settings-dropdownForeground": "#292929",
  "--vscode-checkbox-background": "#ffffff",
  "--vscode-checkbox-border": "#0f4a85",
  "--vscode-checkbox-foreground": "#292929",
  "--vscode-dropdown-background": "#ffffff",
  "--vscode-dropdown-border": "#0f4a85",
  "--vscode-dropdown-foreground": "#292929",
  "--vscode-badge-background": "#0f4a85",
  "--vscode-badge-foreground": "#ffffff",
  "--vscode-quickInput-background": "#ffffff",
};

export type ThemeKind = "dark" | "light" | "high-contrast" | "high-contrast-light";
/** Each theme kind: its body class (what VS Code sets) and its variables. */
export const THEMES: Record<ThemeKind, { bodyClass: string; vars: Record<string, string> }> = {
  dark: { bodyClass: "vscode-dark", vars: DARK_PLUS },
  light: { bodyClass: "vscode-light", vars: { ...DARK_PLUS, ...LIGHT_PLUS } },
  "high-contrast": { bodyClass: "vscode-high-contrast", vars: { ...DARK_PLUS, ...HC_DARK } },
  "high-contrast-light": { bodyClass: "vscode-high-contrast-light", vars: { ...DARK_PLUS, ...HC_LIGHT } },
};

const MIME: Record<string, string> = { ".js": "text/javascript", ".css": "text/css", ".ttf": "font/ttf", ".map": "application/json" };

export interface Harness {
  url: string;
  origin: string;
  browser: Browser;
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * What VS Code's webview host styles before the extension's own sheet (found by the code-server
 * UI suite): a `code` element in the theme's preformatted-text colours. The page must not depend
 * on it (in High Contrast Light those are white on dark blue).
 */
const HOST_DEFAULT_STYLES = "code { color: var(--vscode-textPreformat-foreground); background-color: var(--vscode-textPreformat-background); }";

/** Renders the page HTML with a fresh nonce and the extension panel's CSP. */
export function pageHtml(origin: string, nonce: string, theme: ThemeKind = "dark"): string {
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src ${origin} 'nonce-${nonce}'; font-src ${origin}; img-src ${origin}`;
  const { bodyClass, vars: themeVars } = THEMES[theme];
  const vars = Object.entries(themeVars)
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
<html lang="en" class="${bodyClass}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${origin}/dist/webview/main.css" nonce="${nonce}">
<style nonce="${nonce}">html { ${vars} } ${HOST_DEFAULT_STYLES}</style>
<title>Transcript Inspector</title>
</head>
<body class="${bodyClass}">
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
      const url = new URL(req.url ?? "/", "http://x");
      const path = url.pathname;
      if (path === "/" || path === "/index.html") {
        const nonce = randomBytes(16).toString("base64");
        const theme = url.searchParams.get("theme");
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        res.end(pageHtml(origin, nonce, theme && theme in THEMES ? (theme as ThemeKind) : "dark"));
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
export async function openPage(h: Harness, handler?: HostHandler, theme: ThemeKind = "dark"): Promise<OpenPage> {
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
  await page.goto(theme === "dark" ? h.url : `${h.url}?theme=${theme}`);
  // the page's first script run: up to 90 s on a busy 2-core machine (the default 30 s ran out at load 13)
  await page.waitForFunction(() => (window as any).__posted?.some((m: any) => m.type === "ready"), undefined, { timeout: 90_000 });
  return { page, errors, consoleErrors, host };
}

/** How `withPage` opens a page. */
export interface PageOptions {
  theme?: ThemeKind;
  /** The viewport's size; the browser context's when absent. */
  size?: { width: number; height: number };
  /** The host's handler, given the page once it is open (undefined before: "ready" comes first); the fake host when absent. */
  handler?: (page: () => Page | undefined) => HostHandler;
  /** A view the host renders before `fn` runs. */
  view?: RenderView;
}

/**
 * Opens the inspector in a new page, runs `fn` on it, then asserts the page had no errors and the
 * CSP stopped nothing (neither the page's violation reports nor a console error says so); closes
 * the page whatever happened, its sessionStorage (where the page keeps its state) cleared first.
 */
export async function withPage(h: Harness, fn: (p: OpenPage) => Promise<void>, options: PageOptions = {}): Promise<void> {
  const opened: { page?: Page } = {};
  const p = await openPage(h, options.handler?.(() => opened.page), options.theme);
  opened.page = p.page;
  try {
    if (options.size) await p.page.setViewportSize(options.size);
    if (options.view) await render(p.page, options.view);
    await fn(p);
    assert.deepEqual(p.errors, [], "page errors");
    assert.deepEqual(await p.page.evaluate(() => (window as any).__cspViolations as unknown[]), [], "CSP violations");
    assert.deepEqual(
      p.consoleErrors.filter((e) => /Content Security Policy|Refused to/i.test(e)),
      [],
      "CSP console errors",
    );
  } finally {
    await p.page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
    await p.page.close();
  }
}

export function hostOf(page: Page): PageHost {
  const host = hosts.get(page);
  if (!host) throw new Error("page not opened with openPage");
  return host;
}

export function viewOf(text: string, uri = "file:///test/session.jsonl", options: AnalyzeOptions = {}): RenderView {
  const a = analyze(text, options);
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
