/**
 * The lines of a Kimi CLI context file (`~/.kimi/sessions/<md5(work dir)>/<session id>/context.jsonl`,
 * before that `<session id>.jsonl` in the md5 folder), as `Context.restore` reads them
 * (MoonshotAI/kimi-cli `src/kimi_cli/soul/context.py`, 1.49.0):
 *
 * - a line that does not parse, or is not an object, is skipped ("Skipping malformed context line");
 * - an object without a string `role` is skipped;
 * - three marker lines, written with `json.dumps`: `{"role": "_system_prompt", "content": str}`
 *   (the system prompt the session keeps, sent instead of the agent's own), `{"role": "_usage",
 *   "token_count": int}` (the context's size in tokens after a step: not a response's usage) and
 *   `{"role": "_checkpoint", "id": int}` (a point `revert_to` can go back to; reverting rotates the
 *   file and writes the lines before it into a new one). A marker whose field has another type is
 *   skipped. None of them is a message;
 * - any other line is a kosong `Message` (`packages/kosong/src/kosong/message.py`, written by
 *   `model_dump_json(exclude_none=True)`): `role` system|user|assistant|tool, `content` a string or
 *   a list of parts (`text`, `think`, `image_url`, `audio_url`, `video_url`), `tool_calls`
 *   `[{type: "function", id, function: {name, arguments: str|null}}]`, `tool_call_id`. A line the
 *   model does not validate (another role) is skipped ("Skipping invalid context message line").
 */
import { isObject } from "../../model/parse.js";

export const KIMI_ROLES: ReadonlySet<string> = new Set(["system", "user", "assistant", "tool"]);
export const KIMI_MARKERS: ReadonlySet<string> = new Set(["_system_prompt", "_usage", "_checkpoint"]);
/** The content part types kosong registers (`ContentPart` subclasses of message.py). */
export const KIMI_PART_TYPES: ReadonlySet<string> = new Set(["text", "think", "image_url", "audio_url", "video_url"]);

export type KimiLineKind = "message" | "marker" | "skipped";

/** Why `Context.restore` skips a marker line or a message line, or undefined when it reads it. */
export function skipReason(v: Record<string, any>): string | undefined {
  const role = v.role;
  if (typeof role !== "string") return "missing or invalid role";
  if (role === "_system_prompt") return typeof v.content === "string" ? undefined : "invalid system prompt line (`content` is not a string)";
  if (role === "_usage") return Number.isInteger(v.token_count) ? undefined : "invalid usage line (`token_count` is not an integer)";
  if (role === "_checkpoint") return Number.isInteger(v.id) ? undefined : "invalid checkpoint line (`id` is not an integer)";
  if (!KIMI_ROLES.has(role)) return `invalid context message line (role \`${role}\` is none of system, user, assistant, tool)`;
  const c = v.content;
  if (c !== undefined && c !== null && typeof c !== "string" && !Array.isArray(c)) return "invalid context message line (`content` is neither a string nor a list of parts)";
  if (Array.isArray(c) && c.some((p) => !isObject(p) || typeof p.type !== "string")) return "invalid context message line (a content part without a string `type`)";
  if (v.tool_calls !== undefined && v.tool_calls !== null) {
    if (!Array.isArray(v.tool_calls)) return "invalid context message line (`tool_calls` is not a list)";
    for (const t of v.tool_calls)
      if (!isObject(t) || typeof t.id !== "string" || !isObject(t.function) || typeof t.function.name !== "string" || (t.function.arguments !== undefined && t.function.arguments !== null && typeof t.function.arguments !== "string"))
        return "invalid context message line (a tool call without a string `id`, `function.name` or string `function.arguments`)";
  }
  if (v.tool_call_id !== undefined && v.tool_call_id !== null && typeof v.tool_call_id !== "string") return "invalid context message line (`tool_call_id` is not a string)";
  return undefined;
}

/** What a line is to Kimi CLI's loader. */
export function lineKind(v: Record<string, any>): KimiLineKind {
  if (skipReason(v) !== undefined) return "skipped";
  return KIMI_MARKERS.has(v.role) ? "marker" : "message";
}
