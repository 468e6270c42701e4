/**
 * Stage 2 of the engine: lines -> session model. Index entries by id, build the tree, find the
 * leaves and the active branch (the branch of the last entry appended, as pi does on load), and
 * report the line-level and tree-level findings: `malformed-line`, `unknown-entry`,
 * `broken-parent`, `duplicate-entry-id`, and the truncated last line (`partial-message`).
 */
import { detectFormat, type FormatRead, formatProfile, runtimeWords } from "../formats/registry.js";
import { parseText, type ParsedText } from "../model/parse.js";
import { parentCycleFindings } from "./parent-cycles.js";
import { lineShapeFindings, shapeFinding } from "../model/shape-findings.js";
import type { Entry, Finding, Msg, Session } from "../model/types.js";
import { pushAll } from "../model/arrays.js";

/** Reads a session; with `previous`, unchanged lines reuse its parse (incremental re-analysis). */
export function readSession(text: string, previous?: Session): Session {
  return sessionFromLines(parseText(text, previous ? { lines: previous.lines, bom: false, unterminatedLastLine: false } : undefined));
}

export function sessionFromLines(parsed: ParsedText): Session {
  const { lines } = parsed;

  const lastLine = lines.last();
  const truncatedLastLine = lastLine !== undefined && lastLine.parseError !== undefined && lastLine.eol === "";
  const format = detectFormat(lines.held);
  const findings: Finding[] = lineShapeFindings(lines.held, runtimeWords(format).agent);
  const reader = formatProfile(format);
  const read: FormatRead = reader ? reader.read(lines) : { entries: [], findings: [] };
  pushAll(findings, read.findings);

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
    byId,
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

/** Root-to-entry path; a missing parent or a cycle ends the walk (that subtree acts as a root). */
export function pathTo(leaf: Entry, byId: Map<string, Entry>): Entry[] {
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
