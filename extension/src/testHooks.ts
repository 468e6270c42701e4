/**
 * The one test seam: in a test run (VS Code's extension-test mode) activate() records what each
 * inspector exchanges with its page and returns `{ inspector: InspectorTestHooks }` for the
 * extension-host suite. In normal use no recorder exists: the panels see no observer and keep
 * nothing.
 */
import * as vscode from "vscode";
import type { HostToWebview, WebviewToHost } from "../../server/src/protocol/webview.js";

/** What a panel reports to, when there is an observer at all (tests only). */
export interface MessageObserver {
  received(uri: string, m: WebviewToHost): void;
  sent(uri: string, m: HostToWebview): void;
}

/** activate()'s exports in a test run: the messages each inspector exchanged with its webview. */
export interface InspectorTestHooks {
  waitForMessage(type: WebviewToHost["type"], uri?: vscode.Uri, timeoutMs?: number): Promise<WebviewToHost>;
  posted(uri?: vscode.Uri): HostToWebview[];
}

export function isTestRun(context: vscode.ExtensionContext): boolean {
  return context.extensionMode === vscode.ExtensionMode.Test || process.env.TI_E2E === "1";
}

const KEEP = 200;

export class MessageRecorder implements MessageObserver {
  private readonly inbox: { uri: string; m: WebviewToHost }[] = [];
  private readonly outbox: { uri: string; m: HostToWebview }[] = [];
  private waiters: (() => void)[] = [];

  received(uri: string, m: WebviewToHost): void {
    this.inbox.push({ uri, m });
    if (this.inbox.length > KEEP) this.inbox.shift();
    for (const w of this.waiters.splice(0)) w();
  }

  sent(uri: string, m: HostToWebview): void {
    this.outbox.push({ uri, m });
    if (this.outbox.length > KEEP) this.outbox.shift();
  }

  hooks(): InspectorTestHooks {
    return {
      waitForMessage: (type, uri, timeoutMs = 10_000) =>
        new Promise((resolve, reject) => {
          const key = uri?.toString();
          const find = () => this.inbox.find((x) => x.m.type === type && (!key || x.uri === key))?.m;
          const hit = find();
          if (hit) return resolve(hit);
          const timer = setTimeout(() => reject(new Error(`no ${type} message from the inspector within ${timeoutMs} ms`)), timeoutMs);
          const check = () => {
            const m = find();
            if (m) {
              clearTimeout(timer);
              resolve(m);
            } else this.waiters.push(check);
          };
          this.waiters.push(check);
        }),
      posted: (uri) => this.outbox.filter((x) => !uri || x.uri === uri.toString()).map((x) => x.m),
    };
  }
}
