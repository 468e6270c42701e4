/**
 * What Cline's VS Code extension sends when it resumes a task, read from cline/cline at v3.15.0
 * (docs/research/cline-extension.md):
 *
 * - `resumeTaskFromHistory` (cline/cline v3.15.0 src/core/task/index.ts): the stored history; when
 *   its last message is the user's, that message is taken off and its content sent again with the
 *   resumption text after it (the old environment details stay in it); when it is the assistant's,
 *   a new user message with the resumption text. Nothing else is added: a call without its result
 *   (native tool calling) gets none, so the provider rules judge what is sent;
 * - the request loop then appends fresh environment details to that user message and saves it.
 *
 * Not modelled: the sliding window's deleted range (`conversationHistoryDeletedRange`, kept in the
 * task's history item in VS Code's global state and on each `ui_messages.json` entry, not in this
 * file) and the file-read rewrites of `context_history.json` (cline/cline v3.15.0
 * src/core/context/context-management/ContextManager.ts): the history is modelled as sent whole.
 */
import type { Msg, Session } from "../../model/types.js";
import type { ResumeContext } from "../profile.js";
import { CLEXT_AGENT, CLEXT_VERSION } from "./clext-words.js";

/** What this reading shows for Cline's resumption text (its words depend on the mode, the time since and the folder: `formatResponse.taskResumption`). */
export const CLEXT_RESUMPTION_TEXT = `[TASK RESUMPTION] (${CLEXT_AGENT}'s resumption text: how long ago the task was interrupted, the working directory, the mode's instructions; then fresh <environment_details>)`;

export function clineTaskResumeContext(session: Session, before: Msg[]): ResumeContext {
  const label = `What ${CLEXT_AGENT} ${CLEXT_VERSION} sends on resume: the stored history, its "[TASK RESUMPTION]" text added to the last user message (or in a new one after the assistant's); no result made up; the sliding window's range is not in the file (not applied)`;
  const last = session.branch[session.branch.length - 1];
  if (!last || before.length === 0) return { messages: before, dropped: [], line: 0, label, short: "resume" };
  const text = { type: "text", text: CLEXT_RESUMPTION_TEXT };
  const tail = before[before.length - 1];
  const fromLast = tail.origin.kind === "entry" && tail.origin.entryId === last.id;
  const messages = before.slice();
  if (fromLast && last.raw.role === "user" && tail.role === "user" && Array.isArray(tail.content)) messages[messages.length - 1] = { ...tail, content: [...tail.content, text] };
  else messages.push({ role: "user", content: [text], timestamp: undefined, origin: { kind: "synthetic", synthetic: "resume-filler", forLine: last.line } });
  return { messages, dropped: [], line: 0, label, short: "resume" };
}
