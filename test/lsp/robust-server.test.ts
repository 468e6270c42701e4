/**
 * Issue 15: one hostile document cannot stop the language server for the others (deep nesting,
 * FIFO and ill-typed sidecars), over a real stdio connection to the built server.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, it } from "node:test";
import { LspClient } from "../helpers/lsp-client.js";
import { sessionText, type Spec } from "../helpers/session-builder.js";

const ORPHAN: Spec[] = [{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "zz_9" }, { user: 5 }];

describe("the server keeps serving every document", () => {
  let c: LspClient;
  let dir = "";
  before(async () => {
    c = await LspClient.start({ severityOverrides: {}, collidingId: { enabled: true } });
    dir = mkdtempSync(join(tmpdir(), "ti-robust-lsp-"));
  });
  after(async () => {
    await c.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a line nested 10,000 levels deep with a finding: diagnostics for it and for the next document", async () => {
    const lines = sessionText(ORPHAN).split("\n");
    lines[4] = lines[4].replace('"toolCallId"', `"deep":${"[".repeat(10000)}${"]".repeat(10000)},"toolCallId"`);
    const deepUri = "file:///virtual/robust-deep.jsonl";
    let from = c.published.length;
    c.open(deepUri, lines.join("\n"));
    const d = await c.diagnosticsFor(deepUri, 1, from);
    assert.ok(d.some((x) => x.code === "malformed-line" && x.range.start.line === 4), "the deep line is reported");
    const hover = await c.conn.sendRequest("textDocument/hover", { textDocument: { uri: deepUri }, position: { line: 4, character: 30 } });
    assert.ok(hover === null || typeof hover === "object");
    const okUri = "file:///virtual/robust-after-deep.jsonl";
    from = c.published.length;
    c.open(okUri, sessionText(ORPHAN));
    const d2 = await c.diagnosticsFor(okUri, 1, from);
    assert.ok(d2.some((x) => x.code === "orphan-result"));
    assert.equal(c.child.exitCode, null, "the server is alive");
  });

  it("a FIFO sidecar does not block the server; it is reported", async () => {
    const p = join(dir, "fifo.jsonl");
    writeFileSync(p, sessionText(ORPHAN));
    execFileSync("mkfifo", [p + ".acp.json"]);
    const u = pathToFileURL(p).toString();
    const from = c.published.length;
    c.open(u, sessionText(ORPHAN));
    const d = await c.diagnosticsFor(u, 1, from);
    assert.ok(d.some((x) => x.code === "acp-sidecar-invalid"), JSON.stringify(d.map((x) => x.code)));
  });

  it("a sidecar with a number in messageRefs.byRef is reported, and the session still analysed", async () => {
    const p = join(dir, "types.jsonl");
    writeFileSync(p, sessionText(ORPHAN));
    writeFileSync(p + ".acp.json", '{"blocks":[],"messageRefs":{"byRef":{"m1":5}}}');
    const u = pathToFileURL(p).toString();
    const from = c.published.length;
    c.open(u, sessionText(ORPHAN));
    const d = await c.diagnosticsFor(u, 1, from);
    assert.ok(d.some((x) => x.code === "acp-sidecar-invalid"));
    assert.ok(d.some((x) => x.code === "orphan-result"));
  });
});
