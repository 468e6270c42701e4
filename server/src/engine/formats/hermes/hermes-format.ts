/**
 * Hermes Agent (NousResearch/hermes-agent): a session is a row of `sessions` and its rows of
 * `messages` in the SQLite database `~/.hermes/state.db` (hermes-store.ts reads each out as one
 * JSON document: the session's columns and its message rows). That document is what the engine
 * reads, from the database or from a file a user saved.
 *
 * Reading: hermes-read.ts; the messages (Before): hermes-messages.ts; what it sends on resume
 * (After): hermes-resume.ts; where requests go: hermes-providers.ts; usage: hermes-usage.ts.
 * Read-only: the database is never written, and a saved document gets no line repairs.
 */
import { isObject } from "../../model/parse.js";
import type { JsonPath } from "../../model/types.js";
import { headerDirectory } from "../header-directory.js";
import { ONE_DOCUMENT_PROFILE, oneDocumentRepair } from "../one-document-profile.js";
import type { FormatProfile } from "../profile.js";
import { SENDS_CONTEXT_AS_BUILT } from "../sends-context-as-built.js";
import { HERMES_DOC } from "./hermes-doc.js";
import { buildHermesContext } from "./hermes-messages.js";
import { hermesMessagePack, hermesModelTurns } from "./hermes-providers.js";
import { readHermesDocument } from "./hermes-read.js";
import { hermesResumeContext } from "./hermes-resume.js";
import { HERMES_STORE } from "./hermes-store.js";
import { hermesDocumentUsage } from "./hermes-usage.js";
import { HERMES_AGENT, HERMES_WORDS } from "./hermes-words.js";

/** Whether `path` is where a call id (`messages[i].tool_calls[k].id` or `.call_id`) or a result's call id (`messages[i].tool_call_id`) sits. */
function isIdPath(value: any, path: JsonPath): boolean {
  const last = path[path.length - 1];
  if (path[0] !== "messages") return false;
  if (last === "tool_call_id") return path.length === 3;
  if (last !== "id" && last !== "call_id") return false;
  return path.length === 5 && path[2] === "tool_calls" && isObject(value) && Array.isArray(value.messages);
}

export const hermesFormat: FormatProfile<"hermes"> = {
  name: "hermes",
  label: HERMES_AGENT,
  words: HERMES_WORDS,
  // No JSON Lines form: a session is one JSON document (formats/one-document-profile.ts).
  ...ONE_DOCUMENT_PROFILE,
  // The session row's columns first (`id`, then `source`, ... `started_at`), its `messages` after.
  detectDocument: (head) => /^\s*\{\s*"id"\s*:\s*"[^"]*"\s*,\s*"source"\s*:/.test(head) && /"started_at"\s*:/.test(head),
  readDocument: readHermesDocument,
  store: HERMES_STORE,
  buildContext: buildHermesContext,
  idKey: "id",
  parentKey: "parentID",
  isIdPath,
  // A database (or one JSON document): repairs edit lines and are never offered on it
  // (repair/registry.ts), so the hooks below are never called; they say what a repair would be.
  repair: oneDocumentRepair({
    interruptedResult: (call) => ({ role: "tool", content: "[Tool execution was interrupted]", tool_call_id: call.id, tool_name: call.name ?? null, active: 1 }),
    newEntryId: (h) => String(parseInt(h[0], 16)),
    noMergeReason: `${HERMES_AGENT} keeps a session in a database: repairs are not made on it`,
  }),
  documentUsage: hermesDocumentUsage,
  providers: {
    modelTurns: hermesModelTurns,
    packOf: hermesMessagePack,
    recordsModelPerMessage: false,
    ...SENDS_CONTEXT_AS_BUILT,
  },
  resume: hermesResumeContext,
  // Sessions are rows of the database (`check` and `render` read it: io/session-store.ts): the folder is named, not walked.
  sessionFolders: [{ home: ".hermes", env: { name: "HERMES_HOME" }, store: true }],
  workingDirectory: headerDirectory("cwd"),
  doc: HERMES_DOC,
};
