/** The parts of a wire message in a request: content blocks as the provider sees them, results, and their order in a line. */
import type { JsonPath, Msg } from "../model/types.js";
import { lineOf } from "../model/types.js";

import type { Part } from "./request-model.js";

export function isEmptyContent(c: unknown): boolean {
  if (c === undefined || c === null) return true;
  if (typeof c === "string") return c.trim() === "";
  if (Array.isArray(c)) return c.every((b) => b && typeof b === "object" && b.type === "text" && String(b.text ?? "").trim() === "");
  return false;
}

export function contentParts(m: Msg): Part[] {
  if (typeof m.content === "string") return [{ kind: "text", text: m.content, msg: m, index: 0 }];
  if (!Array.isArray(m.content)) return [];
  const out: Part[] = [];
  m.content.forEach((b: any, index: number) => {
    if (!b || typeof b !== "object") {
      // Not a content block (a bare string in Claude Code's edge cases): content, but no rule's concern.
      if (b !== null && b !== undefined) out.push({ kind: "other", type: typeof b, msg: m, index });
      return;
    }
    if (b.type === "text") out.push({ kind: "text", text: typeof b.text === "string" ? b.text : "", msg: m, index });
    else if (b.type === "thinking" || b.type === "redacted_thinking") out.push({ kind: "thinking", block: b, msg: m, index });
    else if (b.type === "toolCall" && typeof b.id === "string") out.push({ kind: "call", id: b.id, name: typeof b.name === "string" ? b.name : undefined, block: b, msg: m, index });
    else out.push({ kind: "other", type: String(b.type), msg: m, index });
  });
  return out;
}

/** A thinking block that pi-ai turns into text for another model (empty ones are dropped). */
export function crossModelParts(parts: Part[]): Part[] {
  const out: Part[] = [];
  for (const p of parts) {
    if (p.kind !== "thinking") out.push(p);
    else if (p.block.type === "thinking" && !p.block.redacted && String(p.block.thinking ?? "").trim() !== "")
      out.push({ kind: "text", text: String(p.block.thinking), msg: p.msg, index: p.index });
  }
  return out;
}

export function userParts(m: Msg): Part[] {
  if (m.role === "toolResult") return [{ kind: "result", id: String(m.toolCallId ?? ""), isError: m.isError === true, empty: isEmptyContent(m.content), msg: m }];
  // convertToLlm renders bash executions and summaries as text of its own (never empty).
  if (typeof m.agentRole === "string" && m.agentRole !== "custom") return [{ kind: "text", text: `[${m.agentRole}]`, msg: m, index: 0 }];
  return contentParts(m);
}

/** Claude Code: a block's index in its line (results carry it in their path). */
/** The parsed value of a file line (Claude Code: to order a line's blocks as written). */
export type LineValue = ((line: number) => unknown) | undefined;

export function partIndex(p: Part, lineValue: LineValue): number {
  if (p.kind === "result") {
    const path = p.msg.resultPath as JsonPath | undefined;
    return typeof path?.[2] === "number" ? path[2] : 0;
  }
  if (p.kind === "text" || p.kind === "other" || p.kind === "thinking" || p.kind === "call") return userBlockIndex(p.msg, p.index, lineValue);
  return 0;
}

/**
 * The Claude Code builder keeps a line's non-result blocks as one user message: block `i` of
 * it is the `i`-th non-result block of the line's `message.content`.
 */
export function userBlockIndex(m: Msg, i: number, lineValue: LineValue): number {
  const line = lineOf(m);
  const value: any = line !== null && lineValue ? lineValue(line) : undefined;
  const raw = value?.message?.content as unknown[] | undefined;
  if (!Array.isArray(raw)) return 1_000_000 + i;
  let seen = -1;
  for (let k = 0; k < raw.length; k++) {
    const b: any = raw[k];
    if (b && typeof b === "object" && b.type === "tool_result") continue;
    if (++seen === i) return k;
  }
  return 1_000_000 + i;
}

