/**
 * The transcript as Claude Code loads a session file before it picks a leaf
 * (docs/research/claude-code-resume.md sections 3.1-3.4; 2.0.31: section 8.1):
 *
 * - lines that do not parse are skipped; a line that is JSON `null` stops the reading (2.0.31
 *   skips it instead);
 * - `progress` lines are not kept; a transcript line whose parent is an earlier progress line is
 *   re-parented to that line's nearest non-progress ancestor (2.1; 2.0.31 does not bridge, so
 *   the parent is missing);
 * - transcript lines (`user`, `assistant`, `attachment`, `system`) are kept in a map by `uuid`
 *   with Map semantics: a repeated uuid takes the later line's content at the earlier line's
 *   place; every other type is metadata;
 * - files over 5 MB are read by a variant that forgets everything read before each
 *   `compact_boundary` without `preservedSegment` (3.1, from the code; no recording covers it);
 * - `preservedSegment` of the last compact boundary re-links the kept run under the summary and
 *   deletes everything before the boundary (3.4): `sentTranscript`.
 *
 * Nothing here changes the parsed line objects: the parent Claude Code follows is kept beside
 * them. Linear in the number of lines.
 */
import type { LineList, SourceLine } from "../../model/line-list.js";
import { isObject } from "../../model/parse.js";

/** The Claude Code releases whose readings differ, newest first (the profile's `readingVersions`). */
export const READING_VERSIONS = ["2.1", "2.0"] as const;
export type ReadingVersion = (typeof READING_VERSIONS)[number];

/** The exact releases the readings were taken from (docs/research/claude-code-resume.md). */
export const READING_RELEASES: Readonly<Record<ReadingVersion, string>> = { "2.1": "2.1.112", "2.0": "2.0.31" };

const TRANSCRIPT_TYPES = new Set(["user", "assistant", "attachment", "system"]);

/** 5 MB: larger files are read by the streaming variant (3.1). */
const STREAMING_READ_BYTES = 5_242_880;

export interface TranscriptLine {
  /** 0-based file line holding the content (the later copy of a repeated uuid). */
  readonly line: number;
  /** The line's object as parsed (never changed). */
  readonly raw: Record<string, any>;
  /** The parent Claude Code follows: `parentUuid` after progress bridging (3.2) and the preserved segment's re-link (3.4). */
  readonly parent: unknown;
  /** The 0-based line of the progress line the written `parentUuid` named, when it was bridged (3.2). */
  readonly viaProgress?: number;
}

export interface Transcript {
  /** Transcript lines by uuid (any JSON value, as Claude Code keys its map), in map order. */
  readonly byUuid: Map<unknown, TranscriptLine>;
  /** The uuid of the last non-sidechain transcript line in file order (3.3), when there is one. */
  readonly lastMain?: { uuid: unknown };
  /** Progress lines by uuid: 0-based line and the parent they were bridged to (3.2; empty for 2.0). */
  readonly progress: Map<string, { line: number; bridgedTo: unknown }>;
  /** The 0-based line of the JSON `null` that stopped the reading (2.1), if any. */
  readonly stoppedAt?: number;
}

export function isCompactBoundary(raw: Record<string, any>): boolean {
  return raw.type === "system" && raw.subtype === "compact_boundary";
}

/** The boundary's `compactMetadata.preservedSegment`, when it is an object. */
export function preservedSegment(raw: Record<string, any>): Record<string, any> | undefined {
  const seg = isObject(raw.compactMetadata) ? raw.compactMetadata.preservedSegment : undefined;
  return isObject(seg) ? seg : undefined;
}

/**
 * The transcript as `version` loads it. `whole`: as the small-file path reads it whatever the
 * file's size (the conversation as written; the Before column).
 */
export function loadTranscript(list: LineList, version: ReadingVersion, whole = false): Transcript {
  const bridges = version !== "2.0";
  const load: TranscriptLoad = { byUuid: new Map(), progress: new Map(), bridges, streaming: !whole && bridges && overStreamingSize(list) };
  // Blank lines hold nothing the load reads: only the held lines (numbered as the list has them).
  const held = list.held;
  for (let k = 0; k < held.length; k++) if (readTranscriptLine(load, held[k], list.lineOfHeld(k)) === "stop") break;
  return { byUuid: load.byUuid, lastMain: load.lastMain, progress: load.progress, stoppedAt: load.stoppedAt };
}

/** A load as it goes, line by line (`loadTranscript`; claude-code-transcript-continue.ts goes on with it). */
export interface TranscriptLoad {
  byUuid: Map<unknown, TranscriptLine>;
  progress: Map<string, { line: number; bridgedTo: unknown }>;
  lastMain?: { uuid: unknown };
  stoppedAt?: number;
  /** 2.1: progress lines are bridged and a JSON `null` stops the reading. */
  readonly bridges: boolean;
  /** The variant for files over 5 MB (3.1). */
  readonly streaming: boolean;
}

/** What the line the load reads next is to it (the reading stops at "stop"). */
export type TranscriptLineKind = "skipped" | "stop" | "progress" | "transcript";

/** How the load reads `l`, without reading it. */
export function transcriptLineKind(load: Pick<TranscriptLoad, "bridges">, l: SourceLine): TranscriptLineKind {
  if (!("value" in l) || l.tooDeep || l.parseError !== undefined || l.partOf !== undefined) return "skipped";
  const v = l.value;
  if (v === null) return load.bridges ? "stop" : "skipped"; // 2.0.31 skips it; 2.1 reads `.type` of null and throws
  if (!isObject(v)) return "skipped";
  if (v.type === "progress") return load.bridges && typeof v.uuid === "string" ? "progress" : "skipped";
  return typeof v.type === "string" && TRANSCRIPT_TYPES.has(v.type) ? "transcript" : "skipped";
}

/** Reads one more line into the load (in file order; `line`: its 0-based number); "stop" when the reading stops at it. */
export function readTranscriptLine(load: TranscriptLoad, l: SourceLine, line = l.line): TranscriptLineKind {
  const kind = transcriptLineKind(load, l);
  if (kind === "stop") load.stoppedAt = line; // the lines read so far are kept
  if (kind !== "progress" && kind !== "transcript") return kind;
  const v = l.value as Record<string, any>;
  if (kind === "progress") {
    const p = v.parentUuid;
    const earlier = p ? load.progress.get(p as string) : undefined;
    load.progress.set(v.uuid, { line, bridgedTo: earlier ? earlier.bridgedTo : p });
    return kind;
  }
  if (load.streaming && isCompactBoundary(v) && !preservedSegment(v)) load.byUuid.clear();
  load.byUuid.set(v.uuid, transcriptLine(load, line, v));
  if (!v.isSidechain) load.lastMain = { uuid: v.uuid };
  return kind;
}

/** The transcript line of `v` on `line`, its parent bridged over the progress lines read so far (3.2). */
export function transcriptLine(load: Pick<TranscriptLoad, "progress">, line: number, v: Record<string, any>): TranscriptLine {
  const written = v.parentUuid;
  const via = written ? load.progress.get(written as string) : undefined;
  return via ? { line, raw: v, parent: via.bridgedTo ?? null, viaProgress: via.line } : { line, raw: v, parent: written };
}

/** Whether the file is over 5 MB as written (UTF-8 bytes, line endings included; the BOM is not counted). */
export function overStreamingSize(list: LineList): boolean {
  const chars = list.end;
  if (chars * 3 <= STREAMING_READ_BYTES) return false; // at most 3 bytes per UTF-16 unit
  if (chars > STREAMING_READ_BYTES) return true; // at least 1 byte per UTF-16 unit
  const utf8 = (t: string) => {
    let bytes = 0;
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c < 0x80) bytes += 1;
      else if (c < 0x800) bytes += 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < t.length && (t.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        bytes += 4;
        i++;
      } else bytes += 3;
    }
    return bytes;
  };
  let bytes = 0;
  for (const r of list.runs) bytes += (utf8(r.text) + r.eol.length) * r.count;
  for (const l of list.held) {
    bytes += utf8(l.text) + l.eol.length;
    if (bytes > STREAMING_READ_BYTES) return true;
  }
  return false;
}

/**
 * The map Claude Code 2.1 walks on resume: when the last `compact_boundary` records a
 * `preservedSegment`, the kept run (head to tail, already in the file before the boundary) is
 * re-linked under the summary (the anchor), the lines that hung under the anchor under the tail,
 * and every line before the boundary that is not in the run is deleted (3.4). When an earlier
 * boundary had a segment and the last one does not, lines before the last boundary are deleted.
 * The same map when no boundary has a segment. 2.0.31 ignores the segment.
 */
export function sentTranscript(t: Transcript): Map<unknown, TranscriptLine> {
  return sentMap(t).map;
}

/** How `sentTranscript` re-linked the preserved segment: lines under `anchor` (but `head`) hang under `tail`. */
export interface SegmentRelink {
  readonly head: unknown;
  readonly anchor: unknown;
  readonly tail: unknown;
}

/**
 * `sentTranscript` and what it did: `map` is `t.byUuid` itself when nothing was re-linked or
 * deleted, else a copy; `relink` when the last boundary's segment was re-linked.
 */
export function sentMap(t: Transcript): { map: Map<unknown, TranscriptLine>; relink?: SegmentRelink } {
  let lastBoundary = -1;
  let segmentAt = -1;
  let segment: Record<string, any> | undefined;
  let i = 0;
  for (const tl of t.byUuid.values()) {
    if (isCompactBoundary(tl.raw)) {
      lastBoundary = i;
      const s = preservedSegment(tl.raw);
      if (s) {
        segment = s;
        segmentAt = i;
      }
    }
    i++;
  }
  if (!segment) return { map: t.byUuid };
  const out = new Map(t.byUuid);
  const kept = new Set<unknown>();
  let relink: SegmentRelink | undefined;
  if (segmentAt === lastBoundary) {
    const seen = new Set<unknown>();
    let reached = false;
    let cur = out.get(segment.tailUuid);
    while (cur && !seen.has(cur.raw.uuid)) {
      seen.add(cur.raw.uuid);
      kept.add(cur.raw.uuid);
      if (cur.raw.uuid === segment.headUuid) {
        reached = true;
        break;
      }
      cur = cur.parent ? out.get(cur.parent) : undefined;
    }
    if (!reached) return { map: t.byUuid }; // a broken segment: nothing is re-linked or deleted
    const head = out.get(segment.headUuid);
    if (head) out.set(segment.headUuid, { ...head, parent: segment.anchorUuid });
    for (const [k, tl] of out) if (k !== segment.headUuid && tl.parent === segment.anchorUuid) out.set(k, { ...tl, parent: segment.tailUuid });
    relink = { head: segment.headUuid, anchor: segment.anchorUuid, tail: segment.tailUuid };
  }
  i = 0;
  for (const k of [...out.keys()]) {
    if (i++ >= lastBoundary) break;
    if (!kept.has(k)) out.delete(k);
  }
  return { map: out, relink };
}
