/**
 * Provider findings in the editor: the diagnostics, hover and status of provider rules for one
 * document and one target provider (engine/providers/verdicts.ts computes them).
 *
 * - Severity follows the target: an error where it rejects the next request, information where
 *   only other providers would ("Gemini would reject this: ..."), a hint where the pattern is
 *   normal for it (colliding-id for Kimi).
 * - One problem, one diagnostic: a provider finding of a code the generic rules also report
 *   (orphan-result, dangling-call, duplicate-call-id, colliding-id, leading-non-user; an orphan
 *   that is an error turn's result: error-turn-results) at the same place is folded into that diagnostic (its provider note appended, its severity following the
 *   target), never published twice.
 * - A user's severity override for a code wins over the provider's severity.
 *
 * Cost: one verdict computation per analysis and target (cached weakly on the analysis); the
 * merge is linear in the diagnostics; the hover lists at most MAX_HOVER_FINDINGS findings of nine
 * providers each, error texts cut at MAX_QUOTE characters.
 */
import { type Diagnostic, DiagnosticSeverity, type Hover, MarkupKind } from "vscode-languageserver/node";
import type { Analysis } from "../engine/index.js";
import { findingRange } from "../engine/index.js";
import { PROVIDER_LABELS, PROVIDER_NAMES, type ProviderName } from "../engine/index.js";
import { PROVIDER_RULES } from "../engine/index.js";
import { cellFor, type ProviderFinding, type ProviderVerdicts, providerVerdicts } from "../engine/index.js";
import type { ProviderStatus } from "../protocol/providers.js";
import { toDiagnostic } from "./diagnostics.js";
import { escapeMarkdown } from "./markdown.js";
import type { DocModel } from "./model.js";
import { analyzeOptions, type Settings } from "./settings.js";

export type TargetSource = ProviderStatus["source"];

const MAX_HOVER_FINDINGS = 3;
/**
 * Generic codes that name the same problem as a provider code at the same place: pi-ai sends the
 * results of a skipped error turn (`error-turn-results`), and on the wire they are orphans.
 */
const SAME_PROBLEM: Record<string, string> = { "error-turn-results": "orphan-result" };
/** Codes whose problem is the id itself, wherever it occurs: a provider finding on any line of that id is the same problem. */
const PER_ID_CODES = new Set(["colliding-id"]);
const MAX_QUOTE = 200;

const cache = new WeakMap<Analysis, Map<string, ProviderVerdicts>>();

/** The verdicts of every provider on the document's next request, severities following `target` (undefined: the detected one). */
export function verdictsOf(a: Analysis, target: ProviderName | undefined): ProviderVerdicts {
  let byTarget = cache.get(a);
  if (!byTarget) cache.set(a, (byTarget = new Map()));
  const key = target ?? "";
  let pv = byTarget.get(key);
  if (!pv) byTarget.set(key, (pv = providerVerdicts(a, { target })));
  return pv;
}

export function providerStatus(pv: ProviderVerdicts, source: TargetSource): ProviderStatus {
  const detected = pv.turns[pv.turns.length - 1]?.provider ?? null;
  const t = pv.target;
  return {
    target: t,
    label: t ? PROVIDER_LABELS[t] : "Provider unknown",
    source: t ? (source === "none" ? "session" : source) : "none",
    detected,
    rejects: t ? pv.verdicts[t].rejects : false,
    problems: t ? pv.verdicts[t].count : 0,
  };
}

/**
 * `base` (the generic diagnostics) with the provider findings folded in or added. Returns a new
 * array; a diagnostic of `base` that takes a provider note is copied, not changed in place.
 */
export function withProviderDiagnostics(m: DocModel, uri: string, settings: Settings, pv: ProviderVerdicts, base: Diagnostic[]): Diagnostic[] {
  const disabled = new Set<string>(analyzeOptions(settings).disabledCodes ?? []);
  const out = base.slice();
  const quietNote = quietNotes(pv);
  // Generic diagnostics by code and place (`code|line|id`, `code|id`, `code|line`): index in `out`, and whether it has its note.
  const byPlace = new Map<string, { i: number; noted: boolean }>();
  out.forEach((d, i) => {
    const code = typeof d.code === "string" ? d.code : undefined;
    if (!code) return;
    const k = { i, noted: false };
    const note = quietNote.get(code);
    if (note !== undefined && !settings.severityOverrides[code]) {
      out[i] = { ...d, severity: DiagnosticSeverity.Hint, message: `${d.message}\n${note}` };
      k.noted = true;
    }
    const line = d.range.start.line;
    const id = (d.data as { toolCallId?: unknown } | undefined)?.toolCallId;
    const keys = typeof id === "string" ? [`${code}|${line}|${id}`, `${code}|${id}`, `${code}|${line}`] : [`${code}|${line}`];
    const alias = SAME_PROBLEM[code];
    if (alias) keys.push(...(typeof id === "string" ? [`${alias}|${line}|${id}`] : []), `${alias}|${line}`);
    for (const key of keys) if (!byPlace.has(key)) byPlace.set(key, k);
  });

  for (const f of pv.findings) {
    if (disabled.has(f.code) || settings.severityOverrides[f.code] === "off") continue;
    const match =
      f.toolCallId === undefined
        ? byPlace.get(`${f.code}|${f.line}`)
        : (byPlace.get(`${f.code}|${f.line}|${f.toolCallId}`) ?? (PER_ID_CODES.has(f.code) ? byPlace.get(`${f.code}|${f.toolCallId}`) : undefined));
    if (!match) {
      const d = toDiagnostic(m, uri, f, settings);
      if (d) out.push(d);
      continue;
    }
    if (match.noted || f.rejectedBy.length === 0) continue;
    // One problem, one diagnostic: the provider note goes into the generic one.
    const d = out[match.i];
    const severity = !settings.severityOverrides[f.code] && f.severity === "error" ? DiagnosticSeverity.Error : d.severity;
    out[match.i] = { ...d, severity, message: `${d.message}\n${f.providerNote}` };
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

/** What each provider does with one finding: rejects (quoting its error), accepts, or why not checked. */
function verdictRow(f: ProviderFinding, p: ProviderName, target: ProviderName | null): string {
  const rule = PROVIDER_RULES.find((r) => r.code === f.code);
  const cell = rule ? cellFor(rule, p) : undefined;
  const name = `${escapeMarkdown(PROVIDER_LABELS[p])}${p === target ? " **(target)**" : ""}`;
  let verdict: string;
  if (f.rejectedBy.includes(p)) {
    const err = cell?.error ? (cell.error.length > MAX_QUOTE ? `${cell.error.slice(0, MAX_QUOTE)}…` : cell.error) : "";
    verdict = `rejects${err ? `: ${cell?.paraphrase ? "" : "“"}${escapeMarkdown(err)}${cell?.paraphrase ? " (described)" : "”"}` : ""}`;
  } else if (cell?.verdict === "quiet") verdict = "normal by design";
  else if (cell?.verdict === "unknown") verdict = "no evidence either way";
  else if (cell?.verdict === "n/a") verdict = `not checked${cell.note ? ` (${escapeMarkdown(cell.note)})` : ""}`;
  else verdict = "accepts";
  return `| ${name} | ${verdict} |`;
}

/** The provider verdicts of the findings under the cursor, as markdown; null when there are none. */
export function providerHoverMarkdown(m: DocModel, pv: ProviderVerdicts, line: number, character: number): string | null {
  const lines = m.a.session.lines;
  const here = pv.findings.filter((f) => {
    if (f.line !== line) return false;
    const r = findingRange(lines, f);
    return character >= r.start && character <= r.end;
  });
  if (here.length === 0) return null;
  const parts: string[] = [];
  for (const f of here.slice(0, MAX_HOVER_FINDINGS)) {
    const who = f.rejectedBy.length ? `rejected by ${f.rejectedBy.map((p) => escapeMarkdown(PROVIDER_LABELS[p])).join(", ")}` : "no provider rejects it";
    parts.push(`**Providers** on ${escapeMarkdown(f.code)}: ${who}`, "", "| provider | verdict |", "|---|---|", ...PROVIDER_NAMES.map((p) => verdictRow(f, p, pv.target)), "");
  }
  if (here.length > MAX_HOVER_FINDINGS) parts.push(`… ${here.length - MAX_HOVER_FINDINGS} more provider findings here`);
  return parts.join("\n").trimEnd();
}

/** `base` (the existing hover) with the provider verdicts appended. */
export function withProviderHover(m: DocModel, pv: ProviderVerdicts, line: number, character: number, base: Hover | null): Hover | null {
  const md = providerHoverMarkdown(m, pv, line, character);
  if (!md) return base;
  if (!base) return { contents: { kind: MarkupKind.Markdown, value: md } };
  const value = typeof base.contents === "object" && "kind" in base.contents ? base.contents.value : String(base.contents);
  return { ...base, contents: { kind: MarkupKind.Markdown, value: `${value}\n\n---\n\n${md}` } };
}
