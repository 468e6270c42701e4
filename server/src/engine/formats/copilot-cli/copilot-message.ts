/** The messages Copilot CLI events make in the main conversation (copilot-format.ts describes the events). */
import { isObject } from "../../model/parse.js";
import type { Entry, Msg } from "../../model/types.js";

/** Whether an event belongs to a sub-agent (its own conversation, not the main one). */
export function isSubagentEvent(v: Record<string, any>): boolean {
  return typeof v.agentId === "string" || (isObject(v.data) && typeof v.data.parentToolCallId === "string");
}

const time = (v: unknown): number | undefined => {
  if (typeof v !== "string") return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
};

/** The message an event makes in the main conversation (none for most events). */
export function copilotMessage(e: Entry): Msg | undefined {
  const v = e.raw;
  const d = isObject(v.data) ? v.data : undefined;
  if (!d || isSubagentEvent(v)) return undefined;
  const origin = { kind: "entry" as const, line: e.line, entryId: e.id };
  const timestamp = time(v.timestamp);
  switch (v.type) {
    case "user.message": {
      const text = typeof d.transformedContent === "string" ? d.transformedContent : typeof d.content === "string" ? d.content : "";
      return { role: "user", content: [{ type: "text", text }], timestamp, origin };
    }
    case "system.message":
      return { role: "system", content: [{ type: "text", text: typeof d.content === "string" ? d.content : "" }], timestamp, origin };
    case "assistant.message": {
      const content: any[] = [];
      if (typeof d.reasoningText === "string" && d.reasoningText !== "") content.push({ type: "thinking", thinking: d.reasoningText });
      if (typeof d.content === "string" && d.content !== "") content.push({ type: "text", text: d.content });
      const requests = Array.isArray(d.toolRequests) ? d.toolRequests : [];
      requests.forEach((r: any, i: number) => {
        if (!isObject(r) || typeof r.toolCallId !== "string") return;
        content.push({ type: "toolCall", id: r.toolCallId, name: typeof r.name === "string" ? r.name : undefined, arguments: r.arguments, line: e.line, path: ["data", "toolRequests", i, "toolCallId"] });
      });
      const calls = content.some((b) => b.type === "toolCall");
      return { role: "assistant", content, timestamp, origin, stopReason: calls ? "toolUse" : "stop", ...(typeof d.model === "string" ? { model: d.model } : {}) };
    }
    case "tool.execution_complete": {
      if (typeof d.toolCallId !== "string") return undefined;
      const ok = d.success !== false;
      const text = ok ? resultText(d.result) : isObject(d.error) && typeof d.error.message === "string" ? d.error.message : resultText(d.result);
      return { role: "toolResult", toolCallId: d.toolCallId, content: [{ type: "text", text }], isError: !ok, timestamp, origin, resultPath: ["data", "toolCallId"] };
    }
    default:
      return undefined;
  }
}

function resultText(r: unknown): string {
  if (!isObject(r)) return "";
  return typeof r.content === "string" ? r.content : "";
}

/** The main conversation as the events write it, in file order. */
export function buildCopilotContext(branch: readonly Entry[]): Msg[] {
  const out: Msg[] = [];
  for (const e of branch) {
    const m = copilotMessage(e);
    if (m) out.push(m);
  }
  return out;
}

