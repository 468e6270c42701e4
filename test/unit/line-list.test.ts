/**
 * Issue 22 item 7 (blank and tiny lines cost O(1) each): lines that hold nothing are no objects
 * (engine/model/line-list.ts). Each way lines are read (a text, a file line by line, an editor's
 * patches) makes an object only for a line that holds something, and gives every line, blank or
 * not, exactly as a dense list of lines would: numbers, offsets, texts, endings, parses.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { splitLines as splitTextLines } from "../../server/src/engine/model/lines.js";
import { isBlankText, LineList } from "../../server/src/engine/model/line-list.js";
import { LineCollector, parseLine, parseText } from "../../server/src/engine/model/parse.js";
import { patchLines } from "../../server/src/engine/model/patch-lines.js";
import type { SourceLine } from "../../server/src/engine/model/types.js";
import { readLines } from "../../server/src/io/read-session-lines.js";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const sampleText = () => readFileSync(join(__dirname, "..", "..", "samples", "sample-session.jsonl"), "utf8");

/** The lines as a dense list, each parsed, records joined by lone CRs glued: what the engine read before line-list.ts. */
function denseLines(text: string): SourceLine[] {
  const lines: SourceLine[] = splitTextLines(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  for (const l of lines) parseLine(l);
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].eol !== "\r") continue;
    let k = i;
    while (k + 1 < lines.length && lines[k].eol === "\r") k++;
    let joined = "";
    for (let j = i; j <= k; j++) joined += lines[j].text + (j < k || lines[j].eol === "\r" ? "\r" : "");
    const record: SourceLine = { line: i, offset: 0, text: joined, eol: "" };
    parseLine(record);
    lines[i].value = record.value;
    lines[i].parseError = record.parseError;
    lines[i].tooDeep = record.tooDeep;
    for (let j = i + 1; j <= k; j++) {
      lines[j].value = undefined;
      lines[j].parseError = undefined;
      lines[j].tooDeep = undefined;
      lines[j].partOf = i;
    }
    i = k;
  }
  return lines;
}

const view = (l: SourceLine | undefined) => l && { line: l.line, offset: l.offset, text: l.text, eol: l.eol, value: l.value, parseError: l.parseError, tooDeep: l.tooDeep, partOf: l.partOf };

/** Every line of `list` equals the dense list's; only lines that hold something are objects; runs are as few as can be. */
function assertSame(list: LineList, dense: SourceLine[], what: string): void {
  assert.equal(list.length, dense.length, `${what}: line count`);
  assert.deepEqual([...list.all()].map(view), dense.map(view), `${what}: all()`);
  for (let i = 0; i < dense.length; i++) {
    assert.deepEqual(view(list.at(i)), view(dense[i]), `${what}: at(${i})`);
    assert.equal(list.offsetOf(i), dense[i].offset, `${what}: offsetOf(${i})`);
  }
  assert.equal(list.at(dense.length), undefined);
  const last = dense[dense.length - 1];
  assert.equal(list.end, last ? last.offset + last.text.length + last.eol.length : 0, `${what}: end`);
  assert.equal(list.text(), dense.map((l) => l.text + l.eol).join(""), `${what}: text()`);
  const holding = (l: SourceLine, i: number) => !isBlankText(l.text) || l.eol === "\r" || (i > 0 && dense[i - 1].eol === "\r") || l.parseError !== undefined;
  assert.deepEqual(list.held.map((l) => l.line), dense.flatMap((l, i) => (holding(l, i) ? [l.line] : [])), `${what}: held lines`);
  for (let r = 1; r < list.runs.length; r++) {
    const a = list.runs[r - 1];
    const b = list.runs[r];
    assert.ok(!(a.line + a.count === b.line && a.text === b.text && a.eol === b.eol), `${what}: runs ${r - 1} and ${r} meet and are alike`);
  }
}

const piece = fc.constantFrom("\n", "\n", "\r\n", "\r", " ", "\t", "", "{}", "x", '{"a":1}', "[", "\ufeff");
const textArb = fc.array(piece, { maxLength: 40 }).map((a) => a.join(""));

describe("lines that hold nothing are no objects", () => {
  it("a million blank lines after a session: one run, an object per line of the session only", () => {
    const sample = sampleText();
    const n = sample.split("\n").length - 1;
    const parsed = parseText(sample + "\n".repeat(1_000_000));
    assert.equal(parsed.lines.length, n + 1_000_000);
    assert.equal(parsed.lines.held.length, n);
    assert.equal(parsed.lines.runs.length, 1);
    assert.deepEqual(view(parsed.lines.at(n + 500_000)), { line: n + 500_000, offset: sample.length + 500_000, text: "", eol: "\n", value: undefined, parseError: undefined, tooDeep: undefined, partOf: undefined });
    // The analysis reads the same session as without the blank lines.
    assert.deepEqual(analyze(sample + "\n".repeat(1_000_000)).findings.map((f) => `${f.line} ${f.code}`), analyze(sample).findings.map((f) => `${f.line} ${f.code}`));
  });

  it("a file read line by line makes a line object only for a line that holds something", () => {
    const sample = sampleText();
    const n = sample.split("\n").length - 1;
    const text = sample + "\n".repeat(200_000) + "  \r\n".repeat(1000) + sample;
    // The collector's `makeLine` is asked for each line object it keeps.
    let made = 0;
    const c = new LineCollector((line, offset, t, eol) => {
      made++;
      return { line, offset, text: t, eol };
    });
    for (const l of splitTextLines(text)) c.add(l.text, l.eol);
    const parsed = c.finish();
    assert.equal(made, 2 * n, "one line object per session line, none per blank line");
    assert.equal(parsed.lines.runs.length, 2);
    assert.equal(parsed.lines.length, 2 * n + 201_000);
    // The file reader (chunks of bytes) gives the same lines.
    const buf = Buffer.from(text);
    let at = 0;
    const r = readLines((b) => {
      const k = buf.copy(b, 0, at);
      at += k;
      return k;
    }, { chunkBytes: 4096, keepText: true });
    assert.equal(r.parsed.lines.held.length, 2 * n);
    assert.equal(r.parsed.lines.runs.length, 2);
  });

  it("parseText: every line as a dense list gives it (random texts, lone CRs, BOMs, whitespace lines)", () => {
    fc.assert(
      fc.property(textArb, (text) => {
        assertSame(parseText(text).lines, denseLines(text), JSON.stringify(text));
      }),
      { seed: 22, numRuns: 400 },
    );
  });

  it("LineCollector: the same lines as parseText", () => {
    fc.assert(
      fc.property(textArb, (text) => {
        const c = new LineCollector();
        for (const l of splitTextLines(text)) c.add(l.text, l.eol);
        assertSame(c.finish().lines, denseLines(text), JSON.stringify(text));
      }),
      { seed: 23, numRuns: 300 },
    );
  });

  it("patched lines: the same lines as a fresh parse of the edited text", () => {
    let patched = 0;
    const line = fc.constantFrom("", "  ", "{}", '{"a":1}', "x");
    const doc = fc.array(fc.tuple(line, fc.constantFrom("\n", "\r\n")), { minLength: 2, maxLength: 30 }).map((a) => a.map(([t, e]) => t + e).join(""));
    const change = fc.record({ a: fc.nat(), b: fc.nat(3), text: fc.array(fc.constantFrom("\n", "\r\n", "", " ", "{}", "x"), { maxLength: 4 }).map((a) => a.join("")) });
    fc.assert(
      fc.property(doc, fc.array(change, { maxLength: 5 }), (text, changes) => {
        const parsed = parseText(text);
        let cur = text;
        for (const c of changes) {
          const lines = cur.split(/(?<=\r\n|\n)/);
          const start = 1 + (c.a % Math.max(1, lines.length - 1));
          const end = Math.min(lines.length, start + c.b);
          const change = { range: { start: { line: start, character: 0 }, end: { line: end, character: 0 } }, text: c.text };
          if (!patchLines(parsed, [change])) return;
          patched++;
          cur = lines.slice(0, start).join("") + c.text + lines.slice(end).join("");
          assertSame(parsed.lines, denseLines(cur), JSON.stringify(cur));
        }
      }),
      { seed: 24, numRuns: 300 },
    );
    assert.ok(patched > 300, `${patched} changes applied line-wise`);
  });

  it("replace keeps a copy made before it as it was", () => {
    const list = parseText('{"a":1}\n\n\n{"b":2}\n\n').lines;
    const copy = list.copy();
    list.replace(1, 2, [{ line: 0, offset: 0, text: "x", eol: "\n" }]);
    assert.deepEqual([...copy.all()].map((l) => l.text + l.eol).join(""), '{"a":1}\n\n\n{"b":2}\n\n');
    assert.equal(list.text(), '{"a":1}\nx\n{"b":2}\n\n');
    assert.equal(list.length, 4);
  });
});
