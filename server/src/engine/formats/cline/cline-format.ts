/**
 * Cline (cline/cline: the SDK's sessions, `sdk/packages/core`, which the CLI and, from 4.x, the
 * VS Code extension run on): `~/.cline/data/sessions/<id>/<id>.messages.json` (`CLINE_DIR`,
 * `CLINE_DATA_DIR` and `CLINE_SESSION_DATA_DIR` move it: cline/cline sdk packages/shared/src/storage/paths.ts;
 * the library follows `CLINE_SESSION_DATA_DIR`), one JSON document `{version, updated_at,
 * agent, sessionId, origin, messages, system_prompt}` whose `messages` are Anthropic-shaped messages with
 * Cline's own fields (`id`, `ts`, `modelInfo`, `metrics`), beside `<id>.json` (the session's
 * metadata, not read). A call (`tool_use`) is answered by a `tool_result` of its id in the next
 * user message.
 *
 * Reading: cline-read.ts; the messages (Before): cline-messages.ts; what it sends on resume (After)
 * and the findings of its made-up results: cline-resume.ts; where requests go: cline-providers.ts;
 * usage: cline-usage.ts.
 *
 * Not read: the VS Code extension's `tasks/<id>/api_conversation_history.json` (no licensed real
 * file of it is public; docs/research/cline.md).
 */
import { isAnthropicBlockIdPath } from "../anthropic-id-path.js";
import { ONE_DOCUMENT_PROFILE, oneDocumentRepair } from "../one-document-profile.js";
import type { FormatProfile } from "../profile.js";
import { SENDS_CONTEXT_AS_BUILT } from "../sends-context-as-built.js";
import { CLINE_DOC } from "./cline-doc.js";
import { buildClineContext } from "./cline-messages.js";
import { clineMessagePack, clineModelTurns } from "./cline-providers.js";
import { readClineDocument } from "./cline-read.js";
import { clineResumeContext } from "./cline-resume.js";
import { clineDocumentUsage } from "./cline-usage.js";
import { CLINE_AGENT, CLINE_WORDS } from "./cline-words.js";

export const clineFormat: FormatProfile<"cline"> = {
  name: "cline",
  label: CLINE_AGENT,
  words: CLINE_WORDS,
  // No JSON Lines form: a messages file is one JSON document (formats/one-document-profile.ts).
  ...ONE_DOCUMENT_PROFILE,
  // `JSON.stringify(payload, null, 2)` (cline/cline sdk packages/core/src/session/stores/session-manifest-store.ts; the SDK's fixtures are tab-indented): `version`, `updated_at`, `agent`, `sessionId`, then `messages`.
  detectDocument: (head) => /^\s*\{/.test(head) && /"sessionId"\s*:/.test(head) && /"agent"\s*:/.test(head) && /"messages"\s*:\s*\[/.test(head) && !/"projectHash"\s*:/.test(head),
  readDocument: readClineDocument,
  documentFileName: /^.*\.messages\.json$/,
  buildContext: buildClineContext,
  idKey: "id",
  parentKey: "parentId",
  isIdPath: isAnthropicBlockIdPath,
  // A messages file is one JSON document: repairs edit lines and are never offered on it
  // (repair/registry.ts), so the hooks below are never called; they say what a repair would be.
  repair: oneDocumentRepair({
    interruptedResult: (call) => ({ role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: "interrupted", is_error: true }] }),
    newEntryId: (h) => `msg_${h[0]}`,
    noMergeReason: `${CLINE_AGENT}'s messages file is one JSON document: repairs are not made on it`,
  }),
  documentUsage: clineDocumentUsage,
  providers: {
    modelTurns: clineModelTurns,
    packOf: clineMessagePack,
    recordsModelPerMessage: true,
    ...SENDS_CONTEXT_AS_BUILT,
  },
  resume: clineResumeContext,
  sessionFolders: [{ home: ".cline/data/sessions", env: { name: "CLINE_SESSION_DATA_DIR" } }],
  doc: CLINE_DOC,
};
