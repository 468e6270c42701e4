/**
 * Continuing the session stage after an edit in place: when lines are edited and each changed
 * line still holds one entry with the same id, parent and kind (the common case: a user fixes a
 * text, a tool output, an argument), the session model is the previous one with those entries
 * replaced. Everything else in the previous analysis keeps its objects, so the stages after it
 * (the context through the format's `editContext` hook, pruner copies, wire, provider requests)
 * reuse their work up to the first edited entry.
 *
 * The fast path is taken only when that equality with a full read holds by construction;
 * otherwise null and the caller reads the session in full. Each changed line must, before and
 * after the edit, parse to a JSON object with no line finding, and read (the format's
 * `readLinesIn`) as exactly one entry and no finding, with the same id, parent id and type, the
 * entry the id index holds. The line count is unchanged and every other line is the same (or
 * re-split with the same text and parse). A profile with its own walk (`branch`: Claude Code)
 * must name the same leaf and the same branch over the edited entries.
 *
 * test/unit/incremental-edit.property.test.ts compares with fresh analyses.
 */
import { formatProfile, isVariantMark } from "../formats/registry.js";
import type { ContextOptions } from "../formats/profile.js";
import type { ParsedText } from "../model/parse.js";
import type { Entry, Msg, Session, SourceLine } from "../model/types.js";
import { sessionCheckpoint, type SessionCheckpoint } from "./append.js";
import { remapOccurrences, type OccurrenceIndex } from "../model/occurrence-index.js";
import { entryAtLine } from "../model/entry-at-line.js";
import { sameShape } from "../model/line-list.js";
import { documentOf } from "../model/json-document.js";
import { sameItems } from "../model/arrays.js";

export interface EditedSession {
  session: Session;
  checkpoint: SessionCheckpoint;
  /** Lines the session stage read: the edited ones only. */
  linesRead: number;
  /** Each edited entry, before and after. */
  edits: { before: Entry; after: Entry }[];
}


/** The one entry a changed line reads as, with no finding, or undefined. */
function soleEntry(session: Session, l: SourceLine): Entry | undefined {
  if (l.parseError !== undefined || l.tooDeep || l.partOf !== undefined || l.eol === "\r" || typeof l.value !== "object" || l.value === null || Array.isArray(l.value)) return undefined;
  const read = formatProfile(session.format)?.readLinesIn?.(session, [l]);
  if (!read || read.findings.length !== 0 || read.entries.length !== 1) return undefined;
  return read.entries[0];
}

/**
 * The session of `parsed` continued from `cp` when `parsed` is `cp`'s lines with message content
 * edited in place under the conditions above; null otherwise.
 */
export function editSession(cp: SessionCheckpoint, parsed: ParsedText): EditedSession | null {
  const prev = cp.session;
  const old = cp.lines;
  const lines = parsed.lines;
  if (documentOf(prev.lines)) return null; // a JSON document is read whole
  if (!formatProfile(prev.format)?.readLinesIn || lines.length !== old.length || lines.length === 0) return null;
  // An edit of a blank line (to text, or to other whitespace) changes no entry in place: read in full.
  if (!sameShape(lines, old)) return null;
  const changed: number[] = [];
  // A line re-split with the same text keeps its parse (patch-lines.ts): not an edit.
  for (let k = 0; k < lines.held.length; k++) {
    const a = lines.held[k];
    const b = old.held[k];
    if (a !== b && !(a.text === b.text && a.eol === b.eol && a.value === b.value && a.parseError === b.parseError)) changed.push(a.line);
  }
  if (changed.length === 0) return null;
  // an edit that adds or removes the mark telling pi's file from OpenClaw's or oh-my-pi's: read in full
  for (const i of changed) if (isVariantMark(prev.format, lines.heldAt(i)?.value) || isVariantMark(prev.format, old.heldAt(i)?.value)) return null;
  const last = lines.last()!;
  if (last.text !== cp.lastText && !changed.includes(lines.length - 1)) return null;

  const edits: { before: Entry; after: Entry }[] = [];
  for (const i of changed) {
    const before = entryAtLine(prev.entries, i);
    if (!before || prev.byId.get(before.id) !== before) return null;
    const was = soleEntry(prev, old.heldAt(i)!);
    const after = soleEntry(prev, lines.heldAt(i)!);
    if (!was || !after || was.id !== before.id || after.id !== before.id || after.parentId !== before.parentId || after.type !== before.type) return null;
    edits.push({ before, after });
  }
  const replaced = new Map(edits.map((e) => [e.before, e.after]));

  const swap = (e: Entry) => replaced.get(e) ?? e;
  const entries = prev.entries.map(swap);
  const branch = prev.branch.map(swap);
  const profile = formatProfile(prev.format)!;
  profile.continueRead?.(entries, lines, { entries: prev.entries, change: { edited: changed } });
  if (profile.branch) {
    // The agent's own walk may read what was edited (Claude Code: times, message ids, sidechain
    // flags): the edit continues only when the leaf and the branch stay as they were.
    const leaf = profile.leaf(entries);
    if ((leaf ? leaf.id : null) !== prev.leafId || !sameItems(leaf ? profile.branch(entries, leaf) : [], branch)) return null;
  }
  const byId = prev.byId.with(edits.map((e) => e.after));
  const session: Session = {
    format: prev.format,
    lines: parsed.lines,
    header: prev.header,
    entries,
    byId,
    leaves: prev.leaves,
    leafId: prev.leafId,
    branch,
    findings: prev.findings,
    truncatedLastLine: last.parseError !== undefined && last.eol === "",
  };
  return { session, checkpoint: sessionCheckpoint(session, cp.missingParents), linesRead: changed.length, edits };
}


/**
 * The context (`before`) after `edits`, continued from `prevBefore` by the format's `editContext`
 * hook; null when the format has none or an edit changes more than its own message.
 */
export function editContext(format: string, prevBefore: Msg[], prevBranch: readonly Entry[], edits: readonly { before: Entry; after: Entry }[], options: ContextOptions): Msg[] | null {
  return formatProfile(format)?.editContext?.(prevBefore, prevBranch, edits, options) ?? null;
}

/**
 * The occurrence index of `before` (an `editContext` result), continued from the previous
 * analysis's: the edited messages swapped in when they call and answer as before; null otherwise.
 */
export function editOccurrences(prev: { before: Msg[]; occurrences: OccurrenceIndex }, before: Msg[]): OccurrenceIndex | null {
  return remapOccurrences(prev.occurrences, prev.before, before);
}
