/**
 * What the repairs may do to a Gemini CLI chat. Only JSON Lines: a chat of one JSON document is
 * never repaired (a line-wise edit would break it). Byte-safe and true to what the CLI reads:
 *
 * - a user record that only repeats results its calls' record already keeps (what 0.60 and 0.61
 *   write for every tool turn, and then send twice on resume) may be deleted: the loader then
 *   reads each result once, from the call's record, and nothing the model saw is lost. Not when
 *   another line writes the same record id (the later copy would stay) or a `$rewindTo` names it;
 * - a call without a result may be answered by a user record of a function response, as the CLI
 *   writes one, inserted after the call's line.
 */
import { documentOf } from "../../model/json-document.js";
import { isObject } from "../../model/parse.js";
import type { Entry, Session } from "../../model/types.js";
import { GEMINI_INTERRUPTED_RESULT } from "./gemini-words.js";
import { lineKind } from "./gemini-records.js";

/** The function-response ids of a user record's content, or undefined when it holds any other part. */
function responseIds(v: Record<string, any>): string[] | undefined {
  if (lineKind(v) !== "record" || v.type !== "user" || !Array.isArray(v.content) || v.content.length === 0) return undefined;
  const ids: string[] = [];
  for (const p of v.content) {
    if (!isObject(p) || !isObject(p.functionResponse) || typeof p.functionResponse.id !== "string" || Object.keys(p).length !== 1) return undefined;
    ids.push(p.functionResponse.id);
  }
  return ids;
}

/**
 * Whether the result `id` of the user record on `line` repeats a result its call's record already
 * keeps: the last model record before it with calls has a call of that id with a result, and no
 * model turn comes between them.
 */
export function geminiRepeatedResult(session: Session, line: number, id: string): boolean {
  const at = session.entries.findIndex((e) => e.line === line);
  if (at < 0 || documentOf(session.lines)) return false;
  const v = session.entries[at].raw;
  if (!responseIds(v)?.includes(id)) return false;
  for (let i = at - 1; i >= 0; i--) {
    const e = session.entries[i].raw;
    if (lineKind(e) !== "record") continue;
    if (e.type === "user") continue;
    if (e.type !== "gemini") return false;
    const calls = Array.isArray(e.toolCalls) ? e.toolCalls : [];
    if (calls.length === 0) return false; // a model turn without calls: the results are not its
    return calls.some((c: any) => isObject(c) && c.id === id && c.result !== undefined && c.result !== null && c.result !== "" && !(Array.isArray(c.result) && c.result.length === 0));
  }
  return false;
}

/** The line may go when every result it holds repeats its call's record's, and nothing else names the record. */
export function geminiResultLineRemoval(v: Record<string, any>, id: string, entry: Entry | undefined, session: Session): "delete-line" | null {
  const ids = responseIds(v);
  if (!ids || !ids.includes(id) || !entry) return null;
  if (!ids.every((x) => geminiRepeatedResult(session, entry.line, x))) return null;
  for (const e of session.entries) {
    if (e === entry) continue;
    if (lineKind(e.raw) === "record" && e.raw.id === v.id) return null;
    if (e.raw.$rewindTo === v.id) return null;
  }
  return "delete-line";
}

/** The user record the CLI would write for a call's response, answering it as interrupted. */
export function geminiInterruptedResult(call: { id: string; name?: string }, callLine: Record<string, any>, prev: Entry, newId: string): Record<string, unknown> {
  // The call's record's time (a `$set` line before it has none); no clock is read.
  const time = typeof callLine.timestamp === "string" ? callLine.timestamp : typeof prev.raw.timestamp === "string" ? prev.raw.timestamp : new Date(0).toISOString();
  return {
    id: newId,
    timestamp: time,
    type: "user",
    content: [{ functionResponse: { id: call.id, name: call.name ?? "", response: { error: GEMINI_INTERRUPTED_RESULT } } }],
  };
}
