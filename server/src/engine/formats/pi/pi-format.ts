/**
 * pi coding-agent sessions: header, entry types, versions 1-3 and their migrations, and how pi
 * builds the context of a branch (research notes formats.md section 1).
 *
 * v1 files have no ids: they are migrated in memory with deterministic ids (`v1:<line>`) so that
 * findings are stable across runs. Nothing is ever written back.
 */
import type { DropReason } from "../../model/drop-reason.js";
import { describeJsonType, isObject } from "../../model/parse.js";
import { shapeFinding } from "../../model/shape-findings.js";
import type { Entry, Finding, JsonPath, Msg, Session, SourceLine } from "../../model/types.js";
import type { FormatRead, FormatProfile } from "../profile.js";
import { providerOf } from "../../model/provider-names.js";
import { piModelTurns } from "./pi-model-turns.js";
import { piUsage } from "./pi-usage.js";

export const PI_ENTRY_TYPES = new Set([
  "message",
  "thinking_level_change",
  "model_change",
  "compaction",
  "branch_summary",
  "custom",
  "custom_message",
  "label",
  "session_info",
  "usage",
  "context_edit",
]);

export type { FormatRead } from "../profile.js";

/** What reading a pi file has gathered so far (`readPiLine` continues it line by line). */
export interface PiReadState {
  header: Session["header"];
  entries: Entry[];
  findings: Finding[];
  /** Every parsed entry object in file order, header included (v1 compaction indexes count it). */
  fileEntries: (Entry | "header")[];
}

export function readPi(lines: SourceLine[]): FormatRead {
  const st: PiReadState = { header: undefined, entries: [], findings: [], fileEntries: [] };
  for (const l of lines) readPiLine(st, l);
  const { header, entries, findings, fileEntries } = st;
  if (header && header.version < 2) {
    // v1 compaction: firstKeptEntryIndex indexes the file's entry array, header included.
    for (const e of entries) {
      if (e.type === "compaction" && typeof e.raw.firstKeptEntryIndex === "number") {
        const target = fileEntries[e.raw.firstKeptEntryIndex];
        const raw = { ...e.raw };
        delete raw.firstKeptEntryIndex;
        if (target && target !== "header") raw.firstKeptEntryId = target.id;
        e.raw = raw;
      }
    }
  }
  return { header, entries, findings };
}

/** Reads one line of a pi file into `st` (the body of `readPi`'s loop). */
export function readPiLine(st: PiReadState, l: SourceLine): void {
  const { entries, findings, fileEntries } = st;
  if (l.value === undefined) return;
  const v = l.value;
  if (!isObject(v)) return; // reported by the shared line checks
  if (!st.header) {
    if (v.type === "session" && typeof v.id === "string") {
      const version = typeof v.version === "number" ? v.version : 1;
      st.header = { line: l.line, raw: v, version };
      fileEntries.push("header");
      return;
    }
    findings.push(shapeFinding("unknown-entry", {
      line: l.line,
      path: ["type"],
      message: "Line before the session header is ignored. pi expects the first entry to be the `session` header.",
    }));
    return;
  }
  if (v.type === "session") {
    findings.push(shapeFinding("unknown-entry", {
      line: l.line,
      path: ["type"],
      message: "Second session header is ignored. pi reads only the first `session` header.",
    }));
    return;
  }
  if (typeof v.type !== "string") {
    findings.push(shapeFinding("unknown-entry", {
      line: l.line,
      message: "Not a pi session entry. The object has no string `type`.",
    }));
    return;
  }
  const version = st.header.version;
  let id: string;
  let parentId: string | null;
  let syntheticId = false;
  const raw: Record<string, any> = version < 2 ? { ...v } : v;
  if (version < 2) {
    id = `v1:${l.line + 1}`;
    syntheticId = true;
    const prev = entries[entries.length - 1];
    parentId = prev ? prev.id : null;
  } else {
    if (typeof v.id !== "string" || v.id === "") {
      findings.push(shapeFinding("unknown-entry", {
        line: l.line,
        path: ["id"],
        message: `Entry without an id is left out. This \`${v.type}\` entry has no string \`id\`, so pi cannot place it in the session tree.`,
      }));
      return;
    }
    id = v.id;
    parentId = typeof v.parentId === "string" ? v.parentId : null;
  }
  const entry: Entry = { line: l.line, id, parentId, type: v.type, raw, syntheticId: syntheticId || undefined };
  if (version < 3 && v.type === "message" && isObject(v.message) && v.message.role === "hookMessage") {
    entry.raw = { ...v, message: { ...v.message, role: "custom" } };
  }
  entries.push(entry);
  fileEntries.push(entry);
  checkEntryShape(entry, findings);
}

function checkEntryShape(e: Entry, findings: Finding[]): void {
  const v = e.raw;
  if (!PI_ENTRY_TYPES.has(e.type)) {
    findings.push(shapeFinding("unknown-entry", {
      line: e.line,
      path: ["type"],
      message: `Unknown entry type \`${e.type}\` adds nothing. It stays in the tree but contributes nothing to the context.`,
    }, "information"));
    return;
  }
  if (e.type === "message") {
    if (!isObject(v.message)) {
      findings.push(shapeFinding("unknown-entry", {
        line: e.line,
        path: ["message"],
        message: `Message entry without a message object. Its \`message\` is ${describeJsonType(v.message)}, not an object, so it contributes nothing to the context.`,
      }));
    } else if (typeof v.message.role !== "string") {
      findings.push(shapeFinding("unknown-entry", {
        line: e.line,
        path: ["message"],
        message: "Message without a role is dropped. It has no string `role`, so pi leaves it out of the context.",
      }));
    }
  }
}

const BRANCH_SUMMARY_ROLE = "branchSummary";
const COMPACTION_SUMMARY_ROLE = "compactionSummary";

/**
 * The message with its origin. Copied with Object.assign, not spread: V8 gave each spread copy
 * of a parsed message a hidden class of its own (about 250 bytes per message held, a fifth of
 * what an analysis holds). A message with its own `__proto__` key (JSON.parse makes it a plain
 * property) is spread, so that it stays a property and never becomes the copy's prototype.
 */
function entryMsg(e: Entry, m: Omit<Msg, "origin">): Msg {
  const origin: Msg["origin"] = { kind: "entry", line: e.line, entryId: e.id };
  if (Object.hasOwn(m, "__proto__")) return { ...(m as Msg), origin };
  const out = Object.assign({}, m) as Msg;
  out.origin = origin;
  return out;
}

function isoMs(s: unknown): number | undefined {
  if (typeof s !== "string") return undefined;
  const t = Date.parse(s);
  return Number.isNaN(t) ? undefined : t;
}

/** What one entry contributes to the context (pi's `appendMessage` / 1.x projection). */
export function project(e: Entry): Msg[] {
  const v = e.raw;
  switch (e.type) {
    case "message": {
      if (!isObject(v.message) || typeof v.message.role !== "string") return [];
      // As stored; pi 1.x's normalisation of missing content is applied per pi version
      // (`contextEventMessages`).
      return [entryMsg(e, v.message as any)];
    }
    case "custom_message":
      return [
        entryMsg(e, {
          role: "custom",
          customType: v.customType,
          content: v.content ?? "",
          display: v.display,
          details: v.details,
          timestamp: isoMs(v.timestamp),
        }),
      ];
    case "branch_summary":
      if (typeof v.summary !== "string" || v.summary === "") return [];
      return [entryMsg(e, { role: BRANCH_SUMMARY_ROLE, summary: v.summary, fromId: v.fromId, timestamp: isoMs(v.timestamp) })];
    default:
      return [];
  }
}

/**
 * pi's buildSessionContext for the branch: the latest compaction's summary, the kept entries
 * from `firstKeptEntryId`, everything after the compaction, with `context_edit`s applied.
 */
export function buildPiContext(branch: Entry[]): Msg[] {
  let compactionIdx = -1;
  for (let i = 0; i < branch.length; i++) if (branch[i].type === "compaction") compactionIdx = i;
  let selected: Entry[];
  const out: Msg[] = [];
  if (compactionIdx >= 0) {
    const c = branch[compactionIdx];
    const kept: Entry[] = [];
    let keeping = false;
    for (let i = 0; i < compactionIdx; i++) {
      if (branch[i].id === c.raw.firstKeptEntryId) keeping = true;
      if (keeping && !(branch[i].type === "message" && branch[i].raw.message?.role === "system")) kept.push(branch[i]);
    }
    selected = [c, ...kept, ...branch.slice(compactionIdx + 1)];
  } else selected = branch;

  const edits = new Map<string, any>();
  for (const e of selected) if (e.type === "context_edit" && typeof e.raw.targetId === "string") edits.set(e.raw.targetId, e.raw.replacement);

  for (const e of selected) {
    let msgs: Msg[];
    if (e.type === "compaction") {
      msgs = e === selected[0] && compactionIdx >= 0
        ? [
            entryMsg(e, {
              role: COMPACTION_SUMMARY_ROLE,
              summary: String(e.raw.summary ?? ""),
              tokensBefore: e.raw.tokensBefore,
              timestamp: isoMs(e.raw.timestamp),
            }),
          ]
        : [];
    } else msgs = project(e);
    if (edits.has(e.id)) {
      const rep = edits.get(e.id);
      if (rep === null) msgs = [];
      else if (isObject(rep) && "content" in rep)
        msgs = msgs.map((m) =>
          ["user", "assistant", "toolResult", "custom"].includes(m.role)
            ? {
                ...m,
                content:
                  typeof rep.content === "string" && (m.role === "assistant" || m.role === "toolResult")
                    ? [{ type: "text", text: rep.content }]
                    : rep.content,
              }
            : m,
        );
    }
    out.push(...msgs);
  }
  return out;
}

/**
 * The pi the session is rendered for:
 * - `1.x` (the newest): the context build fills a missing `content` of a user, assistant or
 *   tool-result message with `[]` (a system message with `""`), and the `context` event hides
 *   system messages from extensions.
 * - `0.83`: messages go to the extensions as stored, system messages included (pi-condense's
 *   orphan sweep treats them as barriers); `convertToLlm` then drops them (a role 0.83 does not
 *   know).
 */
export type PiVersion = "1.x" | "0.83";
export const PI_VERSIONS: readonly PiVersion[] = ["1.x", "0.83"];
export const DEFAULT_PI_VERSION: PiVersion = "1.x";

/** Roles whose missing `content` pi 1.x fills in; other roles (bashExecution, ...) have none. */
const CONTENT_ROLES = new Set(["user", "assistant", "toolResult", "system"]);

/**
 * What the `context` event hands to extensions. `piVersion` is for pi sessions; without it
 * (other formats) system messages are hidden, as pi 1.x does.
 */
export function contextEventMessages(messages: Msg[], piVersion?: PiVersion): Msg[] {
  if (piVersion === "0.83") return messages;
  const filled =
    piVersion === "1.x"
      ? messages.map((m) => (m.content == null && CONTENT_ROLES.has(m.role) ? { ...m, content: m.role === "system" ? "" : [] } : m))
      : messages;
  return filled.some((m) => m.role === "system") ? filled.filter((m) => m.role !== "system") : filled;
}

/** `convertToLlm`'s input split by pi version: pi 0.83 drops system messages (an unknown role). */
export function convertToLlmDrops(messages: Msg[], piVersion?: PiVersion): { messages: Msg[]; dropped: { msg: Msg; by: DropReason }[] } {
  if (piVersion !== "0.83" || !messages.some((m) => m.role === "system")) return { messages, dropped: [] };
  return {
    messages: messages.filter((m) => m.role !== "system"),
    dropped: messages.filter((m) => m.role === "system").map((msg) => ({ msg, by: { kind: "convert-unknown-role" } as const })),
  };
}

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
  detect: (v) => v.type === "session" && typeof v.id === "string",
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
      const ms = typeof prev.raw.message?.timestamp === "number" ? prev.raw.message.timestamp : ts !== undefined && !Number.isNaN(Date.parse(ts)) ? Date.parse(ts) : undefined;
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
  providers: {
    modelTurns: piModelTurns,
    packOf: (m) => providerOf(m.provider, m.api, m.model),
    recordsModelPerMessage: true,
    serialisedBySender: true,
    oneMessagePerLine: false,
    bypassesThoughtSignature: true,
  },
  renderedByPruners: true,
  linksOtherFiles: false,
  // pi 1.6 moves the root with PI_CODING_AGENT_SESSION_DIR (and --session-dir, a setting).
  sessionFolders: [{ home: ".pi/agent/sessions", env: { name: "PI_CODING_AGENT_SESSION_DIR" } }],
};

/** The text of a result the repairs insert for a call that never got one. */
export const INTERRUPTED_TEXT = "Tool call interrupted: the session ended before a result was recorded.";
