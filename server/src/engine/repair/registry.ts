/**
 * Every repair, by the fix kind the rule table names (`CodeSpec.fixes`). Code actions, the
 * inspector's buttons and the CLI's `fix` look repairs up here. Adding a repair: a function in
 * structural.ts (or a file beside it) returning a line plan or the reason it is not offered, an
 * entry here and in fix-all.ts `FIX_ORDER`, and its kind in the `fixes` of the codes it repairs
 * (rules/*.ts) and in protocol/view.ts `ViewFix.kind`.
 */
import type { AnalyzeOptions, Analysis } from "../pipeline/analyze.js";
import type { FixKind } from "../model/finding-kit.js";
import type { Finding, SourceLine } from "../model/types.js";
import type { RepairEdit } from "./edits.js";
import { type BatchFn, type FixAllOptions, type FixAllReport, type FixAllStep, fixAllSteps, fixAllWith, type PlanFn } from "./fix-all.js";
import { applyPlan, editsFromLines, eolOfAccess, emptyPlan, type LinePlan, plannedLinesOf, planFuses, planLines } from "./line-plan.js";
import type { Eol } from "../model/lines.js";
import type { LineList } from "../model/line-list.js";
import { documentOf } from "../model/json-document.js";
import { repairIndex } from "./repair-index.js";
import { makeAllIdsUnique, makeIdUniqueRepair, makeIdUniqueTitle, ORPHAN_CODES, orphanRemoval, type Repair } from "./repairs.js";
import { MERGE_SPLIT_CODES, mergeSplitResults } from "./merge-split-results.js";
import { providerVerdicts } from "../providers/verdicts.js";
import type { FormatProfile } from "../formats/profile.js";
import { formatProfile } from "../formats/registry.js";
import { relinkSkippedTurns } from "./relink-skipped-turns.js";
import { breakParentCycle, cutsOffLastLine, insertMissingResult, isDuplicateResult, moveResult, type Planned, relinkParent, removeMalformedLine } from "./structural.js";

export interface RepairSpec {
  /**
   * Whether the repair can be offered on a file of this format at all, where it depends on the
   * format (README's table of agents lists a format's repairs by it; a test checks it is never
   * offered where this says no). Absent: wherever a code it fixes is found.
   */
  offeredOn?(p: FormatProfile): boolean;
  /** The inspector's button label for a finding. */
  label(f: { toolCallId?: string }): string;
  /** Offered as the preferred quick fix. */
  preferred: boolean;
  /**
   * The repair of one finding (0-based `line`, the finding's tool-call id), or null when it is
   * unsafe or no longer applies. `bom`: the file on disk starts with a BOM the engine stripped.
   */
  one?(a: Analysis, line: number, toolCallId: string | undefined, bom: boolean): Repair | null;
  /** The repair of one finding as a line plan, or why it is not offered. */
  plan?: PlanFn;
  /**
   * For a one-finding repair whose edits cost a walk of the whole file (a rename looks for every
   * string naming the id): its title without the edits, or null when it does not apply. The editor
   * offers it with this title and computes the edits when it is chosen (codeAction/resolve).
   */
  deferred?(a: Analysis, line: number, toolCallId: string | undefined): { title: string } | null;
  /** What the CLI's summary says after applying `n` of them (`dry`: for a dry run, "would ..."). */
  done?: (n: number, dry: boolean) => string;
  /** The repair of the whole file, edits against `text`; absent for one-finding repairs. */
  all?: { title: string; rounds(text: string, options: AnalyzeOptions): Generator<FixAllStep, FixAllReport, void> };
}

/** The edits of a plan against the document's lines (`bom`: the document starts with a BOM the engine stripped). */
export function planToRepair(p: Planned, documentLines: LineList, bom: boolean): Repair | null {
  if ("reason" in p) return null;
  const lines = applyPlan(plannedLinesOf(documentLines, bom), p.plan);
  const touched = [...new Set([...p.plan.replace.keys(), ...p.plan.remove, ...p.plan.insert.keys()])];
  return { title: p.title, edits: editsFromLines(lines), touched };
}

/** A plan from edits that change lines in place, and optionally remove one line. */
function planFromEdits(a: Analysis, edits: RepairEdit[], removed?: number): LinePlan {
  const plan = emptyPlan();
  if (removed !== undefined) plan.remove.add(removed);
  const byLine = new Map<number, RepairEdit[]>();
  for (const e of edits) {
    if (e.startLine !== e.endLine || e.startLine === removed) continue;
    byLine.set(e.startLine, [...(byLine.get(e.startLine) ?? []), e]);
  }
  for (const [line, list] of byLine) {
    let t = a.session.lines.at(line)!.text;
    for (const e of list.sort((x, y) => y.startCol - x.startCol)) t = t.slice(0, e.startCol) + e.newText + t.slice(e.endCol);
    plan.replace.set(line, t);
  }
  return plan;
}

const removeOrphanPlan: PlanFn = (a, line, toolCallId) => {
  const r = orphanRemoval(a, line, toolCallId, false);
  if ("reason" in r) return r;
  const cut = cutsOffLastLine(a, [line]);
  if (cut) return { reason: cut };
  const entry = repairIndex(a).entryByLine.get(line);
  const parent = entry?.parentId ? a.session.byId.get(entry.parentId) : undefined;
  const last = a.session.entries[a.session.entries.length - 1];
  return { title: r.title, plan: planFromEdits(a, r.edits, line), reads: [...(parent ? [parent.line] : []), ...(last?.line === line ? [-1] : [])] };
};

const makeIdUniquePlan: PlanFn = (a, line, toolCallId) => {
  // The rename reads the parsed lines, not the text (a 100 MB session's text was joined for it).
  const r = makeIdUniqueRepair(a, "", line, toolCallId, false);
  if (!r) return { reason: "renaming is not safe here: the occurrence cannot be told apart from the others everywhere its id is named" };
  return { title: r.title, plan: planFromEdits(a, r.edits), reads: [] };
};

/** How many one-finding repairs were planned since the process started (tests count work, never time). */
export const repairWork = { plans: 0 };

/**
 * A repair of one finding in its one representation, a line plan (guarded), and the edits of that
 * plan against the document's lines (`one`): the table as written is the table that runs.
 */
function planned(plan: PlanFn): Required<Pick<RepairSpec, "plan" | "one">> {
  const safe = guarded(plan);
  return { plan: safe, one: (a, line, toolCallId, bom) => planToRepair(safe(a, line, toolCallId, bom), a.session.lines, bom) };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const REPAIRS: Readonly<Record<FixKind, RepairSpec>> = {
  "remove-orphan": {
    label: () => "Remove this orphan tool result",
    preferred: true,
    ...planned(removeOrphanPlan),
    done: (n, dry) => `${dry ? "would remove" : "removed"} ${count(n, "orphan tool result", "orphan tool results")}`,
  },
  "fix-all-orphans": {
    label: () => "Fix all orphan tool results in the file",
    preferred: false,
    all: { title: "Fix all orphan tool results in the file", rounds: (text, options) => fixAllByRounds(text, options, { codes: ORPHAN_CODES, kinds: ORPHAN_KINDS }) },
  },
  "make-id-unique": {
    label: (f) => `Make \`${f.toolCallId}\` unique in its later turns`,
    preferred: false,
    ...planned(makeIdUniquePlan),
    deferred: makeIdUniqueTitle,
    done: (n, dry) => `${dry ? "would rename" : "renamed"} ${count(n, "reused tool-call id", "reused tool-call ids")}`,
  },
  "insert-missing-result": {
    label: (f) => `Insert an interrupted result for \`${f.toolCallId}\``,
    preferred: true,
    ...planned(insertMissingResult),
    done: (n, dry) => `${dry ? "would insert" : "inserted"} the missing results of ${count(n, "turn", "turns")}`,
  },
  "move-result": {
    // the result's turn is known closed from the pruners' orphan sweep (pi's After, pruners run)
    offeredOn: (p) => p.renderedByPruners && p.runsPiPruners !== false,
    label: (f) => `Move result \`${f.toolCallId}\` back to its call's turn`,
    preferred: true,
    ...planned(moveResult),
    done: (n, dry) => `${dry ? "would move" : "moved"} ${count(n, "result", "results")} back to their call's turn`,
  },
  "drop-duplicate-result": {
    // a second result is the sweep's (pi) or the format's own `repeatedResult` (Gemini CLI)
    offeredOn: (p) => (p.renderedByPruners && p.runsPiPruners !== false) || p.repair.repeatedResult !== undefined,
    label: () => "Drop this duplicate result (keep the first)",
    preferred: true,
    ...planned(dropDuplicatePlan),
    done: (n, dry) => `${dry ? "would drop" : "dropped"} ${count(n, "duplicate result", "duplicate results")}`,
  },
  "relink-parent": {
    label: () => "Make this entry a root, as the loader treats it",
    preferred: true,
    ...planned(relinkParent),
    done: (n, dry) => `${dry ? "would re-link" : "re-linked"} ${count(n, "broken parent", "broken parents")} as roots`,
  },
  "break-parent-cycle": {
    label: () => "Break this parent cycle",
    preferred: true,
    ...planned(breakParentCycle),
    done: (n, dry) => `${dry ? "would break" : "broke"} ${count(n, "parent cycle", "parent cycles")}`,
  },
  "remove-malformed-line": {
    label: () => "Remove this malformed line",
    preferred: true,
    ...planned((a, line, _id, bom) => removeMalformedLine(a, line, bom)),
    done: (n, dry) => `${dry ? "would remove" : "removed"} ${count(n, "malformed line", "malformed lines")}`,
  },
  "merge-split-results": {
    offeredOn: (p) => p.repair.noMergeReason === undefined,
    label: (f) => `Merge result \`${f.toolCallId}\` into the turn's first message of results`,
    preferred: true,
    ...planned(mergeSplitResults),
    done: (n, dry) => `${dry ? "would merge" : "merged"} the split results of ${count(n, "turn", "turns")}`,
  },
  "relink-skipped-turns": {
    offeredOn: (p) => p.repair.relinkTarget !== undefined && p.repair.linked,
    label: () => "Re-link this line so the resume reads the turns it skips",
    preferred: true,
    ...planned(relinkSkippedTurns),
    done: (n, dry) => `${dry ? "would re-link" : "re-linked"} ${count(n, "line", "lines")} so the resume reads the turns it skipped`,
  },
  "fix-all": {
    label: () => "Fix all repairable findings in the file",
    preferred: false,
    all: { title: "Fix all repairable findings in the file", rounds: (text, options) => fixAllByRounds(text, options) },
  },
};

function dropDuplicatePlan(a: Analysis, line: number, toolCallId: string | undefined): Planned {
  if (!isDuplicateResult(a, line, toolCallId)) return { reason: "it is not a second result for a call already answered in its turn" };
  const r = removeOrphanPlan(a, line, toolCallId, false);
  return "reason" in r ? r : { ...r, title: `Drop duplicate result \`${toolCallId}\` (keep the first)` };
}

/** The ending most of the analysed file's lines use, counted once per analysis. */
const eols = new WeakMap<Analysis, Eol>();
function fileEol(a: Analysis): Eol {
  let e = eols.get(a);
  if (e === undefined) eols.set(a, (e = eolOfAccess(a.session.lines)));
  return e;
}

/** Repairs add, remove and edit whole lines: none is offered on a session that is one JSON document (model/json-document.ts). */
const DOCUMENT_REASON = "the session is one JSON document, not JSON Lines: a repair adds, removes or edits whole lines, which would break it (edit it by hand)";

/** Whether a line is part of a record that spans lines (a blank line that holds nothing never is). */
const spansLines = (l: SourceLine | undefined) => l !== undefined && (l.eol === "\r" || l.partOf !== undefined);

/**
 * A plan that touches a record spanning lines (joined by a lone CR, which the agents read as one
 * entry), or that would join a lone CR and an LF into one line ending, is not offered.
 */
function guarded(plan: PlanFn): PlanFn {
  return (a, line, toolCallId, bom) => {
    repairWork.plans++;
    if (documentOf(a.session.lines)) return { reason: DOCUMENT_REASON };
    const p = plan(a, line, toolCallId, bom);
    if ("reason" in p) return p;
    const lines = a.session.lines;
    if (planLines(p.plan).some((l) => spansLines(lines.heldAt(l))))
      return { reason: "the entry spans lines joined by a lone CR (the agent reads them as one entry): edit it by hand" };
    // A new line ends as the file's lines do; a lone CR is no line ending to the agents (they split
    // on LF), so it would join the line after it (fuzz seed 66100 case 520: the made-up result and
    // the next line read as one malformed record, the call still unanswered).
    if (p.plan.insert.size > 0 && fileEol(a) === "\r")
      return { reason: "the file's lines end with a lone CR, which the agent does not read as a line ending: a new line written as its neighbours are would join the next line (edit it by hand)" };
    if (!planFuses(lines, p.plan, fileEol(a))) return p;
    return { reason: "the file mixes line endings here: the edit would join a lone CR and the next line's LF into one line ending" };
  };
}


/** The plan functions by kind (fix-all's input). */
export const PLANS: Readonly<Partial<Record<FixKind, PlanFn>>> = Object.fromEntries(
  Object.entries(REPAIRS).filter(([, s]) => s.plan).map(([k, s]) => [k, s.plan!]),
) as Partial<Record<FixKind, PlanFn>>;

/**
 * Kinds fix-all applies file-wide in one pass: renaming every reuse of every colliding id at once
 * (one plan per finding would rename one reuse per id and round: as many rounds, each a full
 * analysis, as the most reused id has turns).
 */
export const BATCHES: Readonly<Partial<Record<FixKind, BatchFn>>> = {
  "make-id-unique": (a, wanted) => {
    if (documentOf(a.session.lines)) return { plan: emptyPlan(), count: 0 };
    const r = makeAllIdsUnique(a, wanted);
    const plan = planFromEdits(a, r.edits);
    const lines = a.session.lines;
    const glued = planLines(plan).some((l) => spansLines(lines.heldAt(l)));
    return glued || planFuses(lines, plan, fileEol(a)) ? { plan: emptyPlan(), count: 0 } : { plan, count: r.count };
  },
};

/** The repairs of orphan results: back to their call's turn, a second result dropped, a result nothing called removed. */
const ORPHAN_KINDS: readonly FixKind[] = ["move-result", "drop-duplicate-result", "remove-orphan"];

/** A file-wide repair run to its end (the CLI; the server steps through `rounds` itself). */
export function runAll(spec: RepairSpec, text: string, options: AnalyzeOptions): FixAllReport | null {
  if (!spec.all) return null;
  const steps = spec.all.rounds(text, options);
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}

/** Every repair of the file to a fixed point (`opts.codes`: only findings of these codes). */
export function fixAll(text: string, options: AnalyzeOptions = {}, opts: FixAllOptions = {}): FixAllReport {
  return fixAllWith(PLANS, text, options, fixAllOptions(opts));
}

/** `fixAll` one round at a time (fix-all.ts `fixAllSteps`). */
export function fixAllByRounds(text: string, options: AnalyzeOptions = {}, opts: FixAllOptions = {}): Generator<FixAllStep, FixAllReport, void> {
  return fixAllSteps(PLANS, text, options, fixAllOptions(opts));
}

function fixAllOptions(opts: FixAllOptions): FixAllOptions {
  return { extraFindings: (a) => providerFindingsToFix(a, opts.codes), batches: BATCHES, ...opts };
}

/**
 * The provider findings fix-all repairs (the analysis does not hold them): `results-split` where
 * it is an error for the session's provider, or wherever it occurs when `codes` names it.
 */
export function providerFindingsToFix(a: Analysis, codes?: ReadonlySet<string>): Finding[] {
  const profile = formatProfile(a.session.format);
  if (!profile || profile.repair.noMergeReason) return [];
  return providerVerdicts(a).findings.filter((f) => MERGE_SPLIT_CODES.includes(f.code) && (f.severity === "error" || codes?.has(f.code) === true));
}

/** Why a repair of `kind` is not offered for a finding, or null when it is. */
export function whyNot(kind: FixKind, a: Analysis, line: number, toolCallId: string | undefined, bom: boolean): string | null {
  const p = REPAIRS[kind].plan?.(a, line, toolCallId, bom);
  return p && "reason" in p ? p.reason : null;
}

export type { RepairEdit };
