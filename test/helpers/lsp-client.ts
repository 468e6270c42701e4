/**
 * A real LSP client for tests: spawns the BUILT server (`dist/server.js --stdio`) and talks
 * JSON-RPC to it over its stdio with vscode-languageserver-protocol. Answers
 * workspace/configuration from `settings`, records diagnostics and notifications.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";
import {
  createProtocolConnection,
  type Diagnostic,
  type ProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type TextDocumentContentChangeEvent,
} from "vscode-languageserver-protocol/node";

/** The built server (TI_DIST: another build's dist/, as `npm run bench -- --dist DIR` compares two builds). */
export const SERVER = resolve(process.env.TI_DIST ?? resolve(__dirname, "..", "..", "dist"), "server.js");

export interface Published {
  uri: string;
  version?: number;
  diagnostics: Diagnostic[];
}

export class LspClient {
  readonly published: Published[] = [];
  readonly notifications: { method: string; params: any }[] = [];
  private waiters: (() => void)[] = [];
  settings: Record<string, unknown> = {};
  initializeResult: any;

  private constructor(readonly child: ChildProcess, readonly conn: ProtocolConnection) {}

  static async start(settings: Record<string, unknown> = {}, capabilities: any = undefined): Promise<LspClient> {
    // TI_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=DIR" to profile it.
    const nodeArgs = process.env.TI_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
    const child = spawn(process.execPath, [...nodeArgs, SERVER, "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
    child.stderr!.on("data", () => undefined);
    const conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const c = new LspClient(child, conn);
    c.settings = settings;
    conn.onNotification("textDocument/publishDiagnostics", (p: Published) => {
      c.published.push(p);
      c.wake();
    });
    for (const method of ["transcriptInspector/status", "transcriptInspector/didChangeRender", "transcriptInspector/analysisProgress", "window/logMessage", "$/progress"])
      conn.onNotification(method, (params: any) => {
        c.notifications.push({ method, params });
        c.wake();
      });
    conn.onRequest("workspace/configuration", (p: any) => p.items.map(() => c.settings));
    conn.onRequest("client/registerCapability", () => null);
    conn.onRequest("window/workDoneProgress/create", () => null);
    conn.listen();
    c.initializeResult = await conn.sendRequest("initialize", {
      processId: process.pid,
      rootUri: null,
      capabilities: capabilities ?? {
        workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true }, workspaceEdit: { documentChanges: true } },
        textDocument: { publishDiagnostics: { relatedInformation: true, tagSupport: { valueSet: [1, 2] }, codeDescriptionSupport: true }, codeAction: { dataSupport: true, resolveSupport: { properties: ["edit"] } } },
      },
    });
    await conn.sendNotification("initialized", {});
    return c;
  }

  private wake() {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Resolves when `pred` holds (checked on every message), or rejects after `ms`. */
  async until<T>(pred: () => T | undefined | false, ms = 8000, what = "condition"): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = pred();
      if (v) return v;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((res) => {
        const t = setTimeout(res, left);
        this.waiters.push(() => {
          clearTimeout(t);
          res();
        });
      });
    }
  }

  /** The first diagnostics for `uri` published at `version` (or later) after index `from`. */
  diagnosticsFor(uri: string, version?: number, from = 0): Promise<Diagnostic[]> {
    return this.until(
      () => this.published.slice(from).find((p) => p.uri === uri && (version === undefined || p.version === undefined || p.version >= version))?.diagnostics,
      8000,
      `diagnostics for ${uri}@${version}`,
    );
  }

  status(uri: string, from = 0): Promise<any> {
    return this.until(() => this.notifications.slice(from).find((n) => n.method === "transcriptInspector/status" && n.params.uri === uri)?.params, 8000, `status for ${uri}`);
  }

  open(uri: string, text: string, version = 1, languageId = "jsonl"): void {
    void this.conn.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId, version, text } });
  }

  change(uri: string, version: number, contentChanges: TextDocumentContentChangeEvent[]): void {
    void this.conn.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges });
  }

  close(uri: string): void {
    void this.conn.sendNotification("textDocument/didClose", { textDocument: { uri } });
  }

  request<T = any>(method: string, params: unknown): Promise<T> {
    return this.conn.sendRequest(method, params) as Promise<T>;
  }

  /** Code actions, each file-wide one resolved as VS Code does when it is chosen (`codeAction/resolve` computes its edit). */
  async codeActions(params: unknown): Promise<any[]> {
    const actions: any[] = await this.request("textDocument/codeAction", params);
    return Promise.all(actions.map((a) => (a.edit || a.disabled ? a : this.request("codeAction/resolve", a))));
  }

  async stop(): Promise<void> {
    try {
      await Promise.race([this.conn.sendRequest("shutdown"), new Promise((r) => setTimeout(r, 2000))]);
      await this.conn.sendNotification("exit");
    } catch {
      /* already gone */
    }
    await new Promise<void>((res) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return res();
      const t = setTimeout(() => {
        this.child.kill("SIGKILL");
        res();
      }, 2000);
      this.child.once("exit", () => {
        clearTimeout(t);
        res();
      });
    });
    this.conn.dispose();
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGKILL");
  }
}

/** Applies LSP text edits (positions in the original text) to `text`. Independent of the engine. */
export function applyTextEdits(text: string, edits: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[]): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  const off = (p: { line: number; character: number }) => (p.line >= starts.length ? text.length : Math.min(text.length, starts[p.line] + p.character));
  const sorted = edits.map((e) => ({ s: off(e.range.start), e: off(e.range.end), t: e.newText })).sort((a, b) => b.s - a.s);
  let out = text;
  let prevStart = Infinity;
  for (const x of sorted) {
    if (x.e > prevStart) throw new Error("overlapping edits");
    out = out.slice(0, x.s) + x.t + out.slice(x.e);
    prevStart = x.s;
  }
  return out;
}

/** The edits of a WorkspaceEdit for one uri (changes or documentChanges). */
export function editsOf(edit: any, uri: string): any[] {
  if (!edit) return [];
  if (edit.changes) return edit.changes[uri] ?? [];
  return (edit.documentChanges ?? []).filter((d: any) => d.textDocument?.uri === uri).flatMap((d: any) => d.edits);
}
