/**
 * What Cline's VS Code extension sends when it resumes a task (docs/research/cline-extension.md).
 * Two readings, told by the history itself: a task of native tool calling (a `tool_use` or
 * `tool_result` block; Cline 3.35 and later) by 3.89.2's, any other by 3.15.0's (XML tool
 * calling, the corpus's tasks of May 2025).
 *
 * - `resumeTaskFromHistory` (cline/cline v3.15.0 src/core/task/index.ts; the same in v3.89.2, under
 *   apps/vscode: src/core/task/index.ts): the stored history; when its last message is the
 *   user's, that message is taken off and its content sent again with the resumption text after
 *   it (the old environment details stay in it); when it is the assistant's, a new user message
 *   with the resumption text. The request loop then appends fresh environment details to it.
 * - native tool calling: every request's history goes through `ensureToolResultsFollowToolUse`
 *   (cline/cline v3.89.2, under apps/vscode: src/core/context/context-management/ContextManager.ts, the
 *   same since v3.40.0): for each assistant message with calls followed by a user message, that
 *   message's results in the calls' order first ("result missing" made up for a call without
 *   one), its other blocks after, a result of no call of that message left out. A result after a
 *   message without calls is sent as it is (the provider rules judge it). Nothing is saved.
 *
 * Not modelled: the sliding window's deleted range (`conversationHistoryDeletedRange`, kept in the
 * task's history item in VS Code's global state and on each `ui_messages.json` entry, not in this
 * file), what it drops with the results of the first message after the range, and the file-read
 * rewrites of `context_history.json`: the history is modelled as sent whole.
 */
import type { DropReason } from "../../model/drop-reason.js";
import { madeUpResultFinding } from "../../model/made-up-result-finding.js";
import type { Entry, Finding, JsonPath, Msg, Session } from "../../model/types.js";
import { lineOf, toolCallsOf } from "../../model/types.js";
import { quoteCut as tick } from "../../model/quote.js";
import type { ResumeContext } from "../profile.js";
import { CLEXT_AGENT, CLEXT_NATIVE_VERSION, CLEXT_RESULT_MISSING, CLEXT_VERSION } from "./clext-words.js";

/** What this reading shows for Cline's resumption text (its words depend on the mode, the time since and the folder: `formatResponse.taskResumption`). */
export const CLEXT_RESUMPTION_TEXT = `[TASK RESUMPTION] (${CLEXT_AGENT}'s resumption text: how long ago the task was interrupted, the working directory, the mode's instructions; then fresh <environment_details>)`;

/** Whether the task is one of native tool calling: a `tool_use` or `tool_result` block anywhere. */
export function isNativeTask(branch: readonly Entry[]): boolean {
  return branch.some((e) => Array.isArray(e.raw.content) && e.raw.content.some((b: any) => b?.type === "tool_use" || b?.type === "tool_result"));
}

export function clineTaskResumeContext(session: Session, before: Msg[]): ResumeContext {
  const native = isNativeTask(session.branch);
  const label = native
    ? `What ${CLEXT_AGENT} ${CLEXT_NATIVE_VERSION} sends on resume: the stored history with its "[TASK RESUMPTION]" text in the last user message (or a new one), each call's results first in the message after it ("${CLEXT_RESULT_MISSING}" made up for a call without one); the sliding window's range is not in the file (not applied)`
    : `What ${CLEXT_AGENT} ${CLEXT_VERSION} sends on resume: the stored history with its "[TASK RESUMPTION]" text in the last user message (or in a new one after the assistant's); no result made up; the sliding window's range is not in the file (not applied)`;
  const last = session.branch[session.branch.length - 1];
  if (!last || before.length === 0) return { messages: before, dropped: [], line: 0, label, short: "resume" };
  const resumed = withResumption(before, last);
  if (!native) return { messages: resumed, dropped: [], line: 0, label, short: "resume" };
  const { messages, dropped, findings } = resultsFollowCalls(resumed, last.id);
  return { messages, dropped, line: 0, label, short: "resume", findings };
}

/** The history with the resumption text: added to the last user message (a copy keeping its origin), or a new user message after the assistant's. */
function withResumption(before: Msg[], last: Entry): Msg[] {
  const text = { type: "text", text: CLEXT_RESUMPTION_TEXT };
  const tail = before[before.length - 1];
  const fromLast = tail.origin.kind === "entry" && tail.origin.entryId === last.id;
  const messages = before.slice();
  if (fromLast && last.raw.role === "user" && tail.role === "user" && Array.isArray(tail.content)) messages[messages.length - 1] = { ...tail, content: [...tail.content, text] };
  else messages.push({ role: "user", content: [text], timestamp: undefined, origin: { kind: "synthetic", synthetic: "resume-filler", forLine: last.line } });
  return messages;
}

/** The stored message a context message comes from (a made-up one: the entry it was made for). */
const keyOf = (m: Msg): string => (m.origin.kind === "entry" ? `e:${m.origin.entryId}` : `s:${m.origin.synthetic}:${m.origin.forLine ?? ""}`);

/** `ensureToolResultsFollowToolUse` over the messages sent: each stored message is a run of context messages of one origin. */
function resultsFollowCalls(sent: Msg[], lastId: string): { messages: Msg[]; dropped: { msg: Msg; by: DropReason }[]; findings: Finding[] } {
  const runs: Msg[][] = [];
  for (const m of sent) {
    const run = runs[runs.length - 1];
    if (run && keyOf(run[0]) === keyOf(m)) run.push(m);
    else runs.push([m]);
  }
  const dropped: { msg: Msg; by: DropReason }[] = [];
  const findings: Finding[] = [];
  for (let i = 0; i + 1 < runs.length; i++) {
    const calls = runs[i].filter((m) => m.role === "assistant").flatMap((m) => toolCallsOf(m));
    const next = runs[i + 1];
    if (calls.length === 0 || next[0].role === "assistant") continue;
    const ids = new Set(calls.map((c) => c.id));
    const results = new Map<string, Msg>();
    // one result per id: the message's last (a Map set in block order)
    for (const r of next) if (r.role === "toolResult" && ids.has(String(r.toolCallId))) results.set(String(r.toolCallId), r);
    // the last turn: the calls the task's last message answers, or the message resuming adds after them
    const lastTurn = next[0].origin.kind === "synthetic" || next[0].origin.entryId === lastId;
    const ordered: Msg[] = [];
    for (const c of calls) {
      const r = results.get(c.id);
      if (r) {
        ordered.push(r);
        continue;
      }
      const at = c as { line?: number; path?: JsonPath; name?: unknown };
      const line = at.line ?? lineOf(runs[i][0]) ?? 0;
      ordered.push({ role: "toolResult", toolCallId: c.id, ...(typeof c.name === "string" ? { toolName: c.name } : {}), content: [{ type: "text", text: CLEXT_RESULT_MISSING }], isError: false, timestamp: undefined, origin: { kind: "synthetic", synthetic: "synthetic-tool-result", forLine: line } });
      findings.push(missingFinding(c.id, typeof c.name === "string" ? c.name : "", line, at.path, lastTurn));
    }
    for (const m of next) {
      if (m.role !== "toolResult") ordered.push(m);
      else if (!ids.has(String(m.toolCallId)) || results.get(String(m.toolCallId)) !== m) dropped.push({ msg: m, by: { kind: "resume-drop", what: "orphan-result" } });
    }
    runs[i + 1] = ordered;
  }
  return { messages: runs.flat(), dropped, findings };
}

function missingFinding(id: string, name: string, line: number, path: JsonPath | undefined, lastTurn: boolean): Finding {
  const tool = name ? ` (${name})` : "";
  const made = `${CLEXT_AGENT} answers it in every request with a made-up result, "${CLEXT_RESULT_MISSING}" (\`ensureToolResultsFollowToolUse\`), which it never saves`;
  const message = lastTurn
    ? `The task stopped before this call's result. Call ${tick(id)}${tool} of the last turn has no \`tool_result\`: ${CLEXT_AGENT} saves the assistant message before its tools run. Resumed, ${made}.`
    : `Tool call without a result; ${made}. Call ${tick(id)}${tool} has no \`tool_result\` in the message after it, so the model reads that its result is missing.`;
  return madeUpResultFinding({ id, line, path }, lastTurn, message);
}
