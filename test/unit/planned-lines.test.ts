/**
 * Issue 22 item 7: a repair's lines are pieces (engine/repair/planned-lines.ts), runs of kept
 * lines and the lines a repair made, so fix-all and a quick fix cost nothing per untouched line.
 * Property (fixed seeds): round after round of random plans (lines replaced, removed, moved,
 * inserted, on texts with blank lines, CRLF, lone CRs, a BOM, no final newline), the sparse lines
 * are the dense reference's line for line (test/helpers/dense-plan.ts: one object per line, as
 * before), with the same text, the same verdict on whether the text splits back into them, and
 * the same edits; the longest run kept in order is the one patience sorting finds line by line.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { splitLines } from "../../server/src/engine/model/lines.js";
import { applyPlan, editsFromLines, emptyPlan, type LinePlan, plannedLines } from "../../server/src/engine/repair/line-plan.js";
import { keptInOrder, keptInOrderDense, type PlannedLines } from "../../server/src/engine/repair/planned-lines.js";
import { fixAll } from "../../server/src/engine/repair/index.js";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { applyPlanDense, editsFromLinesDense, joinLinesDense, type PlannedLine, plannedLinesDense } from "../helpers/dense-plan.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const sample = () => readFileSync(join(__dirname, "..", "..", "samples", "sample-session.jsonl"), "utf8");

/** Whether `text` splits into exactly `lines` (the check fix-all made before pieces). */
function splitsAs(text: string, lines: readonly PlannedLine[]): boolean {
  const split = splitLines(text);
  return split.length === lines.length && split.every((l, i) => l.text === lines[i].text && l.eol === lines[i].eol);
}

const lineArb = fc.tuple(fc.constantFrom("", "", " ", "{}", '{"a":1}', "x", "y"), fc.constantFrom("\n", "\n", "\n", "\r\n", "\r"));
const textArb = fc
  .tuple(fc.boolean(), fc.array(lineArb, { maxLength: 30 }), fc.constantFrom("", "", "z", "{}"))
  .map(([bom, lines, tail]) => (bom ? "\ufeff" : "") + lines.map(([t, e]) => t + e).join("") + tail);

/** A plan over `n` lines from random numbers (replace, remove, move, insert). */
function planOf(n: number, ops: { kind: number; a: number; b: number; text: string }[]): LinePlan {
  const plan = emptyPlan();
  if (n === 0) {
    for (const o of ops) if (o.kind === 3) plan.insert.set(-1, [...(plan.insert.get(-1) ?? []), { text: o.text }]);
    return plan;
  }
  const used = new Set<number>();
  for (const o of ops) {
    const a = o.a % n;
    const b = (o.b % (n + 1)) - 1;
    if (o.kind === 0 && !used.has(a)) {
      used.add(a);
      plan.replace.set(a, o.text);
    } else if (o.kind === 1 && !used.has(a)) {
      used.add(a);
      plan.remove.add(a);
    } else if (o.kind === 2 && !used.has(a) && a !== b && a !== b + 1) {
      used.add(a);
      plan.remove.add(a);
      plan.insert.set(b, [...(plan.insert.get(b) ?? []), { text: o.text, from: a }]);
    } else if (o.kind === 3) plan.insert.set(b, [...(plan.insert.get(b) ?? []), { text: o.text }]);
  }
  return plan;
}

const opArb = fc.record({ kind: fc.nat(3), a: fc.nat(), b: fc.nat(), text: fc.constantFrom("", "{}", '{"b":2}', "new", "x", "a\nb") });
const roundsArb = fc.array(fc.array(opArb, { maxLength: 5 }), { minLength: 1, maxLength: 6 });

describe("repair lines as pieces", () => {
  it("round after round, the sparse lines are the dense reference's, with its text, split verdict and edits", () => {
    let rounds = 0;
    fc.assert(
      fc.property(textArb, roundsArb, (text, plans) => {
        let sparse: PlannedLines = plannedLines(text);
        let dense: PlannedLine[] = plannedLinesDense(text);
        assert.deepEqual([...sparse.all()], dense);
        for (const ops of plans) {
          const plan = planOf(dense.length, ops);
          sparse = applyPlan(sparse, plan);
          dense = applyPlanDense(dense, plan);
          rounds++;
          assert.deepEqual([...sparse.all()], dense, "lines");
          assert.equal(sparse.length, dense.length);
          for (let i = 0; i < dense.length; i++) assert.deepEqual(sparse.at(i), dense[i], `at(${i})`);
          const t = sparse.text();
          assert.equal(t, joinLinesDense(dense), "text");
          assert.equal(sparse.splitsAsPlanned(), splitsAs(t, dense), `split verdict on ${JSON.stringify(t)}`);
          assert.deepEqual(editsFromLines(sparse), editsFromLinesDense(text, dense), "edits");
          // Kept lines are runs: untouched lines never become lines of their own.
          assert.ok(sparse.pieces.length <= 4 * (ops.length + 1) * plans.length + 2, `${sparse.pieces.length} pieces`);
        }
      }),
      { seed: 2201, numRuns: 600 },
    );
    assert.ok(rounds > 1000);
  });

  it("the run kept in order is patience sorting's, line for line, for blocks moved anywhere", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(6), { minLength: 1, maxLength: 12 }), fc.array(fc.nat(), { maxLength: 12 }), (sizes, order) => {
        // Blocks of consecutive original lines, shuffled, with new lines between some.
        let at = 0;
        const blocks = sizes.map((s) => {
          const b = { origin: at, count: s + 1 };
          at += s + 1;
          return b;
        });
        const shuffled = blocks.slice();
        for (let i = 0; i < order.length && shuffled.length > 1; i++) {
          const a = order[i] % shuffled.length;
          const [x] = shuffled.splice(a, 1);
          shuffled.splice((order[i] >> 3) % (shuffled.length + 1), 0, x);
        }
        const text = Array.from({ length: at }, (_, i) => `{"l":${i}}\n`).join("");
        const base = plannedLines(text);
        const pieces = shuffled.flatMap((b, i) => (i % 3 === 2 ? [b, { text: "new", eol: "\n" as const, origin: -1 }] : [b]));
        const next = new (base.constructor as typeof PlannedLines)(base.original, pieces);
        const dense = [...next.all()];
        const lines = keptInOrder(next).flatMap((a) => Array.from({ length: a.count }, (_, k) => next.startOf(a.piece) + a.from + k));
        assert.deepEqual(lines, keptInOrderDense(dense));
      }),
      { seed: 2202, numRuns: 2000 },
    );
  });

  it("fix-all on a session followed by a million blank lines: the repaired lines are a few pieces, the repair the session's own", () => {
    const text = sample();
    const blank = "\n".repeat(1_000_000);
    const small = fixAll(text);
    const big = fixAll(text + blank);
    assert.ok(small.done.size > 0, "the sample has repairs");
    assert.equal(big.text, small.text + blank);
    assert.deepEqual([...big.done], [...small.done]);
    assert.ok(big.lines.pieces.length < 40, `${big.lines.pieces.length} pieces`);
    assert.deepEqual(big.edits, small.edits);
  });

  it("fix-all parses each line once: a round reads the text it made and keeps the parse of every line it did not change", () => {
    const text = sample();
    const lines = text.split("\n").length - 1;
    const parse = JSON.parse;
    let calls = 0;
    JSON.parse = ((s: string, r?: (this: unknown, k: string, v: unknown) => unknown) => {
      calls++;
      return parse(s, r);
    }) as typeof JSON.parse;
    let r: ReturnType<typeof fixAll>;
    try {
      r = fixAll(text);
    } finally {
      JSON.parse = parse;
    }
    assert.ok(r.rounds >= 4, `${r.rounds} rounds`);
    // Each line once, and the lines the repairs wrote; not every line each round.
    assert.ok(calls <= lines + 2 * r.rounds + 10, `${calls} parses for ${lines} lines over ${r.rounds} rounds`);
    assert.deepEqual(r.analysis.findings, analyze(r.text).findings);
  });
});
