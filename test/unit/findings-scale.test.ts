/**
 * Issue 11 item 1: findings that scale. One `colliding-id` per reused id, related lists capped,
 * no per-pair findings, and the work (findings and related entries made) linear in occurrences.
 * No timing: the assertions count what the rules produce.
 */
import { LineList } from "../../server/src/engine/model/line-list.js";
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { occurrenceFindings } from "../../server/src/engine/rules/occurrence-identity.js";
import { indexOccurrences } from "../../server/src/engine/model/occurrence-index.js";
import { oversizedLineFindings } from "../../server/src/engine/rules/oversized-line.js";
import { utf8Bytes } from "../../server/src/engine/model/utf8.js";
import { cappedRelated, MAX_RELATED } from "../../server/src/engine/model/related-cap.js";
import type { Finding, SourceLine } from "../../server/src/engine/model/types.js";
import { sessionText, type Spec } from "../helpers/session-builder.js";

/** `turns` turns, each a user prompt, one call of `id` and its result. */
function reused(turns: number, id = "bash_0"): Spec[] {
  const specs: Spec[] = [];
  let t = 1;
  for (let i = 0; i < turns; i++) specs.push({ user: t++ }, { assistant: t++, calls: [id] }, { result: t++, id });
  return specs;
}

const relatedCount = (fs: Finding[]) => fs.reduce((n, f) => n + (f.related?.length ?? 0), 0);

describe("colliding-id: one finding per reused id", () => {
  it("5,000 calls of one id in 5,000 turns: one information finding on the first reuse with 21 related entries", () => {
    const a = analyze(sessionText(reused(5000)));
    const c = a.findings.filter((f) => f.code === "colliding-id");
    assert.equal(c.length, 1);
    const f = c[0];
    const calls = a.occurrences.byId.get("bash_0")!;
    assert.equal(f.line, calls[1].callLine, "on the first reuse");
    assert.equal(f.severity, "information");
    assert.match(f.message, /^Tool-call id `bash_0` is reused: 5,000 calls in 5,000 turns use it\. /);
    assert.match(f.message, /keys on the bare id/);
    assert.equal(f.related!.length, MAX_RELATED + 1);
    assert.equal(f.related![0].line, calls[0].callLine, "the first use comes first");
    assert.match(f.related![MAX_RELATED].message, /^and 4,979 more: Find All References lists them all$/);
    assert.equal(f.related![MAX_RELATED].line, f.line, "the last entry points back at the finding");
  });

  it("the work is linear: findings and related entries do not grow with the square of the occurrences", () => {
    const small = analyze(sessionText(reused(500))).findings;
    const large = analyze(sessionText(reused(5000))).findings;
    assert.equal(large.length, small.length, "the same findings whatever the count");
    assert.ok(relatedCount(large) <= relatedCount(small), `${relatedCount(large)} related entries at 5,000 vs ${relatedCount(small)} at 500`);
    for (const f of large) assert.ok((f.related?.length ?? 0) <= MAX_RELATED + 1, f.code);
  });

  it("50 ids reused across 2,000 turns: one finding per id, 50 in all", () => {
    const specs: Spec[] = [];
    let t = 1;
    for (let i = 0; i < 2000; i++) specs.push({ user: t++ }, { assistant: t++, calls: [`bash_${i % 50}`] }, { result: t++, id: `bash_${i % 50}` });
    const c = analyze(sessionText(specs)).findings.filter((f) => f.code === "colliding-id");
    assert.equal(c.length, 50);
    assert.ok(c.every((f) => /40 calls in 40 turns/.test(f.message)));
  });

  it("an id used in one turn only is no collision; the code switched off makes nothing", () => {
    const idx = indexOccurrences(analyze(sessionText(reused(30))).before);
    assert.equal(occurrenceFindings(idx, { has: () => false }).length, 0);
    const one = analyze(sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }]));
    assert.deepEqual(one.findings.filter((f) => f.code === "colliding-id"), []);
  });
});

describe("every rule's related list is capped", () => {
  it("duplicate-call-id: 30 calls of one id in one message", () => {
    const ids = Array.from({ length: 30 }, () => "x_1");
    const a = analyze(sessionText([{ user: 1 }, { assistant: 2, calls: ids }, ...ids.map((id, i) => ({ result: 3 + i, id }))]));
    const d = a.findings.filter((f) => f.code === "duplicate-call-id");
    assert.equal(d.length, 29);
    for (const f of d) {
      assert.equal(f.related!.length, MAX_RELATED + 1);
      assert.match(f.related![MAX_RELATED].message, /^and 9 more/);
    }
  });

  it("orphan-result names at most 20 calls of its id", () => {
    const specs = reused(100, "bash_1");
    specs.push({ result: 10_000, id: "bash_1" });
    const o = analyze(sessionText(specs)).findings.filter((f) => f.code === "orphan-result");
    assert.equal(o.length, 1);
    assert.equal(o[0].related!.length, MAX_RELATED + 1);
    assert.match(o[0].related![MAX_RELATED].message, /^and 80 more/);
  });

  it("id-set-drop-hazard: 200 chains listing one reused id give one finding per live call, not one per chain and call", () => {
    const specs = reused(300);
    for (let k = 0; k < 200; k++) specs.push({ chain: { blockId: `b${k}`, start: 1_000_000 + k, final: null, dropped: ["bash_0"] } });
    const a = analyze(sessionText(specs));
    const h = a.findings.filter((f) => f.code === "id-set-drop-hazard");
    assert.equal(h.length, 299, "every call but the one the chains own (the earliest)");
    assert.equal(new Set(h.map((f) => f.line)).size, h.length, "one per live call");
    for (const f of h) {
      assert.equal(f.related!.length, MAX_RELATED + 1);
      assert.match(f.related![MAX_RELATED].message, /^and 180 more/);
      assert.match(f.message, /200 chain entries list this id/);
    }
  });

  it("cappedRelated: maps only what it shows, counts the rest", () => {
    let mapped = 0;
    const r = cappedRelated(Array.from({ length: 1000 }, (_, i) => i), (i) => (mapped++, { line: i, message: `#${i}` }), { line: 7 }, { total: 1000 });
    assert.equal(r!.length, 21);
    assert.equal(mapped, 20);
    assert.deepEqual(r![20], { line: 7, path: undefined, message: "and 980 more: Find All References lists them all" });
    assert.equal(cappedRelated([], () => null, { line: 0 }), undefined);
    assert.equal(cappedRelated([1, 2, 3], (i) => (i === 2 ? null : { line: i, message: "" }), { line: 0 })!.length, 2);
  });
});

describe("a huge line: a clear finding, no crash", () => {
  it("oversized-line on a 40 MB line (over the 32 MB request limit); the rest of the session is analysed", () => {
    // 40 MB, not 100 MB, to keep the test's memory small; the CLI reads a 100 MB line the same way.
    const specs: Spec[] = [{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1", text: "x".repeat(40 * 1024 * 1024) }, { result: 4, id: "zz_9" }];
    const a = analyze(sessionText(specs));
    const o = a.findings.filter((f) => f.code === "oversized-line");
    assert.equal(o.length, 1);
    assert.match(o[0].message, /^This line is too large to send\. Line \d+ is 40\.0 MB, more than a whole request may be\. /);
    assert.equal(o[0].severity, "warning");
    assert.ok(a.findings.some((f) => f.code === "orphan-result"), "the other lines still get their findings");
  });

  it("counts UTF-8 bytes, not characters, and only where the limit can be reached", () => {
    assert.equal(utf8Bytes("aé€😀"), 1 + 2 + 3 + 4);
    const line = (text: string) => ({ line: 0, offset: 0, text, eol: "" as const });
    assert.equal(oversizedLineFindings(LineList.of([line("é".repeat(60))]), 100).length, 1, "60 characters, 120 bytes");
    assert.equal(oversizedLineFindings(LineList.of([line("e".repeat(60))]), 100).length, 0);
  });

  it("reads the text only of lines that could reach the limit (a line read from a file may fetch its text from disk again)", () => {
    const reads: number[] = [];
    const lines: SourceLine[] = [];
    let offset = 0;
    for (const [i, text] of ["short", "é".repeat(60), "also short", "e".repeat(40), "é".repeat(51)].entries()) {
      const l = { line: i, offset, eol: "\n" as const, get text() {
        reads.push(i);
        return text;
      } };
      lines.push(l);
      offset += text.length + 1;
    }
    const list = new LineList();
    list.held = lines;
    list.length = lines.length;
    list.end = offset;
    const found = oversizedLineFindings(list, 100);
    assert.deepEqual(found.map((f) => f.line), [1, 4], "120 and 102 bytes, over the limit of 100; 40 bytes is not");
    assert.ok(!reads.includes(0) && !reads.includes(2), `short lines were read: ${reads.join(", ")}`);
  });
});
