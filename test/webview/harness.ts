/**
 * Test harness for the built inspector webview: a tiny HTTP server on 127.0.0.1 serving a page
 * that loads dist/webview/main.js and main.css under the same strict CSP as the extension's
 * panel (nonce'd scripts, styles/fonts only from the page's own origin), with a stand-in for
 * `acquireVsCodeApi` and VS Code Dark+ theme variables. Driven with playwright-core and Debian's
 * Chromium.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve } from "node:path";
import { type Browser, type BrowserContext, type Page, chromium } from "playwright-core";
import type { HostToWebview, RenderView, WebviewToHost } from "../../server/src/protocol/index.js";
import { analyze } from "../../server/src/engine/analyze.js";
import { buildRenderView } from "../../server/src/presentation/view-model.js";

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
          postMessage: function (m) { window.__posted.push(JSON.parse(JSON.stringify(m))); },
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
}

/** Opens the inspector in a new page, recording page errors and console errors (CSP reports). */
export async function openPage(h: Harness): Promise<OpenPage> {
  const page = await h.context.newPage();
  const errors: string[] = [];
  const consoleErrors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e?.stack ?? e)));
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
  await page.goto(h.url);
  await page.waitForFunction(() => (window as any).__posted?.some((m: any) => m.type === "ready"));
  return { page, errors, consoleErrors };
}

export function viewOf(text: string, uri = "file:///test/session.jsonl"): RenderView {
  return buildRenderView(analyze(text), uri, 1);
}

export async function send(page: Page, msg: HostToWebview): Promise<void> {
  await page.evaluate((m) => window.postMessage(m, "*"), msg);
}

export async function render(page: Page, view: RenderView): Promise<void> {
  await send(page, { type: "render", view });
  await page.waitForSelector(".totals");
}

export async function posted(page: Page): Promise<WebviewToHost[]> {
  return page.evaluate(() => (window as any).__posted as WebviewToHost[]);
}
