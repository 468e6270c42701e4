/**
 * Stage 2 of the engine: lines -> session model. Index entries by id, build the tree, find the
 * leaves and the active branch (the branch of the last entry appended, as pi does on load), and
 * report the line-level and tree-level findings: `malformed-line`, `unknown-entry`,
 * `broken-parent`, `duplicate-entry-id`, and the truncated last line (`partial-message`).
 */
import { detectSession, type FormatRead, formatProfile, runtimeWords } from "../formats/registry.js";
import { JsonDocument } from "../model/json-document.js";
import { parseText, type ParsedText } from "../model/parse.js";
import { parentCycleFindings } from "./parent-cycles.js";
import { lineShapeFindings, shapeFinding } from "../model/shape-findings.js";
import { LineList } from "../model/line-list.js";
import type { Entry, EntryLookup, Finding, Msg, Session } from "../model/types.js";
import { EntryIndex } from "../model/entry-index.js";
import { pushAll } from "../model/arrays.js";

/** Reads a session; with `previous`, unchanged lines reuse its parse (incremental re-analysis). */
export function readSession(text: string, previous?: Session): Session {
  return sessionFromLines(parseText(text, previous ? { lines: previous.lines, bom: false, unterminatedLastLine: false } : undefined));
}

export function sessionFromLines(parsed: ParsedText): Session {
  const detected = detectSession(parsed.lines.held);
  const format = detected.format;
  const reader = formatProfile(format);
  // A JSON document (a format's `readDocument`): its lines carry the document, none holds a value.
  const doc = detected.document && reader?.readDocument ? documentLines(parsed.lines, runtimeWords(format).agent) : undefined;
  const lines = doc ? doc.lines : parsed.lines;

  const lastLine = lines.last();
  const truncatedLastLine = !doc && lastLine !== undefined && lastLine.parseError !== undefined && lastLine.eol === "";
  const shape: Finding[] = doc ? doc.findings : lineShapeFindings(lines.held, runtimeWords(format).agent);
  const read: FormatRead = !reader ? { entries: [], findings: [] } : doc ? (doc.document.root === undefined ? { entries: [], findings: [] } : reader.readDocument!(doc.document, lines)) : reader.read(lines);
  // The reader's list is its own: taken as it is when the lines hold no shape finding (no copy of a finding per line).
  const findings = shape.length === 0 ? read.findings : pushAll(shape, read.findings);

  const { entries } = read;
  const idKey = reader?.idKey ?? "id";
  const byId = new Map<string, Entry>();
  const firstById = new Map<string, Entry>();
  for (const e of entries) {
    const earlier = firstById.get(e.id);
    if (earlier) {
      findings.push(shapeFinding("duplicate-entry-id", {
        line: e.line,
        path: [idKey],
        message: `Entry id \`${e.id}\` is used twice. Line ${earlier.line + 1} uses it first; ${runtimeWords(format).duplicateId}.`,
        related: [{ line: earlier.line, message: "first entry with this id", path: [idKey] }],
      }));
    } else firstById.set(e.id, e);
    byId.set(e.id, e); // later wins, as pi's index does
  }
  const hasChild = new Set<string>();
  const parentKey = reader?.parentKey ?? "parentId";
  for (const e of entries) {
    if (e.parentId === null) continue;
    if (e.parentId === e.id || !byId.has(e.parentId)) {
      if (!e.syntheticId)
        findings.push(brokenParentFinding(format, e, parentKey));
      continue;
    }
    hasChild.add(e.parentId);
  }
  pushAll(findings, parentCycleFindings(entries, byId, parentKey));
  const leaves = entries.filter((e) => !hasChild.has(e.id) && byId.get(e.id) === e).map((e) => e.id);
  const leaf = reader?.leaf(entries);
  const branch = leaf ? (reader?.branch?.(entries, leaf) ?? pathTo(leaf, byId)) : [];
  return {
    format,
    lines,
    header: read.header,
    entries,
    byId: EntryIndex.over(byId),
    leaves,
    leafId: leaf ? leaf.id : null,
    branch,
    findings,
    truncatedLastLine,
  };
}

/**
 * `broken-parent` for an entry whose parent is itself or names no entry. Claude Code links to
 * lines of other files as a matter of course (a session that continues an earlier one, subagent
 * lines): there it is information, and missing-parents.ts drops it when a sibling file holds it.
 */
function brokenParentFinding(format: string, e: Entry, parentKey: string): Finding {
  const profile = formatProfile(format);
  if (e.parentId === e.id)
    return shapeFinding("broken-parent", { line: e.line, path: [parentKey], message: `The entry names itself as its parent. \`${parentKey}\` is the entry's own id, so it is treated as a root.` });
  if (profile?.linksOtherFiles)
    return shapeFinding(
      "broken-parent",
      {
        line: e.line,
        path: [parentKey],
        message:
          `Parent line not found in this file. \`${parentKey}\` \`${e.parentId}\` names no line here, so the conversation is read from this line on. ` +
          `${profile.words.agent} links to an earlier session's file when a session continues it; none of the other session files of this folder holds it either (or they were not searched).`,
      },
      "information",
    );
  return shapeFinding("broken-parent", {
    line: e.line,
    path: [parentKey],
    message: `Parent entry not found in this file. \`${parentKey}\` \`${e.parentId}\` names no entry, so the entry is treated as a root and the context of its branch starts here.`,
  });
}

/**
 * The lines of a JSON-document session: copies of the held lines that carry the document
 * (model/json-document.ts; the blank lines stay runs, line-list.ts, and carry none: `documentOf`
 * asks the list), and `malformed-line` on the line where the document stops parsing (the reader
 * then reads nothing).
 */
function documentLines(lines: LineList, agent: string): { lines: LineList; document: JsonDocument; findings: Finding[] } {
  const text = lines.text();
  const findings: Finding[] = [];
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (e) {
    const message = (e as Error).message;
    const at = errorLine(message, text, lines);
    findings.push(
      shapeFinding("malformed-line", {
        line: at,
        columns: { start: 0, end: lines.at(at)?.text.length ?? 0 },
        message: `The JSON document does not parse. ${message}; ${agent} cannot load it (a write cut short, or an edit), so nothing of it is read.`,
      }),
    );
  }
  const document = new JsonDocument(text, root);
  const out = new LineList();
  const { held, runs } = lines;
  let r = 0;
  const blanksBefore = (line: number) => {
    for (; r < runs.length && runs[r].line < line; r++) out.pushBlank(runs[r].text, runs[r].eol, runs[r].count);
  };
  for (let k = 0; k < held.length; k++) {
    const l = held[k];
    blanksBefore(lines.lineOfHeld(k));
    out.push({ line: l.line, offset: l.offset, text: l.text, eol: l.eol, doc: document });
  }
  blanksBefore(lines.length);
  return { lines: out, document, findings };
}

/** The line a JSON.parse error names (by line and column, or by position), else the last non-blank line. */
function errorLine(message: string, text: string, lines: LineList): number {
  const lc = /line (\d+) column \d+/.exec(message);
  if (lc) return Math.min(lines.length - 1, Math.max(0, Number(lc[1]) - 1));
  const pos = /position (\d+)/.exec(message);
  if (pos) {
    const at = Math.min(Number(pos[1]), text.length);
    // the last line starting at or before `at`
    let lo = 0;
    let hi = Math.max(0, lines.length - 1);
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lines.offsetOf(mid) <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
  for (let k = lines.held.length - 1; k >= 0; k--) if (lines.held[k].text.trim() !== "") return lines.lineOfHeld(k);
  return 0;
}

/** Root-to-entry path; a missing parent or a cycle ends the walk (that subtree acts as a root). */
export function pathTo(leaf: Entry, byId: EntryLookup): Entry[] {
  const path: Entry[] = [];
  const seen = new Set<string>();
  let cur: Entry | undefined = leaf;
  while (cur && !seen.has(cur.id)) {
    seen.add(cur.id);
    path.push(cur);
    cur = cur.parentId !== null && cur.parentId !== cur.id ? byId.get(cur.parentId) : undefined;
  }
  return path.reverse();
}

/**
 * The session read on the branch that ends at `leafId` instead of the active one (the inspector's
 * branch and root picker): the same lines, entries and findings, another `leafId` and `branch`.
 * `session` itself when the id names no entry or is the active leaf already.
 */
export function onBranch(session: Session, leafId: string): Session {
  const leaf = session.byId.get(leafId);
  if (!leaf || leafId === session.leafId) return session;
  return { ...session, leafId, branch: pathTo(leaf, session.byId) };
}

/** The branch's context messages as the agent builds them, each with its origin. */
export function buildContext(session: Session): Msg[] {
  return formatProfile(session.format)?.buildContext(session.branch) ?? [];
}
