/** Hovers: every occurrence of a tool-call id, what a chain entry drops, what an acp-kernel block covers. */
import {
  type Hover,
  MarkupKind,
} from "vscode-languageserver/node";
import { findingsOnLines, formatProfile } from "../engine/index.js";
import { stringValueRanges } from "../engine/index.js";
import { lineOf } from "../engine/index.js";
import type { Finding } from "../engine/index.js";
import { escapeMarkdown } from "./markdown.js";
import type { DocModel } from "./model.js";
import { fullLineRange } from "./lsp-ranges.js";
import { chainMarkdown } from "./chain-summary.js";
import { lineLink } from "./markdown.js";


/** Rows of the occurrence table in a hover on an id. */
export const HOVER_ROWS = 20;

/**
 * The hover at a place. `shownOn`: the findings the document shows on a line (its diagnostics':
 * severity overrides and the target provider's findings, lsp/provider-findings.ts
 * `shownFindingsOn`); without it, the analysis's own findings.
 */
export function hover(m: DocModel, uri: string, line: number, character: number, shownOn?: (line: number) => readonly Finding[]): Hover | null {
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
      ...problemsHere(shownOn ? shownOn(line) : findingsOnLines(m.a.findings, line), site.id),
    ].join("\n");
    const r = m.range(line, site.path);
    return { contents: { kind: MarkupKind.Markdown, value }, range: { start: { line, character: r.start }, end: { line, character: r.end } } };
  }
  const chain = m.chains.get(line);
  if (chain) return { contents: { kind: MarkupKind.Markdown, value: chainMarkdown(m, uri, line) }, range: fullLineRange(m, line) };
  return offContextHover(m, uri, line, character) ?? acpHover(m, line);
}

/** Problems of an id listed under its table at most. */
const HOVER_PROBLEMS = 5;

/** A problem's text in the hover at most (its first sentence, cut). */
const HOVER_PROBLEM_CHARS = 200;

/**
 * The problems of this id among a line's findings, under the table (their diagnostics are drawn
 * on the id's key: lsp-ranges.ts `markerRange`): severity, code and the first sentence.
 */
function problemsHere(onLine: readonly Finding[], id: string): string[] {
  const out: string[] = [];
  let more = 0;
  for (const f of onLine) {
    if (f.toolCallId !== id) continue;
    if (out.length >= HOVER_PROBLEMS) {
      more++;
      continue;
    }
    let first = f.message.split(/(?<=\.)\s/)[0];
    if (first.length > HOVER_PROBLEM_CHARS) {
      // never half a surrogate pair
      const cut = /[\uD800-\uDBFF]/.test(first[HOVER_PROBLEM_CHARS - 2]) ? HOVER_PROBLEM_CHARS - 2 : HOVER_PROBLEM_CHARS - 1;
      first = `${first.slice(0, cut)}…`;
    }
    // the code is one of the engine's (letters and hyphens), shown as code: escaping it would show the backslashes
    out.push(`- **${f.severity}** \`${/^[a-z0-9-]+$/.test(f.code) ? f.code : "?"}\`: ${escapeMarkdown(first)}`);
  }
  if (out.length === 0) return [];
  return ["", "**Problems of this id here** (on its key):", ...out, ...(more ? [`- and ${more} more`] : [])];
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
  if (!at || at.type !== "string" || at.isKey || !formatProfile(m.a.session.format)?.isIdPath(m.a.session.lines.heldAt(line)?.value, at.path)) return null;
  const id = String(at.value);
  const seen: number[] = [];
  // 30 are listed: stop at the 31st (the text of each line is searched, not parsed, until then)
  const needle = JSON.stringify(id).slice(1, -1);
  for (const l of m.a.session.lines.held) {
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

