/**
 * The messages Claude Code builds on resume, on their way from the chain to the request, each
 * content block carrying the file lines it is made from and, when Claude Code made it up, who and
 * why (docs/research/claude-code-resume.md sections 4-5). The steps of claude-code-history.ts and
 * claude-code-request.ts work on these; claude-code-messages.ts turns them into the engine's
 * messages.
 */
import { isObject } from "../../model/parse.js";

/** One content block and where it comes from. */
export interface Piece {
  /** The block as Claude Code sends it: the file's block, or a copy Claude Code made or changed. */
  readonly block: any;
  /** 0-based file lines it is made from (its line; a folded attachment adds the attachment's). */
  readonly lines: readonly number[];
  /** Its index in its line's `message.content` (JSON paths), for a block of the file. */
  readonly index?: number;
  /** Who made the block up and why, when Claude Code did (render json `synthetic`). */
  readonly synthetic?: string;
  /** A stand-in for the user context or the new prompt: not part of the history (removed at the end). */
  readonly frame?: true;
  /**
   * A tool result whose string content Claude Code joined with attachment texts (5.4
   * `foldAttachment`): `block.content` is the joined string it sends, these are its parts (the
   * result's own text first), each attachment text with who made it up.
   */
  readonly parts?: readonly { text: string; synthetic?: string }[];
  /** A made-up result: the 0-based line of the call it stands in for. */
  readonly forLine?: number;
}

export type ItemType = "user" | "assistant" | "attachment" | "system";

/** One element of Claude Code's message list: a transcript line, several merged, or one it made. */
export interface Item {
  readonly type: ItemType;
  /** The (first) line's object: its flags (`isMeta`, `isCompactSummary`, `toolUseResult`, `message.id`, ...). */
  readonly raw: Record<string, any>;
  /** The (first) file line, when there is one. */
  readonly line?: number;
  readonly pieces: readonly Piece[];
  /** Whether the content is an array (Claude Code tests `Array.isArray(content)` in places); a string otherwise. */
  readonly arrayContent: boolean;
  /** A stand-in attachment of the new turn (its rendering is a `frame` piece). */
  readonly frame?: true;
}

/** Claude Code's own words for what it made up, as render json shows them. */
export const MADE_UP = {
  continue: "Claude Code on resume: the history ends in a tool result or an attachment, so it asks the model to continue",
  noResponse: "Claude Code on resume: the history ends in a user message, so it adds an assistant reply before the new prompt",
  missingResult: "Claude Code on resume: the call has no result in the next message, so it sends an error result in its place",
  orphanRemoved: "Claude Code on resume: the first message held only tool results that answer no call",
  toolUseInterrupted: "Claude Code on resume: every call of this message was already sent earlier",
  noContent: "Claude Code on resume: a message left without content",
  noMessageContent: "Claude Code on resume: the last assistant message held only thinking",
  toolReferences: "Claude Code on resume: tool search is off, so tool references are removed from the result",
} as const;

export const CONTINUE_TEXT = "Continue from where you left off.";
export const NO_RESPONSE_TEXT = "No response requested.";
export const MISSING_RESULT_TEXT = "[Tool result missing due to internal error]";

/** A file line and its object. */
export interface LineOf {
  readonly line: number;
  readonly raw: Record<string, any>;
}

/** The content of a line's message as pieces. */
export function linePieces(tl: LineOf): { pieces: Piece[]; arrayContent: boolean } {
  const m = tl.raw.message;
  const c = isObject(m) ? m.content : undefined;
  if (typeof c === "string") return { pieces: [{ block: { type: "text", text: c }, lines: [tl.line], index: 0 }], arrayContent: false };
  if (!Array.isArray(c)) return { pieces: [], arrayContent: false };
  return { pieces: c.map((block, index) => ({ block, lines: [tl.line], index })), arrayContent: true };
}

export function lineItem(tl: LineOf): Item {
  const type = tl.raw.type as ItemType;
  if (type !== "user" && type !== "assistant") return { type, raw: tl.raw, line: tl.line, pieces: [], arrayContent: false };
  return { type, raw: tl.raw, line: tl.line, ...linePieces(tl) };
}

export const blockType = (p: Piece): unknown => (isObject(p.block) ? p.block.type : undefined);
export const isToolResult = (p: Piece) => blockType(p) === "tool_result";
export const isToolUse = (p: Piece) => blockType(p) === "tool_use";
export const isText = (p: Piece) => blockType(p) === "text";
export const isThinking = (p: Piece) => blockType(p) === "thinking" || blockType(p) === "redacted_thinking";

/** The file lines an item is made of: its own, then its blocks' (a folded attachment's). */
export function itemLines(it: Item): number[] {
  const out = it.line !== undefined ? [it.line] : [];
  for (const p of it.pieces) for (const l of p.lines) if (!out.includes(l)) out.push(l);
  return out;
}

/** `message.id` of an item (undefined without one). */
export function itemMessageId(it: Item): unknown {
  return isObject(it.raw.message) ? it.raw.message.id : undefined;
}

/** A user item whose first block is a tool result, or that carries `toolUseResult` (4.4). */
export function isToolResultItem(it: Item): boolean {
  return it.type === "user" && ((it.arrayContent && it.pieces.length > 0 && isToolResult(it.pieces[0])) || Boolean(it.raw.toolUseResult));
}

/** A made-up user text message (`isMeta`). */
export function madeUpUser(text: string, why: string): Item {
  return { type: "user", raw: { type: "user", isMeta: true, message: { role: "user" } }, pieces: [{ block: { type: "text", text }, lines: [], synthetic: why }], arrayContent: true };
}

/** Appends `more` to `list` in place (no spread: a list can hold more elements than a call takes arguments). */
export function append<T>(list: T[], more: readonly T[]): void {
  for (const x of more) list.push(x);
}

/**
 * Consecutive user messages as one (5.4 `mergeUser`, applied again for each next message): the
 * blocks of all; when the message so far ends and the next starts with text, the last text gets
 * a `"\n"` (2.0.31 adds none); tool results first. Built in place, linear in the blocks (merging
 * message by message would copy the blocks so far each time).
 */
export class UserRun {
  private readonly results: Piece[] = [];
  private readonly others: Piece[] = [];
  private merged = false;
  private line: number | undefined;
  constructor(
    private readonly first: Item,
    private readonly newline: boolean,
  ) {
    this.line = first.line;
  }

  /** The last block, in the order Claude Code sends them. */
  lastPiece(): Piece | undefined {
    if (!this.merged) return this.first.pieces[this.first.pieces.length - 1];
    return this.others.length ? this.others[this.others.length - 1] : this.results[this.results.length - 1];
  }

  /** Whether a block is a tool result (the message stops no backward merge of 5.4). */
  holdsResult(): boolean {
    return this.merged ? this.results.length > 0 : this.first.arrayContent && this.first.pieces.some(isToolResult);
  }

  private open(): void {
    if (this.merged) return;
    this.merged = true;
    for (const p of this.first.pieces) (isToolResult(p) ? this.results : this.others).push(p);
  }

  /** The next user message's blocks. */
  add(next: Item): void {
    const last = this.lastPiece();
    this.open();
    this.line ??= next.line;
    if (this.newline && last && next.pieces.length > 0 && isText(last) && isText(next.pieces[0])) this.others[this.others.length - 1] = { ...last, block: { ...last.block, text: `${last.block.text}\n` } };
    for (const p of next.pieces) (isToolResult(p) ? this.results : this.others).push(p);
  }

  /** Replaces the last block, a tool result (5.4 `foldAttachment`). */
  replaceLastResult(p: Piece): void {
    this.open();
    this.results[this.results.length - 1] = p;
  }

  /** Appends blocks that are not results (5.4 `foldAttachment`, attachment texts). */
  appendOthers(pieces: readonly Piece[]): void {
    this.open();
    append(this.others, pieces);
  }

  item(): Item {
    if (!this.merged) return this.first;
    return { ...this.first, line: this.line, pieces: this.results.concat(this.others), arrayContent: true };
  }
}

/** Consecutive user messages of a list merged (4.3 and 5.5 after a whitespace-only answer goes). */
export function mergeUserRuns(items: readonly Item[], newline: boolean): Item[] {
  const out: Item[] = [];
  let run: UserRun | undefined;
  for (const it of items) {
    if (it.type === "user") {
      if (run) run.add(it);
      else run = new UserRun(it, newline);
      continue;
    }
    if (run) out.push(run.item());
    run = undefined;
    out.push(it);
  }
  if (run) out.push(run.item());
  return out;
}

/**
 * The lines of one response as one assistant message (5.4 `mergeAssistant`, applied again for
 * each next line): the blocks of all, without whitespace-only texts unless only thinking would be
 * left. Built in place, linear in the blocks.
 *
 * 2.0.31 (`dropBlank` false) keeps every block: its request builder merges two assistant
 * messages by concatenating their contents, nothing filtered (section 8.1; corpus
 * `spotter-2138-tool-heavy-parallel`: a response's `"\n\n"` text line is sent).
 */
export class AssistantRun {
  private pieces: Piece[] | undefined;
  constructor(
    readonly first: Item,
    private readonly dropBlank = true,
  ) {}

  add(next: Item): void {
    if (!this.pieces) this.pieces = [...this.first.pieces];
    append(this.pieces, next.pieces);
  }

  item(): Item {
    if (!this.pieces) return this.first;
    if (!this.dropBlank) return { ...this.first, pieces: this.pieces, arrayContent: true };
    const kept = this.pieces.filter((p) => !isText(p) || typeof p.block.text !== "string" || p.block.text.length === 0 || p.block.text.trim() !== "");
    return { ...this.first, pieces: kept.some((p) => !isThinking(p)) ? kept : this.pieces, arrayContent: true };
  }
}
