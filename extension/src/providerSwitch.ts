/**
 * The target provider in the editor: a status bar item beside the session's (the provider whose
 * rules the findings' severities follow, with a count only when it would reject the next
 * request) and the "Switch Target Provider" quick pick, which lists every provider with its
 * verdict and sets the document's target on the server. Click the item: the switch.
 */
import * as vscode from "vscode";
import type { ProviderStatus, ProviderVerdictsResult } from "../../server/src/protocol/providers.js";
import type { SessionStatuses } from "./sessions.js";
import { activeFile, onActiveFileChange } from "./unsyncedEditors.js";

export const SWITCH_PROVIDER_COMMAND = "transcriptInspector.switchTargetProvider";

const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

const SOURCE_WORDS: Record<ProviderStatus["source"], string> = {
  document: "chosen for this file",
  setting: "from the transcriptInspector.provider setting",
  session: "detected from the session's latest turn",
  none: "not detected",
};

/**
 * The item's text and tooltip (pure: tested without VS Code). With the server's reason (the live
 * guard, issue 23 item 8c) it says why the target would reject the next request: the first
 * finding's code and line in the text, what is wrong and the provider's error text in the tooltip.
 */
export function providerStatusContent(p: ProviderStatus): { text: string; tooltip: string } {
  const tooltip = [`Target provider: ${p.label} (${SOURCE_WORDS[p.source]}).`];
  if (!p.target) {
    tooltip.push("Findings name the providers that would reject them; none is an error.");
    tooltip.push("Click to choose a target provider.");
    return { text: "$(question) Provider unknown", tooltip: tooltip.join("\n") };
  }
  tooltip.push(p.rejects ? `${p.label} would reject the next request: ${plural(p.problems, "problem")}.` : `${p.label} accepts the next request.`);
  const r = p.rejects ? p.reason : undefined;
  if (r) {
    tooltip.push(`First: line ${r.line.toLocaleString("en-US")}, ${r.code}: ${r.message}`);
    if (r.error) tooltip.push(r.paraphrase ? `${p.label} (described): ${r.error}` : `${p.label} answers: “${r.error}”`);
  }
  tooltip.push("Click to switch the target provider.");
  const more = p.problems > 1 ? ` (+${(p.problems - 1).toLocaleString("en-US")})` : "";
  const text = !p.rejects ? `$(check) ${p.label}` : r ? `$(error) ${p.label} would reject: ${r.code}, line ${r.line.toLocaleString("en-US")}${more}` : `$(error) ${p.label}: ${plural(p.problems, "problem")}`;
  return { text, tooltip: tooltip.join("\n") };
}

export interface ProviderPick extends vscode.QuickPickItem {
  provider: string;
}

/** The quick pick's items: `Auto` first, then every provider with its verdict (pure). */
export function providerPicks(r: NonNullable<ProviderVerdictsResult>): ProviderPick[] {
  const detected = r.verdicts.find((v) => v.name === r.status.detected);
  const auto: ProviderPick = {
    provider: "auto",
    label: "Auto",
    description: detected ? `detected: ${detected.label}` : "no provider detected",
    detail: "Follow the transcriptInspector.provider setting, else the session's latest turn.",
  };
  return [
    auto,
    ...r.verdicts.map((v) => ({
      provider: v.name,
      label: v.label,
      description: v.rejects ? `would reject: ${plural(v.problems, "problem")}` : "accepts",
      detail: v.name === r.status.target ? "current target" : undefined,
    })),
  ];
}

/** What the switch needs from the language client. */
export interface ProviderClient {
  verdicts(uri: string): Promise<ProviderVerdictsResult>;
  setTarget(uri: string, provider: string): Promise<boolean>;
}

/** The command: pick a provider for `uri` (default: the active editor's document). */
export async function switchTargetProvider(client: ProviderClient, uri: vscode.Uri | undefined): Promise<void> {
  const target = uri ?? activeFile()?.uri;
  if (!target) {
    void vscode.window.showInformationMessage("Open a session transcript first. The target provider is chosen per file.");
    return;
  }
  const r = await client.verdicts(target.toString());
  if (!r) {
    void vscode.window.showInformationMessage("This file is not a session transcript: there is no request to check against a provider.");
    return;
  }
  const pick = await vscode.window.showQuickPick(providerPicks(r), { title: "Target provider", placeHolder: `Findings follow ${r.status.label}. Which provider's verdict should they follow?` });
  if (pick) await client.setTarget(target.toString(), pick.provider);
}

export class ProviderStatusItem implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly sessions: SessionStatuses) {
    this.item = vscode.window.createStatusBarItem("transcriptInspector.provider", vscode.StatusBarAlignment.Left, 49);
    this.item.name = "Transcript Inspector: Target Provider";
    this.item.command = SWITCH_PROVIDER_COMMAND;
    this.disposables = [this.item, sessions.onDidChange(() => this.refresh()), ...onActiveFileChange(() => this.refresh())];
    this.refresh();
  }

  refresh(): void {
    const p = this.sessions.get(activeFile()?.uri)?.provider;
    if (!p) {
      this.item.hide();
      return;
    }
    const { text, tooltip } = providerStatusContent(p);
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.show();
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
