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
 * Each part is made on first use and kept. claude-code-format.ts keeps one reading per read of
 * the file, beside its entries (`rememberReading`). Nothing here changes the parsed lines.
 */
import { isObject } from "../../model/parse.js";
import type { Entry, Msg } from "../../model/types.js";
import { LineList } from "../../model/line-list.js";
import { walkChain, type Walk } from "./claude-code-chain.js";
import { buildHistory, type History } from "./claude-code-history.js";
import { lineItem } from "./claude-code-items.js";
import { leafAt, resumeLeaf, subagentLeaf } from "./claude-code-leaf.js";
import { itemsToMessages, type RawAt } from "./claude-code-messages.js";
import { recoverParallel } from "./claude-code-parallel-recovery.js";
import { resumeRefusal, type Refusal } from "./claude-code-refusal.js";
import { buildRequest, type Request } from "./claude-code-request.js";
import { loadTranscript, overStreamingSize, type ReadingVersion, sentTranscript, type Transcript, type TranscriptLine } from "./claude-code-transcript.js";

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
  history?: History;
  /** Where the version stops with an error instead (then there is no request and nothing is sent). */
  refusal?: Refusal;
  request?: Request;
  /** The request's messages, without the user context and the new prompt. */
  messages: Msg[];
}

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
}

export function readClaudeConversation(lines: LineList): Reading {
  const rawAt: RawAt = (line) => {
    const v = lines.heldAt(line)?.value;
    return isObject(v) ? v : undefined;
  };
  let whole: Transcript | undefined;
  const wholeOf = () => (whole ??= loadTranscript(lines, "2.1", true));
  const chains = new Map<ReadingVersion, SentChain>();
  const chainOf = (version: ReadingVersion) => {
    let c = chains.get(version);
    if (!c) chains.set(version, (c = sentChain(lines, version, wholeOf)));
    return c;
  };
  const sents = new Map<ReadingVersion, SentReading>();
  const sentsFrom = new Map<string, SentReading>();
  let conversation: { chain: TranscriptLine[]; recovered: ReadonlySet<TranscriptLine> } | undefined;
  const conversationOf = () => {
    if (conversation) return conversation;
    const c = chainOf("2.1");
    const leaf = c.leaf ? wholeOf().byUuid.get(c.leaf.raw.uuid) : undefined;
    if (!leaf) return (conversation = { chain: [], recovered: new Set() });
    const walk = walkChain(wholeOf().byUuid, leaf, "2.1", true);
    return (conversation = recoverParallel(wholeOf().byUuid, walk.chain));
  };
  return {
    rawAt,
    get whole() {
      return wholeOf();
    },
    get leaf() {
      const c = chainOf("2.1");
      return c.leaf ? wholeOf().byUuid.get(c.leaf.raw.uuid) : undefined;
    },
    get subagent() {
      return chainOf("2.1").subagent;
    },
    get conversation() {
      return conversationOf().chain;
    },
    get conversationRecovered() {
      return conversationOf().recovered;
    },
    sent(version) {
      let s = sents.get(version);
      if (!s) sents.set(version, (s = sentRequest(chainOf(version), rawAt)));
      return s;
    },
    sentFrom(version, uuid) {
      const key = `${version}|${uuid}`;
      let s = sentsFrom.get(key);
      if (!s) {
        const own = chainOf(version);
        s = sentRequest(walkedFrom({ version, transcript: own.transcript, map: own.map, leaf: leafAt(own.map, uuid, version), subagent: own.subagent }), rawAt);
        // One other branch at a time is shown: keep the last few.
        if (sentsFrom.size >= 4) sentsFrom.delete(sentsFrom.keys().next().value!);
        sentsFrom.set(key, s);
      }
      return s;
    },
  };
}

function sentChain(lines: LineList, version: ReadingVersion, whole: () => Transcript): SentChain {
  // The small-file load of 2.1 is the transcript as written: one load serves both columns.
  const transcript = version === "2.0" ? loadTranscript(lines, "2.0") : overStreamingSize(lines) ? loadTranscript(lines, "2.1") : whole();
  const map = version === "2.1" ? sentTranscript(transcript) : transcript.byUuid;
  let leaf = resumeLeaf(map, transcript, version);
  let subagent = false;
  if (!leaf) {
    // A subagent's own file: every transcript line is a sidechain line.
    const values = [...whole().byUuid.values()];
    if (values.length > 0 && values.every((tl) => tl.raw.isSidechain)) {
      leaf = subagentLeaf(map);
      subagent = leaf !== undefined;
    }
  }
  return walkedFrom({ version, transcript, map, leaf, subagent });
}

/** The chain a version walks from `leaf` in its map, with the lines 2.1 brings back (3.7-3.8). */
function walkedFrom(base: Omit<SentChain, "walk" | "chain" | "recovered">): SentChain {
  const { leaf, map, version } = base;
  if (!leaf) return { ...base, chain: [], recovered: new Set() };
  const walk = walkChain(map, leaf, version);
  if (walk.hangs) return { ...base, walk, chain: [], recovered: new Set() };
  const r = version === "2.0" ? { chain: walk.chain, recovered: new Set<TranscriptLine>() } : recoverParallel(map, walk.chain);
  return { ...base, walk, chain: r.chain, recovered: r.recovered };
}

function sentRequest(c: SentChain, rawAt: RawAt): SentReading {
  if (c.chain.length === 0) return { ...c, messages: [] };
  const history = buildHistory(c.chain.map(lineItem), c.version, { interruption: !c.subagent });
  const refusal = c.subagent ? undefined : resumeRefusal(c.version, c.chain, history.items);
  if (refusal) return { ...c, history, refusal, messages: [] };
  const request = buildRequest(history.items, c.version);
  return { ...c, history, request, messages: itemsToMessages(request.items, rawAt) };
}

/** The reading of each read of a file, by the entries array the read returned. */
const readings = new WeakMap<readonly Entry[], Reading>();

/** Keeps the reading of `lines` (made on first use) for the entries a read of them returned. */
export function rememberReading(entries: readonly Entry[], lines: LineList): void {
  // A copy: an editor's document patches its lines in place.
  const own = lines.copy();
  let r: Reading | undefined;
  const lazy = () => (r ??= readClaudeConversation(own));
  readings.set(entries, {
    get rawAt() {
      return lazy().rawAt;
    },
    get whole() {
      return lazy().whole;
    },
    get leaf() {
      return lazy().leaf;
    },
    get subagent() {
      return lazy().subagent;
    },
    get conversation() {
      return lazy().conversation;
    },
    get conversationRecovered() {
      return lazy().conversationRecovered;
    },
    sent: (v) => lazy().sent(v),
    sentFrom: (v, uuid) => lazy().sentFrom(v, uuid),
  });
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
