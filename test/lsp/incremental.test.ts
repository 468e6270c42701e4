/**
 * Issue 11 items 3 and 4 over the real stdio connection: (1) a document changed by incremental
 * edits (appends, a middle-line edit, a deletion, a paste over several lines) gets exactly the
 * diagnostics a fresh open of its final text gets; (2) a file the client does not sync (over
 * 50 MB in VS Code) shown through `didShowUnsynced`: read from disk, diagnostics published,
 * appends on disk followed (also one written in two parts), the inspector renders it, and
 * `didHideUnsynced` clears its diagnostics.
 */
import assert from "node:assert/strict";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, it } from "node:test";
import { corpusText } from "../helpers/corpus.js";
import { applyTextEdits, LspClient, type Published } from "../helpers/lsp-client.js";
import { sessionText } from "../helpers/session-builder.js";

const line = (o: unknown) => JSON.stringify(o) + "\n";
const result = (id: string, parentId: string, callId: string) =>
  line({ type: "message", id, parentId, timestamp: "2026-01-01T01:00:00.000Z", message: { role: "toolResult", toolCallId: callId, toolName: "bash", content: [{ type: "text", text: "out" }], isError: false, timestamp: 9000 } });
const call = (id: string, parentId: string, callId: string) =>
  line({ type: "message", id, parentId, timestamp: "2026-01-01T01:00:00.000Z", message: { role: "assistant", content: [{ type: "toolCall", id: callId, name: "bash", arguments: {} }], stopReason: "toolUse", api: "anthropic-messages", provider: "anthropic", model: "m", timestamp: 8999 } });

/** Diagnostics without the uri (the fresh copy is opened under another one). */
const shape = (d: Published["diagnostics"]) => JSON.parse(JSON.stringify(d).replaceAll(/"uri":"[^"]*"/g, '"uri":"-"'));

let n = 0;
describe("incremental edits and files the client does not sync (stdio)", () => {
  let c: LspClient;
  let dir: string;
  before(async () => {
    c = await LspClient.start({ collidingId: { enabled: true } });
    dir = mkdtempSync(join(tmpdir(), "ti-inc-"));
  });
  after(async () => {
    await c.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function fresh(text: string) {
    const u = `file:///virtual/fresh-${++n}.jsonl`;
    const from = c.published.length;
    c.open(u, text);
    const d = await c.diagnosticsFor(u, 1, from);
    c.close(u);
    return d;
  }

  for (const [name, source] of [
    ["constructed, reused ids", sessionText([{ user: 1 }, { assistant: 2, calls: ["bash_1"] }, { result: 3, id: "bash_1" }, { user: 4 }, { assistant: 5, calls: ["bash_1"] }, { result: 6, id: "bash_1" }, { user: 7 }])],
    ["corpus pi-mono-large-session-v1", corpusText("pi/pi-mono-large-session-v1.jsonl")],
  ] as const)
    it(`${name}: appends and edits give the diagnostics of a fresh open`, async () => {
      const u = `file:///virtual/edited-${++n}.jsonl`;
      let text = text0(source);
      let from = c.published.length;
      c.open(u, text);
      await c.diagnosticsFor(u, 1, from);
      const lines = () => text.split("\n").length - 1;
      const edits = [
        // an agent appends an orphan result, then its call and result
        { range: { start: { line: lines(), character: 0 }, end: { line: lines(), character: 0 } }, text: result("r-x", "e7", "ghost_1") },
        { range: { start: { line: lines(), character: 0 }, end: { line: lines(), character: 0 } }, text: call("c-y", "r-x", "bash_1") + result("r-y", "c-y", "bash_1") },
        // a middle line edited in place, a line deleted, a paste over two lines
        { range: { start: { line: 2, character: 5 }, end: { line: 2, character: 9 } }, text: "XYZW" },
        { range: { start: { line: 3, character: 0 }, end: { line: 4, character: 0 } }, text: "" },
        { range: { start: { line: 2, character: 0 }, end: { line: 3, character: 4 } }, text: result("r-z", "e1", "bash_1") + "{" },
      ];
      let v = 1;
      for (const e of edits) {
        text = applyTextEdits(text, [{ range: e.range, newText: e.text }]);
        from = c.published.length;
        c.change(u, ++v, [e]);
        const got = await c.diagnosticsFor(u, v, from);
        assert.deepEqual(shape(got), shape(await fresh(text)), `after edit ${v - 1}`);
      }
      c.close(u);
    });

  it("a file shown but not synced: read from disk, appends followed, rendered, released on hide", async () => {
    const path = join(dir, "big.jsonl");
    let text = sessionText([{ user: 1 }, { assistant: 2, calls: ["bash_1"] }, { result: 3, id: "bash_1" }, { user: 4 }]);
    writeFileSync(path, text);
    const u = pathToFileURL(path).href;
    let from = c.published.length;
    await c.conn.sendNotification("transcriptInspector/didShowUnsynced", { uri: u });
    assert.deepEqual(shape(await c.diagnosticsFor(u, undefined, from)), shape(await fresh(text)));

    // An orphan result appended on disk: republished.
    from = c.published.length;
    const orphan = result("r-o", "e4", "ghost_9");
    appendFileSync(path, orphan);
    text += orphan;
    const d1 = await c.diagnosticsFor(u, undefined, from);
    assert.ok(d1.some((d) => d.code === "orphan-result"), "the appended orphan is reported");
    assert.deepEqual(shape(d1), shape(await fresh(text)));

    // A line written in two parts (the agent's write caught half way), then completed.
    const more = call("c-2", "r-o", "bash_2");
    from = c.published.length;
    appendFileSync(path, more.slice(0, 40));
    await c.diagnosticsFor(u, undefined, from);
    from = c.published.length;
    appendFileSync(path, more.slice(40));
    text += more;
    const expected = shape(await fresh(text));
    const d2 = await c.until(() => c.published.slice(from).filter((p) => p.uri === u).map((p) => shape(p.diagnostics)).find((d) => JSON.stringify(d) === JSON.stringify(expected)), 8000, "diagnostics of the completed line");
    assert.deepEqual(d2, expected);

    // The inspector renders it from the followed lines.
    const view = await c.request("transcriptInspector/render", { uri: u });
    assert.ok(view, "rendered");
    assert.equal(view.totals.before.messages, 6);

    from = c.published.length;
    await c.conn.sendNotification("transcriptInspector/didHideUnsynced", { uri: u });
    assert.deepEqual(await c.diagnosticsFor(u, undefined, from), [], "diagnostics cleared when the editor closes");
  });
});

/** The text as given, with a final line ending. */
function text0(t: string) {
  return t.endsWith("\n") ? t : t + "\n";
}
