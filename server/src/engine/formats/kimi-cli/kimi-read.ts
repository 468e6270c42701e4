/**
 * Reading a Kimi CLI context file into entries: one entry per object line, in file order (the
 * file is linear: `revert_to` and `clear` rotate it and write a new one). A line Kimi CLI's loader
 * skips is kept and reported: an unknown role or content part type once per kind (format drift,
 * information), another skipped line as a warning (what it holds is not sent).
 */
import type { LineList } from "../../model/line-list.js";
import { isObject } from "../../model/parse.js";
import { shapeFinding } from "../../model/shape-findings.js";
import type { Entry, Finding, Session, SourceLine } from "../../model/types.js";
import { DriftGuard, hasEntryType } from "../drift.js";
import type { FormatRead } from "../profile.js";
import { KIMI_MARKERS, KIMI_PART_TYPES, KIMI_ROLES, skipReason } from "./kimi-lines.js";
import { KIMI_AGENT, KIMI_VERSION } from "./kimi-words.js";

const ROLE_DRIFT = { agent: KIMI_AGENT, kind: "message role", version: KIMI_VERSION };
const PART_DRIFT = { agent: KIMI_AGENT, kind: "content part type", version: KIMI_VERSION };

interface ReadState {
  entries: Entry[];
  findings: Finding[];
  roles: DriftGuard;
  parts: DriftGuard;
}

/** The entry type of a content part kind (the drift guard of a continued read asks the session for it). */
const partKind = (type: string) => `part:${type}`;

function readLine(st: ReadState, l: SourceLine, prev: string | null): void {
  const v = l.value;
  if (!isObject(v)) return; // reported by the shared line checks (Kimi CLI skips it too)
  if (typeof v.role !== "string") {
    st.findings.push(shapeFinding("unknown-entry", { line: l.line, message: `Not a ${KIMI_AGENT} context line: the object has no string \`role\`. ${KIMI_AGENT} skips it when it restores the session ("missing or invalid role").` }));
    return;
  }
  st.entries.push({ line: l.line, id: `L${l.line + 1}`, parentId: prev, type: v.role, raw: v });
  if (!KIMI_ROLES.has(v.role) && !KIMI_MARKERS.has(v.role)) {
    const f = st.roles.note(v.role, l.line, ["role"]);
    if (f) st.findings.push(f);
    return;
  }
  if (Array.isArray(v.content))
    v.content.forEach((p: unknown, i: number) => {
      if (isObject(p) && typeof p.type === "string" && !KIMI_PART_TYPES.has(p.type)) {
        const f = st.parts.note(partKind(p.type), l.line, ["content", i, "type"]);
        if (f) st.findings.push({ ...f, message: f.message.replace(`\`${partKind(p.type)}\``, `\`${p.type}\``) });
      }
    });
  const why = skipReason(v);
  if (why)
    st.findings.push(
      shapeFinding("unknown-entry", {
        line: l.line,
        path: ["role"],
        message: `${KIMI_AGENT} skips this line on resume; it is not sent. Its loader skips it when it restores the session ("Skipping ${why}"), so what the line holds is not sent.`,
      }),
    );
}

function newState(): ReadState {
  return { entries: [], findings: [], roles: new DriftGuard(ROLE_DRIFT), parts: new DriftGuard(PART_DRIFT) };
}

export function readKimi(lines: LineList): FormatRead {
  const st = newState();
  for (const l of lines.held) readLine(st, l, st.entries.length ? st.entries[st.entries.length - 1].id : null);
  return { entries: st.entries, findings: st.findings };
}

/** Whether a line before `line` has a content part of `type`. */
function hasPartType(session: Session, type: string, line: number): boolean {
  for (const e of session.entries) {
    if (e.line >= line) break;
    // A line of an unknown role is read no further (its parts are not looked at): as the full read does.
    if (!KIMI_ROLES.has(e.type) && !KIMI_MARKERS.has(e.type)) continue;
    if (Array.isArray(e.raw.content) && e.raw.content.some((p: unknown) => isObject(p) && p.type === type)) return true;
  }
  return false;
}

/**
 * Appended lines, or lines edited in place, read as the full read reads them: the entry before
 * the first of them is their parent, and a role or part type the session has before them is not
 * reported again.
 */
export function readKimiLinesIn(session: Session, lines: readonly SourceLine[]): FormatRead {
  const first = lines[0]?.line ?? 0;
  let prev: Entry | undefined;
  for (const e of session.entries) {
    if (e.line >= first) break;
    prev = e;
  }
  const st = newState();
  for (const l of lines) {
    const v = l.value;
    if (isObject(v) && typeof v.role === "string") {
      if (hasEntryType(session, v.role, first)) st.roles.know(v.role);
      if (Array.isArray(v.content))
        for (const p of v.content) if (isObject(p) && typeof p.type === "string" && !KIMI_PART_TYPES.has(p.type) && hasPartType(session, p.type, first)) st.parts.know(partKind(p.type));
    }
    readLine(st, l, st.entries.length ? st.entries[st.entries.length - 1].id : prev ? prev.id : null);
  }
  return { entries: st.entries, findings: st.findings };
}
