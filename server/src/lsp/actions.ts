/** Code actions as WorkspaceEdits, from the pure repairs in engine/repair. */
import { type CodeAction, CodeActionKind, type Diagnostic, type Range, type TextEdit, type WorkspaceEdit } from "vscode-languageserver/node";
import type { AnalyzeOptions } from "../engine/index.js";
import { type FixAllStep, REPAIRS, type RepairEdit, whyNot } from "../engine/index.js";
import { isInapplicable } from "../engine/index.js";
import { findingsOnLines, pushAll } from "../engine/index.js";
import { MERGE_SPLIT_CODES } from "../engine/index.js";
import { codeSpec, type FixKind } from "../engine/index.js";
import type { Finding } from "../engine/index.js";
import { escapeUnsafe, type ViewFix } from "../protocol/index.js";
import { SHOW_CODE_DOCS_COMMAND, TURN_OFF_CODE_COMMAND } from "../protocol/index.js";
import { SOURCE } from "./diagnostics.js";
import type { DocModel } from "./model.js";

/** The file-wide repair `source.fixAll` applies: every repair, to a fixed point. */
const SOURCE_FIX_ALL: FixKind = "fix-all";

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.transcriptInspector`;

/** The server's command a chosen repair runs when it turned out not to be safe: it shows its argument, the reason. */
export const NOT_APPLIED_COMMAND = "transcriptInspector.server.notApplied";

export interface ActionDoc {
  uri: string;
  version: number | null;
  text: string;
  /** Whether the text starts with a BOM, when known without reading `text` (a synced document's is joined when read). */
  bom?: boolean;
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

const bomOf = (doc: ActionDoc) => doc.bom ?? doc.text.charCodeAt(0) === 0xfeff;

/** The whole-file edits of a file-wide repair once computed for this version (undefined: not yet). */
export function cachedFileEdits(doc: ActionDoc, kind: FixKind): RepairEdit[] | undefined {
  return doc.fileFixes?.[kind];
}

/**
 * What a code action carries until it is resolved: the repair is computed when chosen. A
 * file-wide repair (`kind` with `all`), or one finding's repair whose edits cost a walk of the
 * file (`kind` with `deferred`, and the finding's `line` and tool-call id).
 */
export interface FileFixData {
  uri: string;
  version: number | null;
  kind: FixKind;
  /** The finding's 0-based line: a one-finding repair. */
  line?: number;
  toolCallId?: string;
}

export function isFileFixData(d: unknown): d is FileFixData {
  const x = d as FileFixData | undefined;
  if (!x || typeof x.uri !== "string" || !(typeof x.version === "number" || x.version === null) || typeof x.kind !== "string") return false;
  const spec = REPAIRS[x.kind as FixKind];
  if (x.line === undefined) return !!spec?.all;
  return !!spec?.deferred && Number.isInteger(x.line) && x.line >= 0 && (x.toolCallId === undefined || typeof x.toolCallId === "string");
}

/**
 * The whole-file edits of a file-wide repair, computed one round at a time: between rounds the
 * server answers other requests, reports `onStep` and stops when `cancelled()` says so (then
 * undefined). Cached per document version.
 */
export async function fileEdits(doc: ActionDoc, kind: FixKind, cancelled: () => boolean = () => false, onStep?: (s: FixAllStep) => void): Promise<RepairEdit[] | undefined> {
  const all = REPAIRS[kind].all;
  if (!all) return [];
  const known = doc.fileFixes?.[kind];
  if (known) return known;
  const steps = all.rounds(doc.text, doc.options);
  for (;;) {
    if (cancelled()) return undefined;
    const s = steps.next();
    if (s.done) {
      doc.fileFixes ??= {};
      return (doc.fileFixes[kind] = s.value.edits);
    }
    onStep?.(s.value);
    await new Promise((r) => setImmediate(r));
  }
}

function overlaps(a: Range, line: number): boolean {
  return a.start.line <= line && line <= a.end.line;
}

/**
 * What the document shows on the lines asked about, from the server's own findings (lsp/provider-findings.ts
 * `shownFindingsOn`): the findings and their diagnostics. With the cursor on a tool-call id, whose
 * diagnostics are drawn on its key, VS Code sends no diagnostic: the actions come from these.
 */
export interface FindingsHere {
  findings: readonly Finding[];
  diagnosticOf(f: Finding): Diagnostic | null;
}

/**
 * Quick fixes for the findings in `range`, found through the rule table (`CodeSpec.fixes`) and
 * the repair registry; a file-wide repair is offered after a one-finding repair of its code
 * succeeded, and every repair as `source.fixAll` when asked for. A repair that applies to a
 * finding but is not safe there comes back disabled with the reason (when the client shows
 * disabled actions: `disabledSupport`); one whose edits are made when chosen (a rename) carries
 * its data instead, and says why when it turns out unsafe then. `hereOf`: the server's own
 * findings on the lines asked about, asked only for quick fixes.
 */
export function codeActions(doc: ActionDoc, range: Range, only: string[] | undefined, diags: Diagnostic[], versioned: boolean, disabledSupport = false, hereOf?: () => FindingsHere | undefined): CodeAction[] {
  const wants = (kind: string) => !only || only.length === 0 || only.some((o) => kind === o || kind.startsWith(o + "."));
  const out: CodeAction[] = [];
  const a = doc.model.a;
  const here = wants(CodeActionKind.QuickFix) ? hereOf?.() : undefined;
  // Each finding's diagnostic made once per request.
  const made = new Map<Finding, Diagnostic | null>();
  const diagnosticOf = (f: Finding) => {
    let d = made.get(f);
    if (d === undefined) made.set(f, (d = here!.diagnosticOf(f)));
    return d;
  };
  // The diagnostics an action fixes: the client's, else the server's own for that finding.
  const diagFor = (code: string, line: number) => {
    const sent = diags.filter((d) => d.code === code && d.range.start.line === line);
    if (sent.length || !here) return sent;
    const out: Diagnostic[] = [];
    for (const f of here.findings) {
      if (f.code !== code || f.line !== line) continue;
      const d = diagnosticOf(f);
      if (d) out.push(d);
    }
    return out;
  };
  const bom = bomOf(doc);
  // A file-wide repair is offered at once and computed only when chosen (codeAction/resolve).
  const fileWideAction = (kind: FixKind, actionKind: string): CodeAction => {
    const known = cachedFileEdits(doc, kind);
    const data: FileFixData = { uri: doc.uri, version: doc.version, kind };
    return { title: REPAIRS[kind].all!.title, kind: actionKind, ...(known ? { edit: workspaceEdit(doc, known, versioned) } : { data }) };
  };
  if (wants(CodeActionKind.QuickFix)) {
    const fileWide = new Set<FixKind>();
    const disabled: CodeAction[] = [];
    // Only the findings on the lines asked about, found by a binary search of the analysis's
    // findings (in line order, analyze.ts): no walk over every finding of a long session, and no
    // repair index built for a line without findings (a repair builds it when it runs).
    let candidates: Pick<Finding, "code" | "line" | "toolCallId">[];
    if (here) candidates = [...here.findings];
    else {
      candidates = [];
      pushAll(candidates, findingsOnLines(a.findings, range.start.line, range.end.line));
      pushAll(candidates, providerFindingsIn(diags));
    }
    for (const f of candidates) {
      if (!overlaps(range, f.line)) continue;
      const fixes = codeSpec(f.code).fixes;
      let offered = false;
      const offeredKinds = new Set<FixKind>();
      for (const kind of fixes) {
        const spec = REPAIRS[kind];
        if (!spec.one) continue;
        // A duplicate result: "drop the duplicate" says what removing it means; no second action.
        if (kind === "remove-orphan" && offeredKinds.has("drop-duplicate-result")) continue;
        if (spec.deferred) {
          // Offered with its title; its edits are made when it is chosen (codeAction/resolve).
          const d = spec.deferred(a, f.line, f.toolCallId);
          if (!d) continue;
          offered = true;
          offeredKinds.add(kind);
          const data: FileFixData = { uri: doc.uri, version: doc.version, kind, line: f.line, ...(f.toolCallId !== undefined ? { toolCallId: f.toolCallId } : {}) };
          out.push({ title: d.title, kind: CodeActionKind.QuickFix, ...(spec.preferred ? { isPreferred: true } : {}), diagnostics: diagFor(f.code, f.line), data });
          continue;
        }
        const r = spec.one(a, f.line, f.toolCallId, bom);
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
    for (const kind of fileWide) out.push(fileWideAction(kind, CodeActionKind.QuickFix));
    pushAll(out, codeSettingActions(here ? settingDiagnostics(here, diags, diagnosticOf) : diags));
    pushAll(out, disabled);
  }
  if (only && only.length && wants(FIX_ALL_KIND) && hasRepairable(a)) out.push(fileWideAction(SOURCE_FIX_ALL, FIX_ALL_KIND));
  for (const c of out) {
    // Titles and reasons name ids and tools from the file: every unsafe character escaped.
    c.title = escapeUnsafe(c.title);
    if (c.disabled) c.disabled = { reason: escapeUnsafe(c.disabled.reason) };
  }
  return out;
}

/**
 * As ESLint's extension has them, for each code among the diagnostics asked about (ours only):
 * "Turn off <code> in this workspace" (the client writes `severityOverrides[code] = "off"`) and
 * "Show documentation for <code>" (the client opens the README's `#code-<code>` section). Both
 * are commands the client runs: the server writes no settings and opens nothing.
 */
export function codeSettingActions(diags: readonly Diagnostic[]): CodeAction[] {
  const byCode = new Map<string, Diagnostic[]>();
  for (const d of diags) {
    if (d.source !== SOURCE || typeof d.code !== "string") continue;
    const list = byCode.get(d.code);
    if (list) list.push(d);
    else byCode.set(d.code, [d]);
  }
  const out: CodeAction[] = [];
  for (const [code, ds] of byCode) {
    const off = `Turn off ${code} in this workspace`;
    const docs = `Show documentation for ${code}`;
    out.push({ title: off, kind: CodeActionKind.QuickFix, diagnostics: ds, command: { title: off, command: TURN_OFF_CODE_COMMAND, arguments: [code] } });
    out.push({ title: docs, kind: CodeActionKind.QuickFix, diagnostics: ds, command: { title: docs, command: SHOW_CODE_DOCS_COMMAND, arguments: [code] } });
  }
  return out;
}

/**
 * The diagnostics the per-code actions are about: the ones the client sent, then those of the
 * lines' findings it did not send (one per finding; a tool-call id's diagnostic sits on its key,
 * beside the cursor on the id).
 */
function settingDiagnostics(here: FindingsHere, diags: readonly Diagnostic[], diagnosticOf: (f: Finding) => Diagnostic | null): Diagnostic[] {
  const out = [...diags];
  // The codes already there, and one diagnostic per code more: the actions are per code.
  const codes = new Set<unknown>(diags.map((d) => d.code));
  for (const f of here.findings) {
    if (codes.has(f.code)) continue;
    const d = diagnosticOf(f);
    if (!d) continue;
    codes.add(f.code);
    out.push(d);
  }
  return out;
}

/** Whether fix-all could do anything: an error or warning of a code some repair handles (one pass over the findings). */
function hasRepairable(a: DocModel["a"]): boolean {
  return a.findings.some((f) => (f.severity === "error" || f.severity === "warning") && codeSpec(f.code).fixes.some((k) => REPAIRS[k].plan));
}

/** The edit of a file-wide action chosen in the editor (codeAction/resolve); the action unchanged when cancelled or stale. */
export async function resolveCodeAction(doc: ActionDoc, action: CodeAction, versioned: boolean, cancelled: () => boolean, onStep?: (s: FixAllStep) => void): Promise<CodeAction> {
  const data = action.data;
  if (!isFileFixData(data) || data.version !== doc.version) return action;
  if (data.line !== undefined) {
    const r = REPAIRS[data.kind].one?.(doc.model.a, data.line, data.toolCallId, bomOf(doc));
    if (r) return { ...action, title: escapeUnsafe(r.title), edit: workspaceEdit(doc, r.edits, versioned) };
    // Not safe after all: VS Code resolves an action when the menu shows it (hover, focus), so the
    // reason is said only when it is chosen, by the command it then runs.
    const why = whyNot(data.kind, doc.model.a, data.line, data.toolCallId, bomOf(doc)) ?? "it no longer applies";
    return { ...action, command: { title: action.title, command: NOT_APPLIED_COMMAND, arguments: [`Transcript Inspector did not change the file: ${escapeUnsafe(why)}.`] } };
  }
  const edits = await fileEdits(doc, data.kind, cancelled, onStep);
  if (!edits) return action;
  return { ...action, edit: workspaceEdit(doc, edits, versioned) };
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
    out.push({ code: d.code, line: d.range.start.line, ...(typeof id === "string" ? { toolCallId: id } : {}) });
  }
  return out;
}

/** The edit for a webview ViewFix (1-based line), or null when not applicable/safe (or cancelled). */
export async function fixEdit(doc: ActionDoc, fix: ViewFix, cancelled?: () => boolean, onStep?: (s: FixAllStep) => void): Promise<RepairEdit[] | null> {
  const spec = REPAIRS[fix.kind];
  if (!spec) return null;
  if (spec.one) return spec.one(doc.model.a, fix.line - 1, fix.toolCallId, bomOf(doc))?.edits ?? null;
  const all = await fileEdits(doc, fix.kind, cancelled, onStep);
  return all && all.length ? all : null;
}
