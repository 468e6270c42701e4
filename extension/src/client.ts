/**
 * The language client: starts dist/server.js over IPC for documents in VS Code's built-in JSON
 * Lines language and for JSON files named as JSON-document sessions (sessionFiles.ts:
 * `session-*.json`). The server decides per document whether it is a session; other files stay
 * silent.
 */
import * as vscode from "vscode";
import { LanguageClient, type LanguageClientOptions, type ServerOptions, TransportKind } from "vscode-languageclient/node";
import { REVEAL_LINE_COMMAND } from "../../server/src/protocol/lsp.js";
import { SESSION_DOCUMENT_SELECTOR } from "./sessionFiles.js";

export function createLanguageClient(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): LanguageClient {
  const serverModule = context.asAbsolutePath("dist/server.js");
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ["--nolazy", "--inspect=6019"] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: SESSION_DOCUMENT_SELECTOR.map((s) => ({ ...s })),
    outputChannel: log,
    // Files beside a session the server reads: acp-kernel's sidecar, OpenClaw's trajectory (what it
    // recorded it sent). The server re-renders the session when one changes.
    synchronize: { fileEvents: [vscode.workspace.createFileSystemWatcher("**/*.jsonl.acp.json"), vscode.workspace.createFileSystemWatcher("**/*.trajectory.jsonl")] },
    // Hovers link to lines with this one command; nothing else from a transcript can run.
    markdown: { isTrusted: { enabledCommands: [REVEAL_LINE_COMMAND] }, supportHtml: false },
  };
  return new LanguageClient("transcriptInspector", "Transcript Inspector", serverOptions, clientOptions);
}
