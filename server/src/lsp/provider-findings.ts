/**
 * Provider findings in the editor: the diagnostics, hover and status of provider rules for one
 * document and one target provider (engine/providers/verdicts.ts computes them).
 *
 * - The diagnostics are the findings the document shows (presentation/shown-findings.ts, the
 *   list `check` prints too): severity follows the target, one problem is one diagnostic, a
 *   user's severity override wins.
 * - The hover lists every provider's verdict on the finding under the cursor.
 *
 * Cost: one verdict computation per analysis and target (cached weakly on the analysis); the
 * merge is linear in the findings; the hover lists at most MAX_HOVER_FINDINGS findings of nine
 * providers each, error texts cut at MAX_QUOTE characters.
 */
import { type Diagnostic, type Hover, MarkupKind } from "vscode-languageserver/node";
import type { Analysis, Finding } from "../engine/index.js";
import { pushAll } from "../engine/index.js";
import { findingPlace } from "../engine/index.js";
import { PROVIDER_LABELS, PROVIDER_NAMES, type ProviderName } from "../engine/index.js";
import { CODE_TABLE, PROVIDER_RULES } from "../engine/index.js";
import { cellFor, type ProviderFinding, type ProviderVerdicts, providerVerdicts } from "../engine/index.js";
import { type ShowOptions, shownFindings } from "../presentation/shown-findings.js";
import type { ProviderStatus } from "../protocol/providers.js";
import { toDiagnostic } from "./diagnostics.js";
import { type DiagnosticSource, findingSource } from "./diagnostics-bound.js";
import { escapeMarkdown } from "./markdown.js";
import type { DocModel } from "./model.js";
import { analyzeOptions, type Settings } from "./settings.js";

export type TargetSource = ProviderStatus["source"];

const MAX_HOVER_FINDINGS = 3;
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

/** Whether the verdicts for `target` are computed already (a publish in two steps waits for them otherwise). */
export function hasVerdictsOf(a: Analysis, target: ProviderName | undefined): boolean {
  return !!cache.get(a)?.has(target ?? "");
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
 * The document's diagnostics: every finding it shows (presentation/shown-findings.ts: the generic
 * findings with the provider findings folded in or added, the same list `check` prints) as a
 * diagnostic, after the diagnostics of `base` that are not findings (the editor's `pruned` hints).
 * A diagnostic of a finding code in `base` is left out: the shown findings carry it.
 */
export function withProviderDiagnostics(m: DocModel, uri: string, settings: Settings, pv: ProviderVerdicts, base: Diagnostic[]): Diagnostic[] {
  const out = base.filter((d) => typeof d.code !== "string" || !isFindingCode(d.code));
  for (const f of shownOf(m, pv, settings).list) {
    const d = toDiagnostic(m, uri, f, settings);
    if (d) out.push(d);
  }
  return out;
}

/**
 * The same diagnostics as `withProviderDiagnostics`, for the bound (lsp/diagnostics-bound.ts): a
 * finding's diagnostic is made only when it is published, so a file with a finding on each of a
 * million lines makes the 1,000 shown, not a million.
 */
export function providerDiagnosticSource(m: DocModel, uri: string, settings: Settings, pv: ProviderVerdicts, base: Diagnostic[]): DiagnosticSource {
  return findingSource(m, uri, settings, shownOf(m, pv, settings).list, base.filter((d) => typeof d.code !== "string" || !isFindingCode(d.code)), true);
}

/** The findings a document shows for one verdicts and settings, and (made when first asked) by line. */
interface Shown {
  list: Finding[];
  byLine?: Map<number, Finding[]>;
}

const shownCache = new WeakMap<ProviderVerdicts, WeakMap<Settings, Shown>>();

/** The findings the document shows (its diagnostics' list): made once per verdicts and settings. */
function shownOf(m: DocModel, pv: ProviderVerdicts, settings: Settings): Shown {
  let bySettings = shownCache.get(pv);
  if (!bySettings) shownCache.set(pv, (bySettings = new WeakMap()));
  let shown = bySettings.get(settings);
  if (!shown) bySettings.set(settings, (shown = { list: shownFindings(m.a, pv, showOptions(settings)) }));
  return shown;
}

/**
 * The findings the document shows on lines `from` to `to` (0-based, inclusive), in the order of
 * the shown list: what a code action or a hover there is about, whatever diagnostics the client
 * sends (a diagnostic on a tool-call id is drawn on its key, lsp-ranges.ts `markerRange`: with
 * the cursor on the id, VS Code sends none). One index by line per verdicts and settings.
 */
export function shownFindingsOn(m: DocModel, pv: ProviderVerdicts, settings: Settings, from: number, to: number): Finding[] {
  const shown = shownOf(m, pv, settings);
  if (!shown.byLine) {
    const byLine = new Map<number, Finding[]>();
    for (const f of shown.list) {
      const l = byLine.get(f.line);
      if (l) l.push(f);
      else byLine.set(f.line, [f]);
    }
    shown.byLine = byLine;
  }
  const out: Finding[] = [];
  if (to - from > shown.byLine.size) {
    for (const [line, fs] of shown.byLine) if (line >= from && line <= to) pushAll(out, fs);
  } else for (let l = from; l <= to; l++) pushAll(out, shown.byLine.get(l) ?? []);
  return out;
}

/** What the settings say about which findings show, and how. */
export function showOptions(settings: Settings): ShowOptions {
  return { severityOverrides: settings.severityOverrides, disabledCodes: analyzeOptions(settings).disabledCodes, providers: settings.providerFindings };
}

const isFindingCode = (code: string) => Object.prototype.hasOwnProperty.call(CODE_TABLE, code);

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
    const r = findingPlace(lines, f);
    if (r.line !== line) return false;
    return character >= r.start && character <= r.end;
  });
  if (here.length === 0) return null;
  const parts: string[] = [];
  for (const f of here.slice(0, MAX_HOVER_FINDINGS)) {
    const who = f.rejectedBy.length ? `rejected by ${f.rejectedBy.map((p) => escapeMarkdown(PROVIDER_LABELS[p])).join(", ")}` : "no provider rejects it";
    parts.push(`**Providers** on ${escapeMarkdown(f.code)}: ${who}`, "", "| provider | verdict |", "|---|---|");
    for (const p of PROVIDER_NAMES) parts.push(verdictRow(f, p, pv.target));
    parts.push("");
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
