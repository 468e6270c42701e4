/**
 * Reading a Gemini CLI chat into entries: JSON Lines (0.40 and later: one entry per line the
 * loader reads, gemini-records.ts) or one JSON document (before 0.40: one entry per message). The
 * findings of the reading: a line the loader skips, a message type this reading does not know
 * (once per type: formats/drift.ts), a field of the wrong JSON type (one finding per record).
 */
import { documentOf } from "../../model/json-document.js";
import type { LineList } from "../../model/line-list.js";
import { isObject } from "../../model/parse.js";
import { type FieldRule, fieldTypeFinding, wrongFields } from "../../model/shape-findings.js";
import { shapeFinding } from "../../model/shape-findings.js";
import type { DocumentPlaces, Entry, Finding, JsonPath, Session, SourceLine } from "../../model/types.js";
import { DriftGuard, hasEntryType } from "../drift.js";
import type { FormatRead } from "../profile.js";
import { crashesRequest, documentEntries, KNOWN_TYPES, lineKind } from "./gemini-records.js";
import { GEMINI_VERSION } from "./gemini-words.js";

const AGENT = "Gemini CLI";
const drift = { agent: AGENT, kind: "message type", version: GEMINI_VERSION };

const isType = (...types: string[]) => (r: Record<string, unknown>) => typeof r.type === "string" && types.includes(r.type);
const PART_LIST: FieldRule["types"] = ["string", "array", "object"];

/** What the CLI does with a call or response id or name that is not a string: its request builder calls string methods on it. */
const CRASH = "on resume Gemini CLI 0.61.0 stops at its first request (`TypeError: fc.id.startsWith is not a function`, or `.trim` of the name), so nothing is sent";
const CRASH_OR_NONE = `${CRASH} (an empty, false or null one is sent as none)`;

/** The fields of a message record the CLI reads, the JSON types it writes there, and what another type does on resume. */
const RECORD_RULES: readonly FieldRule[] = [
  { path: ["type"], types: ["string"], then: "the record is neither a user nor a model turn: it is not sent" },
  { path: ["timestamp"], types: ["string"], then: "the inspector shows no time for it" },
  { path: ["content"], types: [...PART_LIST, "null"], then: "its parts are read as they are (a number or boolean is sent as a part of its own)" },
  { path: ["toolCalls"], types: ["array"], then: "its calls are not read as calls", when: isType("gemini") },
  // (`when` tests the object that holds the field: the fields below are only read on a model record's calls, parts and tokens)
  { path: ["toolCalls", "*"], types: ["object"], then: "that call is not read" },
  { path: ["toolCalls", "*", "id"], types: ["string"], then: CRASH_OR_NONE },
  { path: ["toolCalls", "*", "name"], types: ["string"], then: CRASH_OR_NONE },
  { path: ["toolCalls", "*", "result"], types: ["array", "string", "object", "null"], then: "the call's result is read as it is" },
  { path: ["toolCalls", "*", "result", "*", "functionResponse", "id"], types: ["string"], then: CRASH_OR_NONE },
  { path: ["content", "*", "functionCall", "id"], types: ["string"], then: CRASH_OR_NONE },
  { path: ["content", "*", "functionCall", "name"], types: ["string"], then: CRASH_OR_NONE },
  { path: ["content", "*", "functionResponse", "id"], types: ["string"], then: CRASH_OR_NONE },
  { path: ["content", "*", "functionResponse", "name"], types: ["string"], then: CRASH_OR_NONE },
  { path: ["thoughts"], types: ["array"], then: "its thoughts are not read", when: isType("gemini") },
  { path: ["tokens"], types: ["object", "null"], then: "it is read as not recorded (0 in the recorded usage)", when: isType("gemini") },
  ...["input", "output", "cached", "thoughts", "tool", "total"].map((k): FieldRule => ({ path: ["tokens", k], types: ["number"], then: "it is read as not recorded (0 in the recorded usage)" })),
  { path: ["model"], types: ["string"], then: "the turn's model is read as unknown", when: isType("gemini") },
];

/**
 * The wrong-type finding of one message record (at `base` on `line`), or undefined: an error where
 * the CLI stops on it when it resumes (it refuses the whole chat), else a warning.
 */
function recordFieldFinding(rec: Record<string, any>, line: number, base: JsonPath): Finding | undefined {
  const wrong = wrongFields(rec, RECORD_RULES);
  if (wrong.length === 0) return undefined;
  const f = fieldTypeFinding(line, base.length ? wrong.map((w) => ({ ...w, path: [...base, ...w.path] })) : wrong, AGENT);
  const crash = wrong.some((w) => (w.rule.then === CRASH_OR_NONE) && crashesRequest(valueAt(rec, w.path)));
  return crash ? { ...f, severity: "error" } : f;
}

function valueAt(v: unknown, path: JsonPath): unknown {
  let cur: any = v;
  for (const k of path) cur = cur === null || typeof cur !== "object" ? undefined : cur[k];
  return cur;
}

interface ReadState {
  entries: Entry[];
  findings: Finding[];
  drift: DriftGuard;
}

/** The records a line holds (a message line itself, a `$set`'s or metadata line's `messages`), with their paths. */
function lineRecords(v: Record<string, any>): { rec: Record<string, any>; base: JsonPath }[] {
  const kind = lineKind(v);
  if (kind === "record") return [{ rec: v, base: [] }];
  const list = kind === "$set" ? v.$set.messages : kind === "metadata" ? v.messages : undefined;
  const base: JsonPath = kind === "$set" ? ["$set", "messages"] : ["messages"];
  if (!Array.isArray(list)) return [];
  const out: { rec: Record<string, any>; base: JsonPath }[] = [];
  list.forEach((r, i) => {
    if (isObject(r)) out.push({ rec: r, base: [...base, i] });
  });
  return out;
}

function checkRecords(st: ReadState, line: number, records: readonly { rec: Record<string, any>; base: JsonPath }[]): void {
  for (const { rec, base } of records) {
    const f = recordFieldFinding(rec, line, base);
    if (f) st.findings.push(f);
    if (typeof rec.type === "string" && !KNOWN_TYPES.has(rec.type)) {
      const d = st.drift.note(rec.type, line, [...base, "type"]);
      if (d) st.findings.push(d);
    }
  }
}

function readLine(st: ReadState, l: SourceLine, prev: string | null): void {
  const v = l.value;
  if (!isObject(v)) return; // reported by the shared line checks
  const kind = lineKind(v);
  if (!kind) {
    st.findings.push(
      shapeFinding("unknown-entry", {
        line: l.line,
        message: `Not a ${AGENT} chat record. The object has no string \`id\` (a message), \`$set\`, \`$rewindTo\` or \`sessionId\` and \`projectHash\` (the session's metadata); ${AGENT} skips the line.`,
      }),
    );
    return;
  }
  st.entries.push({ line: l.line, id: `L${l.line + 1}`, parentId: prev, type: kind === "record" ? (typeof v.type === "string" ? v.type : "(no type)") : kind, raw: v });
  checkRecords(st, l.line, lineRecords(v));
}

export function readGemini(lines: LineList): FormatRead {
  const st: ReadState = { entries: [], findings: [], drift: new DriftGuard(drift) };
  for (const l of lines.held) readLine(st, l, st.entries.length ? st.entries[st.entries.length - 1].id : null);
  return { entries: st.entries, findings: st.findings };
}

/**
 * Appended lines, or a line edited in place, read as the full read reads them: the entry before
 * the first is their parent; a message type the session already has before them is not reported
 * again.
 */
export function readGeminiLinesIn(session: Session, lines: readonly SourceLine[]): FormatRead | null {
  if (documentOf(session.lines)) return null; // a JSON document is read whole
  const first = lines[0]?.line ?? 0;
  const prev = entryBefore(session.entries, first);
  const st: ReadState = { entries: [], findings: [], drift: new DriftGuard(drift) };
  for (const l of lines) {
    // (only a type this reading does not know is reported: a known one needs no look back)
    if (isObject(l.value)) for (const { rec } of lineRecords(l.value)) if (typeof rec.type === "string" && !KNOWN_TYPES.has(rec.type) && seenType(session, rec.type, first)) st.drift.know(rec.type);
    readLine(st, l, st.entries.length ? st.entries[st.entries.length - 1].id : prev ? prev.id : null);
  }
  return { entries: st.entries, findings: st.findings };
}

/** The last of `entries` (file order) on a line before `line`, by binary search. */
function entryBefore(entries: readonly Entry[], line: number): Entry | undefined {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid].line < line) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? entries[lo - 1] : undefined;
}

/** Whether a record of `type` is on a line before `line` (a message line, or inside a `$set` or metadata line). */
function seenType(session: Session, type: string, line: number): boolean {
  if (hasEntryType(session, type, line)) return true;
  for (const e of session.entries) {
    if (e.line >= line) break;
    if (e.type === "$set" || e.type === "metadata") if (lineRecords(e.raw).some((r) => r.rec.type === type)) return true;
  }
  return false;
}

/** A chat of one JSON document (before 0.40): an entry per message of `messages`, every path from the document's root. */
export function readGeminiDocument(doc: DocumentPlaces): FormatRead {
  const root = doc.root;
  const findings: Finding[] = [];
  if (!isObject(root) || !("sessionId" in root)) {
    findings.push(
      shapeFinding("unknown-entry", {
        line: 0,
        message: `Not a ${AGENT} chat document: ${AGENT} loads a chat document only when it is an object with \`sessionId\`, so it resumes nothing of this one.`,
      }),
    );
    return { entries: [], findings };
  }
  if (!Array.isArray(root.messages)) {
    const other = Array.isArray(root.history) ? "history" : undefined;
    findings.push(
      shapeFinding("unknown-entry", {
        line: doc.lineOf(other ? [other] : []),
        path: other ? [other] : undefined,
        message: other
          ? `${AGENT} reads a chat's \`messages\`; this one has \`history\` instead (another tool's shape), so ${AGENT} resumes it with no messages at all.`
          : `${AGENT} chat without \`messages\`: nothing of it is resumed.`,
      }),
    );
    return { entries: [], findings };
  }
  const st: ReadState = { entries: documentEntries(doc), findings, drift: new DriftGuard(drift) };
  st.entries.forEach((e, i) => {
    if (isObject(root.messages[i])) checkRecords(st, e.line, [{ rec: root.messages[i], base: ["messages", i] }]);
  });
  return { entries: st.entries, findings: st.findings };
}

