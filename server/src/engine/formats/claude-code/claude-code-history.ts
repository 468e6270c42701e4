/**
 * The history Claude Code makes of the chain before it builds a request
 * (docs/research/claude-code-resume.md section 4, `deserializeMessagesWithInterruptDetection`;
 * 2.0.31: section 8.1):
 *
 * 2.1:
 * - attachment lines of type `compaction_reminder`, `companion_intro`, `pen_mode_enter` and
 *   `pen_mode_exit` are dropped;
 * - 4.1: an assistant line all of whose `tool_use` blocks have no `tool_result` anywhere in the
 *   chain is removed whole (its text and thinking too); a line with an answered call stays;
 * - 4.2: a thinking-only assistant line goes unless another line of its `message.id` says more;
 * - 4.3: whitespace-only assistant lines go the same way, and then consecutive user messages of
 *   the whole list are merged;
 * - 4.4: a history that ends in a tool result (or an attachment) gets the user text "Continue
 *   from where you left off.";
 * - 4.5: a history that then ends in a user message gets the assistant text "No response
 *   requested.".
 *
 * 2.0.31: each message is split per content block, so only the unanswered `tool_use` blocks go
 * (the line's other blocks stay; a call whose id is not a string counts as unanswered); no
 * 4.2-4.4; "No response requested." after a last user message.
 *
 * Not modelled: the deferred-tool exception of 4.1 (a `hook_deferred_tool` attachment in the last
 * 1 MB, 2.1.89+). Linear.
 */
import { isObject } from "../../model/parse.js";
import {
  CONTINUE_TEXT,
  isText,
  isThinking,
  isToolResult,
  isToolResultItem,
  isToolUse,
  type Item,
  itemMessageId,
  MADE_UP,
  madeUpUser,
  mergeUserRuns,
  NO_RESPONSE_TEXT,
  type Piece,
} from "./claude-code-items.js";
import type { ReadingVersion } from "./claude-code-transcript.js";

/** Why a line of the chain is not in the history. */
export type HistoryDrop = "unanswered-call" | "thinking-only" | "whitespace-only" | "silent-attachment";

export interface History {
  items: Item[];
  /** Lines of the chain left out of the history, and why. */
  dropped: Map<number, HistoryDrop>;
  /** Calls that have no result anywhere in the chain (4.1): id and 0-based line, in chain order. */
  unanswered: { id: unknown; line: number; name?: unknown; index?: number; removed: boolean }[];
  /** What was appended: "Continue from where you left off." (4.4), "No response requested." (4.5). */
  added: ("continue" | "no-response")[];
  /** Whether an assistant message of the list held only whitespace (what 4.3 looks for, `whitespaceOnly`). */
  whitespaceOnly: boolean;
}

/** What a history built in parts needs from the parts around it (claude-code-segments.ts). */
export interface HistoryOptions {
  /** false: without 4.4-4.5 (see `buildHistory`). */
  interruption?: boolean;
  /** Another part holds a whitespace-only assistant message: 4.3 applies here too. */
  whitespaceElsewhere?: boolean;
}

const SILENT_ON_LOAD = new Set(["compaction_reminder", "companion_intro", "pen_mode_enter", "pen_mode_exit"]);

/** The tools whose results end a turn on purpose (4.4: no "Continue" after them). */
export const BRIEF_TOOLS: ReadonlySet<unknown> = new Set(["Brief", "SendUserMessage"]);

const contentOf = (it: Item) => (it.arrayContent ? it.pieces : undefined);

/**
 * `interruption` false: without 4.4-4.5 (a subagent's transcript as the parent session reads it
 * when it resumes the subagent, section 7).
 */
export function buildHistory(chain: readonly Item[], version: ReadingVersion, options: HistoryOptions = {}): History {
  const interruption = options.interruption !== false;
  const dropped = new Map<number, HistoryDrop>();
  let items = chain.filter((it) => {
    if (it.type !== "attachment" || !SILENT_ON_LOAD.has(isObject(it.raw.attachment) ? it.raw.attachment.type : undefined)) return true;
    if (it.line !== undefined) dropped.set(it.line, "silent-attachment");
    return false;
  });
  const { items: answered, unanswered } = version === "2.0" ? dropUnansweredBlocks(items, dropped) : dropUnansweredLines(items, dropped);
  items = answered;
  const added: History["added"] = [];
  let whitespaceOnly = false;
  if (version !== "2.0") {
    items = dropOrphanThinking(items, dropped);
    whitespaceOnly = holdsWhitespaceOnly(items);
    items = dropWhitespaceOnly(items, dropped, true, options.whitespaceElsewhere);
    if (!interruption) return { items, dropped, unanswered, added, whitespaceOnly };
    if (interrupted(items)) {
      items.push(madeUpUser(CONTINUE_TEXT, MADE_UP.continue));
      added.push("continue");
    }
    const j = findLastIndex(items, (it) => it.type !== "system");
    if (j >= 0 && items[j].type === "user") {
      items.splice(j + 1, 0, madeUpAssistant(NO_RESPONSE_TEXT, MADE_UP.noResponse));
      added.push("no-response");
    }
  } else if (interruption) {
    const last = items[items.length - 1];
    if (last && last.type === "user") {
      items.push(madeUpAssistant(NO_RESPONSE_TEXT, MADE_UP.noResponse));
      added.push("no-response");
    }
  }
  return { items, dropped, unanswered, added, whitespaceOnly };
}

/** A made-up assistant reply: a finished turn (the engine's stop reason "stop"); no `message.id`. */
export function madeUpAssistant(text: string, why: string): Item {
  return { type: "assistant", raw: { type: "assistant", message: { role: "assistant", stop_reason: "end_turn" } }, pieces: [{ block: { type: "text", text }, lines: [], synthetic: why }], arrayContent: true };
}

function findLastIndex<T>(list: readonly T[], test: (x: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i])) return i;
  return -1;
}

/** Ids of `tool_use` blocks and of `tool_result` blocks among user and assistant items with array content. */
function callsAndResults(items: readonly Item[]): { uses: Set<unknown>; results: Set<unknown> } {
  const uses = new Set<unknown>();
  const results = new Set<unknown>();
  for (const it of items) {
    if (it.type !== "user" && it.type !== "assistant") continue;
    for (const p of contentOf(it) ?? []) {
      if (isToolUse(p)) uses.add(p.block.id);
      else if (isToolResult(p)) results.add(p.block.tool_use_id);
    }
  }
  return { uses, results };
}

/** 4.1: assistant lines whose every call has no result in the chain go whole. */
function dropUnansweredLines(items: Item[], dropped: Map<number, HistoryDrop>): { items: Item[]; unanswered: History["unanswered"] } {
  const { uses, results } = callsAndResults(items);
  const unanswered: History["unanswered"] = [];
  if ([...uses].every((id) => results.has(id))) return { items, unanswered };
  const kept = items.filter((it) => {
    if (it.type !== "assistant" || !it.arrayContent) return true;
    const calls = it.pieces.filter(isToolUse);
    if (calls.length === 0) return true;
    const all = calls.every((p) => !results.has(p.block.id));
    for (const p of calls) if (!results.has(p.block.id)) unanswered.push({ id: p.block.id, line: p.lines[0], name: p.block.name, index: p.index, removed: all });
    if (all && it.line !== undefined) dropped.set(it.line, "unanswered-call");
    return !all;
  });
  return { items: kept, unanswered };
}

/**
 * 2.0.31 (section 8.1): each block is its own message, so an unanswered `tool_use` block goes
 * alone. The answered ids are the keys of an object built from the user messages' `tool_result`
 * blocks (`Object.fromEntries` of `[tool_use_id, is_error]`), so they are strings: a call whose
 * id is not a string is never answered (corpus `agent-sessions-claude-large`: a call without an
 * id goes although its result has no id either).
 */
function dropUnansweredBlocks(items: Item[], dropped: Map<number, HistoryDrop>): { items: Item[]; unanswered: History["unanswered"] } {
  const { uses } = callsAndResults(items);
  const results = new Set<unknown>();
  for (const it of items) if (it.type === "user" && it.arrayContent) for (const p of it.pieces) if (isToolResult(p)) results.add(String(p.block.tool_use_id));
  const unanswered: History["unanswered"] = [];
  if ([...uses].every((id) => results.has(id))) return { items, unanswered };
  const out: Item[] = [];
  for (const it of items) {
    if (it.type !== "assistant" || !it.arrayContent || !it.pieces.some(isToolUse)) {
      out.push(it);
      continue;
    }
    const pieces = it.pieces.filter((p) => {
      if (!isToolUse(p) || results.has(p.block.id)) return true;
      unanswered.push({ id: p.block.id, line: p.lines[0], name: p.block.name, index: p.index, removed: true });
      return false;
    });
    if (pieces.length === it.pieces.length) out.push(it);
    else if (pieces.length > 0) out.push({ ...it, pieces });
    else if (it.line !== undefined) dropped.set(it.line, "unanswered-call");
  }
  return { items: out, unanswered };
}

const allThinking = (pieces: readonly Piece[]) => pieces.length > 0 && pieces.every(isThinking);
const blankText = (p: Piece) => isText(p) && (p.block.text === undefined || (typeof p.block.text === "string" && p.block.text.trim() === ""));
const allBlank = (pieces: readonly Piece[]) => pieces.length > 0 && pieces.every(blankText);

/** 4.2 / 5.5: a thinking-only assistant message goes unless another of its `message.id` has a non-thinking block. */
export function dropOrphanThinking(items: Item[], dropped?: Map<number, HistoryDrop>): Item[] {
  const said = new Set<unknown>();
  let any = false;
  for (const it of items) {
    if (it.type !== "assistant" || !it.arrayContent) continue;
    if (allThinking(it.pieces)) any = true;
    const id = itemMessageId(it);
    if (id && it.pieces.some((p) => !isThinking(p))) said.add(id);
  }
  if (!any) return items;
  return items.filter((it) => {
    if (it.type !== "assistant" || !it.arrayContent || !allThinking(it.pieces)) return true;
    const id = itemMessageId(it);
    if (id && said.has(id)) return true;
    if (dropped && it.line !== undefined) dropped.set(it.line, "thinking-only");
    return false;
  });
}

/** Whether an assistant message holds only whitespace text (4.3, 5.5). */
export function holdsWhitespaceOnly(items: readonly Item[]): boolean {
  return items.some((it) => it.type === "assistant" && it.arrayContent && allBlank(it.pieces));
}

/**
 * 4.3 / 5.5: when some assistant message holds only whitespace text (in `items`, or `elsewhere`:
 * another part of a list built in parts), every such message whose `message.id` has nothing
 * substantive elsewhere goes, and consecutive user messages are merged.
 */
export function dropWhitespaceOnly(items: Item[], dropped: Map<number, HistoryDrop> | undefined, newline: boolean, elsewhere = false): Item[] {
  if (!elsewhere && !holdsWhitespaceOnly(items)) return items;
  const said = new Set<unknown>();
  for (const it of items) {
    const id = itemMessageId(it);
    if (it.type === "assistant" && id && it.arrayContent && it.pieces.some((p) => !isThinking(p) && !blankText(p))) said.add(id);
  }
  const kept = items.filter((it) => {
    if (!(it.type === "assistant" && !said.has(itemMessageId(it)) && it.arrayContent && allBlank(it.pieces))) return true;
    if (dropped && it.line !== undefined) dropped.set(it.line, "whitespace-only");
    return false;
  });
  return mergeUserRuns(kept, newline);
}

/** 4.4: whether the history ends in an interrupted turn (a tool result, or an attachment). */
function interrupted(items: readonly Item[]): boolean {
  const k = findLastIndex(items, (it) => it.type !== "system" && !(it.type === "assistant" && it.raw.isApiErrorMessage));
  const last = items[k];
  if (!last) return false;
  if (last.type === "attachment") return true;
  if (last.type !== "user" || last.raw.isMeta || last.raw.isCompactSummary || !isToolResultItem(last)) return false;
  // A result of the Brief tool (SendUserMessage) ends the turn on purpose.
  const first = last.arrayContent ? last.pieces.find(isToolResult) : undefined;
  if (!first) return true;
  for (const it of items)
    if (it.type === "assistant" && it.arrayContent)
      for (const p of it.pieces) if (isToolUse(p) && p.block.id === first.block.tool_use_id && BRIEF_TOOLS.has(p.block.name)) return false;
  return true;
}

