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
import type { LineList } from "../../model/line-list.js";
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
  const streaming = !whole && bridges && overStreamingSize(list);
  const lines = list.held;
  const byUuid = new Map<unknown, TranscriptLine>();
  const progress = new Map<string, { line: number; bridgedTo: unknown }>();
  let lastMain: { uuid: unknown } | undefined;
  let stoppedAt: number | undefined;
  for (const l of lines) {
    if (!("value" in l) || l.tooDeep || l.parseError !== undefined || l.partOf !== undefined) continue;
    const v = l.value;
    if (v === null) {
      if (!bridges) continue; // 2.0.31 skips it
      stoppedAt = l.line; // reading `.type` of null throws: the lines read so far are kept
      break;
    }
    if (!isObject(v)) continue;
    if (v.type === "progress") {
      if (bridges && typeof v.uuid === "string") {
        const p = v.parentUuid;
        const earlier = p ? progress.get(p as string) : undefined;
        progress.set(v.uuid, { line: l.line, bridgedTo: earlier ? earlier.bridgedTo : p });
      }
      continue;
    }
    if (typeof v.type !== "string" || !TRANSCRIPT_TYPES.has(v.type)) continue;
    if (streaming && isCompactBoundary(v) && !preservedSegment(v)) byUuid.clear();
    const written = v.parentUuid;
    const via = written ? progress.get(written as string) : undefined;
    const tl: TranscriptLine = via ? { line: l.line, raw: v, parent: via.bridgedTo ?? null, viaProgress: via.line } : { line: l.line, raw: v, parent: written };
    byUuid.set(v.uuid, tl);
    if (!v.isSidechain) lastMain = { uuid: v.uuid };
  }
  return { byUuid, lastMain, progress, stoppedAt };
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
  if (!segment) return t.byUuid;
  const out = new Map(t.byUuid);
  const kept = new Set<unknown>();
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
    if (!reached) return t.byUuid; // a broken segment: nothing is re-linked or deleted
    const head = out.get(segment.headUuid);
    if (head) out.set(segment.headUuid, { ...head, parent: segment.anchorUuid });
    for (const [k, tl] of out) if (k !== segment.headUuid && tl.parent === segment.anchorUuid) out.set(k, { ...tl, parent: segment.tailUuid });
  }
  i = 0;
  for (const k of [...out.keys()]) {
    if (i++ >= lastBoundary) break;
    if (!kept.has(k)) out.delete(k);
  }
  return out;
}
