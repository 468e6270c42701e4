/**
 * engine/model/parse.ts parseTextSliced: the language server reads a long session a slice at a
 * time (yielding between slices); once done, the lines equal parseText's, whatever the slice size.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseText, parseTextSliced } from "../../server/src/engine/model/parse.js";

const TEXTS: [string, string][] = [
  ["empty", ""],
  ["one line, no end", '{"type":"session","id":"a"}'],
  ["LF lines with blanks and a broken line", '{"a":1}\n\n{"b":[1,2]}\nnot json\n{"c":"x"}\n'],
  ["CRLF and a BOM", '\ufeff{"a":1}\r\n{"b":2}\r\n'],
  ["a record split by a lone CR (glued)", '{"a":"one\rtwo"}\n{"b":2}\n'],
  ["long lines", Array.from({ length: 50 }, (_, i) => JSON.stringify({ i, text: "y".repeat(i * 37) })).join("\n") + "\n"],
];

/** The parse without the functions and cycles: what a line holds. */
const shape = (p: ReturnType<typeof parseText>) => JSON.parse(JSON.stringify(p));

describe("parseTextSliced", () => {
  for (const [name, text] of TEXTS)
    it(`${name}: any slice size gives parseText's lines, read() grows to the whole text`, () => {
      const whole = shape(parseText(text));
      for (const chars of [1, 7, 64, 1 << 20]) {
        const s = parseTextSliced(text);
        assert.equal(s.total, text.length);
        let steps = 0;
        let last = -1;
        while (s.next(chars)) {
          steps++;
          assert.ok(s.read() > last, "each slice reads on");
          last = s.read();
          assert.ok(steps <= text.length + 1, "ends");
        }
        assert.deepEqual(shape(s.parsed), whole, `slices of ${chars}`);
        if (text.length > 0) assert.equal(s.read(), text.length);
        // A slice per line that holds something (blank lines are no objects to parse: line-list.ts).
        if (chars === 1) assert.ok(steps >= Math.max(0, text.split(/\n/).filter((l) => l.trim() !== "").length - 1), `${steps} slices of one line each`);
      }
    });
});
