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
import { type Entry, type Msg, sourceLinesOf } from "../../model/types.js";
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

/**
 * The context after `edits` (entries edited in place: same id, parent and kind), from the
 * previous one: the messages made of an edited line (with the lines they share a message with,
 * a response streamed over several lines) made again and put in their place; null when an edit
 * changes how lines merge (a response's `message.id`, whether a user line holds tool results)
 * or which messages the lines make.
 */
export function editClaudeContext(prevBefore: Msg[], prevBranch: readonly Entry[], edits: readonly { before: Entry; after: Entry }[]): Msg[] | null {
  let out = prevBefore;
  for (const { before: old, after } of edits) {
    if (!sameRun(old.raw, after.raw)) return null;
    const line = old.line;
    let i0 = -1;
    let i1 = -1;
    for (let i = 0; i < out.length; i++)
      if (sourceLinesOf(out[i]).includes(line)) {
        if (i0 < 0) i0 = i;
        i1 = i;
      }
    if (i0 < 0) {
      // A line of the branch that made no message must still make none.
      if (prevBranch.includes(old) && buildClaudeContext([after]).length > 0) return null;
      continue;
    }
    const lines = new Set<number>();
    for (let i = i0; i <= i1; i++) for (const l of sourceLinesOf(out[i])) lines.add(l);
    const group = prevBranch.filter((e) => lines.has(e.line)).map((e) => (e === old ? after : e));
    if (group.length !== lines.size) return null;
    const made = buildClaudeContext(group);
    if (made.length !== i1 - i0 + 1 || made.some((m, k) => !sameOrigin(m, out[i0 + k]))) return null;
    out = out.slice(0, i0).concat(made, out.slice(i1 + 1));
  }
  return out;
}

/** Whether an edit leaves how the line takes part in a response's run as it was. */
function sameRun(a: Record<string, any>, b: Record<string, any>): boolean {
  if (a.type !== b.type) return false;
  if (a.type === "assistant") return messageIdOf(a) === messageIdOf(b);
  const holds = (v: Record<string, any>) => {
    const c = isObject(v.message) ? v.message.content : undefined;
    return Array.isArray(c) && c.some((x: unknown) => isObject(x) && x.type === "tool_result");
  };
  return holds(a) === holds(b);
}

function sameOrigin(a: Msg, b: Msg): boolean {
  const x = a.origin;
  const y = b.origin;
  return a.role === b.role && x.kind === y.kind && (x.kind !== "entry" || (y.kind === "entry" && x.line === y.line && x.entryId === y.entryId));
}
