/**
 * "Paste a provider error" (issue 23 item 8a): the error a provider returned names a place in the
 * request it rejected: Anthropic and Bedrock `messages.12.content.0`, OpenAI Chat and its
 * followers `messages[7]` (`messages.[7].role`, DeepSeek's "at message index 2"), the Responses
 * API `input[12]`. The request the provider would receive is the engine's request model
 * (engine/providers/provider-request.ts), each message with the wire messages and file lines it
 * came from: the index found there is a file line.
 *
 * How a request is counted differs by API: Anthropic and Bedrock send the system prompt apart, so
 * `messages.N` is the N-th request message; Chat sends one message per tool result and the system
 * prompt as `messages[0]`; Responses sends one item per call, output, reasoning and message. The
 * system prompt is not in the session file, so for Chat and Responses both counts (with it and
 * without) are tried and the one that holds a tool-call id the error names wins; without an id the
 * usual count is taken, and the answer says so.
 */
import { type Analysis, isProviderName, messagePlace, type Part, placeOf, PROVIDER_LABELS, providerRequest, type ProviderName, type RequestMessage } from "../engine/index.js";
import type { ProviderErrorAnswer } from "../protocol/providers.js";

type Shape = "messages" | "chat" | "responses";

export interface ParsedProviderError {
  shape: Shape;
  /** The path as the error wrote it (`messages.12.content.0`, `messages[7]`, `input[3]`). */
  path: string;
  index: number;
  /** The content block (`messages.N.content.M`), when named. */
  part?: number;
  /** Tool-call ids the error names (`toolu_…`, `call_…`, `fc_…`), in order. */
  ids: string[];
  /** The provider the wording belongs to. */
  provider: ProviderName;
}

const CHAT_FAMILY: ProviderName[] = ["openai-chat", "deepseek", "kimi", "qwen", "mistral"];
const ID_RE = /\b(?:toolu_|tooluse_|toolu-|call_|call-|fc_|fco_)[A-Za-z0-9_-]+\b/g;
/** Words of the error texts that look like ids. */
const NOT_IDS = new Set(["call_id", "call_ids", "call-id"]);
/** Bounds on what is read of a pasted text (it is the user's clipboard, not the session). */
const MAX_TEXT = 20_000;

/** The place an error names, and which API's counting it uses; null when it names none. */
export function parseProviderError(raw: string, target?: string): ParsedProviderError | null {
  const text = raw.slice(0, MAX_TEXT);
  const ids = [...new Set(text.match(ID_RE) ?? [])].filter((id) => !NOT_IDS.has(id)).slice(0, 20);
  const t = isProviderName(target) ? target : undefined;
  let m = /\binput\s*\[\s*(\d{1,7})\s*\]/.exec(text);
  if (m) return { shape: "responses", path: m[0].replace(/\s+/g, ""), index: Number(m[1]), ids, provider: "openai-responses" };
  m = /\bmessages\s*\.?\s*\[\s*(\d{1,7})\s*\]/.exec(text) ?? /\bat message index (\d{1,7})\b/i.exec(text);
  if (m) return { shape: "chat", path: m[0].startsWith("at") ? `messages[${m[1]}]` : m[0].replace(/\s+/g, "").replace(".[", "["), index: Number(m[1]), ids, provider: t && CHAT_FAMILY.includes(t) ? t : /reasoning_content/.test(text) ? "deepseek" : "openai-chat" };
  m = /\bmessages\.(\d{1,7})(?:\.content\.(\d{1,7}))?/.exec(text);
  if (m) {
    const bedrock = /\btool(?:Use|Result)\b|toolResult blocks|toolUse blocks/.test(text) || t === "bedrock";
    const out: ParsedProviderError = { shape: "messages", path: m[0], index: Number(m[1]), ids, provider: bedrock ? "bedrock" : "anthropic" };
    if (m[2] !== undefined) out.part = Number(m[2]);
    return out;
  }
  return null;
}

/** One counted place of a request: a request message, or the parts of it that make one Chat message or Responses item. */
interface Counted {
  msg: RequestMessage;
  parts: Part[];
  kind: string;
}

/** The request as the API counts it: one entry per `messages[N]` (Chat) or `input[N]` (Responses). */
function counted(req: RequestMessage[], shape: Shape): Counted[] {
  const out: Counted[] = [];
  for (const msg of req) {
    if (shape === "messages") {
      out.push({ msg, parts: msg.parts, kind: `${msg.role} message` });
      continue;
    }
    const results = msg.parts.filter((p) => p.kind === "result");
    const rest = msg.parts.filter((p) => p.kind !== "result");
    if (msg.role === "user") {
      for (const r of results) out.push({ msg, parts: [r], kind: shape === "chat" ? "tool message" : "function_call_output item" });
      if (rest.length) out.push({ msg, parts: rest, kind: shape === "chat" ? "user message" : "message item" });
      continue;
    }
    if (shape === "chat") {
      out.push({ msg, parts: msg.parts, kind: "assistant message" });
      continue;
    }
    // Responses: reasoning, then message text, then each call, as the serialisers write them
    let text: Part[] = [];
    const flush = () => {
      if (text.length) out.push({ msg, parts: text, kind: "message item" });
      text = [];
    };
    for (const p of msg.parts) {
      if (p.kind === "thinking") {
        flush();
        out.push({ msg, parts: [p], kind: "reasoning item" });
      } else if (p.kind === "call") {
        flush();
        out.push({ msg, parts: [p], kind: "function_call item" });
      } else text.push(p);
    }
    flush();
  }
  return out;
}

const partIds = (parts: Part[]) => parts.flatMap((p) => (p.kind === "call" || p.kind === "result" ? [p.id] : []));

/** The file line (0-based) and JSON path a counted place points at. */
function placeIn(c: Counted, part?: Part): { line: number | null; path?: (string | number)[] } {
  if (part) {
    const p = placeOf(part);
    if (p.line !== null) return p;
  }
  for (const q of c.parts) {
    const p = placeOf(q);
    if (p.line !== null) return { line: p.line };
  }
  return messagePlace(c.msg);
}

const plural = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

/** Where in the file the request place an error names comes from; null when the text names no place. */
export function locateProviderError(a: Analysis, text: string, target?: string): ProviderErrorAnswer | null {
  const e = parseProviderError(text, target);
  if (!e) return null;
  const req = providerRequest(a, e.provider);
  const list = counted(req, e.shape);
  const label = PROVIDER_LABELS[e.provider];
  const answer: ProviderErrorAnswer = { provider: e.provider, label, path: e.path, index: e.index, line: null, requestLength: list.length, ids: e.ids };
  if (e.part !== undefined) answer.part = e.part;
  // Chat and Responses: with the system prompt counted first, or not (it is not in the file)
  const offsets = e.shape === "chat" ? [1, 0] : e.shape === "responses" ? [0, 1] : [0];
  const at = (offset: number) => list[e.index - offset];
  let offset = offsets[0];
  const named = e.ids.length ? offsets.find((o) => at(o) && partIds(at(o)!.parts).some((id) => e.ids.includes(id))) : undefined;
  if (named !== undefined) offset = named;
  const c = at(offset);
  if (!c) {
    answer.note = `${label}'s request for this branch has ${plural(list.length, e.shape === "responses" ? "input item" : "message")}${e.shape === "chat" ? " (and the system prompt)" : ""}: ${e.path} is past its end. The error may come from a longer session, or from a request the agent built otherwise.`;
    return answer;
  }
  const part = e.part !== undefined ? c.parts[e.part] : c.parts.length === 1 ? c.parts[0] : undefined;
  const place = placeIn(c, part);
  answer.what = c.kind + (part?.kind === "call" ? ` (call ${part.id})` : part?.kind === "result" ? ` (result of ${part.id})` : part ? ` (${part.kind === "other" ? part.type : part.kind} block)` : "");
  const toolCallId = part && (part.kind === "call" || part.kind === "result") ? part.id : undefined;
  if (toolCallId !== undefined) answer.toolCallId = toolCallId;
  if (place.line !== null) answer.line = place.line + 1;
  if (place.path) answer.jsonPath = place.path.map(String);
  const lines = new Set<number>();
  // the lines of what was counted: its parts' messages (one result of a group in Chat and Responses)
  for (const s of new Set(c.parts.length ? c.parts.map((p) => p.msg) : c.msg.sources)) for (const l of s.sourceLines ?? (s.origin.kind === "entry" ? [s.origin.line] : [])) lines.add(l + 1);
  answer.lines = [...lines].sort((x, y) => x - y).slice(0, 50);
  const notes: string[] = [];
  if (e.shape !== "messages") notes.push(offset === 1 ? `Counted with the system prompt as ${e.shape === "chat" ? "messages[0]" : "input[0]"}` : "Counted without a system prompt first");
  if (e.shape !== "messages" && named === undefined) notes[0] += e.ids.length ? "; the tool-call id the error names is not in that message" : " (the error names no tool-call id to check the count by)";
  if (e.ids.length && !partIds(c.parts).some((id) => e.ids.includes(id))) {
    // the id the error names, wherever it is in the request
    const where = list.findIndex((x) => partIds(x.parts).some((id) => e.ids.includes(id)));
    if (where >= 0) {
      const p = placeIn(list[where]);
      if (p.line !== null) notes.push(`${e.ids[0]} is in ${e.shape === "responses" ? "input" : "messages"}[${where + offsets[0]}] of this count, line ${p.line + 1}`);
    } else notes.push(`${e.ids[0]} is not in ${label}'s request for this branch`);
  }
  if (part === undefined && e.part !== undefined) notes.push(`the message has ${plural(c.parts.length, "block")}: content.${e.part} is past its end`);
  if (notes.length) answer.note = `${notes.join(". ")}.`;
  return answer;
}
