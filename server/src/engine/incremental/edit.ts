/**
 * Incremental stage 2 for edits (issue 11 item 3): when lines of a pi session are edited in place
 * and only a message's content changes (the common case: a user fixes a text, a tool output, an
 * argument), the session model is the previous one with those entries replaced, and the context
 * is the previous one with their messages replaced. Everything else in the previous analysis keeps
 * its objects, so the stages after it (pruner copies, wire, provider requests) reuse their work
 * up to the first edited message.
 *
 * The fast path is taken only when that equality with a full read holds by construction;
 * otherwise null and the caller reads the session in full. Each changed line must, before and
 * after the edit:
 * - parse to a JSON object (no parse error, not too deep): no line finding either way;
 * - be a `message` entry of a pi session with a header of version 2 or later, with the same id
 *   and parent id, and be the entry the id index holds (not an earlier duplicate);
 * - hold a message object whose role is a string, the same before and after, and neither
 *   `system` (a compaction leaves system messages out) nor `hookMessage` (renamed on read);
 * and no `context_edit` on the branch targets it. The line count is unchanged and every other
 * line is the same (or re-split with the same text and parse).
 *
 * test/unit/incremental-edit.property.test.ts compares with fresh analyses.
 */
import { isObject, type ParsedText } from "../model/parse.js";
import { contextEventMessages, project, readPiLine, type PiReadState, type PiVersion, DEFAULT_PI_VERSION } from "../formats/pi/pi-format.js";
import type { Entry, Msg, Session, SourceLine } from "../model/types.js";
import { sessionCheckpoint, takeIdIndex, type SessionCheckpoint } from "./append.js";
import { remapOccurrences, type OccurrenceIndex } from "../model/occurrence-index.js";

export interface EditedSession {
  session: Session;
  checkpoint: SessionCheckpoint;
  /** Lines the session stage read: the edited ones only. */
  linesRead: number;
  /** Each edited entry, before and after. */
  edits: { before: Entry; after: Entry }[];
}


/** The role of a line that is a message entry of the kind the fast path takes, else undefined. */
function plainMessageRole(l: SourceLine): string | undefined {
  if (l.parseError !== undefined || l.tooDeep || !isObject(l.value)) return undefined;
  const v = l.value;
  if (v.type !== "message" || !isObject(v.message) || typeof v.message.role !== "string") return undefined;
  const role = v.message.role;
  return role === "system" || role === "hookMessage" ? undefined : role;
}

/** The entry on `line` (entries are in file order), or undefined. */
function entryAtLine(entries: readonly Entry[], line: number): Entry | undefined {
  let lo = 0;
  let hi = entries.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const l = entries[mid].line;
    if (l === line) return entries[mid];
    if (l < line) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/**
 * The session of `parsed` continued from `cp` when `parsed` is `cp`'s lines with message content
 * edited in place under the conditions above; null otherwise.
 */
export function editSession(cp: SessionCheckpoint, parsed: ParsedText): EditedSession | null {
  const prev = cp.session;
  const old = cp.lines;
  const lines = parsed.lines;
  if (cp.spent) return null; // its id index went on with another version (append.ts `spent`)
  if (prev.format !== "pi" || !prev.header || prev.header.version < 2 || lines.length !== old.length || lines.length === 0) return null;
  const changed: number[] = [];
  // A line re-split with the same text keeps its parse (patch-lines.ts): not an edit.
  for (let i = 0; i < lines.length; i++) {
    const a = lines[i];
    const b = old[i];
    if (a !== b && !(a.text === b.text && a.eol === b.eol && a.value === b.value && a.parseError === b.parseError)) changed.push(i);
  }
  if (changed.length === 0) return null;
  const last = lines[lines.length - 1];
  if (last.text !== cp.lastText && !changed.includes(lines.length - 1)) return null;

  const edits: { before: Entry; after: Entry }[] = [];
  for (const i of changed) {
    const was = old[i];
    const now = lines[i];
    const role = plainMessageRole(now);
    if (role === undefined || role !== plainMessageRole(was)) return null;
    const before = entryAtLine(prev.entries, i);
    if (!before || before.type !== "message" || prev.byId.get(before.id) !== before) return null;
    const st: PiReadState = { header: prev.header, entries: [], findings: [], fileEntries: [] };
    readPiLine(st, now);
    const after = st.entries[0];
    if (!after || st.entries.length !== 1 || st.findings.length || after.id !== before.id || after.parentId !== before.parentId || after.type !== "message") return null;
    edits.push({ before, after });
  }
  const replaced = new Map(edits.map((e) => [e.before, e.after]));
  for (const e of prev.branch) if (e.type === "context_edit" && edits.some((x) => x.before.id === e.raw.targetId)) return null;

  const swap = (e: Entry) => replaced.get(e) ?? e;
  const byId = takeIdIndex(cp);
  for (const { after } of edits) byId.set(after.id, after);
  const session: Session = {
    format: prev.format,
    lines: parsed.lines,
    header: prev.header,
    entries: prev.entries.map(swap),
    byId,
    leaves: prev.leaves,
    leafId: prev.leafId,
    branch: prev.branch.map(swap),
    findings: prev.findings,
    truncatedLastLine: last.parseError !== undefined && last.eol === "",
  };
  return { session, checkpoint: sessionCheckpoint(session, cp.missingParents), linesRead: changed.length, edits };
}

/**
 * The context (`before`) after `edits`, continued from `prevBefore` (the previous analysis's, same
 * pi version): each edited entry's message, where the context holds it, replaced by the edited
 * entry's. An entry not in the context (off the branch, or before a compaction's kept part) leaves
 * it as it was. Null when an edited entry's messages are not found as one message.
 */
export function editContext(prevBefore: Msg[], edits: readonly { before: Entry; after: Entry }[], piVersion: PiVersion = DEFAULT_PI_VERSION): Msg[] | null {
  const byLine = new Map(edits.map((e) => [e.before.line, e]));
  let out: Msg[] | undefined;
  const found = new Set<number>();
  for (let i = 0; i < prevBefore.length; i++) {
    const o = prevBefore[i].origin;
    if (o.kind !== "entry") continue;
    const e = byLine.get(o.line);
    if (!e || o.entryId !== e.before.id) continue;
    if (found.has(o.line)) return null;
    found.add(o.line);
    const msgs = contextEventMessages(project(e.after), piVersion);
    if (msgs.length !== 1) return null;
    (out ??= prevBefore.slice())[i] = msgs[0];
  }
  return out ?? prevBefore;
}

/**
 * The occurrence index of `before` (an `editContext` result), continued from the previous
 * analysis's: the edited messages swapped in when they call and answer as before; null otherwise.
 */
export function editOccurrences(prev: { before: Msg[]; occurrences: OccurrenceIndex }, before: Msg[]): OccurrenceIndex | null {
  return remapOccurrences(prev.occurrences, prev.before, before);
}
