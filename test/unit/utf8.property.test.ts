/**
 * utf8Bytes (engine/model/utf8.ts), the one UTF-8 counter of the engine, the view window and the
 * Codex compaction: equal to Node's own byte length on every string, lone surrogates included
 * (both count them as the 3-byte replacement character), and a count with `stopAt` stops once it
 * passes the bound without under-counting up to it.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { utf8Bytes } from "../../server/src/engine/model/utf8.js";

test("utf8Bytes equals Buffer.byteLength on any string, lone surrogates included", () => {
  const anyString = fc.oneof(fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" }), fc.string({ unit: fc.integer({ min: 0xd7f0, max: 0xe010 }).map((c) => String.fromCharCode(c)) }));
  fc.assert(fc.property(anyString, (s) => utf8Bytes(s) === Buffer.byteLength(s, "utf8")), { numRuns: 2000 });
});

test("utf8Bytes with stopAt: the whole count when under the bound, past the bound when over it", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary" }), fc.nat(64), (s, stopAt) => {
      const full = Buffer.byteLength(s, "utf8");
      const counted = utf8Bytes(s, stopAt);
      if (full <= stopAt) assert.equal(counted, full);
      else assert.ok(counted > stopAt && counted <= full);
    }),
    { numRuns: 2000 },
  );
});
