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

/**
 * The message records the loader ends up with, in their order, from the branch's entries (JSON
 * Lines: one entry per line; a document: one per message). `loaded` is false when the CLI cannot
 * load the file at all (JSON Lines without `sessionId` and `projectHash`).
 */
export function geminiRecords(branch: readonly Entry[]): { records: GeminiRecord[]; loaded: boolean; kind?: unknown } {
  if (branch.length > 0 && documentIndex(branch[0]) !== undefined) {
    // A document: `messages` as they are (no record replaces another); its `kind` is the document's (read by the resume).
    return { records: branch.map((e) => ({ rec: e.raw, line: e.line, base: ["messages", documentIndex(e)!], entryId: e.id })), loaded: true };
  }
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
  return { records: [...map.values()], loaded: sessionId && projectHash, kind };
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
