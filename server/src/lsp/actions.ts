/** Code actions as WorkspaceEdits, from the pure repairs in engine/repair. */
import { type CodeAction, CodeActionKind, type Diagnostic, type Range, type TextEdit, type WorkspaceEdit } from "vscode-languageserver/node";
import type { AnalyzeOptions } from "../engine/analyze.js";
import { REPAIRS, type RepairEdit, whyNot } from "../engine/repair/index.js";
import { isInapplicable } from "../engine/repair/fix-all.js";
import { MERGE_SPLIT_CODES } from "../engine/repair/merge-split-results.js";
import { codeSpec, type FixKind } from "../engine/rules/registry.js";
import type { Finding, FindingCode } from "../engine/types.js";
import type { ViewFix } from "../protocol/index.js";
import type { DocModel } from "./model.js";

/** The file-wide repair `source.fixAll` applies: every repair, to a fixed point. */
const SOURCE_FIX_ALL: FixKind = "fix-all";

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.transcriptInspector`;

export interface ActionDoc {
  uri: string;
  version: number | null;
  text: string;
  model: DocModel;
  options: AnalyzeOptions;
  /** File-wide repair edits, cached per version. */
  fileFixes?: Partial<Record<FixKind, RepairEdit[]>>;
}

export function toTextEdits(edits: RepairEdit[]): TextEdit[] {
  return edits.map((e) => ({ range: { start: { line: e.startLine, character: e.startCol }, end: { line: e.endLine, character: e.endCol } }, newText: e.newText }));
}

export function workspaceEdit(doc: ActionDoc, edits: RepairEdit[], versioned: boolean): WorkspaceEdit {
  const te = toTextEdits(edits);
  if (versioned && doc.version !== null) return { documentChanges: [{ textDocument: { uri: doc.uri, version: doc.version }, edits: te }] };
  return { changes: { [doc.uri]: te } };
}

const bomOf = (doc: ActionDoc) => doc.text.charCodeAt(0) === 0xfeff;

/** The whole-file edits of a file-wide repair, cached per document version. */
export function fileEdits(doc: ActionDoc, kind: FixKind): RepairEdit[] {
  const all = REPAIRS[kind].all;
  if (!all) return [];
  doc.fileFixes ??= {};
  return (doc.fileFixes[kind] ??= all.run(doc.text, doc.options).edits);
}

function overlaps(a: Range, line: number): boolean {
  return a.start.line <= line && line <= a.end.line;
}

/**
 * Quick fixes for the findings in `range`, found through the rule table (`CodeSpec.fixes`) and
 * the repair registry; a file-wide repair is offered after a one-finding repair of its code
 * succeeded, and every repair as `source.fixAll` when asked for. A repair that applies to a
 * finding but is not safe there comes back disabled with the reason (when the client shows
 * disabled actions: `disabledSupport`).
 */
export function codeActions(doc: ActionDoc, range: Range, only: string[] | undefined, diags: Diagnostic[], versioned: boolean, disabledSupport = false): CodeAction[] {
  const wants = (kind: string) => !only || only.length === 0 || only.some((o) => kind === o || kind.startsWith(o + "."));
  const out: CodeAction[] = [];
  const a = doc.model.a;
  const diagFor = (code: string, line: number) => diags.filter((d) => d.code === code && d.range.start.line === line);
  const bom = bomOf(doc);
  if (wants(CodeActionKind.QuickFix)) {
    const fileWide = new Set<FixKind>();
    const disabled: CodeAction[] = [];
    for (const f of [...a.findings, ...providerFindingsIn(diags)]) {
      if (!overlaps(range, f.line)) continue;
      const fixes = codeSpec(f.code).fixes;
      let offered = false;
      const offeredKinds = new Set<FixKind>();
      for (const kind of fixes) {
        const spec = REPAIRS[kind];
        if (!spec.one) continue;
        // A duplicate result: "drop the duplicate" says what removing it means; no second action.
        if (kind === "remove-orphan" && offeredKinds.has("drop-duplicate-result")) continue;
        const r = spec.one(a, doc.text, f.line, f.toolCallId, bom);
        if (!r) {
          const why = disabledSupport ? whyNot(kind, a, f.line, f.toolCallId, bom) : null;
          if (why && !isInapplicable(why)) disabled.push({ title: spec.label(f), kind: CodeActionKind.QuickFix, diagnostics: diagFor(f.code, f.line), disabled: { reason: why } });
          continue;
        }
        offered = true;
        offeredKinds.add(kind);
        out.push({ title: r.title, kind: CodeActionKind.QuickFix, ...(spec.preferred ? { isPreferred: true } : {}), diagnostics: diagFor(f.code, f.line), edit: workspaceEdit(doc, r.edits, versioned) });
      }
      if (offered) for (const k of fixes) if (REPAIRS[k].all) fileWide.add(k);
    }
    for (const kind of fileWide) {
      const all = fileEdits(doc, kind);
      if (all.length) out.push({ title: REPAIRS[kind].all!.title, kind: CodeActionKind.QuickFix, edit: workspaceEdit(doc, all, versioned) });
    }
    out.push(...disabled);
  }
  if (only && only.length && wants(FIX_ALL_KIND)) {
    const all = fileEdits(doc, SOURCE_FIX_ALL);
    if (all.length) out.push({ title: REPAIRS[SOURCE_FIX_ALL].all!.title, kind: FIX_ALL_KIND, edit: workspaceEdit(doc, all, versioned) });
  }
  return out;
}

/**
 * Provider findings with a repair, from the diagnostics the client sends (the analysis does not
 * hold them: their severity follows the document's target provider, lsp/provider-findings.ts).
 */
function providerFindingsIn(diags: Diagnostic[]): Pick<Finding, "code" | "line" | "toolCallId">[] {
  const out: Pick<Finding, "code" | "line" | "toolCallId">[] = [];
  for (const d of diags) {
    if (typeof d.code !== "string" || !MERGE_SPLIT_CODES.includes(d.code)) continue;
    const id = (d.data as { toolCallId?: unknown } | undefined)?.toolCallId;
    out.push({ code: d.code as FindingCode, line: d.range.start.line, ...(typeof id === "string" ? { toolCallId: id } : {}) });
  }
  return out;
}

/** The edit for a webview ViewFix (1-based line), or null when not applicable/safe. */
export function fixEdit(doc: ActionDoc, fix: ViewFix): RepairEdit[] | null {
  const spec = REPAIRS[fix.kind];
  if (!spec) return null;
  if (spec.one) return spec.one(doc.model.a, doc.text, fix.line - 1, fix.toolCallId, bomOf(doc))?.edits ?? null;
  const all = fileEdits(doc, fix.kind);
  return all.length ? all : null;
}
