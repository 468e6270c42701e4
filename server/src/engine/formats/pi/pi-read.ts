/**
 * Reading a pi session file (`SessionManager` load): the header, then entries linked by `id` /
 * `parentId`; v1 files (no ids) get ids by line and their compactions' line indexes fixed up.
 */
import type { LineList } from "../../model/line-list.js";
import { describeJsonType, isObject } from "../../model/parse.js";
import { fieldTypeFinding, shapeFinding, wrongFields } from "../../model/shape-findings.js";
import type { Entry, Finding, Session, Severity, SourceLine } from "../../model/types.js";
import type { FormatRead } from "../profile.js";
import { PI_HEADER_RULES, piFieldRules } from "./pi-field-rules.js";
import { DriftGuard, type DriftWords, hasEntryType } from "../drift.js";

/** How the drift guard names pi's kinds: an entry type pi 1.x does not write is reported once per type. */
const PI_DRIFT: DriftWords = { agent: "pi", kind: "entry type", version: "1.x" };

export const PI_ENTRY_TYPES = new Set([
  "message",
  "thinking_level_change",
  "model_change",
  "compaction",
  "branch_summary",
  "custom",
  "custom_message",
  "label",
  "session_info",
  "usage",
  "context_edit",
]);

/**
 * An agent that writes pi's session files through pi's `SessionManager` or a fork of it (pi
 * itself, OpenClaw, oh-my-pi): its name in findings, the entry types it writes, and a line it
 * writes before the header.
 */
export interface PiDialect {
  readonly agent: string;
  readonly entryTypes: ReadonlySet<string>;
  readonly drift: DriftWords;
  /** A first object the agent writes before the `session` header and reads as nothing (oh-my-pi's title slot). */
  isPreHeader?(value: Record<string, any>): boolean;
  /** What the agent does with a file whose first readable line (0-based `line`) is not the header, when not pi's (`piHeaderNotFirst`). */
  headerNotFirst?(line: number): { message: string; severity?: Severity };
}

/**
 * pi's SessionManager takes the first entry it can parse as the header: anything else and it loads
 * nothing, and on resume writes a new header over the file (badlogic/pi-mono 83378aad
 * packages/coding-agent/src/core/session-manager.ts, loadEntriesFromFile and setSessionFile).
 */
export function piHeaderNotFirst(line: number): { message: string; severity?: Severity } {
  return {
    message:
      `pi would start this session over. The first line it can read (line ${line + 1}) is not the \`session\` header: ` +
      "pi loads nothing from such a file, and when the session is resumed it writes a new header over it, so every entry is lost. " +
      "Keep a copy of the file; the header must be the first line. The entries are shown here as if it were.",
  };
}

export const PI_DIALECT: PiDialect = { agent: "pi", entryTypes: PI_ENTRY_TYPES, drift: PI_DRIFT };

/** The fixed messages of a dialect, made once (a file of 20,000 bad lines holds one string each, not 20,000). */
const fixedWords = new Map<string, { secondHeader: string; noType: string; noRole: string }>();
function wordsOf(agent: string) {
  let w = fixedWords.get(agent);
  if (!w) {
    w = {
      secondHeader: `Second session header is ignored. ${agent} reads only the first \`session\` header.`,
      noType: `Not a session entry. The object has no string \`type\`; ${agent} writes one on every entry.`,
      noRole: `Message without a role is dropped. It has no string \`role\`, so ${agent} leaves it out of the context.`,
    };
    fixedWords.set(agent, w);
  }
  return w;
}

/** What reading a pi file has gathered so far (`readPiLine` continues it line by line). */
export interface PiReadState {
  header: Session["header"];
  entries: Entry[];
  findings: Finding[];
  /** Every parsed entry object in file order, header included (v1 compaction indexes count it). */
  fileEntries: (Entry | "header")[];
  /** The entry types not known to pi reported so far (once per type). */
  drift: DriftGuard;
  dialect: PiDialect;
  /** Objects read so far (the first may be a dialect's pre-header line). */
  objects: number;
}

/** A fresh reading state (`header`: a continued read's, from the session). */
export function piReadState(header?: Session["header"], dialect: PiDialect = PI_DIALECT): PiReadState {
  return { header, entries: [], findings: [], fileEntries: [], drift: new DriftGuard(dialect.drift), dialect, objects: header ? 1 : 0 };
}

/** Whether an entry type is one pi writes. */
export const isPiEntryType = (type: string): boolean => PI_ENTRY_TYPES.has(type);

/**
 * Whether the session's header is one the reading assumed: the first object the agent can read
 * was not the `session` header (`header-not-first`), and the entries were read as if it were.
 */
export const isAssumedHeader = (header: Session["header"]): boolean => header !== undefined && header.raw.type !== "session";

/**
 * Lines appended to a session or edited in place, read as the full read reads them; an entry type
 * pi does not know that the session has before them is not reported again. Null (read in full)
 * when an edit involves such a type: which of its lines is the first then depends on the rest.
 */
export function readPiLinesIn(session: Session, lines: readonly SourceLine[], dialect: PiDialect = PI_DIALECT): FormatRead | null {
  if (isAssumedHeader(session.header)) return null;
  const st = piReadState(session.header, dialect);
  const first = lines[0]?.line ?? 0;
  const last = lines[lines.length - 1]?.line ?? first;
  const entries = session.entries;
  const appended = entries.length === 0 || entries[entries.length - 1].line < first;
  for (const l of lines) {
    const type = isObject(l.value) && typeof l.value.type === "string" ? l.value.type : undefined;
    if (type === undefined || dialect.entryTypes.has(type) || type === "session") continue;
    if (!appended) return null;
    if (hasEntryType(session, type, first)) st.drift.know(type);
  }
  if (!appended) for (const e of entries) if (e.line >= first && e.line <= last && !dialect.entryTypes.has(e.type)) return null;
  for (const l of lines) readPiLine(st, l);
  return { entries: st.entries, findings: st.findings };
}

export function readPi(lines: LineList, dialect: PiDialect = PI_DIALECT): FormatRead {
  const st = piReadState(undefined, dialect);
  for (const l of lines.held) readPiLine(st, l);
  const { header, entries, findings, fileEntries } = st;
  if (header && header.version < 2) {
    // v1 compaction: firstKeptEntryIndex indexes the file's entry array, header included.
    for (const e of entries) {
      if (e.type === "compaction" && typeof e.raw.firstKeptEntryIndex === "number") {
        const target = fileEntries[e.raw.firstKeptEntryIndex];
        const raw = { ...e.raw };
        delete raw.firstKeptEntryIndex;
        if (target && target !== "header") raw.firstKeptEntryId = target.id;
        e.raw = raw;
      }
    }
  }
  return { header, entries, findings };
}

/** Reads one line of a pi file into `st` (the body of `readPi`'s loop). */
export function readPiLine(st: PiReadState, l: SourceLine): void {
  const { entries, findings, fileEntries } = st;
  if (l.value === undefined) return;
  const v = l.value;
  if (!isObject(v)) return; // reported by the shared line checks
  const { agent } = st.dialect;
  const index = st.objects++;
  const isHeader = v.type === "session" && typeof v.id === "string";
  if (!st.header || (isHeader && isAssumedHeader(st.header))) {
    if (isHeader) {
      const version = typeof v.version === "number" ? v.version : 1;
      const assumed = st.header !== undefined;
      st.header = { line: l.line, raw: v, version };
      if (!assumed) fileEntries.push("header");
      const wrong = wrongFields(v, PI_HEADER_RULES);
      if (wrong.length) findings.push(fieldTypeFinding(l.line, wrong, agent));
      return;
    }
    if (index === 0 && st.dialect.isPreHeader?.(v)) return;
    const said = st.dialect.headerNotFirst?.(l.line) ?? piHeaderNotFirst(l.line);
    findings.push(shapeFinding("header-not-first", { line: l.line, path: isObject(v) && "type" in v ? ["type"] : [], message: said.message }, said.severity));
    st.header = { line: l.line, raw: {}, version: 3 };
    fileEntries.push("header");
  } else if (v.type === "session") {
    findings.push(shapeFinding("unknown-entry", {
      line: l.line,
      path: ["type"],
      message: wordsOf(agent).secondHeader,
    }));
    return;
  }
  if (typeof v.type !== "string") {
    findings.push(shapeFinding("unknown-entry", {
      line: l.line,
      message: wordsOf(agent).noType,
    }));
    return;
  }
  const version = st.header.version;
  let id: string;
  let parentId: string | null;
  let syntheticId = false;
  const raw: Record<string, any> = version < 2 ? { ...v } : v;
  if (version < 2) {
    id = `v1:${l.line + 1}`;
    syntheticId = true;
    const prev = entries[entries.length - 1];
    parentId = prev ? prev.id : null;
  } else {
    if (typeof v.id !== "string" || v.id === "") {
      findings.push(shapeFinding("unknown-entry", {
        line: l.line,
        path: ["id"],
        message: `Entry without an id is left out. This \`${v.type}\` entry has no string \`id\`, so ${agent} cannot place it in the session tree.`,
      }));
      return;
    }
    id = v.id;
    parentId = typeof v.parentId === "string" ? v.parentId : null;
  }
  const entry: Entry = { line: l.line, id, parentId, type: v.type, raw, syntheticId: syntheticId || undefined };
  if (version < 3 && v.type === "message" && isObject(v.message) && v.message.role === "hookMessage") {
    entry.raw = { ...v, message: { ...v.message, role: "custom" } };
  }
  entries.push(entry);
  fileEntries.push(entry);
  checkEntryShape(entry, findings, st.drift, st.dialect);
}

function checkEntryShape(e: Entry, findings: Finding[], drift: DriftGuard, dialect: PiDialect): void {
  const v = e.raw;
  const wrong = wrongFields(v, piFieldRules(e.type, v.customType));
  if (wrong.length) findings.push(fieldTypeFinding(e.line, wrong, dialect.agent));
  if (!dialect.entryTypes.has(e.type)) {
    // Format drift: once per type, on its first line; the entry stays in the tree and adds nothing to the context.
    const f = drift.note(e.type, e.line, ["type"]);
    if (f) findings.push(f);
    return;
  }
  if (e.type === "message") {
    if (!isObject(v.message)) {
      findings.push(shapeFinding("unknown-entry", {
        line: e.line,
        path: ["message"],
        message: `Message entry without a message object. Its \`message\` is ${describeJsonType(v.message)}, not an object, so it contributes nothing to the context.`,
      }));
    } else if (typeof v.message.role !== "string") {
      findings.push(shapeFinding("unknown-entry", {
        line: e.line,
        path: ["message"],
        message: wordsOf(dialect.agent).noRole,
      }));
    }
  }
}

