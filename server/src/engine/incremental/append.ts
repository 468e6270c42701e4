/**
 * Continuing the session stage after an append: when an agent appends lines to a session, the
 * session model (entries, id index, leaves, active branch, shape findings) is continued from the
 * previous one instead of being read again from every line. The appended lines are read by the
 * format's own continuation hook (`FormatProfile.readLinesIn`), so what comes out is what
 * `sessionFromLines` gives on the new lines; test/unit/incremental-append.property.test.ts checks
 * it on random append sequences.
 *
 * The fast path is taken only when that equality holds by construction; anything else returns
 * null and the caller reads the session in full:
 * - the format reads appended lines alone (its profile's `readLinesIn` says so: a pi file needs
 *   a header of version 2 or later);
 * - every previous line is still there, unchanged (the same parsed line objects, the last one
 *   with the same text and line ending: a line-wise append re-splits it), and lines were added;
 * - no appended entry reuses an id (a duplicate changes which entry the index holds), names an
 *   id some earlier entry was missing as its parent (that would re-attach an old subtree), or
 *   has a parent that is missing or comes later in the file (no new cycle or broken link).
 *
 * A profile with its own walk (`branch`: Claude Code) names the leaf and the branch over all
 * entries, as a full read does, after `continueRead` has kept what it reads beside them; the
 * context continues when the previous branch is a prefix of the new one.
 *
 * The session's findings are the previous ones followed by the appended lines' own; the analysis
 * sorts findings by line (stable), so they come out in the order a full read gives.
 */
import { addsVariantMark, formatProfile, runtimeWords } from "../formats/registry.js";
import type { ParsedText } from "../model/parse.js";
import { pushAll } from "../model/arrays.js";
import { documentOf } from "../model/json-document.js";
import { extendOccurrences, type OccurrenceIndex, resumeOccurrences } from "../model/occurrence-index.js";
import { sharedPrefix } from "../model/fold-resume.js";
import { lineShapeFindings } from "../model/shape-findings.js";
import { pathTo } from "../session/read-session.js";
import type { Entry, Msg, Session } from "../model/types.js";
import { type LineList, samePrefix } from "../model/line-list.js";
import type { ContextOptions } from "../formats/profile.js";

/** What the fast path needs to continue a session: kept beside the analysis of each version. */
export interface SessionCheckpoint {
  session: Session;
  /** The session's lines as they were (a copy: the document's lines are patched in place). */
  lines: LineList;
  lastText: string;
  lastEol: string;
  /** Parent ids that named no entry (a later entry with such an id re-attaches a subtree). */
  missingParents: ReadonlySet<string>;
}

export interface AppendedSession {
  session: Session;
  checkpoint: SessionCheckpoint;
  /** Lines the session stage read: the appended ones only. */
  linesRead: number;
  /**
   * The entries the active branch gained when the append extended it (the previous branch is a
   * prefix of the new one; empty when it did not change); null after a branch switch.
   */
  tail: Entry[] | null;
}

/** A checkpoint of `session` as read from its current lines (one pass over its entries). */
export function sessionCheckpoint(session: Session, missingParents?: ReadonlySet<string>): SessionCheckpoint {
  const last = session.lines.last();
  let missing = missingParents;
  if (!missing) {
    const m = new Set<string>();
    for (const e of session.entries) if (e.parentId !== null && e.parentId !== e.id && !session.byId.has(e.parentId)) m.add(e.parentId);
    missing = m;
  }
  return { session, lines: session.lines.copy(), lastText: last?.text ?? "", lastEol: last?.eol ?? "", missingParents: missing };
}

/**
 * The session of `parsed` continued from `cp`, or null when `parsed` is not `cp`'s lines with
 * lines appended under the conditions above.
 */
export function appendSession(cp: SessionCheckpoint, parsed: ParsedText): AppendedSession | null {
  const prev = cp.session;
  const old = cp.lines;
  const lines = parsed.lines;
  const n = old.length;
  if (documentOf(prev.lines)) return null; // a JSON document is read whole
  const profile = formatProfile(prev.format);
  if (!profile?.readLinesIn || n === 0 || lines.length <= n) return null;
  if (!samePrefix(lines, old, n - 1)) return null;
  const lastOld = lines.at(n - 1)!;
  const oldLast = old.at(n - 1)!;
  if (lastOld.text !== cp.lastText || lastOld.eol !== cp.lastEol || lastOld.line !== n - 1) return null;
  // The line before an append is re-split from the same text: its parse is the previous one.
  if (lastOld.value !== oldLast.value || lastOld.parseError !== oldLast.parseError || lastOld.tooDeep !== oldLast.tooDeep) return null;

  // The appended lines that hold something (blank ones hold no entry and no finding).
  const added = lines.held.slice(lines.heldFrom(n));
  // a pi file whose new lines carry OpenClaw's or oh-my-pi's mark is theirs: read in full
  if (addsVariantMark(prev.format, prev.entries.length + (prev.header ? 1 : 0), added)) return null;
  const read = profile.readLinesIn(prev, added);
  if (!read) return null;
  const findings = lineShapeFindings(added, runtimeWords(prev.format).agent);
  pushAll(findings, read.findings);
  const fresh = read.entries;

  // Check every appended entry first (nothing is made on null).
  const freshIds = new Map<string, Entry>();
  const newParents = new Set<string>();
  for (const e of fresh) {
    if (prev.byId.has(e.id) || freshIds.has(e.id) || cp.missingParents.has(e.id)) return null;
    if (e.parentId !== null && (e.parentId === e.id || !(prev.byId.has(e.parentId) || freshIds.has(e.parentId)))) return null;
    freshIds.set(e.id, e);
    if (e.parentId !== null) newParents.add(e.parentId);
  }
  // A new index: the previous version's reads as it did (model/entry-index.ts).
  const byId = prev.byId.with(fresh);
  // A profile that keeps its reading beside the entries gets an array of its own for them.
  const entries = fresh.length || profile.continueRead ? prev.entries.concat(fresh) : prev.entries;
  profile.continueRead?.(entries, lines, { entries: prev.entries, change: { append: n } });
  const leaves = prev.leaves.filter((id) => !newParents.has(id));
  for (const e of fresh) if (!newParents.has(e.id)) leaves.push(e.id);
  let leaf: Entry | undefined = entries[entries.length - 1];
  let branch = prev.branch;
  let extended: Entry[] | null = [];
  if (profile.branch) {
    // The agent's own walk (Claude Code: the leaf it resumes from, parents bridged by time,
    // parallel lines brought back) may read any line: taken over all entries, as a full read does;
    // the tail is what it adds to the previous branch when that is a prefix of the new one.
    leaf = profile.leaf(entries);
    branch = leaf ? profile.branch(entries, leaf) : [];
    extended = isPrefix(prev.branch, branch) ? branch.slice(prev.branch.length) : null;
  } else if (fresh.length) {
    // Up from the new leaf through appended entries; when that reaches the previous leaf, the
    // branch is the previous one extended (else: a branch switch, walked in full).
    const tail: Entry[] = [];
    let cur: Entry | undefined = leaf;
    while (cur && cur.line >= n) {
      tail.push(cur);
      cur = cur.parentId !== null ? byId.get(cur.parentId) : undefined;
    }
    const prevLeaf = prev.branch[prev.branch.length - 1];
    extended = cur !== undefined && cur === prevLeaf ? tail.reverse() : null;
    branch = extended ? prev.branch.concat(extended) : pathTo(leaf!, byId);
  }
  const last = lines.last()!;
  const session: Session = {
    format: prev.format,
    lines: parsed.lines,
    header: prev.header,
    entries,
    byId,
    leaves,
    leafId: leaf ? leaf.id : null,
    branch,
    findings: findings.length ? prev.findings.concat(findings) : prev.findings,
    truncatedLastLine: last.parseError !== undefined && last.eol === "",
  };
  return { session, checkpoint: sessionCheckpoint(session, cp.missingParents), linesRead: lines.length - n, tail: extended };
}

/** Whether `a` is `b`'s first entries, entry for entry. */
function isPrefix(a: readonly Entry[], b: readonly Entry[]): boolean {
  if (a.length > b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The context (`before`) of a session whose branch `prevBranch` gained `tail`, continued from
 * `prevBefore` by the format's `extendContext` hook; null when the format has none or the tail
 * changes earlier messages (build it in full).
 */
export function appendContext(format: string, prevBefore: Msg[], prevBranch: readonly Entry[], tail: readonly Entry[], options: ContextOptions): Msg[] | null {
  if (tail.length === 0) return prevBefore;
  return formatProfile(format)?.extendContext?.(prevBefore, prevBranch, tail, options) ?? null;
}

/**
 * The occurrence index of `before` (what `appendContext` returns), continued from the previous
 * analysis's: extended when `before` is its context followed by more messages, else resumed from
 * the last assistant message before the first one that changed (a format whose appended line
 * replaces a message: Gemini CLI writes a model record again); null when nothing can be continued.
 */
export function appendOccurrences(prev: { before: Msg[]; occurrences: OccurrenceIndex }, before: Msg[]): OccurrenceIndex | null {
  if (before === prev.before) return prev.occurrences;
  const n = prev.before.length;
  if (before.length >= n && sharedPrefix(prev.before, before) === n) return extendOccurrences(prev.occurrences, before.slice(n));
  return resumeOccurrences(prev.occurrences, prev.before, before);
}
