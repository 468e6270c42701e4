/**
 * The request as a provider receives it, built from the wire messages (`analyze(...).after`:
 * for pi, after convertToLlm and pi-ai's transformMessages; for Claude Code and Codex, the
 * context as built). Provider packs check structure on this view only.
 *
 * - pi and Codex: consecutive tool results form one user message (pi-ai's Anthropic, Bedrock
 *   and Google serialisers group them; for Chat and Responses each result is its own item, and
 *   a group still sits between the same two messages).
 * - Claude Code: one line is one message; the blocks of a line keep their order.
 * - An assistant message is "same model" when it was produced by the model the request goes
 *   to. pi-ai keeps thinking, signatures and ids only on same-model messages: it turns other
 *   models' thinking into text and drops their signatures (transformMessages), and normalises
 *   their ids for the target. Rules about reasoning and id format look at same-model messages.
 */
import type { JsonPath, Msg } from "../model/types.js";
import { lineOf } from "../model/types.js";
import { resultPathOf } from "../model/occurrence-index.js";


export type Part =
  | { kind: "text"; text: string; msg: Msg; index: number }
  | { kind: "other"; type: string; msg: Msg; index: number }
  | { kind: "thinking"; block: Record<string, any>; msg: Msg; index: number }
  | { kind: "call"; id: string; name?: string; block: Record<string, any>; msg: Msg; index: number }
  | { kind: "result"; id: string; isError: boolean; empty: boolean; msg: Msg };

export interface RequestMessage {
  role: "user" | "assistant";
  parts: Part[];
  /** The wire messages it was built from, in order. */
  sources: Msg[];
  /** Assistant only: produced by the target model (pi-ai keeps its reasoning and ids as they are). */
  sameModel: boolean;
  stopReason?: string;
  /** Filled by the rules on first use (rules.ts); a finished request message never changes. */
  memo?: { calls?: Part[]; results?: Part[]; ids?: readonly string[] | ReadonlySet<string> };
}

/** Where a finding about a part or message points: 0-based line and JSON path. */
export interface Place {
  line: number | null;
  path?: JsonPath;
}

export function placeOf(p: Part): Place {
  if (p.kind === "result") return { line: msgLine(p.msg), path: p.msg.origin.kind === "entry" ? resultPathOf(p.msg) : undefined };
  if (p.kind === "call") {
    if (typeof p.block.line === "number") return { line: p.block.line, path: p.block.path };
    return { line: msgLine(p.msg), path: p.msg.origin.kind === "entry" ? ["message", "content", p.index, "id"] : undefined };
  }
  if (p.kind === "text" || p.kind === "thinking" || p.kind === "other")
    return { line: msgLine(p.msg), path: p.msg.origin.kind === "entry" && Array.isArray(p.msg.content) ? ["message", "content", p.index] : undefined };
  return { line: null };
}

export function msgLine(m: Msg): number | null {
  return lineOf(m) ?? (m.origin.kind === "synthetic" ? m.origin.forLine ?? null : null);
}

export function messagePlace(m: RequestMessage): Place {
  for (const s of m.sources) {
    const line = msgLine(s);
    if (line !== null) return { line };
  }
  return { line: null };
}

