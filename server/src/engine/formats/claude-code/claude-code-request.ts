/**
 * The request Claude Code builds from the history on resume (docs/research/claude-code-resume.md
 * section 5; 2.0.31: section 8.1), each block carrying its file lines:
 *
 * - 5.2: everything before the last `compact_boundary` is dropped; the user context goes first
 *   (it merges with a first user message) and the new prompt last. Both are stand-ins here
 *   (`frame` pieces, removed at the end): they are not part of the history, but they change what
 *   merges and what pairs;
 * - 5.3: attachments move back to right after the previous assistant message or tool-result
 *   message (to the very beginning when there is none);
 * - 5.4: one pass: system lines are dropped except `local_command` (sent as user text), API-error
 *   placeholders are dropped, consecutive user messages merge (a `"\n"` on the first's last text
 *   when both meet in text; tool results first), an assistant line merges into the latest earlier
 *   assistant message of its `message.id` reached over assistant and tool-result messages only,
 *   attachments are rendered and folded into a previous user message (into a string tool result's
 *   text when that is its last block);
 * - 5.5: orphan thinking and whitespace-only answers again, trailing thinking of a last assistant,
 *   "(no content)" for an empty assistant, error results reduced to their text;
 * - 5.6: tool references removed from results (tool search off); `Task` calls named `Agent`;
 * - 5.7: `ensureToolResultPairing`: results that answer no call of the message before them are
 *   dropped, a call sent twice keeps its first, and a call without its result in the next message
 *   gets "[Tool result missing due to internal error]" first in that message.
 *
 * 2.0.31: no user context; all system lines dropped; users merge without the `"\n"`; an assistant
 * merges only into the assistant right before it, every block kept (whitespace-only texts too);
 * no 5.5-5.7. Not modelled: the media cap (5.8),
 * tool input normalisation (5.6), the flags of section 9.
 *
 * Linear: the backward merge of 5.4 keeps, per run of assistant and tool-result messages, a map
 * from `message.id` to the message it merges into.
 */
import { isObject } from "../../model/parse.js";
import { attachmentOrigin, attachmentTexts } from "./claude-code-attachments.js";
import { dropOrphanThinking, dropWhitespaceOnly, type HistoryDrop, holdsWhitespaceOnly } from "./claude-code-history.js";
import {
  append,
  AssistantRun,
  isText,
  isThinking,
  isToolResult,
  isToolUse,
  type Item,
  itemLines,
  itemMessageId,
  MADE_UP,
  MISSING_RESULT_TEXT,
  type Piece,
  UserRun,
} from "./claude-code-items.js";
import { isCompactBoundary, type ReadingVersion } from "./claude-code-transcript.js";

/** Why a line of the history sends nothing. */
export type RequestDrop = HistoryDrop | "before-cut" | "api-error" | "system" | "orphan-result" | "duplicate-result";

export interface Request {
  /** The messages of the request in order, without the user context and the new prompt. */
  items: Item[];
  /** Lines of the history that send nothing, and why. */
  dropped: Map<number, RequestDrop>;
  /** Tool results dropped by 5.7 (line and id). */
  droppedResults: { line: number; id: unknown; why: "orphan-result" | "duplicate-result" }[];
  /** Calls answered with "[Tool result missing due to internal error]" (5.7): id and the call's line. */
  madeUpResults: { id: unknown; line?: number }[];
  /** Calls left out because an earlier assistant message sent their id (5.7): id, line and block index. */
  droppedCalls: { id: unknown; line: number; index?: number }[];
  /** The 0-based line of the last compact boundary the history was cut at, if any. */
  cutAt?: number;
  /** Whether an assistant message held only whitespace after the pass (what 5.5 looks for). */
  whitespaceOnly: boolean;
}

const CONTEXT = "<system-reminder>\n(the user context: date, CLAUDE.md)\n</system-reminder>";
const PROMPT = "(the new prompt)";
/**
 * The new turn's attachments before the prompt: a skill listing in every 2.1 recording (it keeps
 * the history's last text from merging with the prompt). 2.0.31 sent none.
 */
const NEW_TURN: Item = { type: "attachment", raw: { type: "attachment", attachment: { type: "skill_listing", content: "(the skills)" } }, pieces: [], arrayContent: false, frame: true };
const frame = (text: string): Piece => ({ block: { type: "text", text }, lines: [], frame: true });
const frameItem = (text: string): Item => ({ type: "user", raw: { type: "user", isMeta: true }, pieces: [frame(text)], arrayContent: true });

/** Tool names Claude Code sends under their current name (5.6). */
const TOOL_ALIASES: Readonly<Record<string, string>> = { Task: "Agent" };

/** What a request built in parts needs from the parts before (claude-code-segments.ts). */
export interface RequestOptions {
  /** Call ids an earlier part already sent (5.7 sends a call id once). */
  sentBefore?: (id: unknown) => boolean;
}

export function buildRequest(history: readonly Item[], version: ReadingVersion, options: RequestOptions = {}): Request {
  const dropped = new Map<number, RequestDrop>();
  let cut = -1;
  for (let i = history.length - 1; i >= 0; i--)
    if (history[i].type === "system" && isCompactBoundary(history[i].raw)) {
      cut = i;
      break;
    }
  for (let i = 0; i < cut; i++) for (const l of itemLines(history[i])) dropped.set(l, "before-cut");
  const list = cut >= 0 ? history.slice(cut) : [...history];
  const framed = version === "2.0" ? [...list, frameItem(PROMPT)] : [frameItem(CONTEXT), ...list, NEW_TURN, frameItem(PROMPT)];
  const req: Request = { items: [], dropped, droppedResults: [], madeUpResults: [], droppedCalls: [], cutAt: cut >= 0 ? history[cut].line : undefined, whitespaceOnly: false };
  let items = onePass(moveAttachments(framed), version, dropped);
  if (version !== "2.0") {
    items = afterPass(items, req);
    items = items.map(renameAndStrip);
    items = pairResults(items, req, options.sentBefore);
  }
  req.items = withoutFrames(items);
  return req;
}

const isVirtual = (it: Item) => (it.type === "user" || it.type === "assistant") && it.raw.isVirtual === true;

/** 5.3: attachments move back to right after the previous assistant or tool-result message; virtual messages go. */
function moveAttachments(list: Item[]): Item[] {
  if (!list.some((it) => it.type === "attachment" || isVirtual(it))) return list;
  const out: Item[] = [];
  const held: Item[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const it = list[i];
    if (it.type === "attachment") {
      held.push(it);
      continue;
    }
    const stop = it.type === "assistant" || (it.type === "user" && it.arrayContent && it.pieces.length > 0 && isToolResult(it.pieces[0]));
    if (stop && held.length > 0) {
      append(out, held);
      held.length = 0;
    }
    if (!isVirtual(it)) out.push(it);
  }
  append(out, held);
  return out.reverse();
}

/** One message of the pass's output: a user or assistant message others may still merge into, or a finished one. */
type Slot = { user: UserRun } | { assistant: AssistantRun } | { item: Item };

const slotItem = (s: Slot): Item => ("user" in s ? s.user.item() : "assistant" in s ? s.assistant.item() : s.item);

/** 5.4: what stops an assistant line's backward walk: anything but an assistant message or a user message holding a tool result. */
const passable = (s: Slot) => "assistant" in s || ("user" in s && s.user.holdsResult());

/** 5.4 (2.0.31: its own pass): the list as the request's messages. */
function onePass(list: Item[], version: ReadingVersion, dropped: Map<number, RequestDrop>): Item[] {
  const newline = version !== "2.0";
  const out: Slot[] = [];
  // The run of assistant and tool-result messages at the end of `out` that a new assistant line
  // walks back over: its assistants by message.id. A message that stops the walk starts a new run;
  // the runs before it are kept in case a merge turns it into a tool-result message.
  let run = new Map<unknown, AssistantRun>();
  const runs: Map<unknown, AssistantRun>[] = [];
  let lastStops = false;
  const push = (s: Slot) => {
    out.push(s);
    lastStops = !passable(s);
    if (lastStops) {
      runs.push(run);
      run = new Map();
    } else if ("assistant" in s) {
      const id = itemMessageId(s.assistant.first);
      if (!run.has(id)) run.set(id, s.assistant);
    }
  };
  /** The last message, a user message, changed: a merge may have made it a tool-result message. */
  const touched = () => {
    if (lastStops && passable(out[out.length - 1])) {
      lastStops = false;
      run = runs.pop() ?? new Map();
    }
  };
  const lastUser = (): UserRun | undefined => {
    const s = out[out.length - 1];
    return s && "user" in s ? s.user : undefined;
  };
  const addUser = (it: Item) => {
    const last = lastUser();
    if (last) {
      last.add(it);
      touched();
    } else push({ user: new UserRun(it, newline) });
  };
  for (const it of list) {
    if (it.type === "system") {
      if (newline && it.raw.subtype === "local_command") {
        const c = it.raw.content;
        const piece: Piece = c ? { block: { type: "text", text: typeof c === "string" ? c : String(c) }, lines: [it.line!] } : { block: { type: "text", text: "(no content)" }, lines: [it.line!], synthetic: MADE_UP.noContent };
        addUser({ type: "user", raw: it.raw, line: it.line, pieces: [piece], arrayContent: false });
      } else if (it.line !== undefined && !isCompactBoundary(it.raw)) dropped.set(it.line, "system");
      continue;
    }
    if (it.type === "user") {
      addUser(it);
      continue;
    }
    if (it.type === "assistant") {
      if (newline && it.raw.isApiErrorMessage === true && isObject(it.raw.message) && it.raw.message.model === "<synthetic>") {
        if (it.line !== undefined) dropped.set(it.line, "api-error");
        continue;
      }
      const id = itemMessageId(it);
      const into = newline ? run.get(id) : lastAssistantOf(out, id);
      if (into) into.add(it);
      else push({ assistant: new AssistantRun(it, version !== "2.0") });
      continue;
    }
    // an attachment
    const texts = attachmentTexts(it.raw.attachment, version);
    if (texts.length === 0) {
      if (it.line !== undefined) dropped.set(it.line, "silent-attachment");
      continue;
    }
    const why = attachmentOrigin(it.raw.attachment, it.line);
    const pieces: Piece[] = texts.map((text) => (it.frame ? { block: { type: "text", text }, lines: [], frame: true } : { block: { type: "text", text }, lines: it.line !== undefined ? [it.line] : [], synthetic: why }));
    const last = lastUser();
    if (last) foldAttachment(last, pieces);
    else for (const p of pieces) push({ user: new UserRun({ type: "user", raw: { type: "user", isMeta: true }, line: it.line, pieces: [p], arrayContent: true }, newline) });
  }
  return out.map(slotItem);
}

/** 2.0.31: an assistant line merges only into the assistant message right before it, of its `message.id`. */
function lastAssistantOf(out: readonly Slot[], id: unknown): AssistantRun | undefined {
  const s = out[out.length - 1];
  if (!s || !("assistant" in s) || itemMessageId(s.assistant.first) !== id) return undefined;
  return s.assistant;
}

/** 5.4 `foldAttachment`: into a last string tool result's text when all the new blocks are text, else appended. */
function foldAttachment(u: UserRun, add: Piece[]): void {
  const last = u.lastPiece();
  if (last && isToolResult(last) && typeof last.block.content === "string" && add.every(isText)) {
    const parts = [...(last.parts ?? [{ text: last.block.content.trim() }]), ...add.map((p) => ({ text: String(p.block.text).trim(), synthetic: p.synthetic }))].filter((t) => t.text !== "");
    u.replaceLastResult({ ...last, block: { ...last.block, content: parts.map((t) => t.text).join("\n\n") }, lines: [...last.lines, ...add.flatMap((p) => p.lines)], parts });
  } else u.appendOthers(add);
}

/** 5.5: after the pass. */
function afterPass(items: Item[], req: Request): Item[] {
  const dropped = req.dropped;
  const drops = new Map<number, HistoryDrop>();
  let out = dropOrphanThinking(items, drops);
  const last = out[out.length - 1];
  if (last?.type === "assistant" && last.arrayContent && last.pieces.length > 0 && isThinking(last.pieces[last.pieces.length - 1])) {
    let y = last.pieces.length - 1;
    while (y >= 0 && isThinking(last.pieces[y])) y--;
    const pieces = y < 0 ? [{ block: { type: "text", text: "[No message content]" }, lines: [], synthetic: MADE_UP.noMessageContent }] : last.pieces.slice(0, y + 1);
    out = [...out.slice(0, -1), { ...last, pieces }];
  }
  req.whitespaceOnly = holdsWhitespaceOnly(out);
  out = dropWhitespaceOnly(out, drops, true);
  for (const [l, why] of drops) dropped.set(l, why);
  return out.map((it, i) => {
    if (it.type === "assistant" && it.arrayContent && it.pieces.length === 0 && i < out.length - 1)
      return { ...it, pieces: [{ block: { type: "text", text: "(no content)" }, lines: it.line !== undefined ? [it.line] : [], synthetic: MADE_UP.noContent }] };
    if (it.type !== "user" || !it.pieces.some(errorWithMedia)) return it;
    return { ...it, pieces: it.pieces.map((p) => (errorWithMedia(p) ? { ...p, block: { ...p.block, content: p.block.content.filter((x: unknown) => isObject(x) && x.type === "text").map((x: any) => x.text).join("\n\n") } } : p)) };
  });
}

/** An error tool result whose content holds parts other than text (5.5: only its text is sent). */
const errorWithMedia = (p: Piece) => isToolResult(p) && p.block.is_error === true && Array.isArray(p.block.content) && p.block.content.some((x: unknown) => !isObject(x) || x.type !== "text");

/** 5.6: tool references out of results (tool search off), aliases renamed. */
function renameAndStrip(it: Item): Item {
  let changed = false;
  const pieces = it.pieces.map((p) => {
    if (isToolUse(p) && typeof p.block.name === "string" && TOOL_ALIASES[p.block.name]) {
      changed = true;
      return { ...p, block: { ...p.block, name: TOOL_ALIASES[p.block.name] } };
    }
    if (!isToolResult(p) || !Array.isArray(p.block.content) || !p.block.content.some((x: unknown) => isObject(x) && x.type === "tool_reference")) return p;
    changed = true;
    const rest = p.block.content.filter((x: unknown) => !(isObject(x) && x.type === "tool_reference"));
    return { ...p, block: { ...p.block, content: rest.length ? rest : [{ type: "text", text: "[Tool references removed - tool search not enabled]", synthetic: MADE_UP.toolReferences }] } };
  });
  return changed ? { ...it, pieces } : it;
}

/** 5.7 `ensureToolResultPairing`. */
function pairResults(q: Item[], req: Request, sentBefore?: (id: unknown) => boolean): Item[] {
  const out: Item[] = [];
  const seen = new Set<unknown>();
  const dropResults = (pieces: readonly Piece[], why: "orphan-result" | "duplicate-result") => {
    for (const p of pieces) {
      req.droppedResults.push({ line: p.lines[0], id: p.block.tool_use_id, why });
      if (p.lines.length) req.dropped.set(p.lines[0], why);
    }
  };
  for (let y = 0; y < q.length; y++) {
    const a = q[y];
    if (a.type !== "assistant") {
      if (a.type === "user" && a.arrayContent && out[out.length - 1]?.type !== "assistant") {
        const rest = a.pieces.filter((p) => !isToolResult(p));
        if (rest.length !== a.pieces.length) {
          dropResults(a.pieces.filter(isToolResult), "orphan-result");
          const v = rest.length ? rest : out.length === 0 ? [{ block: { type: "text", text: "[Orphaned tool result removed due to conversation resume]" }, lines: [], synthetic: MADE_UP.orphanRemoved }] : null;
          if (v) out.push({ ...a, pieces: v });
          continue;
        }
      }
      out.push(a);
      continue;
    }
    const own = new Set<unknown>();
    for (const p of a.pieces) if (isObject(p.block) && typeof p.block.tool_use_id === "string") own.add(p.block.tool_use_id);
    const calls = new Map<unknown, Piece>();
    let pieces = a.pieces.filter((p) => {
      if (isToolUse(p)) {
        if (seen.has(p.block.id) || sentBefore?.(p.block.id)) {
          if (p.lines.length) req.droppedCalls.push({ id: p.block.id, line: p.lines[0], index: p.index });
          return false;
        }
        seen.add(p.block.id);
        calls.set(p.block.id, p);
      }
      const t = isObject(p.block) ? p.block.type : undefined;
      return !((t === "server_tool_use" || t === "mcp_tool_use") && !own.has(p.block.id));
    });
    const changed = pieces.length !== a.pieces.length;
    if (pieces.length === 0) pieces = [{ block: { type: "text", text: "[Tool use interrupted]" }, lines: a.line !== undefined ? [a.line] : [], synthetic: MADE_UP.toolUseInterrupted }];
    out.push(changed ? { ...a, pieces } : a);
    const next = q[y + 1];
    const answered = new Set<unknown>();
    let duplicate = false;
    if (next?.type === "user" && next.arrayContent)
      for (const p of next.pieces)
        if (isToolResult(p)) {
          if (answered.has(p.block.tool_use_id)) duplicate = true;
          answered.add(p.block.tool_use_id);
        }
    const missing = [...calls.keys()].filter((id) => !answered.has(id));
    const extra = new Set([...answered].filter((id) => !calls.has(id)));
    if (missing.length === 0 && extra.size === 0 && !duplicate) continue;
    const made: Piece[] = missing.map((id) => {
      req.madeUpResults.push({ id, line: calls.get(id)!.lines[0] });
      return { block: { type: "tool_result", tool_use_id: id, content: MISSING_RESULT_TEXT, is_error: true }, lines: [], synthetic: MADE_UP.missingResult, forLine: calls.get(id)!.lines[0] };
    });
    if (next?.type === "user") {
      let rest = [...next.pieces];
      if (extra.size > 0 || duplicate) {
        const kept = new Set<unknown>();
        const gone: Piece[] = [];
        rest = rest.filter((p) => {
          if (!isToolResult(p)) return true;
          const id = p.block.tool_use_id;
          if (extra.has(id)) return gone.push(p), false;
          if (kept.has(id)) {
            dropResults([p], "duplicate-result");
            return false;
          }
          kept.add(id);
          return true;
        });
        dropResults(gone, "orphan-result");
      }
      const v = [...made, ...rest];
      y++;
      out.push(v.length ? { ...next, pieces: v, arrayContent: true } : { type: "user", raw: { type: "user" }, pieces: [{ block: { type: "text", text: "(no content)" }, lines: [], synthetic: MADE_UP.noContent }], arrayContent: false });
    } else if (made.length) out.push({ type: "user", raw: { type: "user" }, pieces: made, arrayContent: true });
  }
  return out;
}

/** The request without the user context and the new prompt. */
function withoutFrames(items: Item[]): Item[] {
  const out: Item[] = [];
  for (const it of items) {
    if (!it.pieces.some((p) => p.frame)) {
      out.push(it);
      continue;
    }
    const pieces = it.pieces.filter((p) => !p.frame);
    if (pieces.length) out.push({ ...it, pieces });
  }
  return out;
}
