/**
 * The engine's one entry for a new version of a document it analysed before: decides whether the
 * change is an append, an edit in place or anything else, continues each stage it can from the
 * previous version (the session model, the context, the occurrence index, the recorded usage;
 * the pruner's sweep, the wire pass and the provider requests resume from their own last runs),
 * and reads the rest in full. The result equals a fresh analysis of the new lines (the
 * incremental property tests compare them); `stages` says which stages continued, so tests can
 * assert that an append did not read the session again.
 */
import type { ParsedText } from "../model/parse.js";
import { type Analysis, analyzeSession, type AnalyzeOptions } from "../pipeline/analyze.js";
import { sessionFromLines } from "../session/read-session.js";
import { appendedUsage, editedUsage } from "../session/recorded-usage.js";
import { appendContext, appendOccurrences, appendSession, sessionCheckpoint, type SessionCheckpoint } from "./append.js";
import { editContext, editOccurrences, editSession } from "./edit.js";

/** Which stages a version continued from the previous one, and which it computed again. */
export interface StageReport {
  session: "read" | "appended" | "edited";
  context: "built" | "extended" | "edited";
  occurrences: "indexed" | "extended" | "remapped";
  usage: "read" | "continued";
  /** Lines the session stage read: all of them, or the appended or edited ones. */
  linesRead: number;
}

/** An analysis with what the next version needs to continue from it. */
export interface ContinuedAnalysis {
  analysis: Analysis;
  /** The session model as read, for the next version (its lines are the document's, patched in place). */
  checkpoint: SessionCheckpoint;
  stages: StageReport;
}

export interface PreviousVersion {
  checkpoint: SessionCheckpoint;
  /** The previous analysis, when it was made with the same options (else only the session continues). */
  analysis?: Analysis;
}

/** The analysis of `parsed` (the document's current lines), continued from `previous` where it can be. */
export function continueAnalysis(parsed: ParsedText, options: AnalyzeOptions, previous?: PreviousVersion): ContinuedAnalysis {
  const appended = previous ? appendSession(previous.checkpoint, parsed) : null;
  const edited = !appended && previous ? editSession(previous.checkpoint, parsed) : null;
  const prev = (appended || edited) && previous?.analysis ? previous.analysis : undefined;
  const session = appended?.session ?? edited?.session ?? sessionFromLines(parsed);
  const checkpoint = appended?.checkpoint ?? edited?.checkpoint ?? sessionCheckpoint(session);
  const contextOptions = { piVersion: options.piVersion };
  const before =
    prev && appended?.tail
      ? appendContext(session.format, prev.before, prev.session.branch, appended.tail, contextOptions)
      : prev && edited
        ? editContext(session.format, prev.before, prev.session.branch, edited.edits, contextOptions)
        : null;
  const occurrences =
    !before || !prev || options.rules === false
      ? undefined
      : appended || before === prev.before
        ? appendOccurrences(prev, before) ?? undefined
        : editOccurrences(prev, before) ?? undefined;
  const usage = !prev
    ? undefined
    : appended
      ? appendedUsage(session.format, prev.usage, parsed.lines.held.slice(parsed.lines.heldFrom(parsed.lines.length - appended.linesRead))) ?? undefined
      : edited
        ? editedUsage(session.format, prev.usage, edited.edits.map((e) => parsed.lines.at(e.after.line)!), edited.edits.map((e) => e.before.raw)) ?? undefined
        : undefined;
  const previousAfter = prev?.sentOccurrences ? { after: prev.after, occurrences: prev.sentOccurrences } : undefined;
  const analysis = analyzeSession(session, before ? { ...options, before, occurrences, usage, previousAfter } : { ...options, usage, previousAfter });
  const stages: StageReport = {
    session: appended ? "appended" : edited ? "edited" : "read",
    context: !before ? "built" : appended ? "extended" : "edited",
    occurrences: !occurrences ? "indexed" : appended || before === prev?.before ? "extended" : "remapped",
    usage: usage ? "continued" : "read",
    linesRead: appended ? appended.linesRead : edited ? edited.linesRead : parsed.lines.length,
  };
  return { analysis, checkpoint, stages };
}
