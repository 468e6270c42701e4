/**
 * The conversation a Claude Code branch holds, line by line (the Before column; sidechain groups):
 * user and assistant lines, `isMeta` lines and compact summaries as user messages, attachments as
 * the `<system-reminder>` texts Claude Code renders for them (those that render nothing are left
 * out), `local_command` system lines as user text. One API response streamed over several lines
 * (one `message.id`) is one assistant message, as Claude Code merges it (docs/research/
 * claude-code-resume.md section 5.4): a line joins the latest message of its id reached over
 * assistant and tool-result messages only. Other merges of what is sent (user messages, the
 * `"\n"`, tool results first) belong to the After column (claude-code-request.ts).
 */
import type { Entry, Msg } from "../../model/types.js";
import { attachmentOrigin, attachmentTexts } from "./claude-code-attachments.js";
import { append, isToolResult, type Item, itemMessageId, lineItem, type Piece } from "./claude-code-items.js";
import { itemsToMessages } from "./claude-code-messages.js";

export function buildClaudeContext(branch: readonly Entry[]): Msg[] {
  const rawOf = new Map<number, Record<string, any>>();
  for (const e of branch) rawOf.set(e.line, e.raw);
  return itemsToMessages(conversationItems(branch), (line) => rawOf.get(line));
}

/** The branch's lines as messages, assistant lines of one response merged. */
function conversationItems(branch: readonly Entry[]): Item[] {
  const out: Item[] = [];
  // Assistant messages of the current run by message.id, with the blocks merged into them (in place: linear).
  let run = new Map<unknown, { at: number; pieces?: Piece[] }>();
  const merged: { at: number; pieces?: Piece[] }[] = [];
  for (const e of branch) {
    const v = e.raw;
    if (v.type === "assistant") {
      const it = lineItem({ line: e.line, raw: v });
      const id = itemMessageId(it);
      const into = run.get(id);
      if (into) append((into.pieces ??= [...out[into.at].pieces]), it.pieces);
      else {
        const slot = { at: out.length };
        run.set(id, slot);
        merged.push(slot);
        out.push(it);
      }
      continue;
    }
    let it: Item | undefined;
    if (v.type === "user") it = lineItem({ line: e.line, raw: v });
    else if (v.type === "attachment") {
      const why = attachmentOrigin(v.attachment, e.line);
      const pieces: Piece[] = attachmentTexts(v.attachment, "2.1").map((text) => ({ block: { type: "text", text }, lines: [e.line], synthetic: why }));
      if (pieces.length) it = { type: "user", raw: v, line: e.line, pieces, arrayContent: true };
    } else if (v.type === "system" && v.subtype === "local_command" && typeof v.content === "string")
      it = { type: "user", raw: v, line: e.line, pieces: [{ block: { type: "text", text: v.content }, lines: [e.line], index: 0 }], arrayContent: false };
    if (!it) continue;
    out.push(it);
    if (!(it.arrayContent && it.pieces.some(isToolResult))) run = new Map();
  }
  for (const m of merged) if (m.pieces) out[m.at] = { ...out[m.at], pieces: m.pieces, arrayContent: true };
  return out;
}
