/** The messages a Kimi CLI context file holds (kimi-lines.ts describes its lines), as the session model's. */
import { isObject } from "../../model/parse.js";
import type { Entry, Msg } from "../../model/types.js";
import { lineKind } from "./kimi-lines.js";

/** A content part as a block of the model: text, thinking (`think`), media; an unknown part as it is. */
function block(p: Record<string, any>): Record<string, unknown> {
  switch (p.type) {
    case "text":
      return { type: "text", text: typeof p.text === "string" ? p.text : "" };
    case "think":
      return { type: "thinking", thinking: typeof p.think === "string" ? p.think : "", ...(typeof p.encrypted === "string" ? { encrypted: p.encrypted } : {}) };
    case "image_url":
      return { type: "image", url: isObject(p.image_url) && typeof p.image_url.url === "string" ? p.image_url.url : undefined };
    default:
      return { ...p };
  }
}

function blocks(content: unknown): Record<string, unknown>[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) return [];
  return content.filter(isObject).map(block);
}

/** A call's `arguments` as the views show them: the object it encodes, or the string when it is not JSON. */
export function parsedArguments(args: unknown): unknown {
  if (typeof args !== "string") return {};
  try {
    return JSON.parse(args);
  } catch {
    return args;
  }
}

/** The message of one line (none for markers and lines the loader skips). */
export function kimiMessage(e: Entry): Msg | undefined {
  const v = e.raw;
  if (lineKind(v) !== "message") return undefined;
  const origin = { kind: "entry" as const, line: e.line, entryId: e.id };
  switch (v.role) {
    case "assistant": {
      const content: any[] = blocks(v.content);
      const calls = Array.isArray(v.tool_calls) ? v.tool_calls : [];
      calls.forEach((c: any, i: number) =>
        content.push({ type: "toolCall", id: c.id, name: c.function.name, arguments: parsedArguments(c.function.arguments), line: e.line, path: ["tool_calls", i, "id"] }),
      );
      return { role: "assistant", content, origin, stopReason: calls.length > 0 ? "toolUse" : "stop" };
    }
    case "tool": {
      const content = blocks(v.content);
      const isError = content.some((b) => b.type === "text" && typeof b.text === "string" && b.text.startsWith("<system>ERROR:"));
      return { role: "toolResult", toolCallId: typeof v.tool_call_id === "string" ? v.tool_call_id : "", content, isError, origin, resultPath: ["tool_call_id"] };
    }
    default:
      // user, and system messages inside the history (the CLI sends them as they are)
      return { role: v.role, content: blocks(v.content), origin };
  }
}

/** The system prompt the file keeps (its last `_system_prompt` line), as a system message. */
function systemPrompt(e: Entry): Msg | undefined {
  if (e.raw.role !== "_system_prompt" || lineKind(e.raw) !== "marker") return undefined;
  return { role: "system", content: [{ type: "text", text: e.raw.content }], origin: { kind: "entry", line: e.line, entryId: e.id } };
}

/** The conversation in file order (the system prompt first, where the file keeps one). */
export function buildKimiContext(branch: readonly Entry[]): Msg[] {
  const out: Msg[] = [];
  let system: Msg | undefined;
  for (const e of branch) {
    system = systemPrompt(e) ?? system;
    const m = kimiMessage(e);
    if (m) out.push(m);
  }
  return system ? [system, ...out] : out;
}
