/**
 * How Gemini CLI 0.61.0 loads a chat file, record by record (its bundle's
 * `loadConversationRecord` and `parseLegacyRecordFallback`, packages/core/src/services/
 * chatRecordingService.ts):
 *
 * - JSON Lines, read line by line; a line that does not parse is skipped silently. Each line is,
 *   in this order of tests: a rewind (`$rewindTo`: a string), a message record (`id`: a string; a
 *   record whose id was seen replaces the earlier one in its place), a metadata update (`$set`: an
 *   object; `$set.messages`, an array, replaces every record, as a compression or a resume writes
 *   it) or the metadata (`sessionId` and `projectHash`, strings; its `messages` are added). A
 *   rewind drops the record it names and every later one, or all of them when the id is not there.
 * - Without `sessionId` and `projectHash` (from the metadata line or a `$set`), the whole file is
 *   parsed as one JSON document, the chat of Gemini CLI before 0.40 (`session-*.json`): an object
 *   with `sessionId`, whose `messages` are taken as they are.
 */
import { isObject } from "../../model/parse.js";
import type { DocumentPlaces, Entry, JsonPath } from "../../model/types.js";
import { sharedPrefix } from "../../model/fold-resume.js";

/** One message record as the loader keeps it: where it is (line, path of the record on that line or in the document) and the record. */
export interface GeminiRecord {
  rec: Record<string, any>;
  line: number;
  base: JsonPath;
  /** The entry that holds it (a message line, a `$set` or metadata line, or a document's message). */
  entryId: string;
}

/** The kind of a JSONL line, in the loader's order of tests (undefined: the loader skips it). */
export type GeminiLineKind = "$rewindTo" | "record" | "$set" | "metadata";

export function lineKind(v: Record<string, any>): GeminiLineKind | undefined {
  if (typeof v.$rewindTo === "string") return "$rewindTo";
  if (typeof v.id === "string") return "record";
  if (isObject(v.$set)) return "$set";
  if (typeof v.sessionId === "string" && typeof v.projectHash === "string") return "metadata";
  return undefined;
}

/** The message types 0.61.0 knows: `user` and `gemini` are sent, `info`, `error` and `warning` shown only. */
export const KNOWN_TYPES: ReadonlySet<string> = new Set(["user", "gemini", "info", "error", "warning"]);

/** An entry's id: its line (`L<n>`, JSON Lines) or its place in the document (`messages/<i>`). */
export const documentEntryId = (i: number): string => `messages/${i}`;

/** The index of a document entry (`messages/<i>`), or undefined for a line's entry. */
export function documentIndex(e: Entry): number | undefined {
  return e.id.startsWith("messages/") ? Number(e.id.slice(9)) : undefined;
}

/** The message records the loader ends up with, whether it can load the file, and the metadata's `kind`. */
export interface GeminiRecords {
  records: GeminiRecord[];
  loaded: boolean;
  kind?: unknown;
}

/**
 * What a JSON Lines reading keeps to be continued by the next version of the branch (an append,
 * a record line edited in place): its branch, its result and the loader's metadata, and each
 * record id's place in `records`. The places are shared along a lineage of continued readings: a
 * continuation only replaces records in their place or adds new ones after the last (a rewind or
 * a `$set` of messages is read in full, with places of its own), so a place a later version added
 * is past the end of an earlier version's records, and `heldRecord` checks the id it finds there.
 */
interface LoaderRun {
  branch: readonly Entry[];
  result: GeminiRecords;
  sessionId: boolean;
  projectHash: boolean;
  places: Map<string, number>;
}

/** Each branch's records (a branch array is never changed once made). */
const memo = new WeakMap<readonly Entry[], GeminiRecords>();
/** The places of a JSON Lines reading's records (see `LoaderRun`). */
const placesOf = new WeakMap<GeminiRecords, Map<string, number>>();
/** The last reading per branch's first entry, to continue (taken out while it is continued). */
const lastRun = new WeakMap<Entry, LoaderRun>();

/**
 * The message records the loader ends up with, in their order, from the branch's entries (JSON
 * Lines: one entry per line; a document: one per message). `loaded` is false when the CLI cannot
 * load the file at all (JSON Lines without `sessionId` and `projectHash`). Once per branch; a
 * branch that extends the last one read over the same first entry, or swaps record lines of the
 * same id in place, continues it.
 */
export function geminiRecords(branch: readonly Entry[]): GeminiRecords {
  if (branch.length > 0 && documentIndex(branch[0]) !== undefined) {
    // A document: `messages` as they are (no record replaces another); its `kind` is the document's (read by the resume).
    return { records: branch.map((e) => ({ rec: e.raw, line: e.line, base: ["messages", documentIndex(e)!], entryId: e.id })), loaded: true };
  }
  const known = memo.get(branch);
  if (known) return known;
  const first = branch[0];
  const run = first ? lastRun.get(first) : undefined;
  if (run) lastRun.delete(first);
  const next = (run && continueRun(run, branch)) ?? readRun(branch);
  if (first) lastRun.set(first, next);
  memo.set(branch, next.result);
  placesOf.set(next.result, next.places);
  return next.result;
}

/** The record of `id` the loader holds after `branch` (its latest line, in its place), or undefined. */
export function heldRecord(branch: readonly Entry[], id: string): GeminiRecord | undefined {
  const read = geminiRecords(branch);
  const { records } = read;
  const places = placesOf.get(read);
  if (!places) return records.find((r) => r.rec.id === id);
  const at = places.get(id);
  return at !== undefined && at < records.length && records[at].rec.id === id ? records[at] : undefined;
}

/** Whether a metadata line or `$set` holds records (`messages`: an array with a record in it). */
const holdsRecords = (list: unknown): boolean => Array.isArray(list) && list.some((r) => isObject(r) && typeof r.id === "string");

/** The loader's reading of every entry of `branch`, with the places of its records. */
function readRun(branch: readonly Entry[]): LoaderRun {
  let kind: unknown;
  const map = new Map<string, GeminiRecord>();
  let sessionId = false;
  let projectHash = false;
  const meta = (o: Record<string, any>) => {
    if ("sessionId" in o) sessionId = typeof o.sessionId === "string" && o.sessionId !== "";
    if ("projectHash" in o) projectHash = typeof o.projectHash === "string" && o.projectHash !== "";
    if ("kind" in o) kind = o.kind;
  };
  const add = (list: unknown, e: Entry, base: JsonPath) => {
    if (!Array.isArray(list)) return;
    list.forEach((r, i) => {
      if (isObject(r) && typeof r.id === "string") map.set(r.id, { rec: r, line: e.line, base: [...base, i], entryId: e.id });
    });
  };
  for (const e of branch) {
    const v = e.raw;
    switch (lineKind(v)) {
      case "$rewindTo": {
        if (!map.has(v.$rewindTo)) {
          map.clear();
          break;
        }
        let found = false;
        for (const id of [...map.keys()]) {
          if (id === v.$rewindTo) found = true;
          if (found) map.delete(id);
        }
        break;
      }
      case "record":
        map.set(v.id, { rec: v, line: e.line, base: [], entryId: e.id });
        break;
      case "$set":
        if (Array.isArray(v.$set.messages)) {
          map.clear();
          add(v.$set.messages, e, ["$set", "messages"]);
        }
        meta(v.$set);
        break;
      case "metadata":
        meta(v);
        add(v.messages, e, ["messages"]);
        break;
    }
  }
  const records = [...map.values()];
  const places = new Map<string, number>();
  records.forEach((r, i) => places.set(r.rec.id, i));
  return { branch, result: { records, loaded: sessionId && projectHash, kind }, sessionId, projectHash, places };
}

/**
 * `run` continued to `branch`, or null (read it in full): `branch` is `run`'s entries followed by
 * lines that add or replace records (one by one) or only change the metadata (a `$set` or
 * metadata line without records); or `run`'s entries with record lines swapped for lines of the
 * same record id (an edit in place: the record changes where that line is the one the loader
 * holds).
 */
function continueRun(run: LoaderRun, branch: readonly Entry[]): LoaderRun | null {
  const old = run.branch;
  const prev = run.result;
  const places = run.places;
  const k = sharedPrefix(old, branch);
  if (k === old.length && k === branch.length) return run;
  let records: GeminiRecord[] | undefined;
  const own = (e: Entry): GeminiRecord => ({ rec: e.raw, line: e.line, base: [], entryId: e.id });
  if (k === old.length) {
    let { sessionId, projectHash } = run;
    let kind = prev.kind;
    const meta = (o: Record<string, any>) => {
      if ("sessionId" in o) sessionId = typeof o.sessionId === "string" && o.sessionId !== "";
      if ("projectHash" in o) projectHash = typeof o.projectHash === "string" && o.projectHash !== "";
      if ("kind" in o) kind = o.kind;
    };
    for (let i = k; i < branch.length; i++) {
      const e = branch[i];
      const v = e.raw;
      switch (lineKind(v)) {
        case "$rewindTo":
          return null;
        case "record": {
          records ??= prev.records.slice();
          const at = places.get(v.id);
          if (at !== undefined && at < records.length && records[at].rec.id === v.id) records[at] = own(e);
          else {
            places.set(v.id, records.length);
            records.push(own(e));
          }
          break;
        }
        case "$set":
          if (Array.isArray(v.$set.messages)) return null;
          meta(v.$set);
          break;
        case "metadata":
          if (holdsRecords(v.messages)) return null;
          meta(v);
          break;
      }
    }
    return { branch, result: { records: records ?? prev.records, loaded: sessionId && projectHash, kind }, sessionId, projectHash, places };
  }
  if (branch.length !== old.length) return null;
  for (let i = k; i < branch.length; i++) {
    const a = old[i];
    const b = branch[i];
    if (a === b) continue;
    if (lineKind(a.raw) !== "record" || lineKind(b.raw) !== "record" || a.raw.id !== b.raw.id || a.line !== b.line || a.id !== b.id) return null;
    const at = places.get(a.raw.id);
    if (at === undefined || at >= prev.records.length) return null;
    const cur = (records ?? prev.records)[at];
    if (cur.rec.id !== a.raw.id) return null;
    // A line the loader no longer holds (a later line of the id replaced it) changes nothing.
    if (cur.entryId !== a.id) continue;
    (records ??= prev.records.slice())[at] = own(b);
  }
  return { branch, result: records ? { records, loaded: prev.loaded, kind: prev.kind } : prev, sessionId: run.sessionId, projectHash: run.projectHash, places };
}

/** The entries of a document chat: one per element of `messages`, at the line where it starts, in order. */
export function documentEntries(doc: DocumentPlaces): Entry[] {
  const root = doc.root;
  if (!isObject(root) || !Array.isArray(root.messages)) return [];
  const entries: Entry[] = [];
  root.messages.forEach((m: unknown, i: number) => {
    const raw = isObject(m) ? m : { value: m };
    entries.push({ line: doc.lineOf(["messages", i]), id: documentEntryId(i), parentId: i > 0 ? documentEntryId(i - 1) : null, type: isObject(m) && typeof m.type === "string" ? m.type : "(no type)", raw });
  });
  return entries;
}

/** Whether a value at a call's or response's `id` or `name` makes the CLI's request builder throw (truthy and not a string: `stripToolCallIdPrefixes`). */
export function crashesRequest(v: unknown): boolean {
  return v !== undefined && v !== null && v !== false && v !== 0 && v !== "" && typeof v !== "string";
}
