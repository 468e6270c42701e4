/**
 * Codex's Responses items as the engine's messages, for both columns: consecutive items the model
 * produced (reasoning, its text, calls, web searches...) form one assistant message, one block per
 * item; every other item is a message of its own (a user or developer message, a tool output).
 * Each block and message keeps its file line (`line` on blocks, `sourceLines` on messages) and
 * calls and outputs their `call_id`, so a render can be compared item for item with what Codex
 * sends (docs/research/codex-resume.md, the recordings in test/fixtures/peer-codex).
 */
import { isObject } from "../../model/parse.js";
import type { JsonPath, Msg, Origin } from "../../model/types.js";
import { callFamily, isAssistantSide, outputFamily } from "./codex-item-kinds.js";
import type { SentItem } from "./codex-sent-item.js";

/** Codex rollouts are linear: each line's entry id names its line (codex-read.ts). */
export const entryIdOfLine = (line: number): string => `L${line + 1}`;

/** The time of a file line (epoch ms), when it records one. */
export type TimeOfLine = (line: number) => number | undefined;

/**
 * The items as messages. `startsTurn` (indices into `items`) marks items a new assistant message
 * must start at although the one before was the model's too (a compaction or a turn boundary lies
 * between them in the file). `starts`, when given, gets the index of each message's first item.
 */
export function itemMessages(items: readonly SentItem[], timeOf: TimeOfLine, startsTurn?: ReadonlySet<number>, starts?: number[]): Msg[] {
  const out: Msg[] = [];
  let open: Msg | undefined;
  let openGroup = "";
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const p = item.payload;
    if (isAssistantSide(p)) {
      // Items of one replacement history stay together; they never join the file's own items.
      const group = item.source === "file" ? "file" : `${item.source}:${item.line}`;
      if (!open || openGroup !== group || startsTurn?.has(i)) {
        open = { role: "assistant", content: [], timestamp: timeOf(item.line), origin: originOf(item), stopReason: "stop" };
        openGroup = group;
        out.push(open);
        starts?.push(i);
      }
      const block = assistantBlock(item);
      open.content.push(block);
      if (block.type === "toolCall") open.stopReason = "toolUse";
      addLine(open, item);
      continue;
    }
    open = undefined;
    out.push(otherMessage(item, timeOf));
    starts?.push(i);
  }
  return out;
}

/** Where a message comes from: its file line, a compaction's history (its `compacted` line), or nothing the file holds. */
function originOf(item: SentItem): Origin {
  switch (item.source) {
    case "file":
      return { kind: "entry", line: item.line, entryId: entryIdOfLine(item.line) };
    case "rebuilt":
      return item.copies === "file" ? { kind: "entry", line: item.line, entryId: entryIdOfLine(item.line) } : { kind: "synthetic", synthetic: "resume-history", forLine: item.line };
    case "replacement-history":
    case "summary":
      return { kind: "synthetic", synthetic: "resume-history", forLine: item.line };
    case "aborted":
      return { kind: "synthetic", synthetic: "synthetic-tool-result", forLine: item.line };
  }
}

/**
 * The file lines a message is made of: none for an output Codex makes up; left to the origin's
 * line (`sourceLinesOf`) for a message of one file line.
 */
function addLine(m: Msg, item: SentItem): void {
  if (item.source === "aborted") {
    m.sourceLines = [];
    return;
  }
  const own = m.origin.kind === "entry" ? m.origin.line : undefined;
  if (!m.sourceLines) {
    if (own === item.line) return;
    m.sourceLines = own === undefined ? [] : [own];
  }
  const lines = m.sourceLines;
  if (lines[lines.length - 1] === item.line) return;
  lines.push(item.line);
  if (lines.length > 1 && lines[lines.length - 2] > item.line) lines.sort((a, b) => a - b);
}

const texts = (parts: unknown): string[] => (Array.isArray(parts) ? parts.filter((c) => isObject(c) && typeof c.text === "string").map((c) => c.text as string) : []);

function assistantBlock(item: SentItem): Record<string, any> {
  const p = item.payload;
  const line = item.line;
  if (p.type === "message") return { type: "text", text: texts(p.content).join(""), line };
  if (p.type === "reasoning") {
    const summary = texts(p.summary);
    return { type: "thinking", thinking: (summary.length ? summary : texts(p.content)).join("\n"), line };
  }
  if (callFamily(p)) return { type: "toolCall", id: p.call_id, name: p.name ?? p.type, arguments: p.arguments ?? p.input ?? p.action, line, path: [...item.path, "call_id"] as JsonPath };
  if (p.type === "web_search_call") return { type: p.type, action: p.action, line };
  return { type: String(p.type), line };
}

function otherMessage(item: SentItem, timeOf: TimeOfLine): Msg {
  const p = item.payload;
  const origin = originOf(item);
  const timestamp = item.source === "aborted" ? undefined : timeOf(item.line);
  const blocks = outputFamily(p) !== undefined ? outputBlocks(p) : partBlocks(p.content);
  if (item.note !== undefined) for (const b of blocks) b.synthetic = item.note;
  const m: Msg =
    outputFamily(p) !== undefined
      ? { role: "toolResult", toolCallId: p.call_id, content: blocks, isError: false, timestamp, origin, resultPath: [...item.path, "call_id"] }
      : { role: typeof p.role === "string" ? p.role : "user", content: blocks, timestamp, origin };
  addLine(m, item);
  return m;
}

/** A message's parts as blocks: text, and images from their data URL. */
function partBlocks(parts: unknown): Record<string, any>[] {
  if (typeof parts === "string") return [{ type: "text", text: parts }];
  if (!Array.isArray(parts)) return [];
  return parts.map((c: any) => (isObject(c) && c.type === "input_image" ? imageBlock(c.image_url) : { type: "text", text: String(c?.text ?? "") }));
}

function outputBlocks(p: Record<string, any>): Record<string, any>[] {
  const o = p.output;
  if (typeof o === "string" || Array.isArray(o)) return partBlocks(o);
  if (isObject(o) && typeof o.content === "string") return [{ type: "text", text: o.content }];
  if (p.type === "tool_search_output") return [{ type: "text", text: JSON.stringify(p.tools ?? []) }];
  return [];
}

const DATA_URL = /^data:([^;,]+)(;base64)?,/;

function imageBlock(url: unknown): Record<string, any> {
  const m = typeof url === "string" ? DATA_URL.exec(url) : null;
  if (m && m[2]) return { type: "image", mimeType: m[1], data: (url as string).slice(m[0].length) };
  return { type: "image", url: typeof url === "string" ? url : undefined };
}
