/**
 * The messages of an OpenCode session (Before: the conversation as stored). A message is its `info`
 * (role, model, usage) and its parts:
 *
 * - `user`: `text` parts (the prompt, and the `synthetic` texts OpenCode adds, such as a read file's
 *   content), `file` parts (an image or other attachment, by its `url`), `compaction` and `subtask`
 *   parts (the texts OpenCode sends for them); one user message;
 * - `assistant`: one model response per step (a `step-start` part opens the next one; the AI SDK
 *   splits a message there too): `reasoning` as thinking, `text`, and `tool` parts. A tool part is
 *   the call and its result in one: the call (`callID`, `tool`, `state.input`) in the response, its
 *   result (`state.output`, or `state.error`) a tool result right after it once the state is
 *   `completed` or `error`; a part still `pending` or `running` has no result.
 *
 * `step-finish`, `snapshot`, `patch`, `agent` and `retry` parts are bookkeeping: nothing of them is a
 * message. A part of a type this reading does not know is left out (opencode-read.ts reports it).
 */
import { isObject } from "../../model/parse.js";
import type { Entry, JsonPath, Msg } from "../../model/types.js";
import { infoOf, OPENCODE_TOOL_STATES, partsOf } from "./opencode-read.js";

/** What OpenCode sends for a user's compaction request and a subtask the user ran (MessageV2.toModelMessages). */
export const COMPACTION_PROMPT = "What did we do so far?";
export const SUBTASK_PROMPT = "The following tool was executed by the user";

/** A tool part's result text: its output (a string, or the JSON of anything else), or its error. */
export function toolResultText(state: Record<string, any>): string {
  if (state.status === "error") return typeof state.error === "string" ? state.error : JSON.stringify(state.error ?? "");
  const out = state.output;
  return typeof out === "string" ? out : out === undefined || out === null ? "" : JSON.stringify(out);
}

/**
 * How a message is sent on the next request (MessageV2.toModelMessages, 1.18): an `ignored` or
 * empty text and a `text/plain` or folder file part are not sent (their text is in the synthetic
 * parts); a tool part that never finished is answered "[Tool execution was interrupted]"; an
 * output pruned by OpenCode (`time.compacted`) is sent as "[Old tool result content cleared]"; an
 * interrupted call's partial output as its result; reasoning of another model as text.
 */
export interface SendOptions {
  /** The model the request goes to (`providerID/modelID`): another model's reasoning is sent as text. */
  readonly model?: string;
  /** Called for each tool part that never finished (its made-up result's place). */
  unfinished?(call: { id: string; name: string; path: JsonPath }, made: Msg): void;
}

export const INTERRUPTED_TEXT = "[Tool execution was interrupted]";
export const CLEARED_TEXT = "[Old tool result content cleared]";

/** `providerID/modelID` of an assistant message's info. */
export const modelKey = (info: Record<string, any>) => `${info.providerID ?? ""}/${info.modelID ?? ""}`;

/** The messages of one stored message (`base`: its path in the document); `send`: as sent (After), not as stored (Before). */
export function openCodeMessages(e: Entry, base: JsonPath, send?: SendOptions): Msg[] {
  const info = infoOf(e.raw);
  const origin = () => ({ kind: "entry" as const, line: e.line, entryId: e.id });
  const timestamp = isObject(info.time) && typeof info.time.created === "number" ? info.time.created : undefined;
  const parts = partsOf(e.raw);
  if (info.role === "user") {
    const content: any[] = [];
    parts.forEach((p) => {
      if (!isObject(p)) return;
      if (p.type === "text" && typeof p.text === "string") {
        if (!send || (p.ignored !== true && p.text !== "")) content.push({ type: "text", text: p.text });
      } else if (p.type === "file") {
        if (!send || (p.mime !== "text/plain" && p.mime !== "application/x-directory")) content.push(fileBlock(p));
      }
      else if (p.type === "compaction") content.push({ type: "text", text: COMPACTION_PROMPT });
      else if (p.type === "subtask") content.push({ type: "text", text: SUBTASK_PROMPT });
    });
    return content.length ? [{ role: "user", content, timestamp, origin: origin() }] : [];
  }
  if (info.role !== "assistant") return [];
  const model = typeof info.modelID === "string" ? info.modelID : undefined;
  const provider = typeof info.providerID === "string" ? info.providerID : undefined;
  const out: Msg[] = [];
  let content: any[] = [];
  let results: Msg[] = [];
  const flush = () => {
    if (content.length) out.push({ role: "assistant", content, timestamp, ...(model ? { model } : {}), ...(provider ? { provider } : {}), origin: origin() });
    for (const r of results) out.push(r);
    content = [];
    results = [];
  };
  parts.forEach((p, j) => {
    if (!isObject(p)) return;
    const path: JsonPath = [...base, "parts", j];
    if (p.type === "step-start") flush();
    else if (p.type === "text" && typeof p.text === "string") content.push({ type: "text", text: p.text });
    else if (p.type === "reasoning") {
      const text = typeof p.text === "string" ? p.text : "";
      if (!send || send.model === undefined || send.model === modelKey(info)) content.push({ type: "thinking", thinking: text });
      else if (text.trim() !== "") content.push({ type: "text", text });
    }
    else if (p.type === "tool") {
      const id = typeof p.callID === "string" ? p.callID : "";
      const name = typeof p.tool === "string" ? p.tool : undefined;
      const state = isObject(p.state) ? p.state : {};
      // A state OpenCode does not know is neither a call nor a result in what it sends (opencode-read.ts reports it).
      if (send && !OPENCODE_TOOL_STATES.has(String(state.status))) return;
      const callPath: JsonPath = [...path, "callID"];
      content.push({ type: "toolCall", id, ...(name ? { name } : {}), arguments: state.input, line: e.line, path: callPath });
      const result = (text: string, isError: boolean): Msg => ({ role: "toolResult", toolCallId: id, ...(name ? { toolName: name } : {}), content: [{ type: "text", text }], isError, timestamp, origin: origin(), resultPath: callPath });
      if (state.status === "completed") results.push(result(send && isObject(state.time) && state.time.compacted !== undefined ? CLEARED_TEXT : toolResultText(state), false));
      else if (state.status === "error") {
        const partial = send && isObject(state.metadata) && state.metadata.interrupted === true && typeof state.metadata.output === "string" ? state.metadata.output : undefined;
        results.push(partial !== undefined ? result(partial, false) : result(toolResultText(state), true));
      } else if (send) {
        const made: Msg = { ...result(INTERRUPTED_TEXT, true), origin: { kind: "synthetic", synthetic: "synthetic-tool-result", forLine: e.line } };
        delete made.resultPath;
        send.unfinished?.({ id, name: name ?? "", path: callPath }, made);
        results.push(made);
      }
    }
  });
  flush();
  return out;
}

/** A user's file part: an image as an image, anything else as the text naming it. */
function fileBlock(p: Record<string, any>): any {
  const mime = typeof p.mime === "string" ? p.mime : "";
  const name = typeof p.filename === "string" ? p.filename : typeof p.url === "string" ? p.url : "";
  if (mime.startsWith("image/")) return { type: "image", mimeType: mime, data: typeof p.url === "string" ? p.url : "" };
  return { type: "text", text: `[file ${name}${mime ? ` (${mime})` : ""}]` };
}

/** The conversation of a branch (every message of the session, in order). */
export function buildOpenCodeContext(branch: Entry[]): Msg[] {
  const out: Msg[] = [];
  branch.forEach((e, i) => {
    for (const m of openCodeMessages(e, ["messages", i])) out.push(m);
  });
  return out;
}
