/**
 * Claude Code's reading of one session file, per version (docs/research/claude-code-resume.md):
 *
 * - the conversation (the Before column): the leaf Claude Code 2.1 resumes from, the chain walked
 *   from it with the 5 s fallback, through each `compact_boundary` to its `logicalParentUuid` so
 *   the whole conversation shows, and the parallel calls and results brought back (3.8);
 * - what each version sends on resume (the After column): its own load, leaf, walk and recovery,
 *   the history of section 4 and the request of section 5, or nothing where it stops with an
 *   error (4.6, claude-code-refusal.ts).
 *
 * A file no main-thread line can be the leaf of (a subagent's own file, every line `isSidechain`)
 * is not resumable with `--resume`; it is read the way the parent session reads it when it resumes
 * that subagent (section 7: the newest childless line, the same walk and recovery, 4.1-4.3 only).
 *
 * Each part is made on first use and kept (claude-code-reading-state.ts), and continued for the
 * next version of the file after an append or an edit in place. claude-code-format.ts keeps one
 * reading per read of the file, beside its entries (`rememberReading`). Nothing here changes the
 * parsed lines.
 */
import type { Entry } from "../../model/types.js";
import { LineList } from "../../model/line-list.js";
import type { LineChange } from "../profile.js";
import type { Reading } from "./claude-code-reading-model.js";
import { continueReading, readingOver } from "./claude-code-reading-state.js";

export type { DroppedOnResume, Reading, SentChain, SentReading } from "./claude-code-reading-model.js";

/** The reading of `lines` (not copied: the caller does not change them), made part by part on first use. */
export function readClaudeConversation(lines: LineList): Reading {
  return readingOver(lines);
}

/** The reading of each read of a file, by the entries array the read returned. */
const readings = new WeakMap<readonly Entry[], Reading>();

/**
 * Keeps the reading of `lines` (made part by part on first use) for the entries a read of them
 * returned; `previous`: the entries of the version these lines continue and how they changed (an
 * append, an edit in place), whose reading is continued (claude-code-reading-state.ts).
 */
export function rememberReading(entries: readonly Entry[], lines: LineList, previous?: { entries: readonly Entry[]; change: LineChange }): void {
  // A copy: an editor's document patches its lines in place.
  const own = lines.copy();
  const prev = previous ? readings.get(previous.entries) : undefined;
  readings.set(entries, prev && previous ? continueReading(prev, own, previous.change) : readingOver(own));
}

/**
 * The reading kept for these entries; for entries no read returned (a repair's "what if this
 * line were gone"), a reading of the entries' own lines (lines that are no entry, such as a JSON
 * `null`, are then not seen).
 */
export function readingOf(entries: readonly Entry[]): Reading {
  let r = readings.get(entries);
  if (!r) {
    // Each entry's line holds its value; the lines between hold nothing.
    const lines = new LineList();
    for (const e of entries) {
      if (e.line < lines.length) continue;
      while (lines.length < e.line) lines.pushBlank("", "");
      lines.push({ line: e.line, offset: 0, text: "", eol: "", value: e.raw });
    }
    r = readClaudeConversation(lines);
    readings.set(entries, r);
  }
  return r;
}
