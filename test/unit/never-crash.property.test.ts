/**
 * Issue 15, property test (bounded: fixed seed, fixed number of runs, no timing): corpus files and
 * constructed sessions, mutated (truncate, duplicate, swap, insert garbage / deep nesting / control
 * characters / lone CR), go through `analyze` and the CLI `fix` path without throwing; fix-all is
 * byte-exact outside the lines it edits, idempotent, and its output re-analyses without orphan
 * findings other than the ones it says it cannot remove.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import fc from "fast-check";
import { main } from "../../server/src/cli.js";
import { fixBytes } from "../../server/src/cli/fix-bytes.js";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { splitByteLines, splitLines } from "../../server/src/engine/model/lines.js";
import { findingRange } from "../../server/src/engine/model/positions.js";
import { ORPHAN_CODES } from "../../server/src/engine/repair/index.js";
import { corpusFiles } from "../helpers/corpus.js";
import { sessionText } from "../helpers/session-builder.js";

const SEED = 15;
const RUNS = 120;
const MAX_SOURCE_LINES = 60;

const constructed = [
  sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1", "b_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "x_1" }, { result: 5, id: "b_1" }, { user: 6 }, { assistant: 7, calls: ["a_1"] }, { result: 8, id: "a_1" }, { result: 9, id: "y_2" }, { user: 10 }]),
  sessionText([{ user: 1 }, { assistant: 2, calls: ["bash_1"] }, { result: 3, id: "bash_1" }, { result: 4, id: "bash_1" }, { user: 5 }, { assistant: 6, text: "ok" }], { eol: "\r\n" }),
];
const sources: string[] = [
  ...constructed,
  ...corpusFiles()
    .filter((f) => f.text.length < 400_000)
    .map((f) => splitLines(f.text).slice(0, MAX_SOURCE_LINES).map((l) => l.text + l.eol).join("")),
];

type Mutation =
  | { op: "truncate"; at: number; frac: number }
  | { op: "duplicate"; at: number }
  | { op: "swap"; at: number; with: number }
  | { op: "insert"; at: number; text: string }
  | { op: "chars"; at: number; frac: number; text: string }
  | { op: "eol"; at: number; eol: string };

const garbage = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("{", "[]", "null", '"x"', "{}", '{"type":"message"}', '{"id":"e3","parentId":"e3"}', '{"id":"e2","parentId":"e5","type":"message"}'),
  fc.integer({ min: 300, max: 12000 }).map((n) => `{"type":"message","id":"deep","parentId":"e1","x":${"[".repeat(n)}${"]".repeat(n)}}`),
);
const controls = fc.constantFrom("\u001b]0;t\u0007", "\u0000", "\r", "\u202e", "\u200b", "\ufeff", "\\", '"', "\u2028", "\ud800");
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant("truncate" as const), at: fc.nat(), frac: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ op: fc.constant("duplicate" as const), at: fc.nat() }),
  fc.record({ op: fc.constant("swap" as const), at: fc.nat(), with: fc.nat() }),
  fc.record({ op: fc.constant("insert" as const), at: fc.nat(), text: garbage }),
  fc.record({ op: fc.constant("chars" as const), at: fc.nat(), frac: fc.double({ min: 0, max: 1, noNaN: true }), text: controls }),
  fc.record({ op: fc.constant("eol" as const), at: fc.nat(), eol: fc.constantFrom("\r", "\r\r\n", "\n", "\r\n", "") }),
);

function mutate(text: string, ms: Mutation[]): string {
  const lines = splitLines(text).map((l) => ({ text: l.text, eol: l.eol as string }));
  for (const m of ms) {
    if (lines.length === 0) lines.push({ text: "", eol: "\n" });
    const i = m.at % lines.length;
    if (m.op === "truncate") lines[i].text = lines[i].text.slice(0, Math.floor(lines[i].text.length * m.frac));
    else if (m.op === "duplicate") lines.splice(i, 0, { ...lines[i] });
    else if (m.op === "swap") {
      const j = m.with % lines.length;
      [lines[i], lines[j]] = [lines[j], lines[i]];
    } else if (m.op === "insert") lines.splice(i, 0, { text: m.text, eol: "\n" });
    else if (m.op === "chars") {
      const at = Math.floor(lines[i].text.length * m.frac);
      lines[i].text = lines[i].text.slice(0, at) + m.text + lines[i].text.slice(at);
    } else lines[i].eol = m.eol || (i === lines.length - 1 ? "" : "\n");
  }
  return lines.map((l) => l.text + l.eol).join("");
}

const input = fc.record({ source: fc.nat({ max: sources.length - 1 }), mutations: fc.array(mutation, { minLength: 0, maxLength: 5 }) }).map(({ source, mutations }) => mutate(sources[source], mutations));

let dir = "";
before(() => {
  dir = mkdtempSync(join(tmpdir(), "ti-prop-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe("never crash (property, bounded)", () => {
  it("analyze and every finding's range never throw", () => {
    fc.assert(
      fc.property(input, (text) => {
        const a = analyze(text);
        for (const f of a.findings) findingRange(a.session.lines, f);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("fix-all on bytes: byte-exact outside edited lines, idempotent, re-analyses without a repairable finding left unexplained", () => {
    fc.assert(
      fc.property(input, (text) => {
        const bytes = Buffer.from(text, "utf8");
        const r = fixBytes(bytes, {});
        if (!r.ok) return;
        const out = r.bytes;
        if (r.fix.done.size === 0) assert.ok(out.equals(bytes));
        // byte-exact: every line that kept its text is the old line's bytes
        const oldB = splitByteLines(bytes);
        const newB = splitByteLines(out);
        assert.equal(newB.length, r.fix.lines.length);
        const fixed = [...r.fix.lines.all()];
        for (let j = 0; j < newB.length; j++) {
          const o = fixed[j].origin;
          if (o < 0 || fixed[j].text !== text.split(/\r\n|\r|\n/)[o]) continue;
          assert.ok(bytes.subarray(oldB[o].start, oldB[o].end).equals(out.subarray(newB[j].start, newB[j].end)), `line ${j} keeps its bytes`);
        }
        // idempotent
        const again = fixBytes(out, {});
        assert.ok(again.ok);
        assert.equal(again.fix.done.size, 0, `second run repaired ${[...again.fix.done.keys()]}`);
        assert.ok(again.bytes.equals(out));
        // re-analysis: every orphan left is one fix says it cannot remove
        const why = new Set(r.fix.skipped.map((s) => s.line));
        for (const f of analyze(out.toString("utf8")).findings) if (ORPHAN_CODES.has(f.code)) assert.ok(why.has(f.line), `orphan on line ${f.line} left without a reason`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("the CLI (check, render --format text, fix --dry-run, fix) never throws and exits 0, 1 or 2", () => {
    let k = 0;
    fc.assert(
      fc.property(input, (text) => {
        const p = join(dir, `m${k++}.jsonl`);
        writeFileSync(p, text);
        const sink = () => undefined;
        for (const args of [["check", p], ["check", "--format", "json", p], ["render", "--format", "text", p], ["fix", "--dry-run", p], ["fix", "--no-backup", p]]) {
          const status = main(args, sink, sink);
          assert.ok(status === 0 || status === 1 || status === 2, `${args[0]} exit ${status}`);
        }
      }),
      { seed: SEED, numRuns: 40 },
    );
  });
});
