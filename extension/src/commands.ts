/**
 * The extension's commands, one table: id -> what it does. package.json's `contributes.commands`
 * lists the same ids (a test checks both ways).
 */
import * as vscode from "vscode";
import { REVEAL_LINE_COMMAND } from "../../server/src/protocol/lsp.js";
import type { ViewFix } from "../../server/src/protocol/view.js";
import { FIX_ALL_ORPHANS } from "./fixes.js";
import type { InspectorPanels } from "./inspectorPanels.js";
import { activeTabUri } from "./unsyncedEditors.js";
import { SWITCH_PROVIDER_COMMAND } from "./providerSwitch.js";
import { GO_TO_PROVIDER_ERROR_COMMAND } from "./providerError.js";

export const OPEN_INSPECTOR_COMMAND = "transcriptInspector.openInspectorToSide";
export const FIX_ALL_COMMAND = "transcriptInspector.fixAllOrphans";
export const SHOW_LOG_COMMAND = "transcriptInspector.showLog";

/** What the commands act on. */
export interface CommandDeps {
  panels: InspectorPanels;
  applyFix(uri: vscode.Uri, fix: ViewFix): Promise<boolean>;
  revealLine(line: unknown, uri?: vscode.Uri | string): Promise<void>;
  log: vscode.LogOutputChannel;
  /** The target provider quick pick (providerSwitch.ts). */
  switchProvider(uri: vscode.Uri | undefined): Promise<void>;
  /** "Paste a provider error": the line the place it names comes from (providerError.ts). */
  goToProviderError(uri: vscode.Uri | undefined, text: string | undefined): Promise<void>;
}

// Arguments come from menus, keybindings and other extensions: checked, never trusted.
export const COMMANDS: Record<string, (deps: CommandDeps, ...args: unknown[]) => unknown> = {
  /** The editor title button, the explorer menu (with the file's URI) and the palette. */
  [OPEN_INSPECTOR_COMMAND]: ({ panels }, uri) => {
    const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri ?? activeTabUri();
    if (target) panels.show(target);
    else void vscode.window.showInformationMessage("Open a session transcript first. The inspector shows the session in the active editor.");
  },
  [FIX_ALL_COMMAND]: async ({ applyFix }) => {
    const doc = vscode.window.activeTextEditor?.document;
    if (!doc) {
      void vscode.window.showInformationMessage("Open a session transcript first. Fix All works on the file in the active editor.");
      return;
    }
    await applyFix(doc.uri, FIX_ALL_ORPHANS);
  },
  /** Hover links and the inspector: `[line]` or `[line, uri]`, the line 1-based. */
  [REVEAL_LINE_COMMAND]: ({ revealLine }, line, uri) => revealLine(line, typeof uri === "string" || uri instanceof vscode.Uri ? uri : undefined),
  [SHOW_LOG_COMMAND]: ({ log }) => log.show(true),
  /** The status bar item and the palette; explorer/editor menus pass the file's URI. */
  [SWITCH_PROVIDER_COMMAND]: ({ switchProvider }, uri) => switchProvider(uri instanceof vscode.Uri ? uri : undefined),
  /** The palette (asks for the text), menus (the file's URI), other extensions and tests (`[uri, text]`). */
  [GO_TO_PROVIDER_ERROR_COMMAND]: ({ goToProviderError }, uri, text) => goToProviderError(uri instanceof vscode.Uri ? uri : undefined, typeof text === "string" ? text : undefined),
};

export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  return Object.entries(COMMANDS).map(([id, run]) => vscode.commands.registerCommand(id, (...args: unknown[]) => run(deps, ...args)));
}
