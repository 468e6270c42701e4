/**
 * The context a Claude Code branch holds: user and assistant lines; one API response split over
 * several lines (same `message.id`) is merged back; `tool_use` becomes a pi `toolCall`, each
 * `tool_result` block a pi `toolResult`.
 */
import { isObject } from "../../model/parse.js";
import type { Entry, Msg } from "../../model/types.js";

function ms(s: unknown): number | undefined {
  if (typeof s !== "string") return undefined;
  const t = Date.parse(s);
  return Number.isNaN(t) ? undefined : t;
}

export function buildClaudeContext(branch: Entry[]): Msg[] {
  const out: Msg[] = [];
  let lastAssistant: { msg: Msg; apiId: string | undefined } | undefined;
  for (const e of branch) {
    const v = e.raw;
    const origin = { kind: "entry" as const, line: e.line, entryId: e.id };
    if (!isObject(v.message)) {
      if (v.type === "system" && v.subtype !== "compact_boundary") lastAssistant = undefined;
      continue;
    }
    const m = v.message;
    if (v.type === "assistant") {
      const blocks = (Array.isArray(m.content) ? m.content : []).map((b: any, i: number) =>
        isObject(b) && b.type === "tool_use"
          ? { type: "toolCall", id: b.id, name: b.name, arguments: b.input, line: e.line, path: ["message", "content", i, "id"] }
          : b,
      );
      const apiId = typeof m.id === "string" ? m.id : undefined;
      if (lastAssistant && apiId && lastAssistant.apiId === apiId && out[out.length - 1] === lastAssistant.msg) {
        lastAssistant.msg.content.push(...blocks);
        const lines = (lastAssistant.msg.sourceLines ??= [lastAssistant.msg.origin.kind === "entry" ? lastAssistant.msg.origin.line : e.line]);
        if (!lines.includes(e.line)) {
          lines.push(e.line);
          lines.sort((x, y) => x - y);
        }
        if (m.stop_reason) lastAssistant.msg.stopReason = mapStop(m.stop_reason);
        continue;
      }
      const msg: Msg = { role: "assistant", content: blocks, stopReason: mapStop(m.stop_reason), timestamp: ms(v.timestamp), model: m.model, origin };
      out.push(msg);
      lastAssistant = { msg, apiId };
      continue;
    }
    if (v.type === "user") {
      if (typeof m.content === "string") {
        out.push({ role: "user", content: m.content, timestamp: ms(v.timestamp), origin });
        continue;
      }
      const content = Array.isArray(m.content) ? m.content : [];
      const other = content.filter((b: any) => !(isObject(b) && b.type === "tool_result"));
      content.forEach((b: any, i: number) => {
        if (isObject(b) && b.type === "tool_result")
          out.push({
            role: "toolResult",
            toolCallId: b.tool_use_id,
            content: typeof b.content === "string" ? [{ type: "text", text: b.content }] : b.content ?? [],
            isError: b.is_error === true,
            timestamp: ms(v.timestamp),
            origin: { ...origin },
            resultPath: ["message", "content", i, "tool_use_id"],
          });
      });
      if (other.length > 0) out.push({ role: "user", content: other, timestamp: ms(v.timestamp), origin: { ...origin } });
    }
  }
  return out;
}

function mapStop(s: unknown): string | undefined {
  if (s === "tool_use") return "toolUse";
  if (s === "end_turn" || s === "stop_sequence") return "stop";
  if (s === "max_tokens") return "length";
  return typeof s === "string" ? s : undefined;
}

