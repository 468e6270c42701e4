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
import { isObject } from "../../model/parse.js";
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
    const it = otherItem(e);
    if (!it) continue;
    out.push(it);
    if (endsRun(it)) run = new Map();
  }
  for (const m of merged) if (m.pieces) out[m.at] = { ...out[m.at], pieces: m.pieces, arrayContent: true };
  return out;
}

/** The message a line other than an assistant line makes of the conversation, if any. */
function otherItem(e: Entry): Item | undefined {
  const v = e.raw;
  if (v.type === "user") return lineItem({ line: e.line, raw: v });
  if (v.type === "attachment") {
    const why = attachmentOrigin(v.attachment, e.line);
    const pieces: Piece[] = attachmentTexts(v.attachment, "2.1").map((text) => ({ block: { type: "text", text }, lines: [e.line], synthetic: why }));
    return pieces.length ? { type: "user", raw: v, line: e.line, pieces, arrayContent: true } : undefined;
  }
  if (v.type === "system" && v.subtype === "local_command" && typeof v.content === "string")
    return { type: "user", raw: v, line: e.line, pieces: [{ block: { type: "text", text: v.content }, lines: [e.line], index: 0 }], arrayContent: false };
  return undefined;
}

/** A message that is not tool results ends the run a later line of a response joins. */
const endsRun = (it: Item) => !(it.arrayContent && it.pieces.some(isToolResult));

const messageIdOf = (raw: Record<string, any>): unknown => (isObject(raw.message) ? raw.message.id : undefined);

/**
 * The context of `prevBranch` followed by `tail`, from the context of `prevBranch`: the tail's
 * messages after the previous ones, or null when an assistant line of the tail joins a response
 * of the previous branch's last run (one response streamed on: that message changes).
 */
export function extendClaudeContext(prevBefore: Msg[], prevBranch: readonly Entry[], tail: readonly Entry[]): Msg[] | null {
  if (tail.length === 0) return prevBefore;
  // The previous branch's open run: assistant lines back to the last message that ends it.
  const open = new Set<unknown>();
  for (let i = prevBranch.length - 1; i >= 0; i--) {
    const e = prevBranch[i];
    if (e.raw.type === "assistant") open.add(messageIdOf(e.raw));
    else {
      const it = otherItem(e);
      if (it && endsRun(it)) break;
    }
  }
  if (open.size > 0)
    for (const e of tail) {
      if (e.raw.type === "assistant") {
        if (open.has(messageIdOf(e.raw))) return null;
      } else {
        const it = otherItem(e);
        if (it && endsRun(it)) break;
      }
    }
  const added = buildClaudeContext(tail).filter((m) => m.role !== "system");
  return added.length ? prevBefore.concat(added) : prevBefore;
}
