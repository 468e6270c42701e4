/// <reference types="mocha" />
/** Shared helpers for the extension-host suite: copies in the temp workspace, polling, hovers. */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";
import { PROVIDER_CODES } from "../../../server/src/engine/rules/provider-codes.js";

export const EXTENSION_ID = "transcript-inspector.transcript-inspector";

export function workspaceDir(): string {
  const f = vscode.workspace.workspaceFolders?.[0];
  assert.ok(f, "the test run opens a (temporary) workspace folder");
  return f.uri.fsPath;
}

let copies = 0;
/** Writes `text` to a fresh file in the temp workspace (never a fixture in place). */
export function scratchFile(name: string, text: string): vscode.Uri {
  const dir = path.join(workspaceDir(), "scratch");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${++copies}-${name}`);
  fs.writeFileSync(file, text);
  return vscode.Uri.file(file);
}

/** A copy of a file the runner put in the workspace (`fixtures/...`), fresh for each test. */
export function copyOf(rel: string): vscode.Uri {
  return scratchFile(path.basename(rel), fs.readFileSync(path.join(workspaceDir(), "fixtures", rel), "utf8"));
}

export async function waitFor<T>(what: string, fn: () => T | undefined | null | false | Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}${last ? ` (last error: ${(last as Error).message})` : ""}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function activeExtension(): Promise<vscode.Extension<unknown>> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is loaded in the extension host`);
  if (!ext.isActive) await ext.activate();
  return ext;
}

export async function open(uri: vscode.Uri): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(uri);
  return vscode.window.showTextDocument(doc, { preview: false });
}

export const codeOf = (d: vscode.Diagnostic): string => String(typeof d.code === "object" && d.code ? d.code.value : d.code);

/** The faded hint on what a pruner drops on purpose: not a finding. */
export const isPrunedHint = (d: vscode.Diagnostic): boolean => codeOf(d) === "pruned";

/** Of a code only the provider rules report (test/lsp/providers.test.ts covers those). */
export const isProviderOnly = (d: vscode.Diagnostic): boolean => Object.prototype.hasOwnProperty.call(PROVIDER_CODES, codeOf(d));

/** Findings of the generic rules only (the `pruned` hints and provider-only codes left out). */
export const findings = (ds: readonly vscode.Diagnostic[]): vscode.Diagnostic[] => ds.filter((d) => !isPrunedHint(d) && !isProviderOnly(d));

/** `line:code` (1-based line) of every finding, sorted. */
export const lineCodes = (ds: readonly vscode.Diagnostic[]): string[] =>
  findings(ds).map((d) => `${d.range.start.line + 1}:${codeOf(d)}`).sort((a, b) => parseInt(a) - parseInt(b) || a.localeCompare(b));

/** Waits until the diagnostics of `uri` satisfy `ok` (they arrive asynchronously from the server). */
export function diagnosticsWhere(uri: vscode.Uri, what: string, ok: (ds: vscode.Diagnostic[]) => boolean, ms = 30_000): Promise<vscode.Diagnostic[]> {
  return waitFor(what, () => {
    const ds = vscode.languages.getDiagnostics(uri);
    return ok(ds) ? ds : null;
  }, ms);
}

export function hoverText(hovers: vscode.Hover[] | undefined): string {
  return (hovers ?? [])
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === "string" ? c : "value" in c ? c.value : ""))
    .join("\n");
}

/** Where a JSON string value `"value"` first occurs on a 0-based line (the position inside it). */
export function positionOf(doc: vscode.TextDocument, line: number, value: string): vscode.Position {
  const col = doc.lineAt(line).text.indexOf(JSON.stringify(value));
  assert.ok(col >= 0, `line ${line + 1} contains ${JSON.stringify(value)}`);
  return new vscode.Position(line, col + 2);
}

/** Closes every editor and reverts what the test changed (the scratch copies are thrown away anyway). */
export async function closeAll(): Promise<void> {
  await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor").then(undefined, () => undefined);
  await vscode.commands.executeCommand("workbench.action.closeAllEditors");
}
