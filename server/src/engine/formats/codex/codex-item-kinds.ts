/**
 * The Responses items of a Codex rollout by kind (docs/research/codex-resume.md sections 4 and 7):
 * which ones Codex sends on resume, which are calls and outputs and of which family, and which the
 * model produced (those form one assistant message when they come one after another).
 */
import { isObject } from "../../model/parse.js";

/** R7.1: calls and outputs pair per family: a `custom_tool_call_output` never answers a `function_call`. */
export type CallFamily = "function" | "custom" | "tool-search";

const CALL_FAMILY: Readonly<Record<string, CallFamily>> = {
  function_call: "function",
  local_shell_call: "function",
  custom_tool_call: "custom",
  tool_search_call: "tool-search",
};

const OUTPUT_FAMILY: Readonly<Record<string, CallFamily>> = {
  function_call_output: "function",
  custom_tool_call_output: "custom",
  tool_search_output: "tool-search",
};

/** The item is a call of a family with a call id (a `local_shell_call` or `tool_search_call` may have none: nothing answers it). */
export function callFamily(p: Record<string, any>): CallFamily | undefined {
  const f = CALL_FAMILY[p.type];
  return f && typeof p.call_id === "string" ? f : undefined;
}

/** The item is an output of a family with a call id. */
export function outputFamily(p: Record<string, any>): CallFamily | undefined {
  const f = OUTPUT_FAMILY[p.type];
  return f && typeof p.call_id === "string" ? f : undefined;
}

/** R7.2: a `tool_search_output` the server ran answers no client call and is never an orphan. */
export function mayBeOrphan(p: Record<string, any>): boolean {
  return outputFamily(p) !== undefined && !(p.type === "tool_search_output" && p.execution === "server");
}

/** A call or output type, whether or not it carries a call id. */
export function isCallType(type: unknown): boolean {
  return typeof type === "string" && type in CALL_FAMILY;
}

export function isOutputType(type: unknown): boolean {
  return typeof type === "string" && type in OUTPUT_FAMILY;
}

/** R4.1: the item types Codex records into the history it sends (`is_api_message`); `system` messages are not. */
const SENT_TYPES: ReadonlySet<string> = new Set([
  "message",
  "reasoning",
  "function_call",
  "custom_tool_call",
  "local_shell_call",
  "tool_search_call",
  "function_call_output",
  "custom_tool_call_output",
  "tool_search_output",
  "web_search_call",
  "image_generation_call",
  "compaction",
  "compaction_summary",
  "context_compaction",
  "agent_message",
]);

export function isSentType(p: Record<string, any>): boolean {
  return SENT_TYPES.has(p.type) && !(p.type === "message" && p.role === "system");
}

/**
 * An item the model produced: its reasoning, its text, its calls, its server-side tools (web
 * search, image generation, a server tool search), a compaction. Consecutive ones form one assistant message.
 */
export function isAssistantSide(p: Record<string, any>): boolean {
  if (p.type === "message") return p.role === "assistant";
  if (isOutputType(p.type)) return outputFamily(p) === undefined;
  return SENT_TYPES.has(p.type);
}

/** The response item of a rollout line: an envelope's `payload`, or a legacy bare item. */
export function payloadOfLine(v: Record<string, any>): Record<string, any> | undefined {
  if (v.type === "response_item" && isObject(v.payload)) return v.payload;
  if (!("payload" in v) && typeof v.type === "string" && v.record_type === undefined) return v; // legacy bare item (R2.7)
  return undefined;
}
