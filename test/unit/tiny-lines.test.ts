/**
 * Issue 22 item 7: tiny lines cost O(small) each. A file of many `{}` lines (a finding each) held
 * five objects a line: the line, its own copy of the text, its own parsed `{}`, the finding, and
 * the finding's separate property store (`{ code, severity, ...fields }` adds the fields to an
 * object made for two). 450,000 such lines added about 290 MB through `check` and `fix` (the
 * fuzz's bound is 4x input + 200 MB), and the language server's open of 15 MB of them took 1.6 GB.
 * Now a line that repeats the short line before it shares its text and parse (parse.ts), and a
 * finding is one object of its exact fields (finding-kit.ts): two objects a line, the line and its
 * finding, on every read path (the text, a file read line by line, the server's read in slices).
 *
 * No timing and no bytes: the heap is counted (test/helpers/heap-counts.ts).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { analyze, analyzeSession } from "../../server/src/engine/pipeline/analyze.js";
import { parseText, parseTextSliced } from "../../server/src/engine/model/parse.js";
import { sessionFromLines } from "../../server/src/engine/session/read-session.js";
import { readSessionLines } from "../../server/src/io/read-session-lines.js";
import { type HeapCounts, heapAdded } from "../helpers/heap-counts.js";

const N = 20_000;
/** What the test runner and the first run of a code path may add meanwhile. */
const SLACK = 1_500;
const HEADER = '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/"}';
/** A flat string (a `repeat` of a short text is a tree of string pieces, which would be counted). */
const flat = (s: string) => Buffer.from(s, "utf8").toString("utf8");
const lines = (body: string) => flat(HEADER + "\n" + `${body}\n`.repeat(N));

const dir = mkdtempSync(join(tmpdir(), "ti-tiny-"));
after(() => rmSync(dir, { recursive: true, force: true }));

function assertAtMost(added: HeapCounts, per: HeapCounts, what: string): void {
  for (const k of ["objects", "propertyStores", "strings"] as const)
    assert.ok(added[k] <= per[k] * N + SLACK, `${what}: ${added[k]} ${k} for ${N} lines (at most ${per[k]} a line)`);
}

// Every code path runs once before it is counted (functions compiled, caches filled).
analyze(lines("{}").slice(0, 2000));

describe("tiny lines cost two objects each (issue 22 item 7)", () => {
  it("20,000 lines of `{}` read from text: a line and a finding each, no text, value or property store of their own", async () => {
    const text = lines("{}");
    const { added, value: a } = await heapAdded(() => analyze(text));
    assert.equal(a.findings.length, N, "a finding per line, as before");
    assert.ok(a.findings.every((f, i) => f.line === i + 1 && f.code === "unknown-entry"));
    assertAtMost(added, { objects: 2, propertyStores: 0, strings: 0 }, "analyze");
  });

  it("the same file read line by line from disk (check, render, fix's analysis): the same", async () => {
    const path = join(dir, "braces.jsonl");
    writeFileSync(path, lines("{}"));
    const { added, value: a } = await heapAdded(() => {
      const r = readSessionLines(path);
      assert.ok(r.ok);
      return analyzeSession(sessionFromLines(r.lines.parsed));
    });
    assert.equal(a.findings.length, N);
    assertAtMost(added, { objects: 2, propertyStores: 0, strings: 0 }, "read from disk");
  });

  it("read in slices (the language server's open): a line object each and nothing else", async () => {
    const text = lines("{}");
    const { added, value: parsed } = await heapAdded(() => {
      const s = parseTextSliced(text);
      while (s.next(64 * 1024));
      return s.parsed;
    });
    assert.equal(parsed.lines.held.length, N + 1);
    assertAtMost(added, { objects: 1, propertyStores: 0, strings: 0 }, "parseTextSliced");
  });

  it("one malformed line repeated: the text, parse error, message and columns are shared; the line keeps its error in a property store", async () => {
    const text = lines("{oops");
    const { added, value: a } = await heapAdded(() => analyze(text));
    assert.equal(a.findings.filter((f) => f.code === "malformed-line").length, N);
    assert.ok(a.findings.every((f) => f.columns!.end === 5 && /^Line is not valid JSON\. /.test(f.message)));
    assertAtMost(added, { objects: 2, propertyStores: 1, strings: 0 }, "malformed lines");
  });

  it("a value is shared only where nothing can tell: primitives and empty containers, never an entry's object", () => {
    const entry = '{"type":"label","id":"x","parentId":null,"timestamp":"t"}';
    const held = parseText(flat([HEADER, "{}", "{}", "[]", "[]", "7", "7", '{"a":1}', '{"a":1}', entry, entry].join("\n") + "\n")).lines.held;
    const v = held.map((l) => l.value);
    assert.equal(v[1], v[2], "{} once");
    assert.equal(v[3], v[4], "[] once");
    assert.notEqual(v[7], v[8], "an object with a field is its own");
    assert.notEqual(v[9], v[10], "an entry is its own");
    assert.deepEqual(v[7], v[8]);
    assert.deepEqual(v[9], v[10]);
  });
});
