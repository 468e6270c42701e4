/**
 * Claude Code's reading of one version of a session file (claude-code-reading-model.ts), kept as
 * one state object, and continued for the next version of the file instead of read again.
 *
 * Each part is made on first use and kept: the loads of the transcript (the whole file; what each
 * version reads), per version the map it walks, its leaf, chain and recovery and what it sends
 * (claude-code-segments.ts), the conversation (Before), the drops of the After column. When lines
 * were appended or edited in place, `continueState` carries every part the previous version made
 * over to the next: the loads read the appended lines (claude-code-transcript-continue.ts), the
 * leaf index, the walks and the recovery go on from where they were (claude-code-leaf-index.ts,
 * claude-code-chain-continue.ts), the request builds again the segments it has to, the drops look
 * at the messages the change touched (claude-code-resume-dropped.ts). A part that cannot continue
 * is made again on first use, over the continued loads; when a load cannot, everything is.
 *
 * The continued state takes the previous one's maps and indexes over and changes them in place
 * (copying them was the cost of a change on a large session): the previous state is then spent,
 * and anything still asked of it is read again from its own lines. The store continues from the
 * newest version only.
 */
import type { Entry, Msg } from "../../model/types.js";
import type { LineList } from "../../model/line-list.js";
import { entryAtLine } from "../../model/entry-at-line.js";
import type { LineChange } from "../profile.js";
import { isObject } from "../../model/parse.js";
import { sharedPrefix } from "../../model/fold-resume.js";
import { chainFrom, type ChainState, editChain, extendChain } from "./claude-code-chain-continue.js";
import { LeafIndex } from "./claude-code-leaf-index.js";
import { leafAt, parseTime, resumeLeaf, subagentLeaf } from "./claude-code-leaf.js";
import type { RawAt } from "./claude-code-messages.js";
import { RecoveryIndex } from "./claude-code-parallel-recovery.js";
import type { DroppedOnResume, Reading, SentReading } from "./claude-code-reading-model.js";
import { resumeRefusal } from "./claude-code-refusal.js";
import { continueDrops, type Drops, dropsOf } from "./claude-code-resume-dropped.js";
import { buildSegments, changedLines, continueSegments, type Segmented } from "./claude-code-segments.js";
import { type EditedLine, editMap, extendLoad, extendSentMap, type LoadOf, sameShape } from "./claude-code-transcript-continue.js";
import { loadTranscript, overStreamingSize, type ReadingVersion, type SegmentRelink, sentMap, type TranscriptLine } from "./claude-code-transcript.js";


/** One version's reading on resume. */
interface VersionState {
  readonly load: LoadOf;
  /** The map it walks: the load's own, or the preserved segment's re-linked copy. */
  readonly map: Map<unknown, TranscriptLine>;
  readonly relink?: SegmentRelink;
  /** 2.1: its leaf index and the map's recovery index. */
  readonly leafIndex?: LeafIndex;
  readonly index?: RecoveryIndex;
  readonly subagent: boolean;
  readonly chain: ChainState;
  readonly segments?: Segmented;
  readonly sent: SentReading;
}

interface State {
  readonly lines: LineList;
  readonly rawAt: RawAt;
  /** Taken over by the next version: everything is read again from `lines`. */
  spent: boolean;
  over?: boolean;
  whole?: LoadOf;
  /** The recovery index of the whole load's map (shared with 2.1's when it walks that map). */
  wholeIndex?: RecoveryIndex;
  readonly loads: Map<ReadingVersion, LoadOf>;
  readonly versions: Map<ReadingVersion, VersionState>;
  conversation?: ChainState;
  /** Each line's place on the conversation's chain (+1; 0: not on it). */
  positions?: Int32Array;
  branch?: { entries: readonly Entry[]; branch: Entry[]; chain: readonly TranscriptLine[] };
  /** What `alongBranch` picked, by key: the branch, the places of the entries picked, the values. */
  readonly picks: Map<string, Picks>;
  readonly drops: Map<ReadingVersion, Drops>;
  /** What the previous version made, to continue from on first use. */
  previous?: { drops: ReadonlyMap<ReadingVersion, Drops>; segments: ReadonlyMap<ReadingVersion, Segmented | undefined>; branch?: State["branch"]; picks: ReadonlyMap<string, Picks> };
  readonly others: Map<string, SentReading>;
  /** How each part was made: continued from the previous version's, or made from the lines. */
  readonly stages: Map<string, PartStage>;
}

interface Picks {
  readonly branch: readonly Entry[];
  readonly at: readonly number[];
  readonly values: readonly unknown[];
}

/** How a part of the reading was made (`readingStages`). */
export type PartStage = "continued" | "made";

function newState(lines: LineList): State {
  const rawAt: RawAt = (line) => {
    const v = lines.heldAt(line)?.value;
    return isObject(v) ? v : undefined;
  };
  return { lines, rawAt, spent: false, loads: new Map(), versions: new Map(), drops: new Map(), others: new Map(), stages: new Map(), picks: new Map() };
}

const overOf = (st: State) => (st.over ??= overStreamingSize(st.lines));

function wholeOf(st: State): LoadOf {
  return (st.whole ??= { transcript: loadTranscript(st.lines, "2.1", true), bridges: true, streaming: false });
}

function loadOf(st: State, version: ReadingVersion): LoadOf {
  let l = st.loads.get(version);
  if (!l) {
    // The small-file load of 2.1 is the transcript as written: one load serves both columns.
    l = version === "2.0" ? { transcript: loadTranscript(st.lines, "2.0"), bridges: false, streaming: false } : overOf(st) ? { transcript: loadTranscript(st.lines, "2.1"), bridges: true, streaming: true } : wholeOf(st);
    st.loads.set(version, l);
  }
  return l;
}

function recoveryIndexOf(st: State, map: Map<unknown, TranscriptLine>): RecoveryIndex {
  return map === wholeOf(st).transcript.byUuid ? (st.wholeIndex ??= RecoveryIndex.of(map)) : RecoveryIndex.of(map);
}

function versionOf(st: State, version: ReadingVersion): VersionState {
  let vs = st.versions.get(version);
  if (vs) return vs;
  const load = loadOf(st, version);
  const t = load.transcript;
  const { map, relink } = version === "2.1" ? sentMap(t) : { map: t.byUuid, relink: undefined };
  let leafIndex: LeafIndex | undefined;
  let leaf: TranscriptLine | undefined;
  if (version === "2.1") {
    leafIndex = LeafIndex.of(map);
    const l = leafIndex.leaf(t.lastMain);
    leaf = l === "scan" ? resumeLeaf(map, t, version) : l;
  } else leaf = resumeLeaf(map, t, version);
  let subagent = false;
  if (!leaf) {
    // A subagent's own file: every transcript line is a sidechain line.
    const values = [...wholeOf(st).transcript.byUuid.values()];
    if (values.length > 0 && values.every((tl) => tl.raw.isSidechain)) {
      leaf = subagentLeaf(map);
      subagent = leaf !== undefined;
    }
  }
  const index = version === "2.1" ? recoveryIndexOf(st, map) : undefined;
  const chain = chainFrom(map, leaf, version, false, index);
  const segments = chain.chain.length ? buildSegments(chain.chain, version, !subagent, st.rawAt, st.lines.length) : undefined;
  vs = { load, map, relink, leafIndex, index, subagent, chain, segments, sent: sentView(load, map, subagent, chain, segments) };
  st.versions.set(version, vs);
  st.stages.set(`chain ${version}`, "made");
  st.stages.set(`request ${version}`, "made");
  return vs;
}

function sentView(load: LoadOf, map: ReadonlyMap<unknown, TranscriptLine>, subagent: boolean, chain: ChainState, segments: Segmented | undefined): SentReading {
  const base = { version: chain.version, transcript: load.transcript, map, leaf: chain.leaf, subagent, walk: chain.walk, chain: chain.chain, recovered: chain.recovered };
  if (!segments) return { ...base, messages: [], sendsLine: () => false, sendsResult: () => false, onChain: () => false };
  // Where the version stops with an error (4.6): only a chain with an assistant line whose
  // content is not a list can hold one, which the segments note as they read their lines.
  const refusal = subagent || !segments.holdsNonListAssistant ? undefined : resumeRefusal(chain.version, chain.chain, segments.history.items);
  if (refusal) return { ...base, history: segments.history, refusal, messages: [], sendsLine: () => false, sendsResult: () => false, onChain: segments.onChain };
  return { ...base, history: segments.history, request: segments.request, messages: segments.messages, sendsLine: segments.sendsLine, sendsResult: segments.sendsResult, onChain: segments.onChain };
}

function conversationOf(st: State): ChainState {
  if (st.conversation) return st.conversation;
  const c = versionOf(st, "2.1");
  const map = wholeOf(st).transcript.byUuid;
  const leaf = c.chain.leaf ? map.get(c.chain.leaf.raw.uuid) : undefined;
  st.stages.set("conversation", "made");
  return (st.conversation = chainFrom(map, leaf, "2.1", true, leaf ? recoveryIndexOf(st, map) : undefined));
}

function positionOf(st: State, line: number): number | undefined {
  if (!st.positions) {
    const p = new Int32Array(Math.max(st.lines.length, 1));
    conversationOf(st).chain.forEach((tl, i) => {
      if (tl.line < p.length) p[tl.line] = i + 1;
    });
    st.positions = p;
  }
  const v = line >= 0 && line < st.positions.length ? st.positions[line] : 0;
  return v > 0 ? v - 1 : undefined;
}

function branchOf(st: State, entries: readonly Entry[]): Entry[] {
  if (st.branch?.entries === entries) return st.branch.branch;
  const chain = conversationOf(st).chain;
  const prev = st.previous?.branch;
  let out: Entry[];
  if (prev && prev.branch.length === prev.chain.length) {
    // The previous branch where the conversation holds the same line objects (edited lines get new ones).
    out = [];
    for (let i = 0; i < chain.length; i++) {
      const e = i < prev.chain.length && chain[i] === prev.chain[i] ? prev.branch[i] : entryAtLine(entries, chain[i].line);
      if (e) out.push(e);
    }
  } else {
    out = [];
    for (const tl of chain) {
      const e = entryAtLine(entries, tl.line);
      if (e) out.push(e);
    }
  }
  st.branch = { entries, branch: out, chain };
  return out;
}

function alongBranchOf<T>(st: State, branch: readonly Entry[], key: string, pick: (e: Entry) => T | undefined): T[] {
  const memo = st.picks.get(key);
  if (memo?.branch === branch) return memo.values as T[];
  const prev = st.previous?.picks.get(key);
  const at: number[] = [];
  const values: T[] = [];
  const from = (i: number) => {
    for (; i < branch.length; i++) {
      const v = pick(branch[i]);
      if (v === undefined) continue;
      at.push(i);
      values.push(v);
    }
  };
  let done = false;
  if (prev && prev.branch.length <= branch.length && sharedPrefix(prev.branch, branch) === prev.branch.length) {
    // The previous branch went on: its picks, then the new entries'.
    for (let k = 0; k < prev.at.length; k++) {
      at.push(prev.at[k]);
      values.push(prev.values[k] as T);
    }
    from(prev.branch.length);
    done = true;
  } else if (prev && prev.branch.length === branch.length) {
    // The same branch with entries edited in place: their picks again, when they still pick (or not) as before.
    done = true;
    let k = 0;
    for (let i = 0; i < branch.length && done; i++) {
      const had = k < prev.at.length && prev.at[k] === i;
      const v = branch[i] === prev.branch[i] ? (had ? (prev.values[k] as T) : undefined) : pick(branch[i]);
      if ((v !== undefined) !== had) done = false;
      if (had) k++;
      if (v === undefined) continue;
      at.push(i);
      values.push(v);
    }
  }
  if (!done) {
    at.length = 0;
    values.length = 0;
    from(0);
  }
  st.picks.set(key, { branch, at, values });
  return values;
}

function droppedOf(st: State, version: ReadingVersion, before: readonly Msg[], from?: string): DroppedOnResume {
  if (from !== undefined) return dropsOf(before, conversationOf(st).chain, sentFromOf(st, version, from), { position: (line) => positionOf(st, line), rawAt: st.rawAt }).dropped;
  const memo = st.drops.get(version);
  if (memo?.before === before) return memo.dropped;
  const vs = versionOf(st, version);
  const conversation = conversationOf(st).chain;
  const where = { position: (line: number) => positionOf(st, line), rawAt: st.rawAt };
  const prev = st.previous?.drops.get(version);
  const prevSegments = st.previous?.segments.get(version);
  let d: Drops;
  const changed = prev && prevSegments && vs.segments ? (prevSegments === vs.segments ? [] : changedLines(prevSegments, vs.segments)) : undefined;
  if (prev && changed) d = continueDrops(prev, before, conversation, vs.sent, changed, where);
  else d = dropsOf(before, conversation, vs.sent, where);
  st.stages.set(`drops ${version}`, prev && changed && prev.sent.request?.cutAt === vs.sent.request?.cutAt && !prev.sent.refusal && !vs.sent.refusal ? "continued" : "made");
  st.drops.set(version, d);
  if (st.previous) st.previous = { ...st.previous, drops: new Map([...st.previous.drops].filter(([v]) => v !== version)) };
  return d.dropped;
}

function sentFromOf(st: State, version: ReadingVersion, uuid: string): SentReading {
  const key = `${version}|${uuid}`;
  let s = st.others.get(key);
  if (!s) {
    const own = versionOf(st, version);
    const chain = chainFrom(own.map, leafAt(own.map, uuid, version), version, false, own.index);
    const segments = chain.chain.length ? buildSegments(chain.chain, version, !own.subagent, st.rawAt, st.lines.length) : undefined;
    s = sentView(own.load, own.map, own.subagent, chain, segments);
    // One other branch at a time is shown: keep the last few.
    if (st.others.size >= 4) st.others.delete(st.others.keys().next().value!);
    st.others.set(key, s);
  }
  return s;
}

/** A reading over `lines` (the caller's own copy), made part by part on first use. */
export function readingOver(lines: LineList): Reading {
  return readingOfState(newState(lines));
}

const states = new WeakMap<Reading, State>();

function readingOfState(st: State): Reading {
  // Once the next version took the state over, what is still asked is read again from the lines.
  let fresh: State | undefined;
  const live = () => (st.spent ? (fresh ??= newState(st.lines)) : st);
  const reading: Reading = {
    rawAt: st.rawAt,
    get whole() {
      return wholeOf(live()).transcript;
    },
    get leaf() {
      const s = live();
      const c = versionOf(s, "2.1");
      return c.chain.leaf ? wholeOf(s).transcript.byUuid.get(c.chain.leaf.raw.uuid) : undefined;
    },
    get subagent() {
      return versionOf(live(), "2.1").subagent;
    },
    get conversation() {
      return conversationOf(live()).chain;
    },
    get conversationRecovered() {
      return conversationOf(live()).recovered;
    },
    sent: (version) => versionOf(live(), version).sent,
    sentFrom: (version, uuid) => sentFromOf(live(), version, uuid),
    branch: (entries) => branchOf(live(), entries),
    alongBranch: (branch, key, pick) => alongBranchOf(live(), branch, key, pick),
    droppedOnResume: (version, before, from) => droppedOf(live(), version, before, from),
  };
  states.set(reading, st);
  return reading;
}

/**
 * How each part of a reading made so far was made: continued from the previous version's reading
 * or made from the lines ("chain 2.1", "request 2.1", "drops 2.1", "conversation", ...). Tests
 * assert with it that a change continued what it could.
 */
export function readingStages(r: Reading): ReadonlyMap<string, PartStage> {
  return states.get(r)?.stages ?? new Map();
}

/**
 * The reading of `lines` (the caller's own copy) continued from `prev` after `change`; a reading
 * made anew when `prev` was made some other way or was taken over already.
 */
export function continueReading(prev: Reading, lines: LineList, change: LineChange): Reading {
  const p = states.get(prev);
  if (!p || p.spent) return readingOver(lines);
  return readingOfState(continueState(p, lines, change));
}

function continueState(prev: State, lines: LineList, change: LineChange): State {
  prev.spent = true;
  const st = newState(lines);
  st.previous = {
    drops: prev.drops,
    segments: new Map([...prev.versions].map(([v, vs]) => [v, vs.segments])),
    branch: prev.branch,
    picks: prev.picks,
  };
  if (overOf(st) !== overOf(prev)) return st;
  const ok = "append" in change ? appended(prev, st, change.append) : edited(prev, st, change.edited);
  if (!ok) return Object.assign(newState(lines), { previous: undefined });
  return st;
}

/** Carries `prev`'s parts over to `st` after lines from `from` on were appended; false: nothing can be. */
function appended(prev: State, st: State, from: number): boolean {
  // The appended lines that hold something (a blank line is nothing the load reads).
  const added = st.lines.held.slice(st.lines.heldFrom(from));
  const extended = new Map<LoadOf, { load: LoadOf; lines: TranscriptLine[] }>();
  const extend = (l: LoadOf) => {
    let r = extended.get(l);
    if (!r) {
      const e = extendLoad(l, added);
      if (!e) return undefined;
      extended.set(l, (r = e));
    }
    return r;
  };
  if (prev.whole) {
    const r = extend(prev.whole);
    if (!r) return false;
    st.whole = r.load;
  }
  for (const [v, l] of prev.loads) {
    const r = extend(l);
    if (!r) return false;
    st.loads.set(v, r.load);
  }
  const uuids = new Set<unknown>();
  for (const r of extended.values()) for (const tl of r.lines) uuids.add(tl.raw.uuid);
  if (prev.wholeIndex && prev.whole) {
    prev.wholeIndex.add(extended.get(prev.whole)!.lines);
    st.wholeIndex = prev.wholeIndex;
  }
  for (const [v, vs] of prev.versions) {
    const r = extended.get(vs.load)!;
    const own = vs.map === vs.load.transcript.byUuid;
    const mapLines = own ? r.lines : extendSentMap(vs.map, vs.relink, r.lines);
    const index = vs.index;
    if (index && index !== prev.wholeIndex) index.add(mapLines);
    if (v === "2.1" && !vs.leafIndex?.add(mapLines)) continue;
    let leaf: TranscriptLine | undefined;
    if (vs.subagent) {
      // A subagent's file stays one while every line is a sidechain line.
      if (mapLines.some((tl) => !tl.raw.isSidechain)) continue;
      const l = nextSubagentLeaf(vs.chain.leaf, mapLines);
      if (l === "unknown") continue;
      leaf = l;
    } else if (v === "2.1") {
      const l = vs.leafIndex!.leaf(r.load.transcript.lastMain);
      leaf = l === "scan" ? resumeLeaf(vs.map, r.load.transcript, v) : l;
    } else {
      // 2.0.31: the newest main-thread line (appended lines come last in map order: a tie keeps the earlier).
      leaf = vs.chain.leaf;
      let best = leaf ? parseTime(leaf.raw.timestamp) : -Infinity;
      for (const tl of mapLines) {
        if (tl.raw.isSidechain) continue;
        const time = parseTime(tl.raw.timestamp);
        if (time > best) {
          best = time;
          leaf = tl;
        }
      }
    }
    const chain = extendChain(vs.chain, vs.map, leaf, uuids, index);
    if (!chain) continue;
    const segments =
      chain.chain.length === 0 ? undefined : vs.segments ? continueSegments(vs.segments, chain.chain, { keep: sharedPrefix(vs.chain.chain, chain.chain) }, st.rawAt, st.lines.length) : buildSegments(chain.chain, v, !vs.subagent, st.rawAt, st.lines.length);
    st.versions.set(v, { ...vs, load: r.load, index, chain, segments, sent: sentView(r.load, vs.map, vs.subagent, chain, segments) });
    st.stages.set(`chain ${v}`, "continued");
    st.stages.set(`request ${v}`, requestStage(vs.segments, segments));
  }
  const v21 = st.versions.get("2.1");
  if (prev.conversation && v21 && st.whole && st.wholeIndex) {
    const map = st.whole.transcript.byUuid;
    const leaf = v21.chain.leaf ? map.get(v21.chain.leaf.raw.uuid) : undefined;
    const conversation = extendChain(prev.conversation, map, leaf, uuids, st.wholeIndex);
    if (conversation) {
      st.conversation = conversation;
      st.stages.set("conversation", "continued");
      if (prev.positions) st.positions = positionsAfter(prev.positions, prev.conversation.chain, conversation.chain, st.lines.length);
    }
  }
  return true;
}

/** Whether a version's request was continued from the previous version's segments (or kept as it was). */
function requestStage(prev: Segmented | undefined, next: Segmented | undefined): PartStage {
  return prev === next || (prev && next && changedLines(prev, next)) ? "continued" : "made";
}

/**
 * The leaf of a subagent's file (the newest childless user or assistant line, the first on ties)
 * after `added` came after the previous leaf `prev`; "unknown" when the previous leaf got a child
 * and no appended line is newer than it (the older lines would have to be read again).
 */
function nextSubagentLeaf(prev: TranscriptLine | undefined, added: readonly TranscriptLine[]): TranscriptLine | undefined | "unknown" {
  let best = prev;
  let bestTime = prev ? parseTime(prev.raw.timestamp) : -Infinity;
  let lost = false;
  for (const tl of added) {
    if (best && tl.parent === best.raw.uuid) {
      best = undefined;
      lost = true;
    }
    if (tl.raw.type !== "user" && tl.raw.type !== "assistant") continue;
    const time = parseTime(tl.raw.timestamp);
    if (time > bestTime) {
      best = tl;
      bestTime = time;
      lost = false;
    }
  }
  return lost ? "unknown" : best;
}

/** The conversation's line places for `chain`, from the previous chain's (they share a first part). */
function positionsAfter(prev: Int32Array, prevChain: readonly TranscriptLine[], chain: readonly TranscriptLine[], lineCount: number): Int32Array {
  const k = sharedPrefix(prevChain, chain);
  const p = new Int32Array(Math.max(lineCount, 1));
  p.set(prev.subarray(0, Math.min(prev.length, p.length)));
  for (let i = k; i < prevChain.length; i++) if (prevChain[i].line < p.length) p[prevChain[i].line] = 0;
  for (let i = k; i < chain.length; i++) if (chain[i].line < p.length) p[chain[i].line] = i + 1;
  return p;
}

/** Carries `prev`'s parts over to `st` after the lines `edited` changed in place; false: nothing can be. */
function edited(prev: State, st: State, editedLines: readonly number[]): boolean {
  const edits = new Map<number, Record<string, any>>();
  for (const l of editedLines) {
    const a = prev.lines.heldAt(l)?.value;
    const b = st.lines.heldAt(l)?.value;
    if (!sameShape(a, b)) return false;
    edits.set(l, b as Record<string, any>);
  }
  const done = new Map<Map<unknown, TranscriptLine>, EditedLine[]>();
  const edit = (map: Map<unknown, TranscriptLine>) => {
    let u = done.get(map);
    if (!u) done.set(map, (u = editMap(map, edits)));
    return u;
  };
  if (prev.whole) {
    edit(prev.whole.transcript.byUuid);
    st.whole = prev.whole;
  }
  for (const [v, l] of prev.loads) {
    edit(l.transcript.byUuid);
    st.loads.set(v, l);
  }
  st.wholeIndex = prev.wholeIndex;
  for (const [v, vs] of prev.versions) {
    const positions: number[] = [];
    const chain = editChain(vs.chain, vs.map, edit(vs.map), positions);
    const segments = vs.segments && positions.length ? continueSegments(vs.segments, chain.chain, { edited: positions }, st.rawAt, st.lines.length) : vs.segments;
    st.versions.set(v, { ...vs, chain, segments, sent: sentView(vs.load, vs.map, vs.subagent, chain, segments) });
    st.stages.set(`chain ${v}`, "continued");
    st.stages.set(`request ${v}`, requestStage(vs.segments, segments));
  }
  if (prev.conversation && prev.whole) {
    st.conversation = editChain(prev.conversation, prev.whole.transcript.byUuid, edit(prev.whole.transcript.byUuid));
    st.positions = prev.positions;
    st.stages.set("conversation", "continued");
  }
  return true;
}
