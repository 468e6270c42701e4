/** Diagnostics of a session: its findings on their values, and the faded hints on what a pruner drops on purpose. */
import {
  type Diagnostic,
  DiagnosticSeverity,
  DiagnosticTag,
} from "vscode-languageserver/node";
import { DOCS_BASE } from "./docs-link.js";
import { escapeUnsafe } from "../protocol/index.js";
import { findingPlace } from "../engine/index.js";
import { pushAll } from "../engine/index.js";
import type { Finding, SourceLine } from "../engine/index.js";
import type { DocModel } from "./model.js";
import type { Settings } from "./settings.js";
import { SEV, fullLineRange, lineRange, markerRange } from "./lsp-ranges.js";

export const SOURCE = "transcript-inspector";

/** The editor-only hint on what a pruner drops on purpose (not a finding: README `#code-pruned`). */
export const PRUNED_CODE = "pruned";

export function toDiagnostic(m: DocModel, uri: string, f: Finding, settings: Settings): Diagnostic | null {
  const over = settings.severityOverrides[f.code];
  if (over === "off") return null;
  // A finding (never changed once made) on lines the document still holds as they were: its last diagnostic.
  const lines = m.a.session.lines;
  const last = madeOf.get(f);
  if (last && last.uri === uri && last.settings === settings && last.lines.every((l, i) => lines.heldAt(i === 0 ? f.line : f.related![i - 1].line) === l)) return last.d;
  const d = makeDiagnostic(m, uri, f, settings);
  madeOf.set(f, { uri, settings, lines: [f.line, ...(f.related ?? []).map((r) => r.line)].map((n) => lines.heldAt(n)), d });
  return d;
}

/** The diagnostic last made of a finding, and what it was made from: the uri, the settings, the lines it reads. */
const madeOf = new WeakMap<Finding, { uri: string; settings: Settings; lines: (SourceLine | undefined)[]; d: Diagnostic }>();

function makeDiagnostic(m: DocModel, uri: string, f: Finding, settings: Settings): Diagnostic {
  const over = settings.severityOverrides[f.code];
  const sev = over && over !== "off" ? over : f.severity;
  const place = findingPlace(m.a.session.lines, f);
  // on a tool-call id: drawn on its key, so the id's hover shows its occurrence table first
  const r = f.columns ? place : { ...place, ...markerRange(m, place.line, place, f.path) };
  const d: Diagnostic = {
    range: { start: { line: r.line, character: r.start }, end: { line: r.line, character: r.end } },
    severity: SEV[sev],
    code: f.code,
    codeDescription: { href: DOCS_BASE + f.code },
    source: SOURCE,
    message: escapeUnsafe(f.message),
  };
  if (f.related?.length)
    d.relatedInformation = f.related.map((x) => ({ location: { uri, range: lineRange(m, x.line, x.path) }, message: escapeUnsafe(x.message) }));
  if (f.unnecessary) d.tags = [DiagnosticTag.Unnecessary];
  if (f.toolCallId !== undefined) d.data = { toolCallId: f.toolCallId };
  return d;
}

export function diagnostics(m: DocModel, uri: string, settings: Settings): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const f of m.a.findings) {
    const d = toDiagnostic(m, uri, f, settings);
    if (d) out.push(d);
  }
  pushAll(out, prunedHints(m, uri, settings));
  return out;
}

/**
 * What the pruner drops on purpose (chain ranges, acp-kernel folds) is not a defect: a hint with
 * `DiagnosticTag.Unnecessary`, so the editor fades those lines, pointing at the range's entry.
 */
export function prunedHints(m: DocModel, uri: string, settings: Settings): Diagnostic[] {
  if (settings.severityOverrides[PRUNED_CODE] === "off") return [];
  const out: Diagnostic[] = [];
  const chainLine = new Map(m.a.prune.chains.resolved.map((r) => [r.chain.data.blockId, r.chain.entry.line]));
  for (const d of m.a.dropped) {
    if (d.msg.origin.kind !== "entry") continue;
    const by = d.by;
    if (by.kind !== "chain" && by.kind !== "acp-block" && by.kind !== "acp-strip-orphan" && by.kind !== "acp-not-projected") continue;
    const line = d.msg.origin.line;
    const entryLine = by.kind === "chain" ? chainLine.get(by.blockId) : undefined;
    const diag: Diagnostic = {
      range: fullLineRange(m, line),
      severity: DiagnosticSeverity.Hint,
      code: PRUNED_CODE,
      codeDescription: { href: DOCS_BASE + PRUNED_CODE },
      source: SOURCE,
      message: escapeUnsafe(
        by.kind === "chain"
          ? `Not sent: dropped by chain ${by.blockId}.`
          : by.kind === "acp-block"
            ? `Not sent: folded by acp-kernel block ${by.blockId}.`
            : `Not sent: acp-kernel leaves it out (${by.kind === "acp-strip-orphan" ? "strip-orphan" : "not-projected"}).`,
      ),
      tags: [DiagnosticTag.Unnecessary],
    };
    if (entryLine !== undefined && by.kind === "chain") diag.relatedInformation = [{ location: { uri, range: fullLineRange(m, entryLine) }, message: escapeUnsafe(`chain ${by.blockId}`) }];
    out.push(diag);
  }
  return out;
}
