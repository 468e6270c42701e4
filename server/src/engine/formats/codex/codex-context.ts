/**
 * The context a Codex rollout holds: its `response_item` payloads in file order (envelope lines or
 * legacy bare items); consecutive assistant-side items (message, reasoning, calls) of one
 * response form one assistant message; `*_output` items become tool results keyed by `call_id`.
 */
import { isObject } from "../../model/parse.js";
import type { Entry, Msg } from "../../model/types.js";

const CALL_TYPES = new Set(["function_call", "custom_tool_call", "local_shell_call"]);
export const OUTPUT_TYPES = new Set(["function_call_output", "custom_tool_call_output"]);

/** The response item an entry holds (envelope `response_item` or a legacy bare item), if any. */
export function codexPayloadOf(e: Entry): Record<string, any> | undefined {
  const v = e.raw;
  if (v.type === "response_item" && isObject(v.payload)) return v.payload;
  if (!("payload" in v) && typeof v.type === "string" && v.record_type === undefined) return v; // legacy bare item
  return undefined;
}

/** An item the model produced (its text, reasoning, a call): consecutive ones form one assistant message. */
export function isAssistantSide(p: Record<string, any>): boolean {
  return (p.type === "message" && p.role === "assistant") || p.type === "reasoning" || CALL_TYPES.has(p.type);
}

export function buildCodexContext(branch: Entry[]): Msg[] {
  const out: Msg[] = [];
  let open: Msg | undefined;
  for (const e of branch) {
    const p = codexPayloadOf(e);
    if (!p) continue;
    const origin = { kind: "entry" as const, line: e.line, entryId: e.id };
    const ts = typeof e.raw.timestamp === "string" ? Date.parse(e.raw.timestamp) : undefined;
    const assistantSide = isAssistantSide(p);
    if (assistantSide) {
      if (!open) {
        open = { role: "assistant", content: [], timestamp: ts, origin, stopReason: "stop" };
        out.push(open);
      }
      if (p.type === "message")
        for (const c of Array.isArray(p.content) ? p.content : []) open.content.push({ type: "text", text: String(c?.text ?? "") });
      else if (p.type === "reasoning") open.content.push({ type: "thinking", thinking: (p.summary ?? []).map((s: any) => s?.text ?? "").join("\n") });
      else {
        open.content.push({ type: "toolCall", id: String(p.call_id ?? p.id ?? ""), name: p.name ?? p.type, arguments: p.arguments ?? p.input ?? p.action, line: e.line, path: e.raw === p ? ["call_id"] : ["payload", "call_id"] });
        open.stopReason = "toolUse";
      }
      continue;
    }
    open = undefined;
    if (OUTPUT_TYPES.has(p.type)) {
      out.push({
        role: "toolResult",
        toolCallId: String(p.call_id ?? ""),
        content: typeof p.output === "string" ? [{ type: "text", text: p.output }] : Array.isArray(p.output) ? p.output : [],
        isError: false,
        timestamp: ts,
        origin,
        resultPath: e.raw === p ? ["call_id"] : ["payload", "call_id"],
      });
    } else if (p.type === "message") {
      const text = (Array.isArray(p.content) ? p.content : []).map((c: any) => ({ type: "text", text: String(c?.text ?? "") }));
      out.push({ role: p.role === "developer" || p.role === "system" ? "system" : "user", content: text, timestamp: ts, origin });
    }
  }
  return out;
}

