/**
 * The status bar item for the active session: its format and pruner, and how many messages the
 * model gets before and after pruning. Problem counts are VS Code's own status item; this one
 * says only when the server listed fewer problems than it found. Click: the inspector.
 */
import * as vscode from "vscode";
import type { StatusParams } from "../../server/src/protocol/lsp.js";
import type { SessionStatuses } from "./sessions.js";
import { activeFile, onActiveFileChange } from "./unsyncedEditors.js";

const n = (x: number) => x.toLocaleString("en-US");

/**
 * Why a file shown without a text editor has the problems, this status and the inspector but no
 * hovers, navigation or quick fixes (issue 23 item 6).
 */
export const UNSYNCED_NOTE =
  "VS Code does not give this file to extensions: its editor shows the \"very large file\" notice (remote and web windows, from 10 MB) or the file is over 50 MB. " +
  "The language server reads it from disk, so the problems, this status and the inspector work; hovers, go to definition, quick fixes and the outline need the editor's copy of the text and are not available. " +
  "\"Open Anyway\" in the editor loads it where VS Code allows.";

/** The item's text and tooltip for one status (pure: tested without VS Code). `synced`: false for a file VS Code does not give to extensions. */
export function statusBarContent(s: StatusParams, synced = true): { text: string; tooltip: string } {
  const pruned = s.pruner !== "none";
  const text = [`$(list-flat) ${s.format}`, ...(pruned ? [s.pruner] : []), `${n(s.messagesBefore)}→${n(s.messagesAfter)}`];
  const tooltip = [
    `Transcript Inspector: ${s.format} session, ${pruned ? `pruned by ${s.pruner}` : "no pruner"}.`,
    `Messages sent to the model: ${n(s.messagesBefore)} before pruning, ${n(s.messagesAfter)} after.`,
  ];
  if (!synced) {
    text.push("$(file) read from disk");
    tooltip.push(UNSYNCED_NOTE);
  }
  if (s.capped) {
    text.push(`$(warning) ${n(s.capped.shown)} of ${n(s.capped.total)} problems shown`);
    tooltip.push(`${n(s.capped.shown)} of ${n(s.capped.total)} problems shown: the Problems panel lists the most severe first (errors, then by line). \`transcript-inspector check\` on the command line reports them all.`);
  }
  tooltip.push("Click to open the inspector.");
  return { text: text.join(" · "), tooltip: tooltip.join("\n") };
}

export class StatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly sessions: SessionStatuses,
    command: string,
  ) {
    this.item = vscode.window.createStatusBarItem("transcriptInspector.status", vscode.StatusBarAlignment.Left, 50);
    this.item.name = "Transcript Inspector";
    this.item.command = command;
    this.disposables = [this.item, sessions.onDidChange(() => this.refresh()), ...onActiveFileChange(() => this.refresh())];
    this.refresh();
  }

  refresh(): void {
    const file = activeFile();
    const s = this.sessions.get(file?.uri);
    if (!s) {
      this.item.hide();
      return;
    }
    const { text, tooltip } = statusBarContent(s, file!.synced);
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.show();
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
