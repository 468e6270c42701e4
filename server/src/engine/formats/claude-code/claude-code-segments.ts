/**
 * What Claude Code sends on resume (the history of claude-code-history.ts, the request of
 * claude-code-request.ts, the messages of claude-code-messages.ts), built in segments of the chain
 * so that the next version of the file builds again only the segments it changes.
 *
 * A segment starts at an assistant line of another response than the assistant line before it
 * (the first one starts the chain) and holds everything up to the next, at least `segmentLines`
 * (several responses on a long chain). Built alone, a segment gives what the whole build gives for its
 * lines when nothing of the build crosses its edges:
 *
 * - no response has assistant lines in two segments (the merges of 5.4 and the thinking rules of
 *   4.2 and 5.5 go by `message.id`);
 * - no call is left without a result in its segment while another segment answers it (4.1 looks
 *   for the result in the whole chain);
 * - no response of the request holds whitespace only (5.5 would then merge user messages across
 *   the whole request) and no call is to a tool whose result ends a turn on purpose (4.4 looks for
 *   it anywhere);
 * - each segment's first line is the first message its part of the request holds (when 4.1 or a
 *   thinking rule drops it, the segment is merged with the one before).
 *
 * What does cross them is given to each: the call ids the segments before sent (5.7 sends an id
 * once), whether an assistant line anywhere holds whitespace only (4.3 then drops such lines and
 * merges user messages in every segment), whether a segment is the last (4.4-4.5 and the new turn's frames apply at the end only;
 * the others get a stand-in next response, which the request leaves out), and the last compact
 * boundary (segments before its own send nothing). When the conditions fail, the chain is one
 * segment: the plain build.
 *
 * `continueSegments` takes a version's segments over for the next: the segments from the first
 * changed line of the chain (and the previous last one) are built again, the others kept with
 * their messages (the same objects, so the stages after it resume); a segment built again keeps
 * the previous messages that came out the same. The counts across segments (the ledger) are
 * changed in place and handed on.
 */
import { partitionPoint } from "../../model/arrays.js";
import { isObject } from "../../model/parse.js";
import { type Msg, sourceLinesOf } from "../../model/types.js";
import { BRIEF_TOOLS, buildHistory, type History, type HistoryDrop } from "./claude-code-history.js";
import { isToolUse, type Item, itemLines, lineItem } from "./claude-code-items.js";
import { itemsToMessages, type RawAt } from "./claude-code-messages.js";
import { buildRequest, type Request, type RequestDrop } from "./claude-code-request.js";
import { isCompactBoundary, type ReadingVersion, type TranscriptLine } from "./claude-code-transcript.js";

/** The history as read from its segments. */
export interface HistoryView {
  readonly items: readonly Item[];
  readonly dropped: ReadonlyMap<number, HistoryDrop>;
  readonly unanswered: History["unanswered"];
  readonly added: History["added"];
}

/** The request as read from its segments. */
export interface RequestView {
  readonly items: readonly Item[];
  readonly dropped: ReadonlyMap<number, RequestDrop>;
  readonly droppedResults: Request["droppedResults"];
  readonly madeUpResults: Request["madeUpResults"];
  readonly droppedCalls: Request["droppedCalls"];
  readonly cutAt?: number;
}

/** What the conditions above read of a segment's lines. */
interface Facts {
  /** `message.id` of its assistant lines, each once. */
  ids: unknown[];
  /** Result ids, each once; calls without a result in the segment, each once. */
  results: unknown[];
  unanswered: unknown[];
  boundary: boolean;
  /** An assistant line of whitespace only (what 4.3 looks for; such a line survives 4.1 and 4.2). */
  whitespace: boolean;
  brief: boolean;
  /** An assistant line whose content is not a list of blocks (where Claude Code may stop, 4.6). */
  nonList: boolean;
}

interface Segment {
  /** Its lines: chain positions [start, end). */
  readonly start: number;
  readonly end: number;
  readonly history: History;
  /** Absent before the segment of the last compact boundary: nothing of it is sent. */
  readonly request?: Request;
  /** The request's drops, or "before-cut" for the lines of a segment before the last boundary's. */
  readonly drops: ReadonlyMap<number, RequestDrop>;
  readonly messages: Msg[];
  readonly facts: Facts;
  /** Call ids its request sends (2.1), in order. */
  readonly sent: unknown[];
  /** Lookups for the drops of the Before column (made on first use). */
  sends?: { lines: Set<number>; results: Set<string> };
}

export interface Segmented {
  readonly version: ReadingVersion;
  /** 4.4-4.5 apply (not when the parent session reads a subagent's file). */
  readonly interruption: boolean;
  readonly chain: readonly TranscriptLine[];
  readonly history: HistoryView;
  readonly request: RequestView;
  /** The request's messages, without the user context and the new prompt. */
  readonly messages: Msg[];
  /** Whether a file line is on the chain (recovered lines included). */
  onChain(line: number): boolean;
  /** Whether a message of the request other than a tool result is made of the line. */
  sendsLine(line: number): boolean;
  /** Whether the request sends the result of `id` from the line. */
  sendsResult(line: number, id: unknown): boolean;
  /** How many segments (1: the plain build). */
  readonly size: number;
  /** Whether an assistant line of the chain has content that is not a list of blocks (claude-code-refusal.ts reads the chain then). */
  readonly holdsNonListAssistant: boolean;
}

/** A stand-in for the next segment's first response: an assistant message the request leaves out. */
const NEXT_RESPONSE: Item = { type: "assistant", raw: { type: "assistant", message: { id: Symbol("next response") } }, pieces: [{ block: { type: "text", text: "(the next response)" }, lines: [], frame: true }], arrayContent: true };

/** The counts across segments that the conditions read, changed as segments come and go. */
class Ledger {
  private readonly idSegs = new Map<unknown, number>();
  private readonly resultSegs = new Map<unknown, number>();
  private readonly unansweredSegs = new Map<unknown, number>();
  private dupIds = 0;
  private conflicts = 0;
  private brief = 0;
  /** Segments with a whitespace-only assistant line (4.3 applies everywhere when there is one). */
  whitespace = 0;
  /** Segments whose request holds a whitespace-only response (5.5): the plain build then. */
  private blankResponses = 0;
  /** The first segment that sends each call id (2.1). */
  readonly firstSent = new Map<unknown, number>();

  count(f: Facts, by: 1 | -1): void {
    for (const id of f.ids) {
      const n = (this.idSegs.get(id) ?? 0) + by;
      if ((n > 1) !== (n - by > 1)) this.dupIds += n > 1 ? 1 : -1;
      setCount(this.idSegs, id, n);
    }
    const touch = (id: unknown, f2: () => void) => {
      const was = (this.resultSegs.get(id) ?? 0) > 0 && (this.unansweredSegs.get(id) ?? 0) > 0;
      f2();
      const is = (this.resultSegs.get(id) ?? 0) > 0 && (this.unansweredSegs.get(id) ?? 0) > 0;
      if (was !== is) this.conflicts += is ? 1 : -1;
    };
    for (const id of f.results) touch(id, () => setCount(this.resultSegs, id, (this.resultSegs.get(id) ?? 0) + by));
    for (const id of f.unanswered) touch(id, () => setCount(this.unansweredSegs, id, (this.unansweredSegs.get(id) ?? 0) + by));
    if (f.whitespace) this.whitespace += by;
    if (f.brief) this.brief += by;
  }

  /** A segment built (1) or taken away (-1): what its request holds. */
  built(s: Segment, by: 1 | -1): void {
    if (s.request?.whitespaceOnly) this.blankResponses += by;
  }

  get valid(): boolean {
    return this.dupIds === 0 && this.conflicts === 0 && this.brief === 0 && this.blankResponses === 0;
  }

  registerSent(k: number, sent: readonly unknown[]): void {
    for (const id of sent) if (!this.firstSent.has(id)) this.firstSent.set(id, k);
  }

  unregisterSent(k: number, sent: readonly unknown[]): void {
    for (const id of sent) if (this.firstSent.get(id) === k) this.firstSent.delete(id);
  }
}

function setCount(m: Map<unknown, number>, k: unknown, n: number): void {
  if (n > 0) m.set(k, n);
  else m.delete(k);
}

const messageIdOf = (tl: TranscriptLine): unknown => (isObject(tl.raw.message) ? tl.raw.message.id : undefined);
const blankText = (b: any) => isObject(b) && b.type === "text" && (b.text === undefined || (typeof b.text === "string" && b.text.trim() === ""));

function factsOf(chain: readonly TranscriptLine[], start: number, end: number): Facts {
  const ids = new Set<unknown>();
  const calls = new Set<unknown>();
  const results = new Set<unknown>();
  let boundary = false;
  let whitespace = false;
  let brief = false;
  let nonList = false;
  for (let i = start; i < end; i++) {
    const tl = chain[i];
    const t = tl.raw.type;
    if (t === "assistant") ids.add(messageIdOf(tl));
    if (isCompactBoundary(tl.raw)) boundary = true;
    if (t !== "user" && t !== "assistant") continue;
    const c = isObject(tl.raw.message) ? tl.raw.message.content : undefined;
    if (t === "assistant" && Array.isArray(c) && c.length > 0 && c.every(blankText)) whitespace = true;
    if (!Array.isArray(c)) {
      if (t === "assistant") nonList = true;
      continue;
    }
    for (const b of c) {
      if (!isObject(b)) continue;
      if (b.type === "tool_use") {
        calls.add(b.id);
        if (BRIEF_TOOLS.has(b.name)) brief = true;
      } else if (b.type === "tool_result") results.add(b.tool_use_id);
    }
  }
  return { ids: [...ids], results: [...results], unanswered: [...calls].filter((id) => !results.has(id)), boundary, whitespace, brief, nonList };
}

/**
 * Lines of the chain a segment holds at least (but the last), for a chain of `n` lines: a segment
 * is built whole, so a small one makes a change cheap and a large one a whole build (each
 * segment's build costs something whatever its size): about the square root of the chain's
 * length, at most 48 (a whole build then costs what the plain one does).
 */
function segmentLines(n: number): number {
  return Math.max(1, Math.min(48, Math.round(Math.sqrt(n))));
}

/** Chain positions from `from` on where a segment starts (`from` first): responses, grouped. */
function segmentStarts(chain: readonly TranscriptLine[], from: number): number[] {
  const out = [from];
  const least = segmentLines(chain.length);
  let id: unknown = chain[from]?.raw.type === "assistant" ? messageIdOf(chain[from]) : NONE;
  for (let i = from + 1; i < chain.length; i++) {
    if (chain[i].raw.type !== "assistant") continue;
    const m = messageIdOf(chain[i]);
    if (id !== NONE && m === id) continue;
    id = m;
    if (i - out[out.length - 1] >= least) out.push(i);
  }
  return out;
}
const NONE = Symbol("no assistant yet");

/** What building a segment needs to know of the build around it. */
interface Around {
  version: ReadingVersion;
  interruption: boolean;
  rawAt: RawAt;
  /** A segment holds a whitespace-only assistant line: 4.3 applies in every one. */
  whitespace: boolean;
  last: boolean;
  /** Whether anything of it is sent (it is not before the last compact boundary's segment). */
  sending: boolean;
  sentBefore?: (id: unknown) => boolean;
}

function buildSegment(chain: readonly TranscriptLine[], start: number, end: number, at: Around, facts: Facts): Segment {
  const items: Item[] = [];
  for (let i = start; i < end; i++) items.push(lineItem(chain[i]));
  const history = buildHistory(items, at.version, { interruption: at.last && at.interruption, whitespaceElsewhere: at.whitespace });
  if (!at.sending) {
    const drops = new Map<number, RequestDrop>();
    for (const it of history.items) for (const l of itemLines(it)) drops.set(l, "before-cut");
    return { start, end, history, drops, messages: [], facts, sent: [] };
  }
  const request = buildRequest(at.last ? history.items : [...history.items, NEXT_RESPONSE], at.version, { sentBefore: at.sentBefore });
  const sent: unknown[] = [];
  if (at.version !== "2.0") for (const it of request.items) if (it.type === "assistant") for (const p of it.pieces) if (isToolUse(p)) sent.push(p.block.id);
  return { start, end, history, request, drops: request.dropped, messages: itemsToMessages(request.items, at.rawAt), facts, sent };
}

/** Whether a segment's request begins with its first line (else it merges with the one before). */
function beginsWithItsLine(s: Segment, chain: readonly TranscriptLine[]): boolean {
  const first = s.request?.items[0];
  return first !== undefined && first.type === "assistant" && first.line === chain[s.start].line;
}

/** The build as segments; `lineCount`: the file's lines. */
export function buildSegments(chain: readonly TranscriptLine[], version: ReadingVersion, interruption: boolean, rawAt: RawAt, lineCount: number): Segmented {
  const starts = segmentStarts(chain, 0);
  const ledger = new Ledger();
  const facts = starts.map((s, k) => factsOf(chain, s, k + 1 < starts.length ? starts[k + 1] : chain.length));
  for (const f of facts) ledger.count(f, 1);
  if (starts.length === 1 || !ledger.valid) return whole(chain, version, interruption, rawAt, lineCount);
  let cut = 0;
  facts.forEach((f, k) => {
    if (f.boundary) cut = k;
  });
  const segs: Segment[] = [];
  const ok = buildFrom(segs, ledger, chain, starts, facts, cut, { version, interruption, rawAt, whitespace: ledger.whitespace > 0 });
  if (!ok) return whole(chain, version, interruption, rawAt, lineCount);
  return assemble({ version, interruption, chain, segs, cut, ledger, lineCount, rawAt });
}

/** The plain build: one segment. */
function whole(chain: readonly TranscriptLine[], version: ReadingVersion, interruption: boolean, rawAt: RawAt, lineCount: number): Segmented {
  const facts = factsOf(chain, 0, chain.length);
  const seg = buildSegment(chain, 0, chain.length, { version, interruption, rawAt, whitespace: false, last: true, sending: true }, facts);
  const ledger = new Ledger();
  ledger.count(facts, 1);
  return assemble({ version, interruption, chain, segs: [seg], cut: 0, ledger, lineCount, rawAt, single: true });
}

/**
 * Builds the segments that start at `starts` (their facts already counted) after `segs`, merging a
 * segment whose request does not begin with its first line into the one before (which may be a
 * kept one: it is taken out and built again). False when a merge reaches the first segment and
 * the conditions fail.
 */
function buildFrom(segs: Segment[], ledger: Ledger, chain: readonly TranscriptLine[], starts: number[], facts: Facts[], cut: number, base: Omit<Around, "last" | "sending" | "sentBefore">): boolean {
  for (let i = 0; i < starts.length; i++) {
    let start = starts[i];
    const end = i + 1 < starts.length ? starts[i + 1] : chain.length;
    let f = facts[i];
    for (;;) {
      const k = segs.length;
      const at: Around = { ...base, last: end === chain.length, sending: k >= cut, sentBefore: (id) => (ledger.firstSent.get(id) ?? Infinity) < k };
      const s = buildSegment(chain, start, end, at, f);
      if (!at.sending || k <= cut || beginsWithItsLine(s, chain)) {
        ledger.registerSent(k, s.sent);
        ledger.built(s, 1);
        segs.push(s);
        break;
      }
      // Merged with the segment before: its facts and sent ids go, the merged ones come.
      const p = segs.pop()!;
      ledger.unregisterSent(k - 1, p.sent);
      ledger.built(p, -1);
      ledger.count(p.facts, -1);
      ledger.count(f, -1);
      start = p.start;
      f = factsOf(chain, start, end);
      ledger.count(f, 1);
      if (!ledger.valid) return false;
    }
  }
  return ledger.valid;
}

interface Parts {
  version: ReadingVersion;
  interruption: boolean;
  chain: readonly TranscriptLine[];
  segs: Segment[];
  cut: number;
  ledger: Ledger;
  lineCount: number;
  rawAt: RawAt;
  single?: boolean;
  /** The line index with the segments before `from` filled in (a copy the caller owns). */
  lineSeg?: Int32Array;
  from?: number;
  messages?: Msg[];
  /** The file lines of the segments this version built again in place of version `base`'s (both sides). */
  changed?: { base: number; lines: number[] };
  /** Which build this is (`changed.base` names the one it continued). */
  id?: number;
  /** The lists this build made (on first use). */
  lists?: Lists;
  /** The previous build's segments and lists, to take the kept segments' part from. */
  carry?: { segs: readonly Segment[]; lists: Lists; cut: number };
}

/** The lists read across the segments. */
interface Lists {
  historyItems?: Item[];
  unanswered?: History["unanswered"];
  requestItems?: Item[];
  droppedResults?: Request["droppedResults"];
  madeUpResults?: Request["madeUpResults"];
  droppedCalls?: Request["droppedCalls"];
}

/**
 * The lists of `segs` joined, taking the part of a segment `prevSegs` holds at the same place
 * (the same object) from `prev` (their lists joined) instead of reading it again.
 */
function carried<T>(prev: readonly T[] | undefined, prevSegs: readonly Segment[], segs: readonly Segment[], of: (s: Segment) => readonly T[] | undefined, start: number): T[] {
  let k = start;
  let at = 0;
  if (prev) for (; k < segs.length && k < prevSegs.length && segs[k] === prevSegs[k]; k++) at += of(segs[k])?.length ?? 0;
  const out = prev && at > 0 ? prev.slice(0, at) : [];
  for (; k < segs.length; k++) {
    const mine = of(segs[k]) ?? [];
    if (prev && k < prevSegs.length && segs[k] === prevSegs[k]) for (let i = 0; i < mine.length; i++) out.push(prev[at + i]);
    else for (const x of mine) out.push(x);
    if (prev && k < prevSegs.length) at += of(prevSegs[k])?.length ?? 0;
  }
  return out;
}

let builds = 0;

/** The file lines of segments `gone` (over `goneChain`) and `made` (over `chain`). */
function linesOf(gone: readonly Segment[], goneChain: readonly TranscriptLine[], made: readonly Segment[], chain: readonly TranscriptLine[]): number[] {
  const out: number[] = [];
  for (const s of gone) for (let i = s.start; i < s.end; i++) out.push(goneChain[i].line);
  for (const s of made) for (let i = s.start; i < s.end; i++) out.push(chain[i].line);
  return out;
}

/** A version's segments, with what the next version needs to continue them. */
interface SegmentedState extends Segmented {
  readonly parts: Parts & { lineSeg: Int32Array };
}

function assemble(p: Parts): SegmentedState {
  const { segs, chain } = p;
  // Each chain line's segment (+1; 0: not on the chain), by file line: the caller's own copy, or made here.
  const lineSeg = p.lineSeg ?? new Int32Array(Math.max(p.lineCount, 1));
  const from = p.from ?? 0;
  for (let k = from; k < segs.length; k++) for (let i = segs[k].start; i < segs[k].end; i++) if (chain[i].line < lineSeg.length) lineSeg[chain[i].line] = k + 1;
  let messages = p.messages;
  if (!messages) {
    messages = [];
    for (const s of segs) for (const m of s.messages) messages.push(m);
  }
  const ls = lineSeg;
  const segAt = (line: number) => (line >= 0 && line < ls.length && ls[line] > 0 ? segs[ls[line] - 1] : undefined);
  const last = segs[segs.length - 1];
  // The lists read across segments, made on first use: from the previous version's where it
  // made them (the kept segments' part of it is taken as it was).
  const lists: Lists = {};
  const prevLists = p.carry;
  const list = <K extends keyof Lists>(key: K, of: (s: Segment) => readonly unknown[] | undefined, fromCut = false): NonNullable<Lists[K]> => {
    let l = lists[key];
    if (!l) {
      const prev = prevLists?.lists[key] as readonly unknown[] | undefined;
      const start = fromCut ? p.cut : 0;
      l = lists[key] = carried(prev, prevLists && prevLists.cut === p.cut ? prevLists.segs : [], segs, of, start) as Lists[K];
    }
    return l!;
  };
  const lookups = (s: Segment) => {
    if (s.sends) return s.sends;
    const lines = new Set<number>();
    const results = new Set<string>();
    for (const m of s.messages) {
      if (m.role === "toolResult") {
        if (m.origin.kind === "entry") results.add(`${m.origin.line}:${String(m.toolCallId)}`);
      } else for (const l of sourceLinesOf(m)) lines.add(l);
    }
    return (s.sends = { lines, results });
  };
  return {
    version: p.version,
    interruption: p.interruption,
    chain,
    messages,
    size: segs.length,
    holdsNonListAssistant: segs.some((s) => s.facts.nonList),
    history: {
      get items() {
        return list("historyItems", (s) => s.history.items);
      },
      dropped: new BySegment((line) => segAt(line)?.history.dropped, segs, (s) => s.history.dropped),
      get unanswered() {
        return list("unanswered", (s) => s.history.unanswered);
      },
      added: last?.history.added ?? [],
    },
    request: {
      get items() {
        return list("requestItems", (s) => s.request?.items, true);
      },
      dropped: new BySegment((line) => segAt(line)?.drops, segs, (s) => s.drops),
      get droppedResults() {
        return list("droppedResults", (s) => s.request?.droppedResults, true);
      },
      get madeUpResults() {
        return list("madeUpResults", (s) => s.request?.madeUpResults, true);
      },
      get droppedCalls() {
        return list("droppedCalls", (s) => s.request?.droppedCalls, true);
      },
      cutAt: segs[p.cut]?.request?.cutAt,
    },
    onChain: (line) => segAt(line) !== undefined,
    sendsLine: (line) => {
      const s = segAt(line);
      return s !== undefined && lookups(s).lines.has(line);
    },
    sendsResult: (line, id) => {
      const s = segAt(line);
      return s !== undefined && lookups(s).results.has(`${line}:${String(id)}`);
    },
    parts: { ...p, lineSeg, messages, id: ++builds, lists, carry: undefined },
  };
}

/** A map of file lines to drops read from the segment that holds each line. */
class BySegment<V> implements ReadonlyMap<number, V> {
  constructor(
    private readonly at: (line: number) => ReadonlyMap<number, V> | undefined,
    private readonly segs: readonly Segment[],
    private readonly of: (s: Segment) => ReadonlyMap<number, V>,
  ) {}
  get(line: number): V | undefined {
    return this.at(line)?.get(line);
  }
  has(line: number): boolean {
    return this.at(line)?.has(line) ?? false;
  }
  get size(): number {
    let n = 0;
    for (const s of this.segs) n += this.of(s).size;
    return n;
  }
  *entries(): MapIterator<[number, V]> {
    for (const s of this.segs) yield* this.of(s).entries();
  }
  *keys(): MapIterator<number> {
    for (const [k] of this.entries()) yield k;
  }
  *values(): MapIterator<V> {
    for (const [, v] of this.entries()) yield v;
  }
  [Symbol.iterator](): MapIterator<[number, V]> {
    return this.entries();
  }
  forEach(f: (v: V, k: number, m: ReadonlyMap<number, V>) => void): void {
    for (const [k, v] of this.entries()) f(v, k, this);
  }
}

/**
 * The segments of `chain`, continued from `prev`'s (the same version and reading): `keep` leading
 * elements of the chain are the previous chain's (an append: the rest is new or made again);
 * `edited`: chain positions whose lines were edited in place (the chain is otherwise the same).
 * The previous version's ledger is taken over. Falls back to `buildSegments`.
 */
export function continueSegments(prev: Segmented, chain: readonly TranscriptLine[], change: { keep: number } | { edited: readonly number[] }, rawAt: RawAt, lineCount: number): Segmented {
  const p = (prev as SegmentedState).parts;
  const full = () => buildSegments(chain, p.version, p.interruption, rawAt, lineCount);
  if (!p || p.single || p.segs.length < 2) return full();
  return "keep" in change ? appended(p, chain, change.keep, rawAt, lineCount) ?? full() : edited(p, chain, change.edited, rawAt, lineCount) ?? full();
}

function segIndexAt(segs: readonly Segment[], pos: number): number {
  // The last segment starting at or before `pos` (the first when none does).
  return Math.max(0, partitionPoint(segs, (s) => s.start <= pos) - 1);
}

function appended(p: Parts & { lineSeg: Int32Array }, chain: readonly TranscriptLine[], keep: number, rawAt: RawAt, lineCount: number): Segmented | null {
  if (keep <= 0) return null;
  const old = p.segs;
  const w = Math.min(segIndexAt(old, keep - 1), old.length - 1);
  // The last boundary's segment made again: build in full (it decides what is sent at all).
  for (let k = w; k < old.length; k++) if (old[k].facts.boundary) return null;
  const ledger = p.ledger;
  const whitespace = ledger.whitespace > 0;
  for (let k = w; k < old.length; k++) {
    ledger.unregisterSent(k, old[k].sent);
    ledger.built(old[k], -1);
    ledger.count(old[k].facts, -1);
  }
  const starts = segmentStarts(chain, old[w].start);
  const facts = starts.map((s, i) => factsOf(chain, s, i + 1 < starts.length ? starts[i + 1] : chain.length));
  for (const f of facts) {
    if (f.boundary) return null;
    ledger.count(f, 1);
  }
  // 4.3 came to apply everywhere, or stopped: every segment is built again.
  if (!ledger.valid || ledger.whitespace > 0 !== whitespace) return null;
  const segs = old.slice(0, w);
  if (!buildFrom(segs, ledger, chain, starts, facts, p.cut, { version: p.version, interruption: p.interruption, rawAt, whitespace })) return null;
  // buildFrom may have merged into kept segments: from the first segment it built.
  let from = 0;
  while (from < segs.length && from < old.length && segs[from] === old[from]) from++;
  const oldByStart = new Map<number, Segment>();
  for (let k = from; k < old.length; k++) oldByStart.set(old[k].start, old[k]);
  for (let k = from; k < segs.length; k++) {
    const was = oldByStart.get(segs[k].start);
    if (was) segs[k] = reuseMessages(segs[k], was);
  }
  let at = 0;
  for (let k = 0; k < from; k++) at += old[k].messages.length;
  const added: Msg[] = [];
  for (let k = from; k < segs.length; k++) for (const m of segs[k].messages) added.push(m);
  const messages = at === p.messages!.length ? p.messages!.concat(added) : p.messages!.slice(0, at).concat(added);
  // Lines of the segments made again no longer name them (the new ones are filled in).
  const lineSeg = new Int32Array(Math.max(lineCount, 1));
  lineSeg.set(p.lineSeg.subarray(0, Math.min(p.lineSeg.length, lineSeg.length)));
  for (let k = from; k < old.length; k++) for (let i = old[k].start; i < old[k].end; i++) if (p.chain[i].line < lineSeg.length) lineSeg[p.chain[i].line] = 0;
  return assemble({ ...p, chain, segs, ledger, lineCount, rawAt, lineSeg, from, messages, single: false, carry: { segs: old, lists: p.lists ?? {}, cut: p.cut }, changed: { base: p.id!, lines: linesOf(old.slice(from), p.chain, segs.slice(from), chain) } });
}

function edited(p: Parts & { lineSeg: Int32Array }, chain: readonly TranscriptLine[], positions: readonly number[], rawAt: RawAt, lineCount: number): Segmented | null {
  if (chain.length !== p.chain.length || lineCount !== p.lineSeg.length) return null;
  const old = p.segs;
  const ks = [...new Set(positions.map((pos) => segIndexAt(old, pos)))].sort((a, b) => a - b);
  const segs = old.slice();
  const ledger = p.ledger;
  const whitespace = ledger.whitespace > 0;
  const facts = ks.map((k) => factsOf(chain, old[k].start, old[k].end));
  ks.forEach((k, i) => {
    ledger.count(old[k].facts, -1);
    ledger.count(facts[i], 1);
  });
  if (ledger.whitespace > 0 !== whitespace) return null;
  for (const [i, k] of ks.entries()) {
    const s = old[k];
    const at: Around = { version: p.version, interruption: p.interruption, rawAt, whitespace, last: k === old.length - 1, sending: k >= p.cut, sentBefore: (id) => (ledger.firstSent.get(id) ?? Infinity) < k };
    const n = buildSegment(chain, s.start, s.end, at, facts[i]);
    ledger.built(s, -1);
    ledger.built(n, 1);
    // The ids it sends are read by the segments after it: they must stay.
    if (n.sent.length !== s.sent.length || n.sent.some((id, i) => id !== s.sent[i])) return null;
    if (at.sending && k > p.cut && !beginsWithItsLine(n, chain)) return null;
    segs[k] = reuseMessages(n, s);
  }
  if (!ledger.valid) return null;
  let messages = p.messages!;
  let offset = 0;
  let k0 = 0;
  for (const k of ks) {
    for (; k0 < k; k0++) offset += old[k0].messages.length;
    if (segs[k].messages === old[k].messages) continue;
    messages = messages.slice(0, offset).concat(segs[k].messages, messages.slice(offset + old[k].messages.length));
    offset += segs[k].messages.length - old[k].messages.length;
  }
  return assemble({ ...p, chain, segs, ledger, lineCount, rawAt, lineSeg: p.lineSeg, messages, single: false, from: segs.length, carry: { segs: old, lists: p.lists ?? {}, cut: p.cut }, changed: { base: p.id!, lines: linesOf(ks.map((k) => old[k]), p.chain, ks.map((k) => segs[k]), chain) } });
}

/**
 * The file lines of the segments `next` built again in place of `prev`'s (both sides), when
 * `next` continued `prev`; undefined when it was built in full.
 */
export function changedLines(prev: Segmented, next: Segmented): readonly number[] | undefined {
  const c = (next as SegmentedState).parts.changed;
  return c && c.base === (prev as SegmentedState).parts.id ? c.lines : undefined;
}

/** `s` with the messages of `was` (the same segment's, a version before) where they came out the same. */
function reuseMessages(s: Segment, was: Segment): Segment {
  let same = s.messages.length === was.messages.length;
  const messages = s.messages.map((m, i) => {
    const o = was.messages[i];
    if (o !== undefined && sameValue(m, o)) return o;
    same = false;
    return m;
  });
  return { ...s, messages: same ? was.messages : messages };
}

/** Deep equality of messages (the same objects inside are not read again). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => sameValue(x, (b as unknown[])[i]));
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameValue((a as any)[k], (b as any)[k]));
}
