/**
 * The findings a session shows: one list for the editor's problems (lsp/provider-findings.ts
 * turns each into a diagnostic) and for `check` (its lines, its JSON and its exit status), so the
 * two cannot disagree (issue 23).
 *
 * - The generic findings (the analysis's), each with the user's severity override (`off` hides
 *   the code).
 * - The provider findings of the target provider (engine/providers/verdicts.ts computes them): by
 *   default only those the target rejects (errors); what only other providers reject, or no
 *   provider at all when none is detected, stays in the hover and the inspector's provider view
 *   (`providers: "all"` lists them too, as information). A provider finding of a code the generic
 *   rules also report at the same place (orphan-result, dangling-call, duplicate-call-id,
 *   colliding-id, leading-non-user; an orphan that is an error turn's result:
 *   error-turn-results) is folded into that finding (its provider note appended, its severity
 *   following the target), never listed twice.
 * - A generic finding of a code that is normal for the target (colliding-id for Kimi) becomes a
 *   hint saying so.
 * - A user's severity override for a code wins over the provider's severity, and shows the
 *   code's provider findings whoever rejects them.
 *
 * Cost: linear in the findings (one index by place of the generic findings of a code some
 * provider finding has: a file with a finding on each of its lines indexes none of them when no
 * provider finding could fold into them).
 */
import type { Analysis, Finding, ProviderVerdicts, Severity } from "../engine/index.js";
import { cellFor, PROVIDER_LABELS, PROVIDER_RULES, sameItems } from "../engine/index.js";

/** A user's choice for a code: a severity, or `off` to hide it. */
export type SeverityChoice = Severity | "off";

export interface ShowOptions {
  /** Severity per code (`transcriptInspector.severityOverrides`): wins over the rule's and the provider's. */
  severityOverrides?: Readonly<Record<string, SeverityChoice>>;
  /** Codes switched off altogether (the colliding-id switch): also their provider findings. */
  disabledCodes?: Iterable<string>;
  /**
   * Which provider findings show: `target` (the default) those the target rejects; `all` every
   * provider's (information where only others reject; with verdicts for target `all`, errors).
   */
  providers?: ProviderFindingsShown;
}

/** Which provider findings show (`transcriptInspector.providerFindings`, `check --provider all`). */
export type ProviderFindingsShown = "target" | "all";
export const PROVIDER_FINDINGS_SHOWN: readonly ProviderFindingsShown[] = ["target", "all"];

/**
 * Generic codes that name the same problem as a provider code at the same place: pi-ai sends the
 * results of a skipped error turn (`error-turn-results`), and on the wire they are orphans.
 */
const SAME_PROBLEM: Record<string, string> = { "error-turn-results": "orphan-result" };
/** Codes whose problem is the id itself, wherever it occurs: a provider finding on any line of that id is the same problem. */
const PER_ID_CODES = new Set(["colliding-id"]);

/** The finding without what only provider findings carry (who rejects it, the note). */
function plain(f: Finding): Finding {
  return derived(plainOf, f, [], () => {
    const { rejectedBy: _r, providerNote: _n, ...rest } = f as Finding & { rejectedBy?: unknown; providerNote?: unknown };
    return rest;
  });
}

/**
 * What a shown finding is made of (a finding with a severity, a note or a provider note) is made
 * once per finding and what is added: the next version's list holds the same objects for the same
 * findings, so their diagnostics are kept too (lsp/diagnostics.ts `toDiagnostic`).
 */
type Derived = WeakMap<Finding, { with: readonly unknown[]; out: Finding }>;
const plainOf: Derived = new WeakMap();
const withSeverity: Derived = new WeakMap();
const withNote: Derived = new WeakMap();
const withProviderNote: Derived = new WeakMap();

function derived(memo: Derived, f: Finding, what: readonly unknown[], make: () => Finding): Finding {
  const last = memo.get(f);
  if (last && sameItems(last.with, what)) return last.out;
  const out = make();
  memo.set(f, { with: what, out });
  return out;
}

/** The findings to show for `a`, with the provider findings of `pv` (its target decides their severity). */
export function shownFindings(a: Analysis, pv: ProviderVerdicts, options: ShowOptions = {}): Finding[] {
  const over = options.severityOverrides ?? {};
  const disabled = new Set(options.disabledCodes ?? []);
  const everyProvider = options.providers === "all";
  const target = pv.target;
  /** Whether a provider finding (or its note) shows: the target rejects it, or every provider's are asked for. */
  const shows = (f: ProviderVerdicts["findings"][number]) => everyProvider || (target !== null && f.rejectedBy.includes(target));
  const quietNote = quietNotes(pv);
  const out: Finding[] = [];
  // Generic findings by code and place (`code|line|id`, `code|id`, `code|line`): index in `out`, and whether it has its note.
  const byPlace = new Map<string, { i: number; noted: boolean }>();
  const providerCodes = new Set<string>();
  for (const f of pv.findings) providerCodes.add(f.code);
  for (const f of a.findings) {
    const chosen = over[f.code];
    if (chosen === "off") continue;
    const k = { i: out.length, noted: false };
    let shown: Finding = chosen ? derived(withSeverity, f, [chosen], () => ({ ...f, severity: chosen })) : f;
    const note = quietNote.get(f.code);
    if (note !== undefined && !chosen) {
      shown = derived(withNote, f, [note], () => ({ ...f, severity: "hint", message: `${f.message}\n${note}` }));
      k.noted = true;
    }
    out.push(shown);
    // Only a provider finding of its code (or of the code naming the same problem) looks it up.
    if (!providerCodes.has(f.code) && !(SAME_PROBLEM[f.code] !== undefined && providerCodes.has(SAME_PROBLEM[f.code]))) continue;
    const id = f.toolCallId;
    const keys = id !== undefined ? [`${f.code}|${f.line}|${id}`, `${f.code}|${id}`, `${f.code}|${f.line}`] : [`${f.code}|${f.line}`];
    const alias = SAME_PROBLEM[f.code];
    if (alias) {
      if (id !== undefined) keys.push(`${alias}|${f.line}|${id}`);
      keys.push(`${alias}|${f.line}`);
    }
    for (const key of keys) if (!byPlace.has(key)) byPlace.set(key, k);
  }

  for (const f of pv.findings) {
    const chosen = over[f.code];
    if (disabled.has(f.code) || chosen === "off") continue;
    const match =
      byPlace.size === 0
        ? undefined
        : f.toolCallId === undefined
        ? byPlace.get(`${f.code}|${f.line}`)
        : (byPlace.get(`${f.code}|${f.line}|${f.toolCallId}`) ?? (PER_ID_CODES.has(f.code) ? byPlace.get(`${f.code}|${f.toolCallId}`) : undefined));
    if (!match) {
      if (chosen) out.push(derived(withSeverity, plain(f), [chosen], () => ({ ...plain(f), severity: chosen })));
      else if (shows(f)) out.push(plain(f));
      continue;
    }
    if (match.noted || f.rejectedBy.length === 0 || !shows(f)) continue;
    // One problem, one finding: the provider note goes into the generic one.
    const g = out[match.i];
    const severity = !chosen && f.severity === "error" ? "error" : g.severity;
    out[match.i] = derived(withProviderNote, g, [severity, f.providerNote], () => ({ ...g, severity, message: `${g.message}\n${f.providerNote}` }));
    match.noted = true;
  }
  return out;
}

/** Per quiet code of the target: "This is normal for Kimi: ...". */
function quietNotes(pv: ProviderVerdicts): Map<string, string> {
  const out = new Map<string, string>();
  if (!pv.target) return out;
  for (const code of pv.quietCodes) {
    const rule = PROVIDER_RULES.find((r) => r.code === code);
    const cell = rule && cellFor(rule, pv.target);
    out.set(code, `This is normal for ${PROVIDER_LABELS[pv.target]}${cell?.note ? `: ${cell.note}` : ""}.`);
  }
  return out;
}
