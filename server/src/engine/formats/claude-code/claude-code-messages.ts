/**
 * Claude Code's messages in the engine's message model: an assistant message with its blocks
 * (`tool_use` as a `toolCall` that names its line and JSON path), a user message as its
 * `tool_result` blocks (one `toolResult` message each, in order) and the rest of its blocks as one
 * user message. Each message names its origin line (the first line of the file it is made from,
 * a prompt's before an attachment's) and every line it is made of (`sourceLines`, ascending); a
 * message Claude Code made up has a synthetic origin (`resume-history`), a block it made up in a
 * message of the file carries `synthetic: "<who and why>"`.
 */
import { isObject } from "../../model/parse.js";
import type { Msg, Origin } from "../../model/types.js";
import { isToolResult, isToolUse, type Item, type Piece } from "./claude-code-items.js";

/** The parsed object of a 0-based file line (undefined when it is not an object). */
export type RawAt = (line: number) => Record<string, any> | undefined;

function ms(s: unknown): number | undefined {
  if (typeof s !== "string") return undefined;
  const t = Date.parse(s);
  return Number.isNaN(t) ? undefined : t;
}

export function mapStop(s: unknown): string | undefined {
  if (s === "tool_use") return "toolUse";
  if (s === "end_turn" || s === "stop_sequence") return "stop";
  if (s === "max_tokens") return "length";
  return typeof s === "string" ? s : undefined;
}

/** The engine's block for a piece: a call as `toolCall`, a made-up block marked, the rest as written. */
function blockOf(p: Piece): unknown {
  const b = p.block;
  if (isToolUse(p))
    return {
      type: "toolCall",
      id: b.id,
      name: b.name,
      arguments: b.input,
      ...(p.lines.length ? { line: p.lines[0], path: ["message", "content", p.index ?? 0, "id"] } : {}),
      ...(p.synthetic ? { synthetic: p.synthetic } : {}),
    };
  return p.synthetic && isObject(b) ? { ...b, synthetic: p.synthetic } : b;
}

function sortedLines(pieces: readonly Piece[]): number[] {
  const set = new Set<number>();
  for (const p of pieces) for (const l of p.lines) set.add(l);
  return [...set].sort((a, b) => a - b);
}

/** The origin of a message made of `pieces`: the first line a block of the file comes from, else the first line any block names. */
function originOf(pieces: readonly Piece[], rawAt: RawAt, forLine?: number): Origin {
  const own = pieces.find((p) => p.lines.length > 0 && !p.synthetic) ?? pieces.find((p) => p.lines.length > 0);
  if (!own) return forLine === undefined ? { kind: "synthetic", synthetic: "resume-history" } : { kind: "synthetic", synthetic: "resume-history", forLine };
  const line = own.lines[0];
  const uuid = rawAt(line)?.uuid;
  return { kind: "entry", line, entryId: typeof uuid === "string" ? uuid : "" };
}

/** `sourceLines` when the message is made of more than its origin's line. */
function withLines(m: Msg, lines: number[]): Msg {
  if (lines.length > 1 || (lines.length === 1 && (m.origin.kind !== "entry" || m.origin.line !== lines[0]))) m.sourceLines = lines;
  return m;
}

function assistantMessage(it: Item, rawAt: RawAt): Msg {
  const origin = originOf(it.pieces, rawAt);
  const lines = sortedLines(it.pieces);
  const first = origin.kind === "entry" ? rawAt(origin.line) : undefined;
  const m0 = isObject(first?.message) ? first.message : isObject(it.raw.message) ? it.raw.message : {};
  // A response streamed over several lines: its stop reason is the last line's that has one.
  let stop: unknown = m0.stop_reason;
  for (const l of lines) {
    const m = rawAt(l)?.message;
    if (isObject(m) && m.stop_reason) stop = m.stop_reason;
  }
  const msg: Msg = { role: "assistant", content: it.pieces.map(blockOf), stopReason: mapStop(stop), timestamp: ms(first?.timestamp), model: m0.model, origin };
  return withLines(msg, lines);
}

function resultMessage(p: Piece, rawAt: RawAt): Msg {
  const b = p.block;
  const origin = originOf([p], rawAt, p.forLine);
  const content = p.parts
    ? p.parts.map((t) => (t.synthetic ? { type: "text", text: t.text, synthetic: t.synthetic } : { type: "text", text: t.text }))
    : typeof b.content === "string"
      ? [p.synthetic ? { type: "text", text: b.content, synthetic: p.synthetic } : { type: "text", text: b.content }]
      : (b.content ?? []);
  const msg: Msg = {
    role: "toolResult",
    toolCallId: b.tool_use_id,
    content,
    isError: b.is_error === true,
    timestamp: ms(origin.kind === "entry" ? rawAt(origin.line)?.timestamp : undefined),
    origin,
  };
  if (p.index !== undefined && p.lines.length) msg.resultPath = ["message", "content", p.index, "tool_use_id"];
  return withLines(msg, [...p.lines].sort((x, y) => x - y));
}

function userMessage(pieces: Piece[], it: Item, rawAt: RawAt): Msg {
  const origin = originOf(pieces, rawAt);
  const only = pieces.length === 1 ? pieces[0] : undefined;
  // A line's string content stays a string while nothing changed it.
  const asString = !it.arrayContent && only && !only.synthetic && only.index === 0 && isObject(only.block) && typeof only.block.text === "string";
  const raw = origin.kind === "entry" ? rawAt(origin.line) : undefined;
  const msg: Msg = { role: "user", content: asString ? only!.block.text : pieces.map(blockOf), timestamp: ms(raw?.timestamp), origin };
  return withLines(msg, sortedLines(pieces));
}

/** The engine's messages for Claude Code's messages, in order. */
export function itemsToMessages(items: readonly Item[], rawAt: RawAt): Msg[] {
  const out: Msg[] = [];
  for (const it of items) {
    if (it.type === "assistant") {
      out.push(assistantMessage(it, rawAt));
      continue;
    }
    let rest: Piece[] = [];
    const flush = () => {
      if (rest.length) out.push(userMessage(rest, it, rawAt));
      rest = [];
    };
    for (const p of it.pieces) {
      if (isToolResult(p)) {
        flush();
        out.push(resultMessage(p, rawAt));
      } else rest.push(p);
    }
    flush();
  }
  return out;
}
