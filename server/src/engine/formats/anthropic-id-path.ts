/**
 * Where a call's or a result's id sits in a JSON document of Anthropic-shaped content blocks
 * (Cline's messages file, Roo Code's task history): a `tool_use` block's `id`, a `tool_result`
 * block's `tool_use_id` (a profile's `isIdPath`).
 */
import { isObject } from "../model/parse.js";
import type { JsonPath } from "../model/types.js";

export function isAnthropicBlockIdPath(value: any, path: JsonPath): boolean {
  const last = path[path.length - 1];
  if (last !== "id" && last !== "tool_use_id") return false;
  let v = value;
  for (const k of path.slice(0, -1)) v = isObject(v) || Array.isArray(v) ? (v as any)[k] : undefined;
  return isObject(v) && (last === "id" ? v.type === "tool_use" : v.type === "tool_result");
}
