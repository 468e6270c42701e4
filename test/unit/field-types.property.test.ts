/**
 * Issue 22, item 5: one field of the wrong JSON type costs one finding, not the file, and never a
 * crash. Every field of every entry kind (test/helpers/field-types.ts) is given a value of every
 * JSON type, one at a time:
 * - pi (its template holds every entry type, role, block and pi-condense record): a field of
 *   another type than pi writes is one `unknown-entry` warning on its line naming it, no other
 *   line gets one, every other line is still read as an entry, and a wrong type that changes what
 *   the analysis reads elsewhere is never silent (a finding on the line says so);
 * - every format: the analysis of each case, and every consumer of it (LSP features, inspector,
 *   reports, repairs) over the cases in batches, throws nothing.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze, type Analysis } from "../../server/src/engine/index.js";
import { jsonTypeOf } from "../../server/src/engine/model/shape-findings.js";
import { everyConsumer } from "../helpers/every-consumer.js";
import { batchedCases, fieldCases, formatTemplate, piTemplate, singleCase, templates, type FieldCase } from "../helpers/field-types.js";

const WRONG_TYPE = /^Fields? of the wrong type\./;
const wrongTypeFindings = (a: Analysis) => a.findings.filter((f) => f.code === "unknown-entry" && WRONG_TYPE.test(f.message));
const at = (v: unknown, path: (string | number)[]) => path.reduce((x: any, k) => x?.[k], v);
const show = (c: Pick<FieldCase, "line" | "path" | "value">) => `line ${c.line} ${c.path.join(".")} = ${JSON.stringify(c.value)}`;

const PI = piTemplate();
const PI_LINES = PI.split("\n").map((l) => (l ? JSON.parse(l) : undefined));
const piCases = () => fieldCases([{ format: "pi", name: "pi-template", text: PI }]);

/**
 * Wrong types whose effect is the file's (or the tool's) rather than the field's: a header
 * without a string `type` or `id` is no pi header (pi reads no entry of such a file), and a tool
 * call's arguments are the tool's own.
 */
const NOT_A_FIELD = (c: FieldCase) => (c.line === 0 && (c.path[0] === "type" || c.path[0] === "id")) || c.path.includes("arguments");

describe("a pi field of the wrong type is one finding (issue 22, item 5)", () => {
  const base = analyze(PI);
  const entryLines = (a: Analysis, skip: number) => a.session.entries.map((e) => e.line).filter((l) => l !== skip);

  it("the template holds every field as pi writes it: no wrong-type finding", () => {
    assert.deepEqual(wrongTypeFindings(base), []);
    assert.ok(base.session.entries.length >= 36);
  });

  it("each case: at most one finding on the field's line, naming the field; none on other lines; the other lines still read", () => {
    const failures: string[] = [];
    let found = 0;
    for (const c of piCases()) {
      const a = analyze(c.text);
      const wrong = wrongTypeFindings(a);
      const here = wrong.filter((f) => f.line === c.line);
      if (wrong.length !== here.length) failures.push(`${show(c)}: a wrong-type finding on another line (${wrong.find((f) => f.line !== c.line)!.line})`);
      if (here.length > 1) failures.push(`${show(c)}: ${here.length} findings on its line`);
      if (here.length === 1) {
        found++;
        if (JSON.stringify(here[0].path) !== JSON.stringify(c.path)) failures.push(`${show(c)}: the finding points at ${JSON.stringify(here[0].path)}`);
        if (!here[0].message.includes(`\`${c.path.join(".")}\``)) failures.push(`${show(c)}: the message does not name the field`);
        if (jsonTypeOf(at(PI_LINES[c.line], c.path)) === jsonTypeOf(c.value)) failures.push(`${show(c)}: the type pi wrote is called wrong`);
      }
      if (!NOT_A_FIELD(c) && JSON.stringify(entryLines(a, c.line)) !== JSON.stringify(entryLines(base, c.line))) failures.push(`${show(c)}: other lines are no longer read as entries`);
    }
    assert.deepEqual(failures.slice(0, 20), []);
    assert.ok(found > 300, `${found} wrong-type findings`);
  });

  it("a wrong type that changes what the analysis reads elsewhere is never silent", () => {
    // What the analysis reads outside the field's line: the context before and after, the usage, the other lines' findings.
    const outside = (a: Analysis, line: number) =>
      JSON.stringify({
        before: a.before.map((m) => [m.role, m.toolCallId, m.timestamp, JSON.stringify(m.content)?.length]),
        after: a.after.map((m) => [m.role, m.toolCallId, JSON.stringify(m.content)?.length]),
        usage: a.usage,
        findings: a.findings.filter((f) => f.line !== line).map((f) => [f.line, f.code, f.path]),
      });
    const on = (a: Analysis, line: number) => a.findings.filter((f) => f.line === line).map((f) => f.code + f.message).sort().join("\n");
    const silent: string[] = [];
    for (const c of piCases()) {
      const was = at(PI_LINES[c.line], c.path);
      // pi writes both: null or a string parent, a string or an array content.
      const alsoWritten = (c.path.at(-1) === "parentId" && c.value === null) || (c.path.at(-1) === "content" && ["string", "array"].includes(jsonTypeOf(c.value)));
      if (jsonTypeOf(was) === jsonTypeOf(c.value) || alsoWritten || NOT_A_FIELD(c)) continue;
      const a = analyze(c.text);
      if (on(a, c.line) === on(base, c.line) && outside(a, c.line) !== outside(base, c.line)) silent.push(show(c));
    }
    // pi-condense reads a null range summary as none (any other type it would throw on: the pruner-throws rule).
    assert.deepEqual(silent.filter((s) => !/rangeSummaryText = null$/.test(s)).slice(0, 20), []);
  });

  it("examples: the call's id, a message time, recorded usage, the header's version", () => {
    const line = (a: Analysis, l: number) => wrongTypeFindings(a).filter((f) => f.line === l);
    const call = analyze(singleCase(PI, 4, ["message", "content", 2, "id"], 7));
    assert.equal(line(call, 4).length, 1);
    assert.match(line(call, 4)[0].message, /`message\.content\.2\.id` is a number where pi writes a string: the block is not read as a tool call/);
    assert.ok(call.findings.some((f) => f.line === 5 && f.code === "orphan-result"), "its result is an orphan");
    assert.equal(call.session.entries.length, base.session.entries.length);

    const time = analyze(singleCase(PI, 9, ["message", "timestamp"], "x"));
    assert.match(line(time, 9)[0].message, /`message\.timestamp` is a string where pi writes a number/);

    const usage = analyze(singleCase(PI, 4, ["message", "usage", "input"], "10"));
    assert.match(line(usage, 4)[0].message, /`message\.usage\.input` is a string where pi writes a number: it is read as not recorded/);
    assert.equal(usage.usage.records.find((r) => r.line === 4)?.input, 0);
    assert.equal(base.usage.records.find((r) => r.line === 4)?.input, 10);

    const two = analyze(singleCase(singleCase(PI, 6, ["message", "stopReason"], 1), 6, ["message", "model"], null));
    assert.equal(line(two, 6).length, 1, "two fields of one entry: one finding");
    assert.match(line(two, 6)[0].message, /^Fields of the wrong type\. .*`message\.model`.*`message\.stopReason`|^Fields of the wrong type\. .*`message\.stopReason`.*`message\.model`/);

    const version = analyze(singleCase(PI, 0, ["version"], "3"));
    assert.match(line(version, 0)[0].message, /`version` is a string where pi writes a number: the file is read as version 1/);
    assert.equal(version.session.entries.length, base.session.entries.length);
  });
});

describe("every field of every format given every JSON type: nothing throws (issue 22, item 5)", () => {
  const list = templates();
  for (const format of ["pi", "claude-code", "codex"] as const) {
    it(`${format}: the analysis of each case`, () => {
      const failures: string[] = [];
      // pi's own template is analysed case by case above; here the corpus' pi files (their heads).
      const mine = list.filter((t) => t.format === format && t.name !== "pi-template" && t.text.length < 200_000);
      for (const c of fieldCases(mine))
        try {
          analyze(c.text);
        } catch (e) {
          failures.push(`${c.template} ${show(c)}: ${(e as Error).message}`);
        }
      assert.deepEqual(failures.slice(0, 20), []);
    });

    it(`${format}: every consumer, over the cases in batches (a batch that throws is taken apart)`, async () => {
      const text = formatTemplate(format, list);
      const failures: string[] = [];
      let batches = 0;
      for (const b of batchedCases(text)) {
        if (b.cases.length < 2 && b.cases[0].line !== 0) continue; // the structural fields, one at a time: analysed above
        batches++;
        try {
          await everyConsumer(b.text, { quick: true, lines: [...new Set(b.cases.map((c) => c.line))] });
        } catch {
          for (const c of b.cases)
            try {
              await everyConsumer(singleCase(text, c.line, c.path, b.value), { quick: true, lines: [c.line] });
            } catch (e) {
              failures.push(`${show({ ...c, value: b.value })}: ${(e as Error).message}`);
            }
        }
      }
      assert.deepEqual(failures.slice(0, 20), []);
      assert.ok(batches > 20, `${batches} batches`);
    });
  }
});
