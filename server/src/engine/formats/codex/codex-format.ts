/**
 * OpenAI Codex CLI rollout files, envelope (`{timestamp,type,payload}`) and legacy bare lines,
 * read into the same model (docs/research/formats.md section 5). Rollouts are linear: each
 * line's parent is the previous line. The context is built from `response_item` payloads only;
 * consecutive assistant-side items (message, reasoning, calls) of one response form one
 * assistant message; `*_output` items become tool results keyed by `call_id`.
 */
import { isObject } from "../../model/parse.js";
import type { Entry, Finding, JsonPath, SourceLine } from "../../model/types.js";
import type { FormatRead, FormatProfile } from "../profile.js";
import { codexModelTurns, codexReasoningItems } from "./codex-providers.js";
import { codexResumeContext } from "./codex-resume.js";
import { codexUsage } from "./codex-usage.js";
import { codexExtendContext } from "./codex-continuation.js";
import { buildCodexContext, OUTPUT_TYPES } from "./codex-context.js";

export function readCodex(lines: SourceLine[]): FormatRead {
  return readCodexFrom(lines, null);
}

/** Lines read after an entry whose id is `prev` (null: from the start of the file). */
function readCodexFrom(lines: readonly SourceLine[], prev: string | null): FormatRead {
  const entries: Entry[] = [];
  const findings: Finding[] = [];
  for (const l of lines) {
    const v = l.value;
    if (!isObject(v)) continue;
    const id = `L${l.line + 1}`;
    entries.push({ line: l.line, id, parentId: prev, type: typeof v.type === "string" ? v.type : "meta", raw: v });
    prev = id;
  }
  return { entries, findings };
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
  extendContext: codexExtendContext,
  readLinesIn(session, lines) {
    // Linear: each line's parent is the entry before it.
    const last = session.entries[session.entries.length - 1];
    return readCodexFrom(lines, last ? last.id : null);
  },
  renderedByPruners: false,
  linksOtherFiles: false,
  sessionFolders: [
    { home: ".codex/sessions", env: { name: "CODEX_HOME", under: "sessions" } },
    { home: ".codex/archived_sessions", env: { name: "CODEX_HOME", under: "archived_sessions" }, archived: true },
  ],
};
