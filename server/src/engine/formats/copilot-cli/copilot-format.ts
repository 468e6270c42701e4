/**
 * GitHub Copilot CLI sessions: `~/.copilot/session-state/<uuid>/events.jsonl` (1.0 and later; a
 * flat `session-state/<uuid>.jsonl` before), one event per line `{type, data, id, timestamp,
 * parentId}` (docs/research/formats-next.md). Checked against the real CLI 1.0.102 resuming files
 * (test/fixtures/peer-copilot-cli, recorded with ../shared/tools/peer-copilot):
 *
 * - the history is the events in file order: `parentId` is only checked to be a UUID or null (a
 *   fork, or a parent that is gone, changes nothing), so the session is linear;
 * - the loader refuses the whole file at the first event whose envelope is invalid (`id` not a
 *   UUID, `timestamp` not ISO 8601, `parentId` neither a UUID nor null) or whose known type lacks a
 *   field its schema requires ("Session file is corrupted (line N: missing field `x`)"); an event
 *   type it does not know, and extra fields, are ignored; a cut-off last line is ignored;
 * - `user.message` sends its `transformedContent`; `assistant.message` its `content` and
 *   `toolRequests`; `tool.execution_complete` is the result (`result.content`, or `error.message`
 *   when `success` is false); events of a sub-agent (`agentId`, or the older `data.parentToolCallId`)
 *   are not in the main conversation; `system.message` is the prompt the CLI makes again.
 *
 * What it sends on resume (copilot-resume.ts) differs from the file in order and content.
 */
import type { LineList } from "../../model/line-list.js";
import { isObject } from "../../model/parse.js";
import { shapeFinding } from "../../model/shape-findings.js";
import type { Entry, Finding, JsonPath, Session, SourceLine } from "../../model/types.js";
import { DriftGuard, hasEntryType } from "./copilot-drift.js";
import type { FormatProfile, FormatRead, SidechainGroup, Sidechains } from "../profile.js";
import { COPILOT_EVENT_VERSION, COPILOT_EVENTS } from "./copilot-events.js";
import { buildCopilotContext, copilotMessage, isSubagentEvent } from "./copilot-message.js";
import { copilotModelTurns, copilotPackOf } from "./copilot-providers.js";
import { COPILOT_INTERRUPTED_TEXT, copilotResumeContext } from "./copilot-resume.js";
import { copilotUsage } from "./copilot-usage.js";
import { copilotCompactionOn } from "./copilot-compaction.js";
import { COPILOT_CLI_DOC } from "./copilot-doc.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

const AGENT = "Copilot CLI";
const drift = { agent: AGENT, kind: "event", version: COPILOT_EVENT_VERSION };

/** The first thing Copilot CLI's loader refuses on this event, in its own words, or undefined. */
export function copilotRefusal(v: Record<string, any>): { path: JsonPath; why: string } | undefined {
  if (typeof v.id !== "string" || !UUID.test(v.id)) return { path: ["id"], why: "invalid session event envelope: `id` must be a UUID string" };
  if (typeof v.timestamp !== "string" || !ISO_TIME.test(v.timestamp))
    return { path: ["timestamp"], why: "invalid session event envelope: `timestamp` must be an ISO 8601 date-time string" };
  if (v.parentId !== null && (typeof v.parentId !== "string" || !UUID.test(v.parentId)))
    return { path: ["parentId"], why: "invalid session event envelope: `parentId` must be a UUID string or null" };
  const required = COPILOT_EVENTS[v.type];
  if (!required) return undefined; // an unknown event type is skipped, not refused
  if (!isObject(v.data)) return { path: ["data"], why: "missing field `data`" };
  const d = v.data;
  for (const f of required) if (!(f in d)) return { path: ["data"], why: `missing field \`${f}\`` };
  if (v.type === "assistant.message" && Array.isArray(d.toolRequests))
    for (let i = 0; i < d.toolRequests.length; i++) {
      const r = d.toolRequests[i];
      for (const f of ["toolCallId", "name"]) if (!isObject(r) || !(f in r)) return { path: ["data", "toolRequests", i], why: `missing field \`${f}\`` };
    }
  if (v.type === "tool.execution_complete") {
    if (isObject(d.result) && !("content" in d.result)) return { path: ["data", "result"], why: "missing field `content`" };
    if (isObject(d.error) && !("message" in d.error)) return { path: ["data", "error"], why: "missing field `message`" };
  }
  return undefined;
}

function refusalFinding(line: number, r: { path: JsonPath; why: string }): Finding {
  return shapeFinding(
    "unknown-entry",
    {
      line,
      path: r.path,
      message: `${AGENT} refuses to resume this session. Its loader stops at this line: "Session file is corrupted (line ${line + 1}: ${r.why})" (${AGENT} ${COPILOT_EVENT_VERSION}); no event of the file is read.`,
    },
    "error",
  );
}

interface ReadState {
  entries: Entry[];
  findings: Finding[];
  drift: DriftGuard;
  refused: boolean;
}

function readLine(st: ReadState, l: SourceLine, prev: string | null): void {
  const v = l.value;
  if (!isObject(v)) return; // reported by the shared line checks
  if (typeof v.type !== "string") {
    st.findings.push(shapeFinding("unknown-entry", { line: l.line, message: `Not a ${AGENT} event. The object has no string \`type\`.` }));
    return;
  }
  st.entries.push({ line: l.line, id: `L${l.line + 1}`, parentId: prev, type: v.type, raw: v });
  if (!st.refused) {
    const r = copilotRefusal(v);
    if (r) {
      st.refused = true;
      st.findings.push(refusalFinding(l.line, r));
    }
  }
  if (!(v.type in COPILOT_EVENTS)) {
    const f = st.drift.note(v.type, l.line, ["type"]);
    if (f) st.findings.push(f);
  }
}

export function readCopilot(lines: LineList): FormatRead {
  const st: ReadState = { entries: [], findings: [], drift: new DriftGuard(drift), refused: false };
  for (const l of lines.held) readLine(st, l, st.entries.length ? st.entries[st.entries.length - 1].id : null);
  return { entries: st.entries, findings: st.findings };
}

/**
 * Appended lines, or one line edited in place, read as the full read would read them: the entry
 * before the first of them is their parent, a refusal before them stops further refusals, and an
 * event type the session already has before them is not reported again.
 */
function readCopilotLinesIn(session: Session, lines: readonly SourceLine[]): FormatRead {
  const first = lines[0]?.line ?? 0;
  let prev: Entry | undefined;
  for (const e of session.entries) {
    if (e.line >= first) break;
    prev = e;
  }
  const st: ReadState = {
    entries: [],
    findings: [],
    drift: new DriftGuard(drift),
    refused: session.findings.some((f) => f.code === "unknown-entry" && f.severity === "error" && f.line < first),
  };
  for (const l of lines) {
    if (isObject(l.value) && typeof l.value.type === "string" && hasEntryType(session, l.value.type, first)) st.drift.know(l.value.type);
    readLine(st, l, st.entries.length ? st.entries[st.entries.length - 1].id : prev ? prev.id : null);
  }
  return { entries: st.entries, findings: st.findings };
}

/** Sub-agent events grouped per sub-agent, under the call that started it. */
function copilotSidechains(session: Session): Sidechains {
  const groups = new Map<string, SidechainGroup>();
  const startedBy: { line: number; toolCallId: string }[] = [];
  const callLines = new Map<string, number>();
  for (const e of session.entries) {
    const v = e.raw;
    const d = isObject(v.data) ? v.data : {};
    if (v.type === "subagent.started" && typeof d.toolCallId === "string") startedBy.push({ line: e.line, toolCallId: d.toolCallId });
    if (!isSubagentEvent(v)) {
      if (v.type === "assistant.message" && Array.isArray(d.toolRequests)) for (const r of d.toolRequests) if (isObject(r) && typeof r.toolCallId === "string") callLines.set(r.toolCallId, e.line);
      continue;
    }
    const key = typeof v.agentId === "string" ? `agent:${v.agentId}` : `call:${d.parentToolCallId}`;
    let g = groups.get(key);
    if (!g) {
      const byCall = typeof d.parentToolCallId === "string" ? d.parentToolCallId : startedBy[startedBy.length - 1]?.toolCallId;
      g = { lines: [], messages: [], ...(typeof v.agentId === "string" ? { agentId: v.agentId } : {}), ...(byCall ? { toolCallId: byCall } : {}) };
      groups.set(key, g);
    }
    g.lines.push(e.line);
    const m = copilotMessage({ ...e, raw: { ...v, agentId: undefined, data: { ...d, parentToolCallId: undefined } } });
    if (m) g.messages.push(m);
  }
  const matched: SidechainGroup[] = [];
  const unmatched: SidechainGroup[] = [];
  for (const g of groups.values()) {
    const callLine = g.toolCallId !== undefined ? callLines.get(g.toolCallId) : undefined;
    if (callLine !== undefined) matched.push({ ...g, callLine });
    else unmatched.push(g);
  }
  return { groups: matched, unmatched };
}

/** A UUID v4 from four 8-hex-digit hashes (the repairs' new event ids). */
function uuidOf(h: readonly [string, string, string, string]): string {
  return `${h[0]}-${h[1].slice(0, 4)}-4${h[1].slice(5, 8)}-${((parseInt(h[2][0], 16) & 3) | 8).toString(16)}${h[2].slice(1, 4)}-${h[2].slice(4)}${h[3]}`;
}

export const copilotCliFormat: FormatProfile<"copilot-cli"> = {
  name: "copilot-cli",
  label: "GitHub Copilot CLI",
  words: {
    agent: AGENT,
    sender: AGENT,
    missingResult: `${AGENT} answers it on resume with a made-up result ("${COPILOT_INTERRUPTED_TEXT}")`,
    duplicateId: `${AGENT} reads its events in file order`,
  },
  detect: (v) => typeof v.type === "string" && /^(session|user|assistant|tool|system|hook|subagent)\./.test(v.type) && "data" in v && "parentId" in v,
  read: readCopilot,
  readLinesIn: readCopilotLinesIn,
  // Linear and one message per event: appended events add their messages (the system prompt is not part of Before).
  extendContext: (prevBefore, _prevBranch, tail) => prevBefore.concat(buildCopilotContext(tail).filter((m) => m.role !== "system")),
  buildContext: buildCopilotContext,
  leaf: (entries) => entries[entries.length - 1],
  idKey: "id",
  parentKey: "parentId",
  entryRefKeys: new Set(),
  isIdPath(value: any, path: JsonPath): boolean {
    if (path.length === 2 && path[0] === "data" && path[1] === "toolCallId") return true;
    return path.length === 4 && path[0] === "data" && path[1] === "toolRequests" && typeof path[2] === "number" && path[3] === "toolCallId" && value?.type === "assistant.message";
  },
  repair: {
    resultLineRemoval(v, id) {
      // The loader does not follow `parentId` (a parent that is gone changes nothing): the line can go.
      if (v.type !== "tool.execution_complete" || !isObject(v.data) || v.data.toolCallId !== id) return null;
      return "delete-line";
    },
    turnLinesCarryIds: true,
    interruptedResult(call, _callLine, prev, newId) {
      // What the CLI itself sends for a call without a result, written as the event it would have recorded.
      return {
        type: "tool.execution_complete",
        data: { toolCallId: call.id, success: false, error: { message: COPILOT_INTERRUPTED_TEXT } },
        id: newId,
        timestamp: typeof prev.raw.timestamp === "string" ? prev.raw.timestamp : new Date(0).toISOString(),
        parentId: typeof prev.raw.id === "string" ? prev.raw.id : null,
      };
    },
    linked: false,
    newEntryId: uuidOf,
    noMergeReason: `${AGENT} writes each result as an event of its own and sends each as a tool message of its own: there is nothing to merge in the file`,
  },
  usageOnLine: copilotUsage,
  compactionOn: copilotCompactionOn,
  providers: {
    modelTurns: copilotModelTurns,
    packOf: copilotPackOf,
    recordsModelPerMessage: false,
    serialisedBySender: false,
    oneMessagePerLine: false,
    nextRequestAddsUserTurn: true,
    bypassesThoughtSignature: false,
    sendsContextMessages: true,
  },
  resume: copilotResumeContext,
  sidechains: copilotSidechains,
  renderedByPruners: false,
  linksOtherFiles: false,
  sessionFolders: [{ home: ".copilot/session-state" }],
  doc: COPILOT_CLI_DOC,
};
