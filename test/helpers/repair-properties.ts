/**
 * Issue 15: the properties every repair keeps, checked on one text, and the inputs they are
 * checked on (constructed sessions with random turns, corpus files, both mutated with structural
 * defects and line-level damage). Shared by the bounded property test (`npm test`) and the long
 * run (`npm run fuzz`, scripts/fuzz.mjs).
 *
 * For every finding and every repair its code offers (the quick fix, as the server's
 * WorkspaceEdit carries it) and for fix-all (the CLI's byte path and the LSP edits):
 * - byte-exact: the edits are the plan's lines; every other line keeps its text and ending (and,
 *   on the byte path, its bytes, invalid UTF-8 included);
 * - the repaired text re-analyses without the repaired finding and with no new one (no code
 *   gains findings);
 * - idempotent: fix-all on its own output does nothing;
 * - a repair that is not offered says why.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { fixBytes } from "../../server/src/cli/fix-bytes.js";
import { type Analysis, analyze } from "../../server/src/engine/pipeline/analyze.js";
import { splitByteLines, splitLines } from "../../server/src/engine/model/lines.js";
import { applyPlan, applyRepairEdits, fixAll, plannedLines, type RepairEdit, REPAIRS } from "../../server/src/engine/repair/index.js";
import type { LinePlan } from "../../server/src/engine/repair/line-plan.js";
import { applyPlanDense, editsFromLinesDense, joinLinesDense, plannedLinesDense } from "./dense-plan.js";
import type { ProviderName } from "../../server/src/engine/model/provider-names.js";
import { providerVerdicts } from "../../server/src/engine/providers/verdicts.js";
import { codeSpec } from "../../server/src/engine/rules/registry.js";
import type { Finding } from "../../server/src/engine/model/types.js";
import { repairIndex } from "../../server/src/engine/repair/repair-index.js";
import type { PlannedLine } from "../../server/src/engine/repair/line-plan.js";
import { claudeCodeText, type CcTurn } from "./claude-code-builder.js";
import { sessionText, type Spec } from "./session-builder.js";

// ------------------------------------------------------------------------------------------
// Inputs

/** A random conversation: turns of calls and results, with results missing, late, doubled, foreign. */
export const specsArb: fc.Arbitrary<Spec[]> = fc
  .array(
    fc.record({
      calls: fc.array(fc.constantFrom("a", "b", "c", "bash"), { minLength: 0, maxLength: 3 }),
      answer: fc.array(fc.constantFrom("ok", "ok", "ok", "missing", "late", "twice", "foreign"), { minLength: 3, maxLength: 3 }),
      stop: fc.constantFrom("toolUse", "toolUse", "toolUse", "error", "aborted"),
      custom: fc.boolean(),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((turns) => {
    const specs: Spec[] = [{ user: 1 }];
    let t = 2;
    turns.forEach((turn, k) => {
      const calls = turn.calls.map((c, i) => `${c}_${k}${i}`);
      specs.push({ assistant: t++, calls, stopReason: calls.length ? turn.stop : undefined });
      const late: string[] = [];
      calls.forEach((id, i) => {
        const how = turn.answer[i];
        if (how === "missing") return;
        if (how === "late") return void late.push(id);
        specs.push({ result: t++, id });
        if (how === "twice") specs.push({ result: t++, id });
        if (how === "foreign") specs.push({ result: t++, id: `ghost_${k}${i}` });
      });
      if (turn.custom) specs.push({ customMessage: "note" });
      specs.push({ user: t++ });
      for (const id of late) specs.push({ result: t++, id });
    });
    specs.push({ assistant: t++, text: "done" });
    return specs;
  });

export type Damage =
  | { op: "drop-line"; at: number }
  | { op: "break-parent"; at: number }
  | { op: "cycle"; at: number; to: number }
  | { op: "malformed"; at: number; text: string }
  | { op: "duplicate-line"; at: number }
  | { op: "eol"; eol: "\r\n" | "\r" | "none" }
  | { op: "bom" };

export const damageArb: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({ op: fc.constant("drop-line" as const), at: fc.nat() }),
  fc.record({ op: fc.constant("break-parent" as const), at: fc.nat() }),
  fc.record({ op: fc.constant("cycle" as const), at: fc.nat(), to: fc.nat() }),
  fc.record({ op: fc.constant("malformed" as const), at: fc.nat(), text: fc.constantFrom("{oops", "[1,2", "42", '{"a":1}{"b":2}', "\u001b]0;x\u0007{", "") }),
  fc.record({ op: fc.constant("duplicate-line" as const), at: fc.nat() }),
  fc.record({ op: fc.constant("eol" as const), eol: fc.constantFrom("\r\n" as const, "\r" as const, "none" as const) }),
  fc.constant({ op: "bom" as const }),
);

const PARENT = /"(parentId|parentUuid)":"([^"\\]*)"/;
const OWN_ID = /"(?:id|uuid)":"([^"\\]*)"/;

/** Applies damage to a text (line 0 is left alone except by `bom` and `eol`: it is the header). */
export function damage(text: string, ds: Damage[]): string {
  const lines = splitLines(text).map((l) => ({ text: l.text, eol: l.eol as string }));
  let bom = false;
  let noFinal = false;
  for (const d of ds) {
    const n = lines.length;
    if (n < 2 && d.op !== "eol" && d.op !== "bom") continue;
    const i = "at" in d ? 1 + (d.at % (n - 1)) : 0;
    if (d.op === "drop-line") lines.splice(i, 1);
    else if (d.op === "break-parent") lines[i].text = lines[i].text.replace(PARENT, '"$1":"gone-$2"');
    else if (d.op === "cycle") {
      const j = 1 + (d.to % (n - 1));
      const id = OWN_ID.exec(lines[Math.max(i, j)].text)?.[1];
      if (id !== undefined) lines[Math.min(i, j)].text = lines[Math.min(i, j)].text.replace(PARENT, (_m, k) => `"${k}":"${id}"`);
    } else if (d.op === "malformed") lines.splice(i, 0, { text: d.text, eol: "\n" });
    else if (d.op === "duplicate-line") lines.splice(i, 0, { ...lines[i] });
    else if (d.op === "eol") {
      if (d.eol === "none") noFinal = true;
      else for (const l of lines) if (l.eol) l.eol = d.eol;
    } else bom = true;
  }
  if (noFinal && lines.length) lines[lines.length - 1].eol = "";
  for (let k = 0; k < lines.length - 1; k++) if (!lines[k].eol) lines[k].eol = "\n";
  return (bom ? "\uFEFF" : "") + lines.map((l) => l.text + l.eol).join("");
}

/** A corpus file's head (the properties run many analyses per case). */
export function head(text: string, maxLines: number, from = 0): string {
  const ls = splitLines(text);
  const keep = from > 0 ? [ls[0], ...ls.slice(from, from + maxLines - 1)] : ls.slice(0, maxLines);
  return keep.map((l) => l.text + (l.eol || "\n")).join("");
}

/** Claude Code turns in its parallel layout, some calls left without a result, some results out of call order. */
export const ccTurnsArb: fc.Arbitrary<CcTurn[]> = fc
  .array(fc.record({ calls: fc.integer({ min: 0, max: 3 }), drop: fc.integer({ min: -1, max: 2 }), reverse: fc.boolean(), prompt: fc.boolean() }), { minLength: 1, maxLength: 5 })
  .map((ts) =>
    ts.map((t, k) => {
      const calls = Array.from({ length: t.calls }, (_, i) => `toolu_${k}${i}`);
      const answered = calls.filter((_, i) => i !== t.drop);
      return { calls, answered: t.reverse ? answered.reverse() : answered, prompt: t.prompt };
    }),
  );

export function inputArb(corpus: string[]): fc.Arbitrary<string> {
  const built = fc.oneof(specsArb.map((s) => sessionText(s)), ccTurnsArb.map((t) => claudeCodeText(t)));
  const source = corpus.length ? fc.oneof(built, fc.constantFrom(...corpus)) : built;
  return fc.tuple(source, fc.array(damageArb, { maxLength: 4 })).map(([t, ds]) => damage(t, ds));
}

// ------------------------------------------------------------------------------------------
// Properties

function counts(a: Analysis): Map<string, number> {
  const m = new Map<string, number>();
  for (const f of a.findings) m.set(f.code, (m.get(f.code) ?? 0) + 1);
  return m;
}

const key = (f: Finding) => `${f.code} ${f.toolCallId ?? ""}`;

/** No code gains findings; `gone` (a finding's code and call id) loses one. */
function assertNoNewFinding(before: Analysis, after: Analysis, what: string, gone?: Finding): void {
  const b = counts(before);
  for (const [code, n] of counts(after)) assert.ok(n <= (b.get(code) ?? 0), `${what}: ${code} went from ${b.get(code) ?? 0} to ${n}\n${after.findings.filter((f) => f.code === code).map((f) => `${f.line + 1}: ${f.message}`).join("\n")}`);
  if (gone) {
    const k = key(gone);
    const nb = before.findings.filter((f) => key(f) === k).length;
    const na = after.findings.filter((f) => key(f) === k).length;
    // Gone, or (the call id's results being interchangeable) an equal finding moved to the other result.
    assert.ok(na < nb || after.findings.length < before.findings.length, `${what}: the repaired finding (${k}) is still there`);
  }
}

export interface CheckStats {
  repairs: number;
  notOffered: number;
  fixAllChanged: number;
}

/** Every quick fix of every finding, through the edits the server sends. */
export function checkEachRepair(text: string, stats?: CheckStats, limit = 40): void {
  const a = analyze(text);
  const bom = text.charCodeAt(0) === 0xfeff;
  let n = 0;
  for (const f of a.findings) {
    for (const kind of codeSpec(f.code).fixes) {
      const spec = REPAIRS[kind];
      if (!spec.one || !spec.plan) continue;
      if (n++ >= limit) return;
      const p = spec.plan(a, f.line, f.toolCallId, bom);
      const r = spec.one(a, f.line, f.toolCallId, bom);
      if ("reason" in p) {
        assert.ok(p.reason.length > 0);
        if (stats) stats.notOffered++;
        continue;
      }
      assert.ok(r, `${kind} on line ${f.line + 1}: a plan but no edits`);
      if (stats) stats.repairs++;
      const what = `${kind} on line ${f.line + 1} (${f.code})`;
      // The server's edits give exactly the plan's text.
      const next = applyRepairEdits(text, r.edits);
      const planned = densePlan(text, p.plan, r.edits, what);
      assert.equal(next, joinLinesDense(planned), `${what}: edits and plan disagree`);
      // Byte-exact: lines outside the plan keep their text and ending, in order.
      const old = plannedLinesDense(text);
      const touched = new Set<number>([...p.plan.replace.keys(), ...p.plan.remove]);
      for (const [after, items] of p.plan.insert) {
        if (after >= 0 && old[after].eol === "") touched.add(after);
        for (const it of items) if (it.from !== undefined) touched.add(it.from);
      }
      const kept = planned.filter((l) => l.origin >= 0 && !touched.has(l.origin));
      // A file without a final newline keeps none: the line that becomes the last gives its ending up.
      const noFinal = old.length > 0 && old[old.length - 1].eol === "";
      for (const l of kept) {
        const last = l === planned[planned.length - 1] && noFinal;
        assert.equal(l.text + "|" + (last ? "" : l.eol), old[l.origin].text + "|" + (last ? "" : old[l.origin].eol), `${what}: line ${l.origin + 1} changed`);
      }
      assert.equal(kept.length, old.length - touched.size, `${what}: an untouched line went missing`);
      const after = analyze(next);
      assertNoNewFinding(a, after, what, f);
      assertKeepsResults(a, after, planned, what);
    }
  }
}

/**
 * The plan applied by the engine (sparse: planned-lines.ts) as the dense reference applies it,
 * line for line, and the repair's edits as the dense reference derives them; the dense lines.
 */
function densePlan(text: string, plan: LinePlan, edits: readonly RepairEdit[], what: string): PlannedLine[] {
  const dense = applyPlanDense(plannedLinesDense(text), plan);
  assert.deepEqual([...applyPlan(plannedLines(text), plan).all()], dense, `${what}: the sparse plan's lines are not the dense plan's`);
  assert.deepEqual(edits, editsFromLinesDense(text, dense), `${what}: the edits are not those of the dense plan`);
  return dense;
}

/**
 * A repair keeps what the file holds (issues 21 and 22): no result is made up for a call whose
 * result the file holds (a later line, another branch), and no result whose call the file holds
 * is deleted, except a second result of an answered call and the results of a turn that ended in
 * error (they answer nothing the agent sends). `lines` are the repaired file's lines with the
 * original line each comes from.
 */
export function assertKeepsResults(a: Analysis, repaired: Analysis, lines: readonly PlannedLine[], what: string): void {
  const was = repairIndex(a).toolLines();
  const now = repairIndex(repaired).toolLines();
  for (const [id, resultLines] of now.results)
    for (const j of resultLines) {
      if (lines[j]?.origin !== -1) continue;
      // The call the new result answers: the last call of the id before it, on an original line.
      const callNow = (now.calls.get(id) ?? []).filter((c) => c < j).pop();
      const call = callNow === undefined ? undefined : lines[callNow]?.origin;
      if (call === undefined || call < 0) continue;
      const nextCall = (was.calls.get(id) ?? []).find((c) => c > call);
      const held = (was.results.get(id) ?? []).find((r) => r > call && (nextCall === undefined || r < nextCall));
      assert.equal(held, undefined, `${what}: made up a result for \`${id}\` (line ${call + 1}) whose result the file holds on line ${(held ?? 0) + 1}`);
    }
  const kept = new Set(lines.map((l) => l.origin));
  const mayGo = new Set<number>();
  for (const s of a.prune.swept) if (s.reason === "already-consumed" && s.msg.origin.kind === "entry") mayGo.add(s.msg.origin.line);
  for (const f of a.findings) if (f.code === "error-turn-results" || f.code === "malformed-line" || f.code === "duplicate-result") mayGo.add(f.line);
  for (const [id, resultLines] of was.results)
    for (const r of resultLines) {
      if (kept.has(r) || mayGo.has(r)) continue;
      const call = (was.calls.get(id) ?? []).find((c) => c < r);
      assert.equal(call, undefined, `${what}: deleted the result of \`${id}\` on line ${r + 1} although its call is on line ${(call ?? 0) + 1}`);
    }
}

/** fix-all through the LSP edits and the CLI's byte path (with invalid UTF-8 on one line when `badLine` is given). */
export function checkFixAll(text: string, stats?: CheckStats, badLine?: number): void {
  const a = analyze(text);
  const r = fixAll(text);
  assert.equal(applyRepairEdits(text, r.edits), r.text, "fix-all: edits and text disagree");
  const fixed = [...r.lines.all()];
  assert.equal(joinLinesDense(fixed), r.text, "fix-all: lines and text disagree");
  if (r.done.size > 0) assert.deepEqual(r.edits, editsFromLinesDense(text, fixed), "fix-all: the edits are not those of the dense lines");
  assertKeepsResults(a, r.analysis, fixed, "fix-all");
  if (r.done.size > 0 && stats) stats.fixAllChanged++;
  assertNoNewFinding(a, r.analysis, "fix-all");
  const again = fixAll(r.text);
  assert.equal(again.done.size, 0, `fix-all is not idempotent: a second run did ${[...again.done.keys()]}`);
  assert.equal(again.text, r.text);
  // Every finding a repair exists for and that is left says why.
  const why = new Set(r.skipped.map((s) => `${s.line} ${s.code}`));
  for (const f of r.analysis.findings)
    if ((f.severity === "error" || f.severity === "warning") && codeSpec(f.code).fixes.some((k) => REPAIRS[k].plan)) assert.ok(why.has(`${f.line} ${f.code}`), `fix-all left ${f.code} on line ${f.line + 1} without a reason`);
  // The byte path.
  let bytes = Buffer.from(text, "utf8");
  const lines = splitByteLines(bytes);
  if (badLine !== undefined && lines.length > 0) {
    const l = lines[badLine % lines.length];
    bytes = Buffer.concat([bytes.subarray(0, l.end), Buffer.from([0xff, 0xc3]), bytes.subarray(l.end)]);
  }
  const fb = fixBytes(bytes, {});
  if (!fb.ok) {
    assert.ok(badLine !== undefined, `fix on bytes refused valid UTF-8: ${fb.message}`);
    return;
  }
  const oldText = splitLines(bytes.toString("utf8"));
  const oldB = splitByteLines(bytes);
  const newB = splitByteLines(fb.bytes);
  assert.equal(newB.length, fb.fix.lines.length, "bytes: line count");
  [...fb.fix.lines.all()].forEach((l, j) => {
    if (l.origin < 0 || l.text !== oldText[l.origin].text) return;
    assert.ok(bytes.subarray(oldB[l.origin].start, oldB[l.origin].end).equals(fb.bytes.subarray(newB[j].start, newB[j].end)), `bytes: line ${l.origin + 1} changed`);
  });
  if (badLine === undefined) assert.equal(fb.bytes.toString("utf8"), r.text, "bytes and LSP agree");
  const fb2 = fixBytes(fb.bytes, {});
  assert.ok(fb2.ok && fb2.bytes.equals(fb.bytes), "bytes: not idempotent");
}

/**
 * The same properties for the repairs of provider findings (`results-split`), which the analysis
 * does not hold: every such finding of the session's provider verdicts, through the server's
 * edits; byte-exact, the finding gone, no new finding (generic or provider), and idempotent
 * (`fix --only` on the output does nothing). Returns how many repairs were checked.
 */
export function checkProviderRepairs(text: string, target?: ProviderName): number {
  const a = analyze(text);
  const pv = providerVerdicts(a, { target });
  const bom = text.charCodeAt(0) === 0xfeff;
  let n = 0;
  const providerCounts = (x: Analysis) => {
    const m = new Map<string, number>();
    for (const f of providerVerdicts(x, { target }).findings) m.set(f.code, (m.get(f.code) ?? 0) + 1);
    return m;
  };
  const before = providerCounts(a);
  for (const f of pv.findings) {
    for (const kind of codeSpec(f.code).fixes) {
      const spec = REPAIRS[kind];
      if (!spec.one || !spec.plan) continue;
      const p = spec.plan(a, f.line, f.toolCallId, bom);
      if ("reason" in p) {
        assert.ok(p.reason.length > 0);
        continue;
      }
      const r = spec.one(a, f.line, f.toolCallId, bom);
      assert.ok(r, `${kind} on line ${f.line + 1}: a plan but no edits`);
      n++;
      const what = `${kind} on line ${f.line + 1} (${f.code})`;
      const next = applyRepairEdits(text, r.edits);
      const planned = densePlan(text, p.plan, r.edits, what);
      assert.equal(next, joinLinesDense(planned), `${what}: edits and plan disagree`);
      const old = plannedLinesDense(text);
      const touched = new Set<number>([...p.plan.replace.keys(), ...p.plan.remove]);
      const kept = planned.filter((l) => l.origin >= 0 && !touched.has(l.origin));
      for (const l of kept) assert.equal(l.text + "|" + l.eol, old[l.origin].text + "|" + old[l.origin].eol, `${what}: line ${l.origin + 1} changed`);
      assert.equal(kept.length, old.length - touched.size, `${what}: an untouched line went missing`);
      const b = analyze(next);
      assertNoNewFinding(a, b, what);
      const after = providerCounts(b);
      for (const [code, k] of after) assert.ok(k <= (before.get(code) ?? 0), `${what}: provider ${code} went from ${before.get(code) ?? 0} to ${k}`);
      assert.ok((after.get(f.code) ?? 0) < (before.get(f.code) ?? 0), `${what}: the repaired finding is still there`);
    }
  }
  // fix --only CODE: repairs every one, and does nothing on its own output.
  const codes = new Set(pv.findings.filter((f) => codeSpec(f.code).fixes.length > 0).map((f) => f.code));
  if (codes.size > 0) {
    const r = fixAll(text, {}, { codes });
    assert.equal(applyRepairEdits(text, r.edits), r.text, "fix --only: edits and text disagree");
    assertNoNewFinding(a, r.analysis, "fix --only");
    const again = fixAll(r.text, {}, { codes });
    assert.equal(again.done.size, 0, `fix --only is not idempotent: a second run did ${[...again.done.keys()]}`);
    const fb = fixBytes(Buffer.from(text, "utf8"), {}, { codes });
    assert.ok(fb.ok && fb.bytes.toString("utf8") === r.text, "fix --only: bytes and LSP agree");
  }
  return n;
}
