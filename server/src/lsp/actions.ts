/** Code actions as WorkspaceEdits, from the pure repairs in engine/repair. */
import { type CodeAction, CodeActionKind, type Diagnostic, type Range, type TextEdit, type WorkspaceEdit } from "vscode-languageserver/node";
import type { AnalyzeOptions } from "../engine/analyze.js";
import { fixAllOrphans, makeIdUniqueRepair, ORPHAN_CODES, removeOrphanRepair, type RepairEdit } from "../engine/repair/index.js";
import type { ViewFix } from "../protocol/index.js";
import type { DocModel } from "./model.js";

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.transcriptInspector`;

export interface ActionDoc {
  uri: string;
  version: number | null;
  text: string;
  model: DocModel;
  options: AnalyzeOptions;
  /** Fix-all result cached per version. */
  fixAll?: RepairEdit[];
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

export function fixAllEdits(doc: ActionDoc): RepairEdit[] {
  if (!doc.fixAll) doc.fixAll = fixAllOrphans(doc.text, doc.options).edits;
  return doc.fixAll;
}

function overlaps(a: Range, line: number): boolean {
  return a.start.line <= line && line <= a.end.line;
}

export function codeActions(doc: ActionDoc, range: Range, only: string[] | undefined, diags: Diagnostic[], versioned: boolean): CodeAction[] {
  const wants = (kind: string) => !only || only.length === 0 || only.some((o) => kind === o || kind.startsWith(o + "."));
  const out: CodeAction[] = [];
  const a = doc.model.a;
  const diagFor = (code: string, line: number) => diags.filter((d) => d.code === code && d.range.start.line === line);
  const bom = bomOf(doc);
  if (wants(CodeActionKind.QuickFix)) {
    let anyOrphan = false;
    for (const f of a.findings) {
      if (!overlaps(range, f.line)) continue;
      if (ORPHAN_CODES.has(f.code)) {
        const r = removeOrphanRepair(a, f.line, f.toolCallId, bom);
        if (r) {
          anyOrphan = true;
          out.push({ title: r.title, kind: CodeActionKind.QuickFix, isPreferred: true, diagnostics: diagFor(f.code, f.line), edit: workspaceEdit(doc, r.edits, versioned) });
        }
      } else if (f.code === "colliding-id") {
        const r = makeIdUniqueRepair(a, doc.text, f.line, f.toolCallId, bom);
        if (r) out.push({ title: r.title, kind: CodeActionKind.QuickFix, diagnostics: diagFor(f.code, f.line), edit: workspaceEdit(doc, r.edits, versioned) });
      }
    }
    if (anyOrphan) {
      const all = fixAllEdits(doc);
      if (all.length) out.push({ title: "Fix all orphan tool results in the file", kind: CodeActionKind.QuickFix, edit: workspaceEdit(doc, all, versioned) });
    }
  }
  if (only && only.length && wants(FIX_ALL_KIND)) {
    const all = fixAllEdits(doc);
    if (all.length) out.push({ title: "Fix all orphan tool results in the file", kind: FIX_ALL_KIND, edit: workspaceEdit(doc, all, versioned) });
  }
  return out;
}

/** The edit for a webview ViewFix (1-based line), or null when not applicable/safe. */
export function fixEdit(doc: ActionDoc, fix: ViewFix): RepairEdit[] | null {
  const line = fix.line - 1;
  const bom = bomOf(doc);
  if (fix.kind === "remove-orphan") return removeOrphanRepair(doc.model.a, line, fix.toolCallId, bom)?.edits ?? null;
  if (fix.kind === "make-id-unique") return makeIdUniqueRepair(doc.model.a, doc.text, line, fix.toolCallId, bom)?.edits ?? null;
  if (fix.kind === "fix-all-orphans") {
    const all = fixAllEdits(doc);
    return all.length ? all : null;
  }
  return null;
}
