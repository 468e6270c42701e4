/**
 * Issue 5: the server over IPC (as the VS Code client starts it), files read from disk when the
 * client does not sync them, the acp-kernel sidecar beside a session, and the manifest's
 * contributions matching what the extension registers.
 */
import assert from "node:assert/strict";
import { fork } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, it } from "node:test";
import { createProtocolConnection, IPCMessageReader, IPCMessageWriter } from "vscode-languageserver-protocol/node";
import { LspClient, SERVER } from "../helpers/lsp-client.js";
import { sessionText } from "../helpers/session-builder.js";
import { genericOnly } from "../helpers/provider-diagnostics.js";

const ROOT = resolve(__dirname, "..", "..");
const ORPHANED = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "x_1" }, { user: 5 }]);

describe("IPC transport", () => {
  it("initializes and publishes diagnostics over node IPC", async () => {
    const child = fork(SERVER, ["--node-ipc"], { silent: true });
    const conn = createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
    try {
      const got = new Promise<any>((res) => conn.onNotification("textDocument/publishDiagnostics", (p: any) => res(p)));
      conn.listen();
      const init: any = await conn.sendRequest("initialize", { processId: process.pid, rootUri: null, capabilities: {} });
      assert.equal(init.capabilities.textDocumentSync.change, 2);
      await conn.sendNotification("initialized", {});
      await conn.sendNotification("textDocument/didOpen", { textDocument: { uri: "file:///virtual/ipc.jsonl", languageId: "jsonl", version: 1, text: ORPHANED } });
      const p = await got;
      assert.deepEqual(genericOnly(p.diagnostics).map((d: any) => `${d.range.start.line}:${d.code}`), ["4:orphan-result"]);
      await conn.sendRequest("shutdown");
      await conn.sendNotification("exit");
      await new Promise((r) => {
        const t = setTimeout(r, 2000);
        child.once("exit", () => {
          clearTimeout(t);
          r(undefined);
        });
      });
    } finally {
      conn.dispose();
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });
});

describe("files on disk", () => {
  let c: LspClient;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "ti-lsp-"));
    c = await LspClient.start();
  });
  after(async () => {
    await c.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a document the client does not sync is read from disk: render, hover, and its diagnostics", async () => {
    const path = join(dir, "big.jsonl");
    writeFileSync(path, ORPHANED);
    const uri = pathToFileURL(path).toString();
    const view = await c.request("transcriptInspector/render", { uri });
    assert.equal(view.format, "pi");
    assert.equal(view.findingCounts["orphan-result"], 1);
    const d = await c.diagnosticsFor(uri);
    assert.deepEqual(genericOnly(d).map((x) => x.code), ["orphan-result"]);
    const col = ORPHANED.split("\n")[4].indexOf('"x_1"') + 1;
    const h = await c.request("textDocument/hover", { textDocument: { uri }, position: { line: 4, character: col } });
    assert.match(h.contents.value, /swept as orphan/);
    // a change on disk is picked up
    writeFileSync(path, ORPHANED.split("\n").filter((_, i) => i !== 4).join("\n"));
    const view2 = await c.request("transcriptInspector/render", { uri });
    assert.equal(view2.findingCounts["orphan-result"], undefined);
  });

  it("an invalid acp-kernel sidecar beside the session is reported", async () => {
    const path = join(dir, "acp.jsonl");
    writeFileSync(path, ORPHANED);
    writeFileSync(path + ".acp.json", "{ not json");
    const uri = pathToFileURL(path).toString();
    const from = c.published.length;
    c.open(uri, ORPHANED);
    const d = await c.diagnosticsFor(uri, 1, from);
    assert.ok(d.some((x) => x.code === "acp-sidecar-invalid" && x.range.start.line === 0), JSON.stringify(d.map((x) => x.code)));
  });
});

describe("extension manifest", () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  const extDir = join(ROOT, "extension", "src");
  const ext = [...readdirSync(extDir, { recursive: true }).map(String).filter((f) => f.endsWith(".ts")).map((f) => join(extDir, f)), join(ROOT, "server", "src", "protocol", "lsp.ts")].map((f) => readFileSync(f, "utf8")).join("\n");
  it("activates on the built-in jsonl and json languages (or a restored inspector) and claims no language of its own", () => {
    // json: a Gemini CLI chat `session-*.json` opened from ~/.gemini fires no other event (the
    // server starts only with a session file: extension.test.ts); and on a restored inspector tab
    // (its serializer lives in the extension)
    assert.deepEqual(pkg.activationEvents, ["onLanguage:jsonl", "onLanguage:json", "onWebviewPanel:transcriptInspector.inspector"]);
    assert.equal(pkg.main, "./dist/extension.js");
    assert.equal(pkg.contributes.languages, undefined);
    assert.equal(pkg.capabilities.untrustedWorkspaces.supported, true);
  });
  it("every contributed command is registered by the extension, every menu names a command", () => {
    const ids = pkg.contributes.commands.map((c: any) => c.command);
    for (const id of ids) assert.ok(ext.includes(`"${id}"`), id);
    for (const items of Object.values(pkg.contributes.menus) as any[]) for (const m of items) assert.ok(ids.includes(m.command), m.command);
    // the editor title button only where the server recognised a session (extension/src/sessions.ts sets the key)
    assert.ok(pkg.contributes.menus["editor/title"].some((m: any) => m.command === "transcriptInspector.openInspectorToSide" && m.when === "resourcePath in transcriptInspector.sessionPaths"));
    assert.ok(ext.includes('"transcriptInspector.sessionPaths"'));
  });
  it("the webview imports only the runtime-free protocol files (view.ts, view-window.ts, webview.ts), so its bundle holds no JSON-RPC", () => {
    const dir = join(ROOT, "webview", "src");
    for (const f of readdirSync(dir).filter((x) => /\.tsx?$/.test(x))) {
      const imports = [...readFileSync(join(dir, f), "utf8").matchAll(/from "([^"]*protocol[^"]*)"/g)].map((m) => m[1]);
      for (const i of imports) assert.match(i, /\/protocol\/(view|view-window|webview)\.js$/, `${f} imports ${i}`);
    }
    assert.doesNotMatch(readFileSync(join(ROOT, "server", "src", "protocol", "webview.ts"), "utf8"), /^import (?!type )/m, "webview.ts imports types only");
    assert.doesNotMatch(readFileSync(join(ROOT, "server", "src", "protocol", "view.ts"), "utf8"), /^import (?!type )/m, "view.ts imports types only");
    assert.doesNotMatch(readFileSync(join(ROOT, "server", "src", "protocol", "view-window.ts"), "utf8"), /^import (?!type )/m, "view-window.ts imports types only");
  });
  it("every setting has a description and the server reads each one", () => {
    const props = pkg.contributes.configuration.properties;
    for (const [k, v] of Object.entries(props) as [string, any][]) assert.ok(v.description || v.markdownDescription, k);
    // the library's settings are read by the extension's Sessions view, which sends them to the server (library/configure)
    assert.deepEqual(Object.keys(props).sort(), ["transcriptInspector.agentVersions", "transcriptInspector.collidingId.enabled", "transcriptInspector.library.enabled", "transcriptInspector.library.folders", "transcriptInspector.library.priceFile", "transcriptInspector.library.searchIndexMB", "transcriptInspector.piCondense", "transcriptInspector.piVersion", "transcriptInspector.provider", "transcriptInspector.providerFindings", "transcriptInspector.severityOverrides", "transcriptInspector.trace.server"]);
  });
});
