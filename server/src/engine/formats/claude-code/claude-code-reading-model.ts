/**
 * What Claude Code's reading of one session file holds, per version (claude-code-reading.ts makes
 * it, claude-code-reading-state.ts keeps and continues it):
 *
 * - the conversation (the Before column): the leaf Claude Code 2.1 resumes from, the chain walked
 *   from it with the 5 s fallback, through each `compact_boundary` to its `logicalParentUuid` so
 *   the whole conversation shows, and the parallel calls and results brought back (3.8);
 * - what each version sends on resume (the After column): its own load, leaf, walk and recovery,
 *   the history of section 4 and the request of section 5, or nothing where it stops with an
 *   error (4.6, claude-code-refusal.ts).
 */
import type { DropReason } from "../../model/drop-reason.js";
import type { Entry, Msg } from "../../model/types.js";
import type { Walk } from "./claude-code-chain.js";
import type { RawAt } from "./claude-code-messages.js";
import type { Refusal } from "./claude-code-refusal.js";
import type { HistoryView, RequestView } from "./claude-code-segments.js";
import type { ReadingVersion, Transcript, TranscriptLine } from "./claude-code-transcript.js";

/** How one version walks the file on resume. */
export interface SentChain {
  version: ReadingVersion;
  transcript: Transcript;
  /** The map the version walks (after the preserved segment's re-link, 3.4). */
  map: ReadonlyMap<unknown, TranscriptLine>;
  leaf?: TranscriptLine;
  /** Read as the parent session reads a subagent's file (no main-thread leaf). */
  subagent: boolean;
  walk?: Walk;
  /** The chain with the recovered lines (3.8), oldest first. */
  chain: TranscriptLine[];
  recovered: ReadonlySet<TranscriptLine>;
}

/** What one version sends on resume, and how it got there. */
export interface SentReading extends SentChain {
  history?: HistoryView;
  /** Where the version stops with an error instead (then there is no request and nothing is sent). */
  refusal?: Refusal;
  request?: RequestView;
  /** The request's messages, without the user context and the new prompt. */
  messages: Msg[];
  /** Whether a message of the request other than a tool result is made of the line. */
  sendsLine(line: number): boolean;
  /** Whether the request sends the result of `id` from the line. */
  sendsResult(line: number, id: unknown): boolean;
  /** Whether the line is on the chain (recovered lines included). */
  onChain(line: number): boolean;
}

/** The messages of the conversation a version does not send on resume, and why. */
export type DroppedOnResume = { msg: Msg; by: DropReason }[];

export interface Reading {
  readonly rawAt: RawAt;
  /** The transcript as written (the small-file load of 2.1, whatever the size). */
  readonly whole: Transcript;
  /** The line the conversation ends at (2.1's leaf), if any. */
  readonly leaf?: TranscriptLine;
  readonly subagent: boolean;
  /** The chain of the conversation (Before), oldest first. */
  readonly conversation: TranscriptLine[];
  /** Lines of the conversation brought back by 3.8. */
  readonly conversationRecovered: ReadonlySet<TranscriptLine>;
  sent(version: ReadingVersion): SentReading;
  /**
   * What a version sends when it resumes from the line with this uuid instead of its own leaf
   * (another branch of the file shown): the same walk, recovery, history and request from there.
   */
  sentFrom(version: ReadingVersion, uuid: string): SentReading;
  /** The entries of the conversation, oldest first (`entries`: the read's, in file order). */
  branch(entries: readonly Entry[]): Entry[];
  /**
   * `pick` of each entry of `branch` that has one, in order (`key` names `pick`); continued from
   * the previous version's when its branch is a first part of this one or the same with entries
   * edited in place.
   */
  alongBranch<T>(branch: readonly Entry[], key: string, pick: (e: Entry) => T | undefined): T[];
  /**
   * The messages of `before` (the conversation's context) that `version` does not send on resume,
   * and why; `from`: resuming from the line with this uuid (`sentFrom`) instead of its own leaf.
   */
  droppedOnResume(version: ReadingVersion, before: readonly Msg[], from?: string): DroppedOnResume;
}
