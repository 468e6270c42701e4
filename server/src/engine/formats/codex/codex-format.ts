/**
 * OpenAI Codex CLI rollout files, envelope (`{timestamp,type,payload}`) and legacy bare lines,
 * read into the same model (research notes formats.md section 5). Rollouts are linear: each
 * line's parent is the previous line. The context is built from `response_item` payloads only;
 * consecutive assistant-side items (message, reasoning, calls) of one response form one
 * assistant message; `*_output` items become tool results keyed by `call_id`.
 */
import { isObject } from "../../model/parse.js";
import type { Entry, Finding, JsonPath, Msg, SourceLine } from "../../model/types.js";
import type { FormatRead, FormatProfile } from "../profile.js";
import { codexModelTurns, codexReasoningItems } from "./codex-providers.js";
import { codexResumeContext } from "./codex-resume.js";
import { codexUsage } from "./codex-usage.js";

export function readCodex(lines: SourceLine[]): FormatRead {
  const entries: Entry[] = [];
  const findings: Finding[] = [];
  let prev: string | null = null;
  for (const l of lines) {
    const v = l.value;
    if (!isObject(v)) continue;
    const id = `L${l.line + 1}`;
    entries.push({ line: l.line, id, parentId: prev, type: typeof v.type === "string" ? v.type : "meta", raw: v });
    prev = id;
  }
  return { entries, findings };
}

const CALL_TYPES = new Set(["function_call", "custom_tool_call", "local_shell_call"]);
const OUTPUT_TYPES = new Set(["function_call_output", "custom_tool_call_output"]);

/** The response item an entry holds (envelope `response_item` or a legacy bare item), if any. */
export function codexPayloadOf(e: Entry): Record<string, any> | undefined {
  const v = e.raw;
  if (v.type === "response_item" && isObject(v.payload)) return v.payload;
  if (!("payload" in v) && typeof v.type === "string" && v.record_type === undefined) return v; // legacy bare item
  return undefined;
}

export function buildCodexContext(branch: Entry[]): Msg[] {
  const out: Msg[] = [];
  let open: Msg | undefined;
  for (const e of branch) {
    const p = codexPayloadOf(e);
    if (!p) continue;
    const origin = { kind: "entry" as const, line: e.line, entryId: e.id };
    const ts = typeof e.raw.timestamp === "string" ? Date.parse(e.raw.timestamp) : undefined;
    const assistantSide = (p.type === "message" && p.role === "assistant") || p.type === "reasoning" || CALL_TYPES.has(p.type);
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

const CODEX_TYPES = new Set(["session_meta", "response_item", "event_msg", "turn_context", "compacted"]);

/** Codex rollouts: linear, envelope lines or legacy bare items. */
export const codexFormat: FormatProfile<"codex"> = {
  name: "codex",
  label: "Codex",
  words: {
    agent: "Codex",
    sender: "Codex",
    missingResult: 'Codex answers it with a made-up "aborted" output on resume',
    duplicateId: "Codex reads its rollout in file order",
  },
  detect: (v, index) =>
    (typeof v.type === "string" && CODEX_TYPES.has(v.type) && "payload" in v) ||
    // Legacy Codex: a bare session meta line, or bare response items.
    (index === 0 && typeof v.id === "string" && typeof v.timestamp === "string" && !("type" in v)) ||
    v.record_type === "state",
  read: readCodex,
  buildContext: buildCodexContext,
  leaf: (entries) => entries[entries.length - 1],
  idKey: "id",
  parentKey: "parentId",
  entryRefKeys: new Set(),
  isIdPath: (_value: any, path: JsonPath) => path[path.length - 1] === "call_id" && (path.length === 1 || (path.length === 2 && path[0] === "payload")),
  repair: {
    resultLineRemoval(v, id) {
      const p = isObject(v.payload) && v.type === "response_item" ? v.payload : !("payload" in v) ? v : undefined;
      if (!p || !OUTPUT_TYPES.has(p.type) || String(p.call_id ?? "") !== id) return null;
      return "delete-line";
    },
    turnLinesCarryIds: true,
    interruptedResult(call, callLine, prev) {
      // Codex records a call that never completed with the output "aborted".
      const envelope = callLine.type === "response_item" && isObject(callLine.payload);
      const p = envelope ? callLine.payload : callLine;
      const payload = { type: p.type === "custom_tool_call" ? "custom_tool_call_output" : "function_call_output", call_id: call.id, output: "aborted" };
      if (!envelope) return payload;
      return { ...(typeof prev.raw.timestamp === "string" ? { timestamp: prev.raw.timestamp } : {}), type: "response_item", payload };
    },
    linked: false,
    newEntryId: (h) => h[0],
    noMergeReason: "Codex writes each output as an item of its own, and the Responses API takes them that way: there is nothing to merge in the file",
  },
  usageOnLine: codexUsage,
  providers: {
    modelTurns: codexModelTurns,
    packOf: () => "openai-responses",
    recordsModelPerMessage: false,
    serialisedBySender: false,
    oneMessagePerLine: false,
    bypassesThoughtSignature: false,
    reasoningItems: codexReasoningItems,
  },
  resume: codexResumeContext,
  renderedByPruners: false,
  linksOtherFiles: false,
  sessionFolders: [
    { home: ".codex/sessions", env: { name: "CODEX_HOME", under: "sessions" } },
    { home: ".codex/archived_sessions", env: { name: "CODEX_HOME", under: "archived_sessions" }, archived: true },
  ],
};
