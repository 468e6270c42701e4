/**
 * Reading a Cursor agent transcript into entries: one per object line, in file order (the file is
 * linear: nothing links lines). The findings of the reading:
 *
 * - a line kind, role, content block type or turn status this reading does not know: once per
 *   kind (format drift, information: formats/drift.ts);
 * - a message line without a content array: nothing of it is shown (warning);
 * - a turn that ended in error (`partial-message`, information) or that was stopped (`aborted`:
 *   a hint, as a turn the user stopped elsewhere);
 * - (a last turn without its `turn_ended` line is the analysis's: `openLastTurnFinding`, from
 *   cursor-resume.ts, so that an append does not change what the lines before it say);
 * - a call with the same name and input as a call of the assistant line just before it
 *   (`repeated-call`, information): probably a retry, which the file cannot show.
 *
 * Cursor records no call ids and no tool results, so nothing pairs calls with results here and no
 * call is reported as missing its result.
 */
import type { LineList } from "../../model/line-list.js";
import { isObject } from "../../model/parse.js";
import { findingMaker } from "../../model/finding-kit.js";
import { PARTIAL_MESSAGE_CODES, shapeFinding } from "../../model/shape-findings.js";
import type { Entry, Finding, Session, SourceLine } from "../../model/types.js";
import { DriftGuard } from "../drift.js";
import type { FormatRead } from "../profile.js";
import { CURSOR_BLOCK_TYPES, CURSOR_ROLES, CURSOR_TURN_STATUSES, cursorLineKind } from "./cursor-lines.js";
import { CURSOR_AGENT, CURSOR_VERSION } from "./cursor-words.js";
import { quoteCut } from "../../model/quote.js";
import { CURSOR_CODES } from "./cursor-codes.js";

const partial = findingMaker(PARTIAL_MESSAGE_CODES);
const cursorFinding = findingMaker(CURSOR_CODES);

/** A call's name and input as one key (the input as written: a retry repeats it word for word). */
function callKey(b: Record<string, any>): string {
  return `${typeof b.name === "string" ? b.name : ""}\u0000${JSON.stringify(b.input ?? null)}`;
}

/** The entry type of a line kind nobody knows: its `type`, else its keys. */
function otherKind(v: Record<string, any>): string {
  if (typeof v.type === "string") return v.type;
  if (typeof v.role === "string") return `role ${v.role}`;
  const keys = Object.keys(v).slice(0, 4);
  return keys.length ? `{${keys.join(", ")}${Object.keys(v).length > 4 ? ", …" : ""}}` : "{}";
}

interface ReadState {
  entries: Entry[];
  findings: Finding[];
  kinds: DriftGuard;
  blocks: DriftGuard;
  statuses: DriftGuard;
  /** The calls of the line before, when it is an assistant message: key -> 0-based line. */
  lastCalls: Map<string, number>;
  /** The id of the entry before (the file is linear: it is the parent). */
  prevId: string | null;
}

function readLine(st: ReadState, l: SourceLine): void {
  const v = l.value;
  if (!isObject(v)) return; // reported by the shared line checks
  const kind = cursorLineKind(v);
  const role = kind === "message" ? String(v.role) : undefined;
  const type = kind === "message" ? role! : kind === "turn-ended" ? "turn_ended" : otherKind(v);
  const id = `L${l.line + 1}`;
  st.entries.push({ line: l.line, id, parentId: st.prevId, type, raw: v });
  st.prevId = id;
  const previousCalls = st.lastCalls;
  st.lastCalls = new Map();
  if (kind === "other") {
    const f = st.kinds.note(type, l.line);
    if (f) st.findings.push(f);
    return;
  }
  if (kind === "turn-ended") {
    turnEnded(st, v, l.line);
    return;
  }
  if (!CURSOR_ROLES.has(role!)) {
    const f = st.kinds.note(`role ${role}`, l.line, ["role"]);
    if (f) st.findings.push(f);
    return;
  }
  const content = v.message.content;
  if (!Array.isArray(content)) {
    st.findings.push(
      shapeFinding("unknown-entry", {
        line: l.line,
        path: ["message", ...(content === undefined ? [] : ["content"])],
        message: `${CURSOR_AGENT} message without a content list: nothing of it is shown. The ${role} line's \`message.content\` ${content === undefined ? "is missing" : "is no array"}; ${CURSOR_AGENT} writes a list of \`text\` and \`tool_use\` blocks there.`,
      }),
    );
    return;
  }
  content.forEach((b: unknown, j: number) => {
    const t = isObject(b) && typeof b.type === "string" ? b.type : "(no type)";
    if (t === "tool_use" && role === "assistant" && isObject(b)) repeatedCall(st, b, previousCalls, l.line, j);
    if (CURSOR_BLOCK_TYPES.has(t)) return;
    const f = st.blocks.note(t, l.line, ["message", "content", j]);
    if (f) st.findings.push(f);
  });
}

/** A call repeated from the assistant line just before: one finding; this line's calls kept for the next. */
function repeatedCall(st: ReadState, b: Record<string, any>, before: ReadonlyMap<string, number>, line: number, j: number): void {
  const key = callKey(b);
  const at = before.get(key);
  if (at !== undefined)
    st.findings.push(
      cursorFinding("repeated-call", {
        line,
        path: ["message", "content", j],
        message: `${CURSOR_AGENT} made the same call twice in a row. ${quoteCut(typeof b.name === "string" ? b.name : "tool")} with the same input as on line ${at + 1}: probably a retry after the first one failed, but ${CURSOR_AGENT} records no tool results, so whether the first one ran is not known.`,
      }),
    );
  if (!st.lastCalls.has(key)) st.lastCalls.set(key, line);
}

function turnEnded(st: ReadState, v: Record<string, any>, line: number): void {
  const status = typeof v.status === "string" ? v.status : undefined;
  if (status === undefined || !CURSOR_TURN_STATUSES.has(status)) {
    const f = st.statuses.note(status ?? "(none)", line, status === undefined ? undefined : ["status"]);
    if (f) st.findings.push(f);
    return;
  }
  if (status === "success") return;
  const why = typeof v.error === "string" && v.error.trim() ? ` It records ${quoteCut(v.error.trim())}.` : "";
  if (status === "error")
    st.findings.push(
      partial("partial-message", {
        line,
        path: ["status"],
        message: `This turn of ${CURSOR_AGENT} ended in an error. Its \`turn_ended\` line has the status \`error\`: the steps above it are what ${CURSOR_AGENT} wrote before it stopped; the transcript does not say which call or request failed.${why}`,
      }),
    );
  else
    st.findings.push(
      partial(
        "partial-message",
        {
          line,
          path: ["status"],
          message: `This turn of ${CURSOR_AGENT} was stopped before it finished. Its \`turn_ended\` line has the status \`aborted\` (the user stopped it, or ${CURSOR_AGENT} did): its last calls may not have run.${why}`,
        },
        "hint",
      ),
    );
}

/**
 * The finding of a last turn with messages after the last `turn_ended` line (or none at all):
 * the analysis's, over the whole session (an append closes it).
 */
export function openLastTurnFinding(entries: readonly Entry[]): Finding | undefined {
  // The last message or turn end (a line of another kind after it closes nothing).
  let last: Entry | undefined;
  for (let i = entries.length - 1; i >= 0 && !last; i--) if (cursorLineKind(entries[i].raw) !== "other") last = entries[i];
  if (!last || cursorLineKind(last.raw) === "turn-ended") return undefined;
  return partial("partial-message", {
    line: last.line,
    message: `The last turn of ${CURSOR_AGENT} has no end. No \`turn_ended\` line follows its messages: ${CURSOR_AGENT} was still working when the file was read, or it stopped without closing the turn (a crash, a killed process); its last calls may not have run.`,
  });
}

function readState(): ReadState {
  return {
    entries: [],
    findings: [],
    kinds: new DriftGuard({ agent: CURSOR_AGENT, kind: "line kind", version: CURSOR_VERSION }),
    blocks: new DriftGuard({ agent: CURSOR_AGENT, kind: "content block type", version: CURSOR_VERSION }),
    statuses: new DriftGuard({ agent: CURSOR_AGENT, kind: "turn status", version: CURSOR_VERSION }),
    lastCalls: new Map(),
    prevId: null,
  };
}

export function readCursor(lines: LineList): FormatRead {
  const st = readState();
  for (const l of lines.held) readLine(st, l);
  return { entries: st.entries, findings: st.findings };
}

/** Whether a line is of a kind, role, block type or turn status this reading does not know (a drift finding may be due). */
function isDrift(v: Record<string, any>): boolean {
  const kind = cursorLineKind(v);
  if (kind === "other") return true;
  if (kind === "turn-ended") return typeof v.status !== "string" || !CURSOR_TURN_STATUSES.has(v.status);
  if (!CURSOR_ROLES.has(v.role)) return true;
  const content = v.message?.content;
  return Array.isArray(content) && content.some((b: unknown) => !(isObject(b) && typeof b.type === "string" && CURSOR_BLOCK_TYPES.has(b.type)));
}

/**
 * Lines appended to a transcript, read as the full read reads them; null (read in full) for an
 * edit (a repeated call depends on the line before and after) or a line of a kind not known (whether
 * its drift finding is due depends on the lines before).
 */
export function readCursorLinesIn(session: Session, lines: readonly SourceLine[]): FormatRead | null {
  const entries = session.entries;
  const last = entries[entries.length - 1];
  if (lines.length === 0 || (last && last.line >= lines[0].line)) return null;
  for (const l of lines) if (isObject(l.value) && isDrift(l.value)) return null;
  const st = readState();
  st.prevId = last?.id ?? null;
  if (last && cursorLineKind(last.raw) === "message" && last.raw.role === "assistant" && Array.isArray(last.raw.message.content))
    for (const b of last.raw.message.content as unknown[]) if (isObject(b) && b.type === "tool_use" && !st.lastCalls.has(callKey(b))) st.lastCalls.set(callKey(b), last.line);
  for (const l of lines) readLine(st, l);
  return { entries: st.entries, findings: st.findings };
}
