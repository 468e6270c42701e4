/**
 * The messages of a Cursor transcript (Before: the conversation as stored). A user line is one
 * user message of its text blocks, shown as written (the first one wrapped in `<timestamp>` and
 * `<user_query>`); an assistant line is one assistant message: its texts, the `[REDACTED]`
 * placeholder of its thinking as a redacted thinking block, and its `tool_use` blocks as tool
 * calls (name and input). Cursor gives a call no id and writes no result, so a call here has no
 * id: the pairing rules (which read calls by id) do not see it, and no result is made up for it.
 * A `turn_ended` line adds no message (its status is a finding of the reading).
 */
import { isObject } from "../../model/parse.js";
import type { Entry, Msg } from "../../model/types.js";
import { CURSOR_ROLES, cursorLineKind, REDACTED } from "./cursor-lines.js";

/** A text block: the text, with a `[REDACTED]` placeholder (the whole text, or its end) as redacted thinking. */
function textBlocks(text: string): any[] {
  if (text.trim() === REDACTED) return [{ type: "thinking", thinking: "", redacted: true }];
  const t = text.trimEnd();
  if (t.endsWith(REDACTED)) {
    const before = t.slice(0, -REDACTED.length).trimEnd();
    return before ? [{ type: "text", text: before }, { type: "thinking", thinking: "", redacted: true }] : [{ type: "thinking", thinking: "", redacted: true }];
  }
  return [{ type: "text", text }];
}

/** The message of one line, or undefined (a `turn_ended` line, an unknown kind, a message without content). */
export function cursorMessage(e: Entry): Msg | undefined {
  const v = e.raw;
  if (cursorLineKind(v) !== "message" || !CURSOR_ROLES.has(v.role) || !Array.isArray(v.message.content)) return undefined;
  const origin = { kind: "entry" as const, line: e.line, entryId: e.id };
  const content: any[] = [];
  for (const b of v.message.content as unknown[]) {
    if (!isObject(b)) continue;
    if (b.type === "text" && typeof b.text === "string") {
      if (v.role === "user") content.push({ type: "text", text: b.text });
      else for (const t of textBlocks(b.text)) content.push(t);
    } else if (b.type === "tool_use" && v.role === "assistant") content.push({ type: "toolCall", name: typeof b.name === "string" ? b.name : "tool", arguments: b.input });
  }
  return { role: v.role, content, origin };
}

/** The conversation of a branch (every line of the file, in order). */
export function buildCursorContext(branch: readonly Entry[]): Msg[] {
  const out: Msg[] = [];
  for (const e of branch) {
    const m = cursorMessage(e);
    if (m) out.push(m);
  }
  return out;
}
