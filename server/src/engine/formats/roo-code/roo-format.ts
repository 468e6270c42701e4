/**
 * Roo Code (RooCodeInc/Roo-Code, the VS Code extension): a task's history is
 * `<VS Code global storage>/rooveterinaryinc.roo-cline/tasks/<task id>/api_conversation_history.json`
 * (or under the `roo-cline.customStoragePath` setting), one JSON array of Anthropic-shaped messages
 * with Roo Code's fields (`ts`, `isSummary`, `condenseId`, `condenseParent`, `truncationId`,
 * `truncationParent`, `isTruncationMarker`), written compact on one line; beside it
 * `ui_messages.json` (what the panel shows, not read). A call (`tool_use`) is answered by a
 * `tool_result` of its id in the next user message (native tool calling, from 3.32; the only one
 * from 3.42); before, calls were XML in the text, answered by position.
 *
 * Reading: roo-read.ts; the messages (Before): roo-messages.ts; what it sends on resume (After):
 * roo-resume.ts; where requests go: roo-providers.ts (assumed). Cline's VS Code extension writes a
 * file of the same name (messages without `ts`): formats/cline-extension/.
 */
import { isAnthropicBlockIdPath } from "../anthropic-id-path.js";
import { ONE_DOCUMENT_PROFILE, oneDocumentRepair } from "../one-document-profile.js";
import { DOCUMENT_HEAD_CHARS, type FormatProfile } from "../profile.js";
import { SENDS_CONTEXT_AS_BUILT } from "../sends-context-as-built.js";
import { HAS_TS, NEXT_MESSAGE, OPENS_WITH_MESSAGE, OPENS_WITH_TASK } from "../task-history-head.js";
import { ROO_DOC } from "./roo-doc.js";
import { buildRooContext } from "./roo-messages.js";
import { rooMessagePack, rooModelTurns } from "./roo-providers.js";
import { readRooDocument } from "./roo-read.js";
import { rooResumeContext } from "./roo-resume.js";
import { ROO_AGENT, ROO_WORDS } from "./roo-words.js";

export const rooCodeFormat: FormatProfile<"roo-code"> = {
  name: "roo-code",
  label: ROO_AGENT,
  words: ROO_WORDS,
  // No JSON Lines form: a task history is one JSON array (formats/one-document-profile.ts).
  ...ONE_DOCUMENT_PROFILE,
  // `safeWriteJson` writes the array compact: `[{"role":"user","content":[...],"ts":…}, …]`; every
  // message has its `ts` (Cline's extension writes none before 3.67), after its content: a first message longer
  // than the head (a file mentioned, an image) is told by how Roo Code opens a task, `<task>`.
  // A first message that ends within the head with no `ts` is Cline's extension's (formats/cline-extension/).
  detectDocument: (head) => {
    if (!OPENS_WITH_MESSAGE.test(head)) return false;
    if (HAS_TS.test(head)) return true;
    return head.length >= DOCUMENT_HEAD_CHARS && OPENS_WITH_TASK.test(head) && !NEXT_MESSAGE.test(head);
  },
  readDocument: readRooDocument,
  documentFileName: /^api_conversation_history\.json$/,
  buildContext: buildRooContext,
  idKey: "id",
  parentKey: "parentId",
  isIdPath: isAnthropicBlockIdPath,
  // One JSON document: repairs edit lines and are never offered on it (repair/registry.ts).
  repair: oneDocumentRepair({
    interruptedResult: (call) => ({ role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: "Task was interrupted before this tool call could be completed." }] }),
    newEntryId: (h) => `[${h[0]}]`,
    noMergeReason: `${ROO_AGENT}'s task history is one JSON document: repairs are not made on it`,
  }),
  providers: {
    modelTurns: rooModelTurns,
    packOf: rooMessagePack,
    recordsModelPerMessage: false,
    ...SENDS_CONTEXT_AS_BUILT,
  },
  resume: rooResumeContext,
  // VS Code's global storage: the library looks there on Linux (`~/.config/Code/User/globalStorage`).
  sessionFolders: [{ home: ".config/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks" }],
  doc: ROO_DOC,
};
