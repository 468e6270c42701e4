/**
 * The messages a Gemini CLI record makes (Before: the conversation as the CLI holds it after
 * loading, gemini-records.ts). The parts follow 0.61.0's `convertSessionToClientHistory`
 * (packages/core/src/utils/sessionUtils.ts), which the resume (gemini-resume.ts) applies too:
 *
 * - `user`: its `content` parts (a string is one text part); text parts make a user message, each
 *   `functionResponse` part a tool result (its `id` is the call's);
 * - `gemini`: `thoughts` (each `**subject** description`), the text of `content`, and the calls:
 *   `toolCalls` (id, name, args), unless `content` itself holds `functionCall` or thought parts
 *   (a record the CLI rewrote from its history), whose calls are then the ones sent; then the
 *   results of `toolCalls[].result` (a string is `{output}`; an array its parts; an object one part),
 *   only when the model turn has parts at all;
 * - `info`, `error`, `warning` and other types: shown by the CLI, never sent; not in the conversation.
 */
import { isObject } from "../../model/parse.js";
import type { JsonPath, Msg } from "../../model/types.js";
import type { GeminiRecord } from "./gemini-records.js";

const time = (v: unknown): number | undefined => {
  if (typeof v !== "string") return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
};

/** A `content` or `result` value as parts, with each part's path (`ensurePartArray`: a string is one text part, an object one part). */
export function partsOf(content: unknown, at: JsonPath): { part: unknown; path: JsonPath }[] {
  if (Array.isArray(content)) return content.map((p, i) => ({ part: typeof p === "string" ? { text: p } : p, path: [...at, i] }));
  if (typeof content === "string") return [{ part: { text: content }, path: at }];
  return [{ part: content, path: at }];
}

/** What a part is to the CLI's `partToString(…, {verbose: true})`: its text, or a bracketed label. */
export function partString(p: unknown): string {
  if (typeof p === "string") return p;
  if (Array.isArray(p)) return p.map(partString).join("");
  if (!isObject(p)) return "";
  if (p.videoMetadata !== undefined) return "[Video Metadata]";
  if (p.thought !== undefined) return `[Thought: ${p.thought}]`;
  if (p.codeExecutionResult !== undefined) return "[Code Execution Result]";
  if (p.executableCode !== undefined) return "[Executable Code]";
  if (p.fileData !== undefined) return "[File Data]";
  if (p.functionCall !== undefined) return `[Function Call: ${isObject(p.functionCall) ? p.functionCall.name : undefined}]`;
  if (p.functionResponse !== undefined) return `[Function Response: ${isObject(p.functionResponse) ? p.functionResponse.name : undefined}]`;
  if (p.inlineData !== undefined) return "[Media]";
  return typeof p.text === "string" ? p.text : "";
}

/** Whether the CLI leaves a user record out on resume (`isIgnoredUserContent`): empty, a `/` or `?` command, or its own injected context. */
export function isIgnoredUserText(content: unknown): boolean {
  const t = (content === undefined || content === null || content === "" ? "" : partString(content)).trim();
  return t.length === 0 || t.startsWith("/") || t.startsWith("?") || t.startsWith("<session_context>") || t.startsWith("<hook_context>");
}

/** A function response's text as the inspector shows it: `output` or `error` alone, else the JSON. */
function responseText(r: unknown): string {
  if (isObject(r) && Object.keys(r).length === 1 && typeof r.output === "string") return r.output;
  if (isObject(r) && Object.keys(r).length === 1 && typeof r.error === "string") return r.error;
  return typeof r === "string" ? r : JSON.stringify(r ?? null);
}

/** A block of a user message for a part that is neither text nor a function response. */
function otherBlock(p: unknown): any {
  if (isObject(p) && isObject(p.inlineData) && typeof p.inlineData.mimeType === "string" && p.inlineData.mimeType.startsWith("image/"))
    return { type: "image", mimeType: p.inlineData.mimeType, data: p.inlineData.data };
  return { type: "text", text: partString(p) };
}

/** The tool result a `functionResponse` part makes (`resultPath`: where its call id is). */
function resultMsg(p: Record<string, any>, path: JsonPath, base: { timestamp?: number; origin: Msg["origin"] }, fallback?: { id?: unknown; name?: unknown; status?: unknown }): Msg {
  const fr = isObject(p.functionResponse) ? p.functionResponse : {};
  const id = typeof fr.id === "string" ? fr.id : typeof fallback?.id === "string" ? fallback.id : "";
  const name = typeof fr.name === "string" ? fr.name : typeof fallback?.name === "string" ? fallback.name : undefined;
  return {
    role: "toolResult",
    toolCallId: id,
    ...(name !== undefined ? { toolName: name } : {}),
    content: [{ type: "text", text: responseText(fr.response) }],
    isError: fallback?.status === "error" || fallback?.status === "cancelled" || (isObject(fr.response) && "error" in fr.response),
    timestamp: base.timestamp,
    origin: base.origin,
    resultPath: [...path, "functionResponse", "id"],
  };
}

/** Whether a part is a model thought (`thought: true`). */
const isThought = (p: unknown): boolean => isObject(p) && p.thought !== undefined && p.thought !== false;

/**
 * The messages of one record, in the order the CLI sends their parts: a user record's text and
 * results; a model turn and then the results stored in its calls. `thinking` blocks are kept
 * (Before); the resume leaves them out.
 */
export function recordMessages(r: GeminiRecord): Msg[] {
  const { rec, line, base, entryId } = r;
  // Each message its own origin object: the inspector keys what it shows of a message (its usage) by it.
  const here = { kind: "entry" as const, line, entryId };
  const timestamp = time(rec.timestamp);
  const out: Msg[] = [];
  if (rec.type === "user") {
    let texts: any[] = [];
    const flush = () => {
      if (texts.length) out.push({ role: "user", content: texts, timestamp, origin: { ...here } });
      texts = [];
    };
    for (const { part, path } of partsOf(rec.content, [...base, "content"])) {
      if (isObject(part) && part.functionResponse !== undefined) {
        flush();
        out.push(resultMsg(part, path, { timestamp, origin: { ...here } }));
      } else if (isObject(part) && typeof part.text === "string" && !isThought(part)) texts.push({ type: "text", text: part.text });
      else if (isObject(part) && isThought(part)) texts.push({ type: "thinking", thinking: typeof part.text === "string" ? part.text : "" });
      else if (part !== undefined && part !== null) texts.push(otherBlock(part));
    }
    flush();
    return out;
  }
  if (rec.type !== "gemini") return out;
  const content: any[] = [];
  const parts = rec.content ? partsOf(rec.content, [...base, "content"]) : [];
  const callsInContent = parts.some(({ part }) => isObject(part) && part.functionCall !== undefined);
  const thoughtsInContent = parts.some(({ part }) => isThought(part));
  const toolCalls: unknown[] = Array.isArray(rec.toolCalls) ? rec.toolCalls : [];
  if (!callsInContent && !thoughtsInContent && Array.isArray(rec.thoughts) && rec.thoughts.length > 0) {
    const text = rec.thoughts.map((t: any) => (isObject(t) && t.subject ? `**${t.subject}** ${t.description}` : isObject(t) ? String(t.description) : String(t))).join("\n");
    content.push({ type: "thinking", thinking: text });
  }
  for (const { part, path } of parts) {
    if (!isObject(part)) continue;
    if (isThought(part)) content.push({ type: "thinking", thinking: typeof part.text === "string" ? part.text : "" });
    else if (isObject(part.functionCall)) {
      const fc = part.functionCall;
      content.push({ type: "toolCall", id: typeof fc.id === "string" ? fc.id : "", name: fc.name, arguments: fc.args, line, path: [...path, "functionCall", "id"] });
    } else if (typeof part.text === "string") content.push({ type: "text", text: part.text });
    else content.push(otherBlock(part));
  }
  if (!callsInContent && !thoughtsInContent)
    toolCalls.forEach((c, j) => {
      if (!isObject(c)) return;
      content.push({ type: "toolCall", id: typeof c.id === "string" ? c.id : "", name: c.name, arguments: c.args, line, path: [...base, "toolCalls", j, "id"] });
    });
  if (content.length === 0) return out; // no parts: the CLI sends neither the turn nor its results
  const calls = content.some((b) => b.type === "toolCall");
  out.push({ role: "assistant", content, timestamp, origin: { ...here }, stopReason: calls ? "toolUse" : "stop", ...(typeof rec.model === "string" ? { model: rec.model } : {}) });
  toolCalls.forEach((c, j) => {
    if (!isObject(c) || !c.result) return;
    const ts = time(c.timestamp) ?? timestamp;
    const at: JsonPath = [...base, "toolCalls", j, "result"];
    const fallback = { id: c.id, name: c.name, status: c.status };
    if (typeof c.result === "string") {
      // The CLI sends `{functionResponse: {id, name, response: {output}}}` for a string result.
      out.push({ ...resultMsg({ functionResponse: { id: c.id, name: c.name, response: { output: c.result } } }, at, { timestamp: ts, origin: { ...here } }, fallback), resultPath: [...base, "toolCalls", j, "id"] });
      return;
    }
    const resultParts = Array.isArray(c.result) ? partsOf(c.result, at) : [{ part: c.result, path: at }];
    let texts: any[] = [];
    const flush = () => {
      if (texts.length) out.push({ role: "user", content: texts, timestamp: ts, origin: { ...here } });
      texts = [];
    };
    for (const { part, path } of resultParts) {
      if (isObject(part) && part.functionResponse !== undefined) {
        flush();
        out.push(resultMsg(part, path, { timestamp: ts, origin: { ...here } }));
      } else if (part !== undefined && part !== null) texts.push(isObject(part) && typeof part.text === "string" ? { type: "text", text: part.text } : otherBlock(part));
    }
    flush();
  });
  return out;
}

/** The conversation of the loader's records, in order. */
export function recordsMessages(records: readonly GeminiRecord[]): Msg[] {
  const out: Msg[] = [];
  for (const r of records) for (const m of recordMessages(r)) out.push(m);
  return out;
}
