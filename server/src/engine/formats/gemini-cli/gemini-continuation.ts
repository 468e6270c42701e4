/**
 * How a Gemini CLI chat's conversation (Before) continues after an append or an edit in place
 * (the format profile's `extendContext` and `editContext` hooks). Before is the messages of the
 * records the loader holds, in their order (gemini-records.ts), each record's messages made from
 * it alone (gemini-messages.ts). So:
 *
 * - a `$set` or metadata line without records changes the metadata only (nothing of Before);
 * - a record line of a new id adds its messages at the end;
 * - a record line of an id the loader holds (the CLI writes a model record again as its calls and
 *   results come in) replaces that record's messages where they are: found by the entry that
 *   holds the record (a line of its own); a record that made no message is placed only when it
 *   is the last one;
 * - a rewind, or a `$set` or metadata line with records, changes what came before: built again.
 *
 * An edited line changes Before only when it holds a record the loader holds (not one a later
 * line of the same id replaced): the record's messages are replaced as above. An edit that
 * changes the kind of a line, a record's id, a rewind's target or the records of a `$set` or
 * metadata line is built again.
 */
import { isObject } from "../../model/parse.js";
import { pushAll, spliceAll } from "../../model/arrays.js";
import type { Entry, Msg } from "../../model/types.js";
import { recordMessages } from "./gemini-messages.js";
import { type GeminiRecord, geminiRecords, heldRecord, lineKind } from "./gemini-records.js";

/** Whether a metadata line or `$set` holds a list of records (which replaces or adds records). */
const recordList = (list: unknown): boolean => Array.isArray(list);
const holdsRecords = (list: unknown): boolean => Array.isArray(list) && list.some((r) => isObject(r) && typeof r.id === "string");

/** The record a line of its own holds. */
const ownRecord = (e: Entry): GeminiRecord => ({ rec: e.raw, line: e.line, base: [], entryId: e.id });

/**
 * Where the messages of `held` are in `msgs` (the messages of records in the loader's order):
 * the run of messages of its entry, or, for the last record, the end (it may have made none).
 * Undefined when they cannot be told apart (a record inside a `$set` or metadata line shares its
 * entry with others) or a record before the last made none.
 */
function placeOf(msgs: readonly Msg[], held: GeminiRecord, last: boolean): { start: number; count: number } | undefined {
  if (held.base.length > 0) return undefined;
  const mine = (m: Msg) => m.origin.kind === "entry" && m.origin.entryId === held.entryId;
  if (last) {
    let start = msgs.length;
    while (start > 0 && mine(msgs[start - 1])) start--;
    return { start, count: msgs.length - start };
  }
  let end = msgs.length;
  while (end > 0 && !mine(msgs[end - 1])) end--;
  if (end === 0) return undefined;
  let start = end;
  while (start > 0 && mine(msgs[start - 1])) start--;
  return { start, count: end - start };
}

export function geminiExtendContext(prevBefore: Msg[], prevBranch: readonly Entry[], tail: readonly Entry[]): Msg[] | null {
  let out: Msg[] | undefined;
  const prevRecords = geminiRecords(prevBranch).records;
  // The records the tail added or replaced, by id, and the id of the last record in the loader's order.
  const added = new Map<string, GeminiRecord>();
  let lastId: string | undefined = prevRecords.length ? prevRecords[prevRecords.length - 1].rec.id : undefined;
  for (const e of tail) {
    const v = e.raw;
    switch (lineKind(v)) {
      case "$rewindTo":
        return null;
      case "$set":
        if (recordList(v.$set.messages)) return null;
        continue;
      case "metadata":
        if (holdsRecords(v.messages)) return null;
        continue;
      case "record": {
        const rec = ownRecord(e);
        const msgs = recordMessages(rec);
        const held = added.get(v.id) ?? heldRecord(prevBranch, v.id);
        out ??= prevBefore.slice();
        added.set(v.id, rec);
        if (!held) {
          pushAll(out, msgs);
          lastId = v.id;
          continue;
        }
        const at = placeOf(out, held, v.id === lastId);
        if (!at) return null;
        spliceAll(out, at.start, at.count, msgs);
        continue;
      }
      default:
        continue;
    }
  }
  return out ?? prevBefore;
}

export function geminiEditContext(prevBefore: Msg[], prevBranch: readonly Entry[], edits: readonly { before: Entry; after: Entry }[]): Msg[] | null {
  let out: Msg[] | undefined;
  const records = geminiRecords(prevBranch).records;
  const lastId: string | undefined = records.length ? records[records.length - 1].rec.id : undefined;
  for (const { before, after } of edits) {
    const a = before.raw;
    const b = after.raw;
    const kind = lineKind(a);
    if (kind !== lineKind(b)) return null;
    if (kind === "$rewindTo") {
      if (a.$rewindTo !== b.$rewindTo) return null;
      continue;
    }
    if (kind === "$set") {
      if (recordList(a.$set.messages) || recordList(b.$set.messages)) return null;
      continue;
    }
    if (kind === "metadata") {
      if (recordList(a.messages) || recordList(b.messages)) return null;
      continue;
    }
    if (kind !== "record" || a.id !== b.id) return null;
    const held = heldRecord(prevBranch, a.id);
    // Not held (a rewind dropped it), or held from a later line: not in Before, before or after the edit.
    if (!held || held.entryId !== before.id) continue;
    out ??= prevBefore.slice();
    const at = placeOf(out, held, a.id === lastId);
    if (!at) return null;
    spliceAll(out, at.start, at.count, recordMessages(ownRecord(after)));
  }
  return out ?? prevBefore;
}
