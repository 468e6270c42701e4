/**
 * OpenCode (anomalyco/opencode, formerly sst/opencode; and its fork Kilo CLI): a session is its
 * `info` and its messages, each a message `info` and its parts (opencode-read.ts). OpenCode keeps
 * its sessions in a store, not in files of their own: the SQLite database `opencode.db` (from 1.2)
 * or, before, the folder tree `storage/` (opencode-store.ts reads both out as the document
 * `opencode export` prints). That document is what the engine reads, from a store or from a file
 * a user exported.
 *
 * Reading: opencode-read.ts; the messages (Before): opencode-messages.ts; what it sends (After):
 * opencode-resume.ts; where requests go: opencode-providers.ts; usage: opencode-usage.ts.
 * Read-only: a store is never written, and an exported document gets no line repairs.
 */
import { isObject } from "../../model/parse.js";
import type { JsonPath } from "../../model/types.js";
import { headerDirectory } from "../header-directory.js";
import { ONE_DOCUMENT_PROFILE, oneDocumentRepair } from "../one-document-profile.js";
import type { FormatProfile } from "../profile.js";
import { SENDS_CONTEXT_AS_BUILT } from "../sends-context-as-built.js";
import { OPENCODE_DOC } from "./opencode-doc.js";
import { buildOpenCodeContext } from "./opencode-messages.js";
import { openCodeMessagePack, openCodeModelTurns } from "./opencode-providers.js";
import { readOpenCodeDocument } from "./opencode-read.js";
import { openCodeResumeContext } from "./opencode-resume.js";
import { OPENCODE_STORE } from "./opencode-store.js";
import { openCodeDocumentUsage } from "./opencode-usage.js";
import { OPENCODE_AGENT, OPENCODE_WORDS } from "./opencode-words.js";

/** Whether `path` is where a tool part's call id sits (`messages[i].parts[j].callID`): the call's and its result's place at once. */
function isIdPath(value: any, path: JsonPath): boolean {
  if (path[path.length - 1] !== "callID") return false;
  let v = value;
  for (const k of path.slice(0, -1)) v = isObject(v) || Array.isArray(v) ? (v as any)[k] : undefined;
  return isObject(v) && v.type === "tool";
}

export const openCodeFormat: FormatProfile<"opencode"> = {
  name: "opencode",
  label: OPENCODE_AGENT,
  words: OPENCODE_WORDS,
  // No JSON Lines form: a session is one JSON document (formats/one-document-profile.ts).
  ...ONE_DOCUMENT_PROFILE,
  // `opencode export` prints `JSON.stringify({info, messages}, null, 2)`: the session's `info` first
  // (`id`, `slug`, `projectID` near its start; its summary's diffs may be long, so `messages` may
  // start past the head), then `messages`, each with `info` and `parts`.
  detectDocument: (head) => /^\s*\{\s*"info"\s*:\s*\{/.test(head) && /"(projectID|slug)"\s*:/.test(head),
  readDocument: readOpenCodeDocument,
  store: OPENCODE_STORE,
  buildContext: buildOpenCodeContext,
  idKey: "id",
  parentKey: "parentID",
  isIdPath,
  // A session is one JSON document (or rows of a database): repairs edit lines and are never
  // offered on it (repair/registry.ts), so the hooks below are never called; they say what a repair would be.
  repair: oneDocumentRepair({
    interruptedResult: (call) => ({ type: "tool", callID: call.id, tool: call.name ?? "", state: { status: "error", error: "[Tool execution was interrupted]" } }),
    newEntryId: (h) => `msg_${h[0]}`,
    noMergeReason: `${OPENCODE_AGENT} keeps a session in a database or as one JSON document: repairs are not made on it`,
  }),
  documentUsage: openCodeDocumentUsage,
  providers: {
    modelTurns: openCodeModelTurns,
    packOf: openCodeMessagePack,
    recordsModelPerMessage: true,
    ...SENDS_CONTEXT_AS_BUILT,
  },
  resume: openCodeResumeContext,
  // The session library lists session files, and OpenCode's sessions are rows of its database
  // (`check` and `render` read it: io/session-store.ts): the folder is named, not walked.
  sessionFolders: [{ home: ".local/share/opencode", env: { name: "XDG_DATA_HOME", under: "opencode" }, store: true }],
  workingDirectory: headerDirectory("directory"),
  doc: OPENCODE_DOC,
};
