/**
 * Kimi CLI (MoonshotAI/kimi-cli) sessions: `~/.kimi/sessions/<md5(work dir)>/<session id>/context.jsonl`
 * (`KIMI_SHARE_DIR` replaces `~/.kimi`: src/kimi_cli/share.py; the md5 folder: src/kimi_cli/metadata.py),
 * beside `wire.jsonl` (the UI's event log, not what is sent) and `subagents/`; before that the
 * file was `<session id>.jsonl` in the md5 folder (src/kimi_cli/session.py
 * `_migrate_session_context_file` moves it). `revert_to`, `clear` and a compaction rotate the file
 * (`context_1.jsonl`, …: src/kimi_cli/utils/path.py `next_available_rotation`) and start a new
 * one (a compaction's with the system prompt and its summary messages: kimisoul.py
 * `compact_context`), so a file holds one history and needs no compaction or rollback reading.
 *
 * The lines: kimi-lines.ts; reading: kimi-read.ts; the messages (Before): kimi-messages.ts; what
 * it sends on resume (After) and the findings of the provider's pairing: kimi-resume.ts.
 *
 * Not modelled: the `_usage` lines record the context's size after a step (`update_token_count`),
 * not a response's tokens, so no usage is reported from them; the provider is taken to be Kimi's
 * own (the file does not record which provider or model a step went to); a subagent's transcript
 * (`subagents/`, or `<session>_read_N.jsonl` beside the file in older versions) is a file of its
 * own, read as a session of its own.
 */
import type { ModelRef } from "../../model/provider-names.js";
import type { Entry, JsonPath, Session } from "../../model/types.js";
import { type FlatMapRun, flatMapResumed } from "../../model/fold-resume.js";
import { kimiEditContext, kimiExtendContext } from "./kimi-continuation.js";
import type { FormatProfile } from "../profile.js";
import { KIMI_MARKERS, KIMI_ROLES, lineKind } from "./kimi-lines.js";
import { buildKimiContext } from "./kimi-messages.js";
import { readKimi, readKimiLinesIn } from "./kimi-read.js";
import { kimiResumeContext } from "./kimi-resume.js";
import { KIMI_AGENT, KIMI_INTERRUPTED_RESULT, KIMI_WORDS } from "./kimi-words.js";
import { KIMI_CLI_DOC } from "./kimi-doc.js";

/** The fields kosong's `Message` writes (`model_dump_json(exclude_none=True)`). */
const MESSAGE_KEYS: ReadonlySet<string> = new Set(["role", "name", "content", "tool_calls", "tool_call_id", "partial"]);

/** A marker line (`_checkpoint`, `_usage`, `_system_prompt`), or a kosong message line with nothing but its fields. */
function detectKimi(v: Record<string, any>): boolean {
  if (typeof v.role !== "string" || "type" in v) return false;
  const keys = Object.keys(v);
  if (KIMI_MARKERS.has(v.role)) return keys.length === 2 && (v.role === "_system_prompt" ? "content" in v : v.role === "_usage" ? "token_count" in v : "id" in v);
  return KIMI_ROLES.has(v.role) && "content" in v && keys.every((k) => MESSAGE_KEYS.has(k));
}

/** The last model turns per branch's first entry, to continue (model/fold-resume.ts `flatMapResumed`). */
const lastTurns = new WeakMap<object, FlatMapRun<Entry, ModelRef>>();
const turnOf = new WeakMap<Entry, readonly ModelRef[]>();
function entryTurn(e: Entry): readonly ModelRef[] {
  let t = turnOf.get(e);
  if (t === undefined) turnOf.set(e, (t = e.raw.role === "assistant" && lineKind(e.raw) === "message" ? [{ provider: "kimi", line: e.line }] : []));
  return t;
}

/** Every assistant message went to the Kimi provider (the file names no provider or model). */
function kimiModelTurns(session: Session): ModelRef[] {
  const out = flatMapResumed(lastTurns, session.branch[0], session.branch, entryTurn);
  if (out.length === 0 && session.branch.length > 0) return [{ provider: "kimi", line: session.branch[0].line }];
  return out;
}

/** Whether `path` is where a call's id (`tool_calls[i].id`) or a result's (`tool_call_id`) sits. */
function isIdPath(value: any, path: JsonPath): boolean {
  if (path.length === 1 && path[0] === "tool_call_id") return value?.role === "tool";
  return path.length === 3 && path[0] === "tool_calls" && typeof path[1] === "number" && path[2] === "id" && value?.role === "assistant";
}

export const kimiCliFormat: FormatProfile<"kimi-cli"> = {
  name: "kimi-cli",
  label: KIMI_AGENT,
  words: KIMI_WORDS,
  detect: detectKimi,
  read: readKimi,
  readLinesIn: readKimiLinesIn,
  // Linear, one message per line: appended lines add their messages, an edited line replaces its
  // own (a `_system_prompt` line is not part of Before): kimi-continuation.ts.
  extendContext: kimiExtendContext,
  editContext: kimiEditContext,
  buildContext: buildKimiContext,
  leaf: (entries) => entries[entries.length - 1],
  idKey: "id",
  parentKey: "parentId",
  entryRefKeys: new Set(),
  isIdPath,
  repair: {
    resultLineRemoval(v, id) {
      // A tool message is its own line and nothing links to it.
      if (v.role !== "tool" || v.tool_call_id !== id) return null;
      return "delete-line";
    },
    turnLinesCarryIds: false,
    interruptedResult(call) {
      // Kimi CLI makes no result up for a call without one (it sends the call as it is and the
      // provider refuses it): the repair writes a tool message as Kimi CLI writes them
      // (`model_dump_json`: role, content, tool_call_id), an error in its `<system>ERROR: …</system>`
      // style that says the repair wrote it.
      return { role: "tool", content: [{ type: "text", text: KIMI_INTERRUPTED_RESULT }], tool_call_id: call.id };
    },
    linked: false,
    newEntryId: (h) => h[0],
    noMergeReason: `${KIMI_AGENT} writes each result as a tool message of its own and sends each as one: there is nothing to merge in the file`,
  },
  // `_usage` is the context's size in tokens after a step, not a response's usage (see above).
  usageOnLine: () => undefined,
  providers: {
    modelTurns: kimiModelTurns,
    packOf: () => "kimi",
    recordsModelPerMessage: false,
    serialisedBySender: false,
    oneMessagePerLine: false,
    nextRequestAddsUserTurn: true,
    // `kimi --continue` sends a crash's last call without a result, then the prompt (kimi-cli #2336)
    sendsLastCallsUnanswered: true,
    bypassesThoughtSignature: false,
    sendsContextMessages: true,
  },
  resume: kimiResumeContext,
  renderedByPruners: false,
  linksOtherFiles: false,
  sessionFolders: [{ home: ".kimi/sessions", env: { name: "KIMI_SHARE_DIR", under: "sessions" } }],
  doc: KIMI_CLI_DOC,
};
