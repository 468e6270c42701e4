/**
 * Every repair of a file, to a fixed point: one analysis per round; each round applies the
 * repairs of one kind (the first kind, in `FIX_ORDER`, that has any), those whose lines do not
 * meet, then analyses again. Lines keep their original line (`origin`), so callers copy the
 * bytes of every untouched line and derive minimal edits. Pure.
 */
import { type Analysis, type AnalyzeOptions, analyze } from "../pipeline/analyze.js";
import { codeSpec, type FixKind } from "../rules/registry.js";
import type { Finding } from "../model/types.js";
import type { RepairEdit } from "./edits.js";
import { applyPlan, editsFromLines, emptyPlan, joinLines, type LinePlan, mergePlan, plannedLines, planLines } from "./line-plan.js";
import type { PlannedLines } from "./planned-lines.js";
import { LAST_ENTRY, type Planned } from "./structural.js";

/** One kind's plan for one finding (registry.ts supplies them). */
export type PlanFn = (a: Analysis, line: number, toolCallId: string | undefined, bom: boolean) => Planned;

/** The kinds fix-all applies, in the order it tries them (moves before inserts: a moved result is no longer missing). */
export const FIX_ORDER: readonly FixKind[] = [
  "remove-malformed-line",
  "relink-parent",
  "break-parent-cycle",
  "relink-skipped-turns",
  "move-result",
  "drop-duplicate-result",
  "remove-orphan",
  "make-id-unique",
  "insert-missing-result",
  "merge-split-results",
];

/** A kind's repair of every finding at once (a file-wide pass), used by fix-all instead of one plan per finding. */
export type BatchFn = (a: Analysis, wanted: (f: Finding) => boolean) => { plan: LinePlan; count: number };

export interface FixAllOptions {
  /** Only findings of these codes are repaired (all when absent). */
  codes?: ReadonlySet<string>;
  /** Only these kinds are applied (all of FIX_ORDER when absent). */
  kinds?: readonly FixKind[];
  maxRounds?: number;
  /** Findings repaired beside the analysis's own (provider findings, which the analysis does not hold). */
  extraFindings?: (a: Analysis) => readonly Finding[];
  /** Kinds repaired file-wide in one pass (registry.ts `BATCHES`), when every finding of theirs is wanted. */
  batches?: Readonly<Partial<Record<FixKind, BatchFn>>>;
}

export interface FixAllReport {
  /** The repaired text. */
  text: string;
  /** Its lines, each with the original line it comes from (-1: inserted): runs of kept lines and the lines a repair made. */
  lines: PlannedLines;
  /** Minimal edits from the original text to `text`. */
  edits: RepairEdit[];
  /** The analysis of `text`: callers need not analyse again. */
  analysis: Analysis;
  rounds: number;
  /** How many repairs of each kind were applied. */
  done: Map<FixKind, number>;
  /** Findings of `analysis` a repair exists for but is not offered, and why (lines of `text`). */
  skipped: { line: number; code: string; toolCallId?: string; reason: string }[];
}

export function fixAllWith(plans: Readonly<Partial<Record<FixKind, PlanFn>>>, text: string, options: AnalyzeOptions = {}, opts: FixAllOptions = {}): FixAllReport {
  const steps = fixAllSteps(plans, text, options, opts);
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}

/** What one round of fix-all did (for progress). */
export interface FixAllStep {
  round: number;
  kind: FixKind;
  count: number;
}

/**
 * fix-all one round at a time: yields after each round's analysis and repairs, so a caller on a
 * server can report progress, let other requests in and stop when the request is cancelled.
 */
export function* fixAllSteps(plans: Readonly<Partial<Record<FixKind, PlanFn>>>, text: string, options: AnalyzeOptions = {}, opts: FixAllOptions = {}): Generator<FixAllStep, FixAllReport, void> {
  const bom = text.charCodeAt(0) === 0xfeff;
  const kinds = (opts.kinds ?? FIX_ORDER).filter((k) => plans[k]);
  // Information and hints are not defects (a call still running, a link to another file): fix-all
  // leaves them alone unless their code is asked for by name.
  const wanted = (f: Finding) => (opts.codes ? opts.codes.has(f.code) : f.severity === "error" || f.severity === "warning");
  const maxRounds = opts.maxRounds ?? 60;
  // The analysis's findings and the extra ones: one list per round (not one per kind tried).
  const findingsOf = (x: Analysis): readonly Finding[] => {
    const extra = opts.extraFindings?.(x);
    return extra && extra.length > 0 ? x.findings.concat(extra) : x.findings;
  };
  let cur = text;
  let a = analyze(cur, options);
  // The lines of the text, from the analysis's own (no second split): kept lines cost nothing.
  let lines = plannedLines(text, a.session.lines);
  const done = new Map<FixKind, number>();
  let rounds = 0;
  for (; rounds < maxRounds; rounds++) {
    // Every round reads the text it made; a line it did not change keeps its parse (`previous`).
    if (rounds > 0) a = analyze(cur, { ...options, previous: a });
    let all: readonly Finding[] | undefined;
    let applied = false;
    for (const kind of kinds) {
      const batch = opts.batches?.[kind];
      if (batch) {
        const b = batch(a, wanted);
        if (b.count === 0) continue;
        const nextLines = applyPlan(lines, b.plan);
        if (!nextLines.splitsAsPlanned()) continue;
        const nextText = joinLines(nextLines);
        lines = nextLines;
        cur = nextText;
        done.set(kind, (done.get(kind) ?? 0) + b.count);
        applied = true;
        yield { round: rounds + 1, kind, count: b.count };
        break;
      }
      const plan = emptyPlan();
      // Lines the round's plans change, lines they remove (or move), lines they rely on.
      const changed = new Set<number>();
      const removed = new Set<number>();
      const relied = new Set<number>();
      const seen = new Set<string>();
      const seenPlans = new Set<object>();
      let count = 0;
      for (const f of (all ??= findingsOf(a))) {
        if (!wanted(f) || !(codeSpec(f.code).fixes as readonly FixKind[]).includes(kind)) continue;
        const key = `${f.line}\u0000${f.toolCallId ?? ""}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const r = plans[kind]!(a, f.line, f.toolCallId, bom);
        if ("reason" in r || seenPlans.has(r)) continue;
        seenPlans.add(r);
        // The file's last entry counts as a line every plan that relies on it also changes.
        const mine = [...planLines(r.plan), ...r.reads.filter((l) => l === LAST_ENTRY)];
        const gone = [...r.plan.remove, ...[...r.plan.insert.values()].flat().flatMap((i) => (i.from !== undefined ? [i.from] : []))];
        if (mine.some((l) => changed.has(l)) || r.reads.some((l) => removed.has(l)) || gone.some((l) => relied.has(l))) continue;
        for (const l of mine) changed.add(l);
        for (const l of gone) removed.add(l);
        for (const l of r.reads) relied.add(l);
        mergePlan(plan, r.plan);
        count++;
      }
      if (count === 0) continue;
      const nextLines = applyPlan(lines, plan);
      // The next round reads the bytes: if they split into other lines than the plan made (line
      // endings joined), the round is not applied and fix-all stops here.
      if (!nextLines.splitsAsPlanned()) break;
      const nextText = joinLines(nextLines);
      lines = nextLines;
      cur = nextText;
      done.set(kind, (done.get(kind) ?? 0) + count);
      applied = true;
      yield { round: rounds + 1, kind, count };
      break;
    }
    if (!applied) break;
  }
  if (rounds === maxRounds) a = analyze(cur, { ...options, previous: a });
  const skipped: FixAllReport["skipped"] = [];
  const seen = new Set<string>();
  for (const f of findingsOf(a)) {
    if (!wanted(f)) continue;
    const mine = (codeSpec(f.code).fixes as readonly FixKind[]).filter((k) => kinds.includes(k));
    if (mine.length === 0) continue;
    const key = `${f.line}\u0000${f.code}\u0000${f.toolCallId ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const reasons: string[] = [];
    for (const k of mine) {
      const r = plans[k]!(a, f.line, f.toolCallId, bom);
      if ("reason" in r) reasons.push(r.reason);
      else reasons.length = 0;
      if (!("reason" in r)) break;
    }
    if (reasons.length) skipped.push({ line: f.line, code: f.code, toolCallId: f.toolCallId, reason: pickReason(reasons) });
  }
  const changed = done.size > 0;
  return { text: changed ? cur : text, lines, edits: changed ? editsFromLines(lines) : [], analysis: a, rounds, done, skipped };
}

/** Reasons that say a kind does not apply to a finding (another kind does), not that it is unsafe. */
const INAPPLICABLE = /^(there is no|its call's turn was not closed|the link closes a cycle|it is not a second result)/;

export function isInapplicable(reason: string): boolean {
  return INAPPLICABLE.test(reason);
}

/** The most telling of several kinds' reasons: not the "does not apply" ones. */
function pickReason(reasons: string[]): string {
  return reasons.find((r) => !isInapplicable(r)) ?? reasons[0];
}

export { joinLines, plannedLines };
