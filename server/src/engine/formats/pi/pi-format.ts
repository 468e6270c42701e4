/**
 * pi coding-agent sessions: header, entry types, versions 1-3 and their migrations, and how pi
 * builds the context of a branch (docs/research/formats.md section 1).
 *
 * v1 files have no ids: they are migrated in memory with deterministic ids (`v1:<line>`) so that
 * findings are stable across runs. Nothing is ever written back.
 */
import { isObject } from "../../model/parse.js";
import { isoMs } from "../../model/iso-time.js";
import type { JsonPath } from "../../model/types.js";
import type { FormatProfile } from "../profile.js";
import { providerOf } from "../../model/provider-names.js";
import { buildPiContext } from "./pi-context.js";
import { piEditContext, piExtendContext, piReadLinesIn } from "./pi-continuation.js";
import { piModelTurns } from "./pi-model-turns.js";
import { readPi } from "./pi-read.js";
import { piUsage } from "./pi-usage.js";
import { piCompactionOn, piCompactionsLeft } from "./pi-compaction.js";
import { piSubagentTranscripts } from "./pi-subagents.js";
import { PI_DOC } from "./pi-doc.js";

/** pi sessions: a `session` header, then entries linked by `id` / `parentId`. */
export const piFormat: FormatProfile<"pi"> = {
  name: "pi",
  label: "pi",
  words: {
    agent: "pi",
    sender: "pi's provider layer (pi-ai)",
    missingResult: 'pi-ai sends a made-up "No result provided" error result in its place',
    duplicateId: "pi indexes the later entry, so children of the earlier one attach to it",
  },
  // The header; or, where it does not parse (a torn first line), a v3 entry as the first object: a
  // `message` with an id, a parent link and a message object (Factory Droid writes such entries,
  // after a `session_start` line of its own: not the first object).
  detect: (v, index) =>
    (v.type === "session" && typeof v.id === "string") ||
    (index === 0 && v.type === "message" && typeof v.id === "string" && (v.parentId === null || typeof v.parentId === "string") && isObject(v.message) && typeof v.message.role === "string"),
  read: readPi,
  buildContext: buildPiContext,
  leaf: (entries) => entries[entries.length - 1],
  idKey: "id",
  parentKey: "parentId",
  entryRefKeys: new Set(["parentId", "firstKeptEntryId", "targetId", "fromId"]),
  isIdPath(value: any, path: JsonPath): boolean {
    const k = path[path.length - 1];
    if (path.length === 2 && path[0] === "message" && k === "toolCallId") return true;
    if (path.length === 4 && path[0] === "message" && path[1] === "content" && typeof path[2] === "number")
      return k === "id" && value?.message?.content?.[path[2]]?.type === "toolCall";
    return false;
  },
  repair: {
    resultLineRemoval(v, id, entry, session) {
      if (!entry || v.type !== "message" || !isObject(v.message) || v.message.role !== "toolResult" || v.message.toolCallId !== id) return null;
      if (!entry.syntheticId) return "reparent";
      // v1: the tree is the file order, but compaction indexes count lines: removing one shifts them.
      return session.entries.some((e) => e.type === "compaction") ? null : "delete-line";
    },
    turnLinesCarryIds: false,
    interruptedResult(call, _callLine, prev, newId) {
      const ts = typeof prev.raw.timestamp === "string" ? prev.raw.timestamp : undefined;
      const ms = typeof prev.raw.message?.timestamp === "number" ? prev.raw.message.timestamp : isoMs(ts);
      const message = {
        role: "toolResult",
        toolCallId: call.id,
        toolName: call.name ?? "",
        content: [{ type: "text", text: INTERRUPTED_TEXT }],
        isError: true,
        ...(ms !== undefined ? { timestamp: ms } : {}),
      };
      // v1 files have no ids: the entry is placed by its line.
      if (prev.syntheticId) return { type: "message", ...(ts !== undefined ? { timestamp: ts } : {}), message };
      return { type: "message", id: newId, parentId: prev.id, ...(ts !== undefined ? { timestamp: ts } : {}), message };
    },
    linked: true,
    newEntryId: (h) => h[0],
    countsLines: (session) =>
      (session.header?.version ?? 3) < 2 && session.entries.some((e) => e.type === "compaction") ? "a v1 pi file with compactions counts lines: a new or moved line would shift them" : null,
    noMergeReason:
      "pi writes one toolResult entry per result by design, and pi-ai puts consecutive results into one message itself when it builds the request: there is nothing to merge in the file",
  },
  usageOnLine: piUsage,
  compactionOn: piCompactionOn,
  compactionsLeft: piCompactionsLeft,
  subagentTranscripts: piSubagentTranscripts,
  providers: {
    modelTurns: piModelTurns,
    packOf: (m) => providerOf(m.provider, m.api, m.model),
    recordsModelPerMessage: true,
    serialisedBySender: true,
    oneMessagePerLine: false,
    nextRequestAddsUserTurn: false,
    bypassesThoughtSignature: true,
    sendsContextMessages: true,
  },
  readLinesIn: piReadLinesIn,
  extendContext: piExtendContext,
  editContext: piEditContext,
  renderedByPruners: true,
  linksOtherFiles: false,
  // pi 1.6 moves the root with PI_CODING_AGENT_SESSION_DIR (and --session-dir, a setting).
  sessionFolders: [{ home: ".pi/agent/sessions", env: { name: "PI_CODING_AGENT_SESSION_DIR" } }],
  doc: PI_DOC,
};

/** The text of a result the repairs insert for a call that never got one. */
export const INTERRUPTED_TEXT = "Tool call interrupted: the session ended before a result was recorded.";
