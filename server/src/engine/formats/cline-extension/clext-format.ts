/**
 * Cline's VS Code extension (cline/cline 3.x, publisher id `saoudrizwan.claude-dev`): a task's
 * history is `<VS Code global storage>/saoudrizwan.claude-dev/tasks/<task id>/api_conversation_history.json`,
 * one JSON array of Anthropic `MessageParam`s (`role`, `content`; no `ts` before 3.67, unlike Roo
 * Code's file of the same name; from 3.37 an assistant message's `modelInfo` and `metrics`), written with `JSON.stringify` (cline/cline v3.15.0 src/core/storage/disk.ts
 * `saveApiConversationHistory`); beside it `ui_messages.json` (what the panel shows),
 * `task_metadata.json` (files in context, models used) and `context_history.json`: not read.
 *
 * Reading: clext-read.ts; the messages (Before): clext-messages.ts; what it sends on resume (After):
 * clext-resume.ts; where requests go: clext-providers.ts; usage (3.37 and later): clext-usage.ts.
 * Cline's SDK sessions (the CLI, the 4.x extension) are formats/cline/.
 *
 * Detection is by content only: the engine sees the text, not the path, so the folder's name
 * (`saoudrizwan.claude-dev`, Roo Code's `rooveterinaryinc.roo-cline`) cannot tell them apart. A
 * history that opens with Cline's `<task>` text and holds a `modelInfo` of Cline's, or whose first
 * message ends within the head without a `ts`, is Cline's; a first message longer than the head
 * (with no `modelInfo` seen) is left to Roo Code's reading (formats/task-history-head.ts).
 */
import { isAnthropicBlockIdPath } from "../anthropic-id-path.js";
import { ONE_DOCUMENT_PROFILE, oneDocumentRepair } from "../one-document-profile.js";
import { DOCUMENT_HEAD_CHARS, type FormatProfile } from "../profile.js";
import { SENDS_CONTEXT_AS_BUILT } from "../sends-context-as-built.js";
import { HAS_TS, MODEL_INFO, NEXT_MESSAGE, OPENS_WITH_TASK } from "../task-history-head.js";
import { CLEXT_DOC } from "./clext-doc.js";
import { buildClineTaskContext } from "./clext-messages.js";
import { clineTaskMessagePack, clineTaskModelTurns } from "./clext-providers.js";
import { readClineTaskDocument } from "./clext-read.js";
import { clineTaskResumeContext } from "./clext-resume.js";
import { clineTaskUsage } from "./clext-usage.js";
import { CLEXT_AGENT, CLEXT_LABEL, CLEXT_WORDS } from "./clext-words.js";

export const clineExtensionFormat: FormatProfile<"cline-extension"> = {
  name: "cline-extension",
  label: CLEXT_LABEL,
  words: CLEXT_WORDS,
  // No JSON Lines form: a task history is one JSON array (formats/one-document-profile.ts).
  ...ONE_DOCUMENT_PROFILE,
  // 3.37 and later record each response's model (`modelInfo {modelId, providerId, mode}`), which Roo Code never writes; 3.67 and later a `ts` too.
  detectDocument: (head) => OPENS_WITH_TASK.test(head) && (MODEL_INFO.test(head) || (!HAS_TS.test(head) && (head.length < DOCUMENT_HEAD_CHARS || NEXT_MESSAGE.test(head)))),
  readDocument: readClineTaskDocument,
  // The file name is Roo Code's too: its profile names it for a folder's walk (one name, one glob).
  buildContext: buildClineTaskContext,
  idKey: "id",
  parentKey: "parentId",
  isIdPath: isAnthropicBlockIdPath,
  // One JSON document: repairs edit lines and are never offered on it (repair/registry.ts).
  repair: oneDocumentRepair({
    interruptedResult: (call) => ({ role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: "interrupted", is_error: true }] }),
    newEntryId: (h) => `[${h[0]}]`,
    noMergeReason: `${CLEXT_AGENT}'s task history is one JSON document: repairs are not made on it`,
  }),
  documentUsage: clineTaskUsage,
  providers: {
    modelTurns: clineTaskModelTurns,
    packOf: clineTaskMessagePack,
    recordsModelPerMessage: false,
    ...SENDS_CONTEXT_AS_BUILT,
  },
  resume: clineTaskResumeContext,
  // VS Code's global storage: the library looks there on Linux (`~/.config/Code/User/globalStorage`).
  sessionFolders: [{ home: ".config/Code/User/globalStorage/saoudrizwan.claude-dev/tasks" }],
  doc: CLEXT_DOC,
};
