/**
 * A load of the transcript (claude-code-transcript.ts) continued for the next version of the file
 * instead of read again:
 *
 * - appended lines are read into it as the load would have read them, unless one of them would
 *   change what was read before: a JSON `null` (2.1 stops there), a line whose uuid the map holds
 *   already (it would take the earlier line's place), a compact boundary (it changes the map the
 *   versions walk: the streaming variant forgets what came before, the preserved segment's
 *   re-link looks at the last boundary);
 * - an edited line keeps its place when the edit leaves everything the load and the walks read
 *   as it was (`sameShape`): its object is replaced, its parent kept.
 *
 * The maps are changed in place: the reading state that owns a load hands it on to the next
 * version, never back (claude-code-reading-state.ts). Linear in the changed lines.
 */
import { isObject } from "../../model/parse.js";
import type { SourceLine } from "../../model/line-list.js";
import {
  isCompactBoundary,
  preservedSegment,
  readTranscriptLine,
  type SegmentRelink,
  type Transcript,
  type TranscriptLine,
  type TranscriptLoad,
  transcriptLineKind,
} from "./claude-code-transcript.js";

/** A load and how it was made (the streaming variant, progress bridging). */
export interface LoadOf {
  readonly transcript: Transcript;
  readonly bridges: boolean;
  readonly streaming: boolean;
}

/** The load with `added` read into it, and the transcript lines they made (file order); null: read again. */
export function extendLoad(load: LoadOf, added: readonly SourceLine[]): { load: LoadOf; lines: TranscriptLine[] } | null {
  const t = load.transcript;
  if (t.stoppedAt !== undefined) return { load, lines: [] }; // 2.1 stopped at a null line: nothing after it is read
  const fresh = new Set<unknown>();
  for (const l of added) {
    const kind = transcriptLineKind(load, l);
    if (kind === "stop") return null;
    if (kind !== "transcript") continue;
    const v = l.value as Record<string, any>;
    if (isCompactBoundary(v) || t.byUuid.has(v.uuid) || fresh.has(v.uuid)) return null;
    fresh.add(v.uuid);
  }
  const state: TranscriptLoad = { byUuid: t.byUuid, progress: t.progress, lastMain: t.lastMain, bridges: load.bridges, streaming: load.streaming };
  const lines: TranscriptLine[] = [];
  for (const l of added) if (readTranscriptLine(state, l) === "transcript") lines.push(t.byUuid.get((l.value as Record<string, any>).uuid)!);
  return { load: { ...load, transcript: { byUuid: t.byUuid, progress: t.progress, lastMain: state.lastMain, stoppedAt: undefined } }, lines };
}

/**
 * The lines `added` put in a map `sentTranscript` made from the transcript (a copy when it
 * re-linked or deleted lines), re-linked the same way; returns them as the map holds them.
 */
export function extendSentMap(map: Map<unknown, TranscriptLine>, relink: SegmentRelink | undefined, added: readonly TranscriptLine[]): TranscriptLine[] {
  return added.map((tl) => {
    const put = relink && tl.raw.uuid !== relink.head && tl.parent === relink.anchor ? { ...tl, parent: relink.tail } : tl;
    map.set(tl.raw.uuid, put);
    return put;
  });
}

/**
 * Puts the edited objects of lines in `map` in place of the old ones, keeping each line's parent
 * (the edit left it as it was); `edits` by 0-based line. Returns the uuids replaced.
 */
export function editMap(map: Map<unknown, TranscriptLine>, edits: ReadonlyMap<number, Record<string, any>>): EditedLine[] {
  const out: EditedLine[] = [];
  for (const [line, raw] of edits) {
    const tl = map.get(raw.uuid);
    if (!tl || tl.line !== line) continue; // not read (another line's, forgotten, or not a transcript line)
    map.set(raw.uuid, { ...tl, raw });
    out.push({ uuid: raw.uuid, was: tl });
  }
  return out;
}

/** A line `editMap` replaced: its uuid and the object it replaced. */
export interface EditedLine {
  uuid: unknown;
  was: TranscriptLine;
}

/**
 * Whether an edit of a line from `a` to `b` leaves what the loads, leaves, walks and the parallel
 * recovery read of it as it was: its kind, uuid, parent links, thread, time, response id,
 * whether it holds tool results, and a boundary's preserved segment. The content otherwise may
 * change (what the history and the request make of it is built again).
 */
export function sameShape(a: unknown, b: unknown): boolean {
  if (!isObject(a) || !isObject(b)) return false;
  for (const k of ["type", "subtype", "uuid", "parentUuid", "logicalParentUuid", "isSidechain", "timestamp"]) if (!sameJson(a[k], b[k])) return false;
  if (a.type === "assistant" && !sameJson(isObject(a.message) ? a.message.id : undefined, isObject(b.message) ? b.message.id : undefined)) return false;
  if (holdsResult(a) !== holdsResult(b)) return false;
  return !isCompactBoundary(a) || sameJson(preservedSegment(a), preservedSegment(b));
}

function holdsResult(v: Record<string, any>): boolean {
  const c = isObject(v.message) ? v.message.content : undefined;
  return Array.isArray(c) && c.some((x: unknown) => isObject(x) && x.type === "tool_result");
}

/** Equality of JSON values (objects key by key, in any order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => sameJson(x, (b as unknown[])[i]));
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson((a as any)[k], (b as any)[k]));
}
