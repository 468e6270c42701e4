/** MessageFramer (lsp/stdio-framer.ts): stdin re-cut into one chunk per JSON-RPC message, bytes unchanged. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MessageFramer } from "../../server/src/lsp/stdio-framer.js";

const frame = (body: string, extraHeader = "") => {
  const bytes = Buffer.from(body, "utf8");
  return Buffer.concat([Buffer.from(`Content-Length: ${bytes.length}\r\n${extraHeader}\r\n`, "ascii"), bytes]);
};

/** The chunks the framer gives for `input` fed in pieces of `size` bytes. */
async function framed(input: Buffer, size: number): Promise<Buffer[]> {
  const f = new MessageFramer();
  const out: Buffer[] = [];
  f.on("data", (c: Buffer) => out.push(c));
  const ended = new Promise((r) => f.on("end", r));
  for (let i = 0; i < input.length; i += size) f.write(input.subarray(i, i + size));
  f.end();
  await ended;
  return out;
}

describe("stdio message framer", () => {
  const messages = [
    frame('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}'),
    frame('{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"text":"é ✓ 🙂 ' + "x".repeat(5000) + '"}}', "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"),
    frame(""),
    frame('{"jsonrpc":"2.0","method":"exit"}'),
  ];
  const all = Buffer.concat(messages);

  for (const size of [1, 3, 7, 64, 1000, all.length])
    it(`gives each message whole, fed ${size} byte(s) at a time`, async () => {
      const out = await framed(all, size);
      assert.deepEqual(out.map((b) => b.toString("latin1")), messages.map((b) => b.toString("latin1")));
    });

  it("passes on headers without a Content-Length unchanged (the reader reports them)", async () => {
    const bad = Buffer.from("Content-Type: text/plain\r\n\r\n", "ascii");
    const out = await framed(Buffer.concat([bad, messages[0]]), 5);
    assert.equal(Buffer.concat(out).toString("latin1"), Buffer.concat([bad, messages[0]]).toString("latin1"));
    assert.equal(out[out.length - 1].toString("latin1"), messages[0].toString("latin1"));
  });

  it("passes on a message cut short by the end of the stream", async () => {
    const cut = messages[1].subarray(0, 100);
    const out = await framed(Buffer.concat([messages[0], cut]), 16);
    assert.equal(Buffer.concat(out).toString("latin1"), Buffer.concat([messages[0], cut]).toString("latin1"));
  });
});
