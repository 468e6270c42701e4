/**
 * "Paste a provider error" (issue 23 item 8a): the command takes the error text a provider
 * returned (`messages.12.content.0: unexpected tool_use_id ...`, OpenAI's `messages[7]`, the
 * Responses API's `input[3]`), asks the language server which file line the place it names comes
 * from (the request the provider would receive, engine/providers/provider-request.ts), and moves
 * the cursor there; the inspector follows the cursor. The clipboard fills the box when it holds
 * such an error.
 */
import * as vscode from "vscode";
import type { ProviderErrorResult } from "../../server/src/protocol/providers.js";
import { activeFile } from "./unsyncedEditors.js";

export const GO_TO_PROVIDER_ERROR_COMMAND = "transcriptInspector.goToProviderError";

/** Text that names a place in a request, as the providers' errors write it. */
export const ERROR_PLACE = /\bmessages\s*\.\s*\d|\bmessages\s*\.?\s*\[\s*\d|\binput\s*\[\s*\d|\bat message index \d/;
/** Pasted text read at most (an error is a line or two; a clipboard may hold anything). */
const MAX_TEXT = 20_000;
/** How long the clipboard is waited for before the box opens empty. */
const CLIPBOARD_WAIT_MS = 1000;

export interface ProviderErrorClient {
  locate(uri: string, text: string): Promise<ProviderErrorResult>;
}

/** What the user reads once the place is found (pure: tested without VS Code). */
export function providerErrorMessage(a: NonNullable<ProviderErrorResult>): string {
  if (a.line === null) return `${a.label}: ${a.path} is not a line of this file. ${a.note ?? ""}`.trim();
  return `${a.label}: ${a.path} is line ${a.line.toLocaleString("en-US")}${a.what ? `, the ${a.what}` : ""}.${a.note ? ` ${a.note}` : ""}`;
}

/** The command: `uri` (default: the active file) and `text` (default: asked, the clipboard offered). */
export async function goToProviderError(client: ProviderErrorClient, reveal: (line: number, uri: vscode.Uri) => Promise<void>, uri?: vscode.Uri, given?: string): Promise<void> {
  const target = uri ?? activeFile()?.uri;
  if (!target) {
    void vscode.window.showInformationMessage("Open the session transcript the request was built from first, then paste the provider's error.");
    return;
  }
  let text = given;
  if (text === undefined) {
    let clip = "";
    try {
      // a browser may ask for permission, or never answer: the box opens either way
      clip = (await Promise.race([vscode.env.clipboard.readText(), new Promise<string>((r) => setTimeout(() => r(""), CLIPBOARD_WAIT_MS))])).slice(0, MAX_TEXT);
    } catch {
      /* no clipboard access: the box starts empty */
    }
    text = await vscode.window.showInputBox({
      title: "Go to the Line of a Provider Error",
      prompt: "Paste the error the provider returned: it names a place in the request (messages.12.content.0, messages[7], input[3]).",
      placeHolder: "messages.12.content.0: unexpected tool_use_id found in tool_result blocks: toolu_…",
      value: ERROR_PLACE.test(clip) ? clip : "",
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() === "" || ERROR_PLACE.test(v) ? undefined : "No place in a request here: the error should name messages.N, messages[N] or input[N]."),
    });
  }
  if (!text?.trim()) return;
  const a = await client.locate(target.toString(), text.slice(0, MAX_TEXT));
  if (!a) {
    void vscode.window.showInformationMessage("This error names no place in a request (messages.N.content.M, messages[N], input[N]): there is no line to go to.");
    return;
  }
  if (a.line !== null) await reveal(a.line, target);
  void vscode.window.showInformationMessage(providerErrorMessage(a));
}
