/**
 * The lines of a Cursor agent transcript (`~/.cursor/projects/<project>/agent-transcripts/<id>/<id>.jsonl`),
 * as the real transcript of the corpus and the public readers show them (docs/research/cursor.md):
 *
 * - a message: `{"role":"user"|"assistant","message":{"content":[…]}}`, the content blocks being
 *   `text` and, in the assistant's, `tool_use` (`name`, `input`: no `id`). Nothing else: no
 *   timestamp, model, usage or tool result on any line. The assistant's thinking is not kept:
 *   a `[REDACTED]` text stands in for it. One response step is one line, so a turn is many
 *   assistant lines in a row;
 * - the end of a turn: `{"type":"turn_ended","status":"success"|"error"|"aborted"}` (an `error`
 *   text beside it in some files).
 */
import { isObject } from "../../model/parse.js";

export const CURSOR_ROLES: ReadonlySet<string> = new Set(["user", "assistant"]);
/** The content block types a message line holds. */
export const CURSOR_BLOCK_TYPES: ReadonlySet<string> = new Set(["text", "tool_use"]);
/** The `type` lines Cursor writes besides its messages. */
export const CURSOR_TYPES: ReadonlySet<string> = new Set(["turn_ended"]);
/** The statuses a `turn_ended` line records. */
export const CURSOR_TURN_STATUSES: ReadonlySet<string> = new Set(["success", "error", "aborted"]);

/** The placeholder Cursor writes where the model's thinking was. */
export const REDACTED = "[REDACTED]";

export type CursorLineKind = "message" | "turn-ended" | "other";

/** What a line is: a message (a role and a `message` object), a `turn_ended` line, or neither. */
export function cursorLineKind(v: Record<string, any>): CursorLineKind {
  if (typeof v.role === "string" && !("type" in v) && isObject(v.message)) return "message";
  if (v.type === "turn_ended") return "turn-ended";
  return "other";
}

/** Whether a parsed line is one only Cursor writes (detection): a message line with nothing but `role` and `message`, or a `turn_ended` line. */
export function isCursorLine(v: Record<string, any>): boolean {
  if (typeof v.role === "string" && CURSOR_ROLES.has(v.role)) {
    const keys = Object.keys(v);
    return keys.length === 2 && isObject(v.message) && Array.isArray(v.message.content);
  }
  return v.type === "turn_ended" && typeof v.status === "string" && !("uuid" in v) && !("sessionId" in v);
}
