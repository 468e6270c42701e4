/**
 * acp-kernel in the editor: the server reads `<session>.jsonl.acp.json` beside an open session,
 * re-renders when the watched sidecar changes, and hovers name the covering blocks. The sidecar
 * is constructed from the kernel's data model (no public sample exists).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, it } from "node:test";
import { LspClient } from "../helpers/lsp-client.js";
import { sessionText } from "../helpers/session-builder.js";
import { genericOnly } from "../helpers/provider-diagnostics.js";

const block = (blockId: string, ids: string[]) => ({ blockId, summary: `summary of ${blockId}`, directMessageIds: ids, effectiveMessageIds: ids, directBlockIds: [], active: true });
const sidecar = (blocks: object[]) => JSON.stringify({ blocks, messageRefs: { byRaw: {}, byRef: {} } });

describe("acp-kernel sidecar in the language server", () => {
  let c: LspClient;
  let dir = "";
  before(async () => {
    c = await LspClient.start();
    dir = mkdtempSync(join(tmpdir(), "ti-acp-lsp-"));
  });
  after(async () => {
    await c.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("re-renders when the watched sidecar appears and changes; hover names the block", async () => {
    const path = join(dir, "s.jsonl");
    const text = sessionText([{ user: 1, text: "the task" }, { assistant: 2, text: "working" }, { assistant: 3, text: "more" }]);
    writeFileSync(path, text);
    const uri = pathToFileURL(path).href;
    c.open(uri, text);
    const first = await c.diagnosticsFor(uri, 1);
    assert.deepEqual(genericOnly(first).filter((d) => d.code !== "pruned").map((d) => d.code), []);

    writeFileSync(path + ".acp.json", sidecar([block("b1", ["e1"])]));
    let from = c.published.length;
    await c.conn.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: uri + ".acp.json", type: 1 }] });
    const pinned = await c.diagnosticsFor(uri, 1, from);
    assert.deepEqual(genericOnly(pinned).map((d) => [d.code, d.range.start.line]), [["first-user-pinned", 1]]);
    const hover = await c.request("textDocument/hover", { textDocument: { uri }, position: { line: 1, character: 5 } });
    assert.match(hover.contents.value, /covered by block b1: kept pinned verbatim/);
    const view = await c.request("transcriptInspector/render", { uri });
    assert.equal(view.pruner, "acp-kernel");
    assert.deepEqual(view.ranges.map((r: any) => [r.kind, r.blockId]), [["acp", "b1"]]);

    writeFileSync(path + ".acp.json", sidecar([block("b1", ["e2"])]));
    from = c.published.length;
    await c.conn.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: uri + ".acp.json", type: 2 }] });
    const folded = await c.diagnosticsFor(uri, 1, from);
    assert.deepEqual(genericOnly(folded).map((d) => [d.code, d.range.start.line]), [["pruned", 2]]);
    assert.match(String(genericOnly(folded)[0].message), /folded by acp-kernel block b1/);
  });
});
