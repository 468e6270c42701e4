/**
 * Stage 2 of the engine: lines -> session model. Index entries by id, build the tree, find the
 * leaves and the active branch (the branch of the last entry appended, as pi does on load), and
 * report the line-level and tree-level findings: `malformed-line`, `unknown-entry`,
 * `broken-parent`, `duplicate-entry-id`, and the truncated last line (`partial-message`).
 */
import { buildClaudeContext, readClaudeCode } from "./formats/claude-code.js";
import { buildCodexContext, readCodex } from "./formats/codex.js";
import { detectFormat } from "./formats/detect.js";
import { buildPiContext, type FormatRead, readPi } from "./formats/pi.js";
import { describeJsonType, isObject, parseText, type ParsedText, tooDeepFinding } from "./parse.js";
import { parentCycleFindings } from "./rules/parent-cycles.js";
import type { Entry, Finding, Msg, Session, SessionFormat } from "./types.js";

/** Reads a session; with `previous`, unchanged lines reuse its parse (incremental re-analysis). */
export function readSession(text: string, previous?: Session): Session {
  return sessionFromLines(parseText(text, previous ? { lines: previous.lines, bom: false, unterminatedLastLine: false } : undefined));
}

export function sessionFromLines(parsed: ParsedText): Session {
  const { lines } = parsed;
  const findings: Finding[] = [];
  const lastLine = lines[lines.length - 1];
  let truncatedLastLine = false;
  for (const l of lines) {
    if (l.tooDeep) findings.push(tooDeepFinding(l));
    else if (l.parseError !== undefined) {
      if (l === lastLine && l.eol === "") {
        truncatedLastLine = true;
        findings.push({
          code: "partial-message",
          severity: "warning",
          line: l.line,
          columns: { start: 0, end: l.text.length },
          message: `The last line is cut off (${l.parseError}): an append in progress or a crash. pi skips it; a pruner must wait until it is complete.`,
        });
      } else {
        findings.push({
          code: "malformed-line",
          severity: "error",
          line: l.line,
          columns: { start: 0, end: l.text.length },
          message: `Not valid JSON (${l.parseError}). pi skips this line when it loads the session.`,
        });
      }
    } else if (l.value !== undefined && !isObject(l.value)) {
      findings.push({
        code: "malformed-line",
        severity: "error",
        line: l.line,
        columns: { start: 0, end: l.text.length },
        message: `The line is ${describeJsonType(l.value)}, not a JSON object.`,
      });
    }
  }
  const format = detectFormat(lines);
  let read: FormatRead;
  if (format === "pi") read = readPi(lines);
  else if (format === "claude-code") read = readClaudeCode(lines);
  else if (format === "codex") read = readCodex(lines);
  else read = { entries: [], findings: [] };
  findings.push(...read.findings);

  const { entries } = read;
  const byId = new Map<string, Entry>();
  const firstById = new Map<string, Entry>();
  for (const e of entries) {
    const earlier = firstById.get(e.id);
    if (earlier) {
      findings.push({
        code: "duplicate-entry-id",
        severity: "warning",
        line: e.line,
        path: format === "claude-code" ? ["uuid"] : ["id"],
        message: `Entry id \`${e.id}\` is already used on line ${earlier.line + 1}. pi indexes the later entry; children of the earlier one attach to this one.`,
        related: [{ line: earlier.line, message: "first entry with this id", path: format === "claude-code" ? ["uuid"] : ["id"] }],
      });
    } else firstById.set(e.id, e);
    byId.set(e.id, e); // later wins, as pi's index does
  }
  const hasChild = new Set<string>();
  const parentKey = format === "claude-code" ? "parentUuid" : "parentId";
  for (const e of entries) {
    if (e.parentId === null) continue;
    if (e.parentId === e.id || !byId.has(e.parentId)) {
      if (!e.syntheticId)
        findings.push({
          code: "broken-parent",
          severity: "warning",
          line: e.line,
          path: [parentKey],
          message:
            e.parentId === e.id
              ? `\`${parentKey}\` names the entry itself; it is treated as a root.`
              : `\`${parentKey}\` \`${e.parentId}\` names no entry in this file: the entry is treated as a root and the context of its branch starts here.`,
        });
      continue;
    }
    hasChild.add(e.parentId);
  }
  findings.push(...parentCycleFindings(entries, byId, parentKey));
  const leaves = entries.filter((e) => !hasChild.has(e.id) && byId.get(e.id) === e).map((e) => e.id);
  const leaf = leafOf(format, entries);
  const branch = leaf ? pathTo(leaf, byId) : [];
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

function leafOf(format: SessionFormat, entries: Entry[]): Entry | undefined {
  if (format === "claude-code") {
    // Sidechain (subagent) lines interleave with the main thread: the active leaf is the last
    // main-thread line, unless the file is a subagent transcript of its own.
    const main = entries.filter((e) => e.raw.isSidechain !== true);
    return (main.length > 0 ? main : entries)[(main.length > 0 ? main : entries).length - 1];
  }
  return entries[entries.length - 1];
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

/** The branch's context messages as the agent builds them, each with its origin. */
export function buildContext(session: Session): Msg[] {
  switch (session.format) {
    case "pi":
      return buildPiContext(session.branch);
    case "claude-code":
      return buildClaudeContext(session.branch);
    case "codex":
      return buildCodexContext(session.branch);
    default:
      return [];
  }
}
