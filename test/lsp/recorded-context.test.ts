/**
 * OpenClaw's trajectory in the editor: the server reads `<session>.trajectory.jsonl` beside an
 * open OpenClaw session, compares its last `context.compiled` with the After column, publishes
 * `recorded-context-differs` where they part, re-reads it when the watched file changes, and the
 * inspector's view says whether they agree. The session and trajectory are the ones OpenClaw
 * 2026.7.35 wrote (test/corpus/openclaw/openclaw-run-*).
 */
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, it } from "node:test";
import { LspClient } from "../helpers/lsp-client.js";
import { genericOnly } from "../helpers/provider-diagnostics.js";
import { CORPUS } from "../helpers/corpus.js";

const SESSION = "openclaw-run-oc-mock-session-1.jsonl";
const TRAJECTORY = "openclaw-run-oc-mock-session-1.trajectory.jsonl";

describe("OpenClaw's trajectory in the language server", () => {
  let c: LspClient;
  let dir = "";
  before(async () => {
    c = await LspClient.start();
    dir = mkdtempSync(join(tmpdir(), "ti-trajectory-lsp-"));
  });
  after(async () => {
    await c.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("agrees, then differs when the watched trajectory changes, then cannot be read", async () => {
    const path = join(dir, SESSION);
    copyFileSync(join(CORPUS, "openclaw", SESSION), path);
    const real = readFileSync(join(CORPUS, "openclaw", TRAJECTORY), "utf8");
    writeFileSync(join(dir, TRAJECTORY), real);
    const text = readFileSync(path, "utf8");
    const uri = pathToFileURL(path).href;
    const trajectoryUri = pathToFileURL(join(dir, TRAJECTORY)).href;
    c.open(uri, text);
    const first = await c.diagnosticsFor(uri, 1);
    assert.deepEqual(genericOnly(first).filter((d) => d.code !== "pruned").map((d) => d.code), ["partial-message"]);
    let view = await c.request("transcriptInspector/render", { uri });
    assert.equal(view.recorded.agrees, true);
    assert.match(view.recorded.summary, /^OpenClaw's trajectory agrees with the After column: the 16 messages OpenClaw compiled when line 25 was the last entry/);
    assert.deepEqual(view.after.filter((m: any) => m.toolCallId).map((m: any) => m.toolCallId), ["call1", "call2", "call12", "call13", "call22"]);

    // The last record names the reused id as the file wrote it: they part at message 11 (line 17).
    const lines = real.split("\n");
    const i = lines.map((l) => l.includes('"type":"context.compiled"')).lastIndexOf(true);
    lines[i] = lines[i].replace('"id":"call13"', '"id":"call_1"');
    writeFileSync(join(dir, TRAJECTORY), lines.join("\n"));
    let from = c.published.length;
    await c.conn.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: trajectoryUri, type: 2 }] });
    const differs = await c.diagnosticsFor(uri, 1, from);
    const d = genericOnly(differs).filter((x) => x.code === "recorded-context-differs");
    assert.deepEqual(d.map((x) => [x.range.start.line, x.severity]), [[16, 3]]);
    assert.match(String(d[0].message), /^OpenClaw recorded a different context from the one modelled here\./);
    view = await c.request("transcriptInspector/render", { uri });
    assert.deepEqual([view.recorded.agrees, view.recorded.line], [false, 17]);

    writeFileSync(join(dir, TRAJECTORY), "not a trajectory\n");
    from = c.published.length;
    await c.conn.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: trajectoryUri, type: 2 }] });
    const invalid = await c.diagnosticsFor(uri, 1, from);
    assert.deepEqual(genericOnly(invalid).filter((x) => String(x.code).startsWith("recorded-")).map((x) => x.code), ["recorded-context-invalid"]);
  });
});
