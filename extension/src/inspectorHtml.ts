/**
 * The inspector page: a strict Content-Security-Policy (scripts only with a per-load nonce,
 * styles, fonts and images only from dist/), loading dist/webview/main.js and main.css when built.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import * as vscode from "vscode";

export function inspectorHtml(webview: vscode.Webview, dist: vscode.Uri): string {
  const nonce = randomBytes(16).toString("base64");
  const js = vscode.Uri.joinPath(dist, "webview", "main.js");
  const css = vscode.Uri.joinPath(dist, "webview", "main.css");
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource} data:`,
  ].join("; ");
  const styles = existsSync(css.fsPath) ? `<link rel="stylesheet" nonce="${nonce}" href="${webview.asWebviewUri(css)}">` : "";
  const body = existsSync(js.fsPath)
    ? `<div id="root"></div><script nonce="${nonce}" src="${webview.asWebviewUri(js)}"></script>`
    : `<p>The inspector page is not built (dist/webview/main.js is missing). Run <code>npm run build</code>.</p>`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><meta name="viewport" content="width=device-width, initial-scale=1.0">${styles}<title>Transcript Inspector</title></head><body>${body}</body></html>`;
}
