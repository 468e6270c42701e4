/** Diagnostics, hover, navigation, symbols and code lenses computed from a DocModel. */
import {
  type CodeLens,
  type Diagnostic,
  DiagnosticSeverity,
  DiagnosticTag,
  type DocumentHighlight,
  DocumentHighlightKind,
  type DocumentSymbol,
  type Hover,
  type Location,
  MarkupKind,
  type Range,
  SymbolKind,
} from "vscode-languageserver/node";
import { DOCS_BASE } from "./docs-link.js";
import { formatProfile } from "../engine/index.js";
import { findingRange, stringValueRanges } from "../engine/index.js";
import type { Finding, JsonPath, Msg, Severity } from "../engine/index.js";
import { lineOf } from "../engine/index.js";
import { maxOf, minOf, pushAll } from "../engine/index.js";
import { messageText } from "../engine/index.js";
import { REVEAL_LINE_COMMAND } from "../protocol/index.js";
import { commandLink, escapeMarkdown } from "./markdown.js";
import type { DocModel, IdSite } from "./model.js";
import type { Settings } from "./settings.js";

export const SOURCE = "transcript-inspector";

/** The editor-only hint on what a pruner drops on purpose (not a finding: README `#code-pruned`). */
export const PRUNED_CODE = "pruned";

const SEV: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

function lineRange(m: DocModel, line: number, path?: JsonPath): Range {
  const r = path ? m.range(line, path) : m.range(line, []);
  return { start: { line, character: r.start }, end: { line, character: r.end } };
}

export function fullLineRange(m: DocModel, line: number): Range {
  const l = m.a.session.lines[line];
  return { start: { line, character: 0 }, end: { line, character: l ? l.text.length : 0 } };
}

export function toDiagnostic(m: DocModel, uri: string, f: Finding, settings: Settings): Diagnostic | null {
  const over = settings.severityOverrides[f.code];
  if (over === "off") return null;
  const sev = over ?? f.severity;
  const r = findingRange(m.a.session.lines, f);
  const d: Diagnostic = {
    range: { start: { line: f.line, character: r.start }, end: { line: f.line, character: r.end } },
    severity: SEV[sev],
    code: f.code,
    codeDescription: { href: DOCS_BASE + f.code },
    source: SOURCE,
    message: f.message,
  };
  if (f.related?.length)
    d.relatedInformation = f.related.map((x) => ({ location: { uri, range: lineRange(m, x.line, x.path) }, message: x.message }));
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
      message:
        by.kind === "chain"
          ? `Not sent: dropped by chain ${by.blockId}.`
          : by.kind === "acp-block"
            ? `Not sent: folded by acp-kernel block ${by.blockId}.`
            : `Not sent: acp-kernel leaves it out (${by.kind === "acp-strip-orphan" ? "strip-orphan" : "not-projected"}).`,
      tags: [DiagnosticTag.Unnecessary],
    };
    if (entryLine !== undefined && by.kind === "chain") diag.relatedInformation = [{ location: { uri, range: fullLineRange(m, entryLine) }, message: `chain ${by.blockId}` }];
    out.push(diag);
  }
  return out;
}

const lineLink = (uri: string, line: number) => commandLink(`line ${line + 1}`, REVEAL_LINE_COMMAND, [line + 1, uri]);

/** Rows of the occurrence table in a hover on an id. */
export const HOVER_ROWS = 20;

export function hover(m: DocModel, uri: string, line: number, character: number): Hover | null {
  const site = m.siteAt(line, character);
  if (site) {
    const sites = m.sitesOf(site.id);
    // A bounded table: the HOVER_ROWS occurrences around this one; references list them all.
    const here = sites.indexOf(site);
    const from = sites.length <= HOVER_ROWS ? 0 : Math.max(0, Math.min(here - Math.floor(HOVER_ROWS / 2), sites.length - HOVER_ROWS));
    const shown = sites.slice(from, from + HOVER_ROWS);
    const rows = shown.map((s) => {
      const o = s.occ;
      const turn = o ? o.turn : s.unpaired!.turn;
      const tool = o?.toolName ?? (s.unpaired?.msg.toolName as string | undefined) ?? (o?.result?.toolName as string | undefined) ?? "";
      const key = o ? o.key : s.id;
      const here = s === site ? " **(here)**" : "";
      return `| ${lineLink(uri, s.line)}${here} | ${s.kind === "call" ? "call" : s.unpaired ? "result (unpaired)" : "result"} | ${turn} | ${escapeMarkdown(tool)} | ${escapeMarkdown(key)} | ${escapeMarkdown(m.fateOfSite(s))} |`;
    });
    const value = [
      `**Tool-call id** ${escapeMarkdown(site.id)}: ${sites.length} occurrence${sites.length === 1 ? "" : "s"} in this file`,
      "",
      "| line | kind | turn | tool | occurrence key | fate after rendering |",
      "|---|---|---|---|---|---|",
      ...rows,
      ...(shown.length < sites.length
        ? ["", `Rows ${(from + 1).toLocaleString("en-US")}–${(from + shown.length).toLocaleString("en-US")} of ${sites.length.toLocaleString("en-US")}. Find All References (Shift+F12) lists all ${sites.length.toLocaleString("en-US")}.`]
        : []),
    ].join("\n");
    const r = m.range(line, site.path);
    return { contents: { kind: MarkupKind.Markdown, value }, range: { start: { line, character: r.start }, end: { line, character: r.end } } };
  }
  const chain = m.chains.get(line);
  if (chain) return { contents: { kind: MarkupKind.Markdown, value: chainMarkdown(m, uri, line) }, range: fullLineRange(m, line) };
  return offContextHover(m, uri, line, character) ?? acpHover(m, line);
}

/** Hover anywhere on an entry covered by acp-kernel blocks: which blocks, and what the render does. */
function acpHover(m: DocModel, line: number): Hover | null {
  const acp = m.a.acp;
  if (!acp) return null;
  for (const [msg, blocks] of acp.coveredBy) {
    if (lineOf(msg) !== line) continue;
    const by = acp.droppedBy.get(msg);
    const pinned = acp.firstUser?.msg === msg && acp.firstUser.pinned;
    const fate = pinned
      ? "kept pinned verbatim beside its summary (no user message would lead otherwise)"
      : by
        ? "dropped from the rendered context; the block's summary stands in for it"
        : "still sent (only some of its parts are covered)";
    const value = `**acp-kernel**: covered by block${blocks.length > 1 ? "s" : ""} ${blocks.map((b) => escapeMarkdown(b)).join(", ")}: ${fate}.`;
    return { contents: { kind: MarkupKind.Markdown, value }, range: fullLineRange(m, line) };
  }
  return null;
}

/**
 * A tool-call id on a line outside the active branch's context (another branch, or before the
 * latest compaction): the render never sees it; list where the id appears in the file.
 */
function offContextHover(m: DocModel, uri: string, line: number, character: number): Hover | null {
  const at = m.nodeAt(line, character);
  if (!at || at.type !== "string" || at.isKey || !formatProfile(m.a.session.format)?.isIdPath(m.a.session.lines[line]?.value, at.path)) return null;
  const id = String(at.value);
  const seen: number[] = [];
  // 30 are listed: stop at the 31st (the text of each line is searched, not parsed, until then)
  const needle = JSON.stringify(id).slice(1, -1);
  for (const l of m.a.session.lines) {
    if (l.value !== undefined && l.text.includes(needle) && stringValueRanges(l, id).length) seen.push(l.line);
    if (seen.length > 30) break;
  }
  const value = [
    `**Tool-call id** ${escapeMarkdown(id)}: not in the active branch's context (another branch, or before the latest compaction). The render does not send this line.`,
    "",
    `Lines with this id: ${seen.slice(0, 30).map((l) => lineLink(uri, l)).join(", ")}${seen.length > 30 ? ", …" : ""}`,
  ].join("\n");
  return { contents: { kind: MarkupKind.Markdown, value }, range: { start: { line, character: at.offset }, end: { line, character: at.offset + at.length } } };
}

export function chainSummary(m: DocModel, line: number): { title: string; start?: number; end?: number } | null {
  const c = m.chains.get(line);
  if (!c) return null;
  if (c.resolved) {
    const r = c.resolved;
    const s = lineOf(m.a.before[r.startIndex]);
    const e = lineOf(m.a.before[r.endIndex]);
    const calls = r.dropped.filter((x) => x.role === "assistant").length;
    const results = r.dropped.filter((x) => x.role === "toolResult").length;
    const other = r.dropped.length - calls - results;
    const parts = [`${calls} assistant`, `${results} tool result${results === 1 ? "" : "s"}`];
    if (other) parts.push(`${other} summar${other === 1 ? "y" : "ies"}`);
    return {
      title: `${c.blockId} drops ${r.dropped.length} message${r.dropped.length === 1 ? "" : "s"}: ${parts.join(", ")}${s !== null && e !== null ? ` (lines ${s + 1}–${e + 1})` : ""}`,
      start: s ?? undefined,
      end: e ?? undefined,
    };
  }
  const u = c.unresolved!;
  return { title: `${c.blockId} unresolved: ${u.reason} (${u.detail}); drops nothing` };
}

function chainMarkdown(m: DocModel, uri: string, line: number): string {
  const c = m.chains.get(line)!;
  if (c.unresolved) {
    const u = c.unresolved;
    return [
      `**Chain ${escapeMarkdown(c.blockId)}**: unresolved (${escapeMarkdown(u.reason)})`,
      "",
      escapeMarkdown(u.detail) + ". It drops nothing and inserts no summary.",
      ...(u.other ? ["", `Other chain: ${escapeMarkdown(u.other.data.blockId)} on ${lineLink(uri, u.other.entry.line)}`] : []),
    ].join("\n");
  }
  const r = c.resolved!;
  const s = lineOf(m.a.before[r.startIndex]);
  const e = lineOf(m.a.before[r.endIndex]);
  const rows = r.dropped.map((d) => {
    const l = lineOf(d);
    const what = d.role === "toolResult" ? `result ${escapeMarkdown(d.toolCallId)}` : d.role === "assistant" ? `assistant${toolNames(d)}` : escapeMarkdown(d.customType ?? d.role);
    return `- ${l === null ? "synthetic" : lineLink(uri, l)}: ${what}`;
  });
  const out = [
    `**Chain ${escapeMarkdown(c.blockId)}**: resolved, from ${s === null ? "?" : lineLink(uri, s)} (start user) to ${e === null ? "?" : lineLink(uri, e)} (final assistant, kept)`,
    "",
    `Drops ${r.dropped.length} message${r.dropped.length === 1 ? "" : "s"}:`,
    ...rows.slice(0, 50),
  ];
  if (rows.length > 50) out.push(`- … ${rows.length - 50} more`);
  if (r.mismatch) out.push("", `droppedToolCallIds lists ${r.mismatch.recorded} id(s); the range holds ${r.mismatch.actual}.`);
  return out.join("\n");
}

function plainToolNames(d: Msg): string {
  const calls = (Array.isArray(d.content) ? d.content : []).filter((b: any) => b?.type === "toolCall");
  return calls.length ? ` (${calls.map((b: any) => `${b.name ?? "tool"} ${b.id}`).join(", ")})` : "";
}

/** Tool names and ids of an assistant message, escaped for markdown. */
function toolNames(d: Msg): string {
  const plain = plainToolNames(d);
  return plain ? ` (${escapeMarkdown(plain.slice(2, -1))})` : "";
}

function siteLocation(m: DocModel, uri: string, s: IdSite): Location {
  return { uri, range: lineRange(m, s.line, s.path) };
}


export function definition(m: DocModel, uri: string, line: number, character: number): Location[] | null {
  const site = m.siteAt(line, character);
  if (site) {
    if (site.kind === "result") {
      if (site.occ && site.occ.callLine !== null && site.occ.callPath) return [{ uri, range: lineRange(m, site.occ.callLine, site.occ.callPath) }];
      // An unpaired result: the calls of that id before it.
      const calls = m.sitesOf(site.id).filter((s) => s.kind === "call" && s.line <= line);
      return calls.length ? calls.map((s) => siteLocation(m, uri, s)) : null;
    }
    return null;
  }
  const node = m.nodeAt(line, character);
  if (!node || node.isKey) return null;
  const { path } = node;
  if (path.length === 1 && formatProfile(m.a.session.format)?.entryRefKeys.has(String(path[0])) && node.type === "string") {
    const target = m.a.session.byId.get(String(node.value));
    return target ? [{ uri, range: fullLineRange(m, target.line) }] : null;
  }
  const chain = m.chains.get(line);
  if (chain && path.length === 2 && path[0] === "data" && (path[1] === "startUserTimestamp" || path[1] === "finalAssistantTimestamp") && node.type === "number") {
    const role = path[1] === "startUserTimestamp" ? "user" : "assistant";
    const hits = m.a.before.filter((x) => x.role === role && x.timestamp === node.value && lineOf(x) !== null);
    return hits.length ? hits.map((x) => ({ uri, range: fullLineRange(m, lineOf(x)!) })) : null;
  }
  return null;
}

export function references(m: DocModel, uri: string, line: number, character: number, includeDeclaration = true): Location[] | null {
  const site = m.siteAt(line, character);
  if (!site) return null;
  return m
    .sitesOf(site.id)
    .filter((s) => includeDeclaration || s.kind !== "call")
    .map((s) => siteLocation(m, uri, s));
}

export function highlights(m: DocModel, line: number, character: number): DocumentHighlight[] | null {
  const site = m.siteAt(line, character);
  if (!site) return null;
  return m.sitesOf(site.id).map((s) => ({ range: lineRange(m, s.line, s.path), kind: s.kind === "call" ? DocumentHighlightKind.Write : DocumentHighlightKind.Read }));
}

function preview(msg: Msg): string {
  const t = messageText(msg).replace(/\s+/g, " ").trim();
  return t.length > 60 ? t.slice(0, 59) + "…" : t;
}

/**
 * At most about this many document symbols (turns and their messages, as VS Code's JSON server
 * stops at 5,000 items): VS Code asks for them again after every change while the outline or
 * breadcrumbs show, and a long session has tens of thousands of messages.
 */
export const MAX_SYMBOLS = 5000;

export function symbols(m: DocModel, max = MAX_SYMBOLS): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  let turn: { sym: DocumentSymbol; lines: number[] } | undefined;
  let n = 0;
  const before = m.a.before;
  // A long session lists its latest turns: from the start of the turn `max` messages from the
  // end (when it is near), the earlier ones counted, not listed.
  // One symbol per listed message (a user message is its turn's), one more for a turn continued
  // from before the listed part, one for the note: the rest of the budget, less the way back to a turn's start.
  let from = 0;
  if (before.length > max) {
    const back = max >> 3;
    from = before.length - (max - 2 - back);
    for (let s = from; s > 0 && s >= from - back; s--)
      if (before[s].role === "user") {
        from = s;
        break;
      }
  }
  // A message projected twice (same line, role and call) is listed once: its line the first time, else null.
  const seen = new Set<string>();
  const newLine = (msg: Msg): number | null => {
    const line = lineOf(msg);
    if (line === null) return null;
    const k = `${line}|${msg.role}|${msg.toolCallId ?? ""}`;
    if (seen.has(k)) return null;
    seen.add(k);
    return line;
  };
  let firstListed: number | undefined;
  for (let i = 0; i < from; i++) if (newLine(before[i]) !== null && (before[i].role === "user" || n === 0)) n++;
  const close = () => {
    if (!turn) return;
    const lo = minOf(turn.lines);
    const hi = maxOf(turn.lines);
    turn.sym.range = { start: { line: lo, character: 0 }, end: fullLineRange(m, hi).end };
    out.push(turn.sym);
    turn = undefined;
  };
  const notListed = from > 0 && before[from].role !== "user" ? n - 1 : n;
  for (let i = from; i < before.length; i++) {
    const msg = before[i];
    const line = newLine(msg);
    if (line === null) continue;
    firstListed ??= line;
    const r = fullLineRange(m, line);
    if (msg.role === "user" || !turn) {
      close();
      const isUser = msg.role === "user";
      // The first listed message of a long session may continue a turn that began earlier.
      const continued = !isUser && n > 0 && out.length === 0;
      if (!continued) n++;
      turn = {
        sym: { name: isUser ? `Turn ${n}: ${preview(msg) || "user"}` : continued ? `Turn ${n} (continued)` : `Turn ${n}`, detail: `line ${line + 1}`, kind: SymbolKind.Event, range: r, selectionRange: r, children: [] },
        lines: [line],
      };
      if (isUser) continue;
    }
    turn.lines.push(line);
    const name =
      msg.role === "assistant"
        ? `assistant${plainToolNames(msg)}`
        : msg.role === "toolResult"
          ? `result ${msg.toolCallId} (${msg.toolName ?? "tool"})`
          : `${msg.role}${msg.customType ? ` ${msg.customType}` : ""}`;
    turn.sym.children!.push({
      name: name || msg.role,
      detail: `line ${line + 1}${m.fateOfMsg(msg) ? `, ${m.fateOfMsg(msg)}` : ""}`,
      kind: msg.role === "assistant" ? SymbolKind.Method : msg.role === "toolResult" ? SymbolKind.Function : SymbolKind.Object,
      range: r,
      selectionRange: r,
    });
  }
  close();
  if (from > 0 && firstListed !== undefined && firstListed > 0) {
    const earlier = { start: { line: 0, character: 0 }, end: fullLineRange(m, firstListed - 1).end };
    out.unshift({ name: `Earlier turns (${notListed.toLocaleString("en-US")} not listed)`, detail: "the outline lists the latest turns of a long session; the inspector shows them all", kind: SymbolKind.Namespace, range: earlier, selectionRange: { start: earlier.start, end: earlier.start } });
  }
  let chains = 0;
  for (const c of m.chains.values()) {
    if (++chains > max) break;
    const sum = chainSummary(m, c.line)!;
    const entry = fullLineRange(m, c.line);
    if (sum.start !== undefined && sum.end !== undefined) {
      const range = { start: { line: Math.min(sum.start, c.line), character: 0 }, end: fullLineRange(m, Math.max(sum.end, c.line)).end };
      out.push({ name: `Chain ${c.blockId}`, detail: sum.title, kind: SymbolKind.Namespace, range, selectionRange: entry });
    } else out.push({ name: `Chain ${c.blockId} (unresolved)`, detail: sum.title, kind: SymbolKind.Namespace, range: entry, selectionRange: entry });
  }
  return out;
}

export function codeLenses(m: DocModel, uri: string): CodeLens[] {
  const out: CodeLens[] = [];
  for (const c of m.chains.values()) {
    const sum = chainSummary(m, c.line)!;
    const target = sum.start ?? c.line;
    out.push({ range: fullLineRange(m, c.line), command: { title: sum.title, command: REVEAL_LINE_COMMAND, arguments: [target + 1, uri] } });
  }
  return out.sort((a, b) => a.range.start.line - b.range.start.line);
}
