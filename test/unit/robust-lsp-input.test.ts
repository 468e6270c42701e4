/**
 * Issue 22, item 10: what a client sends cannot desynchronise or end the server.
 * - A change at character -1 (or a fraction, or a negative line) is applied as the editor's
 *   library applies it (clamped), not with `slice(-1)` that cut from the line's end.
 * - A Content-Length of 4 GiB or more (a buffer cannot be that long) is read past and dropped;
 *   the allocation threw and ended the server.
 * - Inspector rows and locate without filters answer as with none (they answered null after a
 *   TypeError).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { TextDocument } from "vscode-languageserver-textdocument";
import { analyze, parseText } from "../../server/src/engine/index.js";
import { LineDocument } from "../../server/src/lsp/line-document.js";
import { MessageFramer } from "../../server/src/lsp/stdio-framer.js";
import { buildRenderView } from "../../server/src/presentation/view-model.js";
import { ViewWindow } from "../../server/src/presentation/view-window.js";
import { sessionText } from "../helpers/session-builder.js";

const TEXT = sessionText([{ user: 1 }, { assistant: 2, calls: ["bash_1"] }, { result: 3, id: "bash_1" }, { user: 4 }, { assistant: 5, text: "ok" }]);

describe("didChange positions the lines cannot follow are applied as the library applies them", () => {
  const cases: [string, { line: number; character: number }, { line: number; character: number }][] = [
    ["character -1", { line: 2, character: -1 }, { line: 2, character: -1 }],
    ["start character -1 to a later line", { line: 2, character: -1 }, { line: 3, character: 4 }],
    ["a fractional character", { line: 3, character: 1.5 }, { line: 3, character: 2.5 }],
    ["line -1", { line: -1, character: 0 }, { line: 1, character: 0 }],
    ["past the line's end", { line: 2, character: 1e9 }, { line: 2, character: 1e9 }],
  ];
  for (const [name, start, end] of cases)
    it(name, () => {
      const doc = LineDocument.create("file:///s.jsonl", "jsonl", 1, TEXT);
      doc.lines(); // parsed first, as the server does on open
      const change = { range: { start, end }, text: "X" };
      LineDocument.update(doc, [change], 2);
      const want = TextDocument.update(TextDocument.create("file:///s.jsonl", "jsonl", 1, TEXT), [change], 2).getText();
      assert.equal(doc.getText(), want);
      const fresh = [...parseText(want).lines.all()].map((l) => [l.text, l.eol, l.offset]);
      assert.deepEqual([...doc.lines().lines.all()].map((l) => [l.text, l.eol, l.offset]), fresh);
    });
});

describe("a message longer than a buffer can be is dropped, the stream goes on", () => {
  const frame = (body: string) => Buffer.concat([Buffer.from(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`, "ascii"), Buffer.from(body)]);
  async function run(input: Buffer[], options: ConstructorParameters<typeof MessageFramer>[0]) {
    const f = new MessageFramer(options);
    const out: string[] = [];
    const errors: Error[] = [];
    f.on("data", (c: Buffer) => out.push(c.toString("latin1")));
    f.on("error", (e) => errors.push(e));
    const ended = new Promise((r) => f.on("end", r));
    for (const c of input) f.write(c);
    f.end();
    await Promise.race([ended, new Promise((r) => setTimeout(r, 2000))]);
    return { out, errors };
  }
  it("Content-Length: 4294967296: no error, nothing passed on, dropped said once", async () => {
    const dropped: number[] = [];
    const { out, errors } = await run([Buffer.from("Content-Length: 4294967296\r\n\r\n{", "ascii"), Buffer.from("x".repeat(1000))], { onDropped: (n) => dropped.push(n) });
    assert.deepEqual(errors, []);
    assert.deepEqual(out, []);
    assert.deepEqual(dropped, [4294967296 + 30]);
  });
  it("a message over the bound is read past; the next one comes whole", async () => {
    const big = frame(JSON.stringify({ jsonrpc: "2.0", method: "x", params: "y".repeat(500) }));
    const next = frame('{"jsonrpc":"2.0","method":"exit"}');
    const all = Buffer.concat([big, next]);
    const pieces: Buffer[] = [];
    for (let i = 0; i < all.length; i += 37) pieces.push(all.subarray(i, i + 37));
    const dropped: number[] = [];
    const { out, errors } = await run(pieces, { maxMessageBytes: 200, onDropped: (n) => dropped.push(n) });
    assert.deepEqual(errors, []);
    assert.deepEqual(out, [next.toString("latin1")]);
    assert.deepEqual(dropped, [big.length]);
  });
});

describe("inspector rows and locate without filters", () => {
  const a = analyze(TEXT);
  const w = new ViewWindow(buildRenderView(a, "file:///s.jsonl", 1), 1);
  const none = { hiddenRoles: [], tool: "", onlyFindings: false, search: "" };
  it("rows: as with empty filters", () => {
    const want = w.rowsAnswer({ revision: 1, filters: none, start: 0, count: 10 });
    assert.ok(want.rows.length > 0);
    assert.deepEqual(w.rowsAnswer({ revision: 1, start: 0, count: 10 } as never), want);
    assert.deepEqual(w.rowsAnswer({ revision: 1, filters: { hiddenRoles: "user", tool: 1, search: null } as never, start: "0", count: 10 } as never), want);
  });
  it("locate: as with empty filters; no target finds nothing", () => {
    assert.deepEqual(w.locate({ revision: 1, target: { line: 3 } } as never), w.locate({ revision: 1, filters: none, target: { line: 3 } }));
    assert.equal(w.locate({ revision: 1 } as never).index, -1);
  });
});
