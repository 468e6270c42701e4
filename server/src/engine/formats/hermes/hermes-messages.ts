/**
 * The messages of a Hermes Agent session (Before: every row as stored, in id order):
 *
 * - `user`: its `content`, one text;
 * - `assistant`: its `reasoning` as thinking, its `content` as text, and a call for each entry of
 *   `tool_calls` (OpenAI's shape: `id`, `type: "function"`, `function {name, arguments}`; Hermes adds
 *   `call_id` and `response_item_id`); the call's id is `call_id`, else `id`, as Hermes reads it
 *   (Hermes's `get_tool_call_id`: docs/research/hermes.md), its arguments the JSON text parsed;
 * - `tool`: the result of the call `tool_call_id` names, its `content` the text.
 *
 * A row of another role adds nothing (hermes-read.ts reports the role). An inactive row (`active`
 * 0) is a message here; hermes-resume.ts leaves it out of what Hermes sends.
 */
import { isObject } from "../../model/parse.js";
import type { Entry, JsonPath, Msg } from "../../model/types.js";
import { rowOf } from "./hermes-read.js";

/** A row's content as text: a string as it is, anything else as its JSON. */
export function contentText(v: unknown): string {
  if (typeof v === "string") return v;
  if (v === null || v === undefined) return "";
  return JSON.stringify(v) ?? "";
}

/** Where a call's id sits in its `tool_calls` entry: `call_id`, else `id` (Hermes prefers `call_id`). */
export function callIdKey(tc: Record<string, any>): "call_id" | "id" | undefined {
  if (typeof tc.call_id === "string" && tc.call_id.trim() !== "") return "call_id";
  if (typeof tc.id === "string" && tc.id.trim() !== "") return "id";
  return undefined;
}

function parsedArguments(v: unknown): unknown {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** Seconds since 1970 (Hermes's `timestamp`) as milliseconds. */
const millis = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Math.round(v * 1000) : undefined);

/** The message of one row (`i`: its index in `messages`), or none. */
export function hermesMessage(e: Entry, i: number): Msg | undefined {
  const row = rowOf(e.raw);
  const origin = { kind: "entry" as const, line: e.line, entryId: e.id };
  const timestamp = millis(row.timestamp);
  const base: JsonPath = ["messages", i];
  if (row.role === "user") return { role: "user", content: [{ type: "text", text: contentText(row.content) }], timestamp, origin };
  if (row.role === "tool") {
    const id = typeof row.tool_call_id === "string" ? row.tool_call_id : "";
    return {
      role: "toolResult",
      toolCallId: id,
      ...(typeof row.tool_name === "string" ? { toolName: row.tool_name } : {}),
      content: [{ type: "text", text: contentText(row.content) }],
      isError: false,
      timestamp,
      origin,
      resultPath: [...base, "tool_call_id"],
    };
  }
  if (row.role !== "assistant") return undefined;
  const content: any[] = [];
  const reasoning = typeof row.reasoning === "string" ? row.reasoning : typeof row.reasoning_content === "string" ? row.reasoning_content : "";
  if (reasoning !== "") content.push({ type: "thinking", thinking: reasoning });
  const text = contentText(row.content);
  if (text !== "") content.push({ type: "text", text });
  if (Array.isArray(row.tool_calls))
    row.tool_calls.forEach((tc: unknown, k: number) => {
      if (!isObject(tc)) return;
      const key = callIdKey(tc);
      const fn = isObject(tc.function) ? tc.function : {};
      const name = typeof fn.name === "string" ? fn.name : undefined;
      content.push({
        type: "toolCall",
        id: key ? String(tc[key]).trim() : "",
        ...(name !== undefined ? { name } : {}),
        arguments: parsedArguments(fn.arguments),
        line: e.line,
        path: [...base, "tool_calls", k, key ?? "id"],
      });
    });
  return { role: "assistant", content, timestamp, origin };
}

/** The conversation of a branch (every row of the session, in order). */
export function buildHermesContext(branch: Entry[]): Msg[] {
  const out: Msg[] = [];
  branch.forEach((e, i) => {
    const m = hermesMessage(e, i);
    if (m) out.push(m);
  });
  return out;
}
