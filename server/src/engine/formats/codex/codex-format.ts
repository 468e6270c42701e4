/**
 * The Codex profile: OpenAI Codex CLI rollout files (envelope `{timestamp, type, payload}` lines,
 * and legacy bare ones), docs/research/formats.md section 5. Reading: codex-read.ts; the
 * context (Before): codex-context.ts; what Codex sends on resume (After) and what that reading
 * loses: codex-resume.ts (docs/research/codex-resume.md); usage, provider shape and the
 * continuation of an append: their own files.
 */
import { isObject } from "../../model/parse.js";
import type { JsonPath } from "../../model/types.js";
import type { FormatProfile } from "../profile.js";
import { codexModelTurns, codexReasoningItems, linkCodexTurns } from "./codex-providers.js";
import { CODEX_READING_VERSIONS, codexResumeContext } from "./codex-resume.js";
import { codexSubagentTranscripts } from "./codex-subagents.js";
import { codexUsage } from "./codex-usage.js";
import { codexEditContext, codexExtendContext } from "./codex-continuation.js";
import { buildCodexContext } from "./codex-context.js";
import { callFamily, isOutputType } from "./codex-item-kinds.js";
import { readCodex, readCodexFrom } from "./codex-read.js";
import { CODEX_WORDS } from "./codex-words.js";
import { linkCodexHistory } from "./codex-history.js";
import type { Entry } from "../../model/types.js";
import { codexCompactionOn } from "./codex-compaction-record.js";
import { CODEX_DOC } from "./codex-doc.js";

/** The last of `entries` (file order) on a line before `line`. */
function entryBefore(entries: readonly Entry[], line: number): Entry | undefined {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid].line < line) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? entries[lo - 1] : undefined;
}

const CODEX_TYPES = new Set(["session_meta", "response_item", "event_msg", "turn_context", "compacted"]);

/** Codex rollouts: linear, envelope lines or legacy bare items. */
export const codexFormat: FormatProfile<"codex"> = {
  name: "codex",
  label: "Codex",
  words: CODEX_WORDS,
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
      if (!p || !isOutputType(p.type) || String(p.call_id ?? "") !== id) return null;
      return "delete-line";
    },
    turnLinesCarryIds: true,
    interruptedResult(call, callLine, prev) {
      // The output Codex itself makes up for a call without one (docs/research/codex-resume.md
      // R7.1), of the call's family, as Codex writes a rollout line: `{timestamp, type, payload}`,
      // the payload's fields in Codex's order. The timestamp is the line before's (no clock).
      const envelope = callLine.type === "response_item" && isObject(callLine.payload);
      const p = envelope ? callLine.payload : callLine;
      const family = callFamily({ ...p, call_id: call.id });
      const payload =
        family === "custom"
          ? { type: "custom_tool_call_output", call_id: call.id, output: "aborted" }
          : family === "tool-search"
            ? { type: "tool_search_output", call_id: call.id, status: "completed", execution: "client", tools: [] }
            : { type: "function_call_output", call_id: call.id, output: "aborted" };
      if (!envelope) return payload;
      return { ...(typeof prev.raw.timestamp === "string" ? { timestamp: prev.raw.timestamp } : {}), type: "response_item", payload };
    },
    linked: false,
    // R7.1: Codex pairs calls and outputs by call id over the whole history.
    answersById: true,
    newEntryId: (h) => h[0],
    noMergeReason: "Codex writes each output as an item of its own, and the Responses API takes them that way: there is nothing to merge in the file",
  },
  usageOnLine: codexUsage,
  compactionOn: codexCompactionOn,
  providers: {
    modelTurns: codexModelTurns,
    packOf: () => "openai-responses",
    recordsModelPerMessage: false,
    serialisedBySender: false,
    oneMessagePerLine: false,
    nextRequestAddsUserTurn: true,
    bypassesThoughtSignature: false,
    sendsContextMessages: true,
    reasoningItems: codexReasoningItems,
  },
  resume: codexResumeContext,
  readingVersions: CODEX_READING_VERSIONS,
  subagentTranscripts: codexSubagentTranscripts,
  extendContext: codexExtendContext,
  editContext: codexEditContext,
  // Nothing of the reading is kept beside the entries: the history and the model references of
  // the version before are linked to the next one's entries, to be continued from.
  continueRead: (entries, _lines, previous) => {
    linkCodexHistory(entries, previous);
    linkCodexTurns(entries, previous);
  },
  readLinesIn(session, lines) {
    // Linear: each line's parent is the entry before it (the session's last for appended lines,
    // the one before the first line for a line edited in place).
    const prev = lines.length ? entryBefore(session.entries, lines[0].line) : undefined;
    return readCodexFrom(lines, prev ? prev.id : null);
  },
  renderedByPruners: false,
  linksOtherFiles: false,
  sessionFolders: [
    { home: ".codex/sessions", env: { name: "CODEX_HOME", under: "sessions" } },
    { home: ".codex/archived_sessions", env: { name: "CODEX_HOME", under: "archived_sessions" }, archived: true },
  ],
  doc: CODEX_DOC,
};
