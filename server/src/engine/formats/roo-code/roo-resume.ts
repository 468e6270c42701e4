/**
 * What Roo Code sends when it resumes a task, read from RooCodeInc/Roo-Code at v3.52.1
 * (docs/research/roo-code.md):
 *
 * - `getEffectiveApiHistory` (RooCodeInc/Roo-Code src/core/condense/index.ts): after a condense, the history from the
 *   last summary (`isSummary`) on, each result whose call is not in that part left out (and a user
 *   message left empty); without one, a message a summary folded (`condenseParent`) left out;
 *   either way, a message a sliding-window marker hides (`truncationParent`) left out;
 * - `resumeTaskFromHistory` (RooCodeInc/Roo-Code src/core/task/Task.ts): when the last message is the assistant's and
 *   calls tools, a result for each, "Task was interrupted before this tool call could be
 *   completed."; when it is the user's, that message sent again, with the same result for each call
 *   of the assistant message before it that it does not answer; a summary last: nothing added;
 * - the request: each message's role and content (plain-text reasoning left out, a message left
 *   empty dropped); the message sent again on resume without its environment details.
 *
 * A call without its result earlier in the task is sent as it is: the provider rules judge it.
 * Not modelled: the fresh environment details Roo Code appends, the user's typed reply, merged
 * consecutive user messages, `validateAndFixToolResultIds` on the message sent (duplicate results
 * dropped, ids matched again by position).
 */
import type { DropReason } from "../../model/drop-reason.js";
import { madeUpResultFinding } from "../../model/made-up-result-finding.js";
import type { Entry, Finding, JsonPath, Msg, Session } from "../../model/types.js";
import { toolCallsOf } from "../../model/types.js";
import type { ResumeContext } from "../profile.js";
import { ROO_AGENT, ROO_INTERRUPTED_TEXT, ROO_VERSION } from "./roo-words.js";
import { quoteCut as tick } from "../../model/quote.js";


/** Which items the effective history keeps (index -> kept), and the line of what hides each one left out. */
function effective(branch: readonly Entry[]): { kept: boolean[]; by: (number | undefined)[]; from: number } {
  const raw = branch.map((e) => e.raw);
  const kept = raw.map(() => true);
  const by: (number | undefined)[] = raw.map(() => undefined);
  let last = -1;
  for (let i = raw.length - 1; i >= 0 && last < 0; i--) if (raw[i].isSummary === true) last = i;
  const markers = new Map<string, number>();
  const summaries = new Map<string, number>();
  raw.forEach((m, i) => {
    if (i < Math.max(last, 0)) return;
    if (m.isTruncationMarker === true && typeof m.truncationId === "string") markers.set(m.truncationId, i);
  });
  raw.forEach((m, i) => {
    if (m.isSummary === true && typeof m.condenseId === "string") summaries.set(m.condenseId, i);
  });
  raw.forEach((m, i) => {
    if (last >= 0 && i < last) {
      kept[i] = false;
      by[i] = last;
    } else if (last < 0 && typeof m.condenseParent === "string" && summaries.has(m.condenseParent)) {
      kept[i] = false;
      by[i] = summaries.get(m.condenseParent);
    } else if (typeof m.truncationParent === "string" && markers.has(m.truncationParent)) {
      kept[i] = false;
      by[i] = markers.get(m.truncationParent);
    }
  });
  return { kept, by, from: Math.max(last, 0) };
}

/** A complete environment-details block: Roo Code takes these out of the message it sends again and appends fresh ones (not modelled). */
const ENVIRONMENT_DETAILS = /^\s*<environment_details>[\s\S]*<\/environment_details>\s*$/;

export function rooResumeContext(session: Session, before: Msg[]): ResumeContext {
  const branch = session.branch;
  const { kept, by, from } = effective(branch);
  const condensed = branch.some((e) => e.raw.isSummary === true);
  const lastIndex = branch.length - 1;
  const last = branch[lastIndex];
  const findings: Finding[] = [];
  const dropped: { msg: Msg; by: DropReason }[] = [];
  const messages: Msg[] = [];
  const index = new Map(branch.map((e, i) => [e.id, i]));
  const entryOf = (m: Msg) => (m.origin.kind === "entry" ? index.get(m.origin.entryId) : undefined);
  // After a condense, the calls of the part from the summary on (hidden ones too): a result of any other call is left out.
  const calls = new Set<string>();
  if (condensed) for (const m of before) if ((entryOf(m) ?? -1) >= from) for (const c of toolCallsOf(m)) calls.add(c.id);
  // The last message, the user's, is sent again without its environment details (resumeTaskFromHistory, then the request loop).
  const resent = last !== undefined && last.raw.role === "user" && last.raw.isSummary !== true ? lastIndex : -1;
  for (const m of before) {
    const i = entryOf(m);
    if (i === undefined) continue;
    if (!kept[i]) {
      dropped.push({ msg: m, by: { kind: "resume-cut", by: "compacted", line: branch[by[i] ?? from].line } });
      continue;
    }
    if (condensed && m.role === "toolResult" && !calls.has(String(m.toolCallId))) {
      dropped.push({ msg: m, by: { kind: "resume-drop", what: "orphan-result" } });
      continue;
    }
    const sent = sentForm(m, i === resent);
    if (sent) messages.push(sent);
    else dropped.push({ msg: m, by: { kind: "resume-cut", by: "not-sent", line: branch[i].line } });
  }
  // The last message decides what resuming adds (the whole history's last, as Roo Code reads it).
  const made = (unanswered: { id: string; name?: unknown; line?: number; path?: JsonPath }[], at: Entry) => {
    for (const c of unanswered) {
      messages.push({ role: "toolResult", toolCallId: c.id, content: [{ type: "text", text: ROO_INTERRUPTED_TEXT }], isError: false, timestamp: undefined, origin: { kind: "synthetic", synthetic: "synthetic-tool-result", forLine: c.line ?? at.line } });
      findings.push(interruptedFinding(c.id, typeof c.name === "string" ? c.name : "", c.line ?? at.line, c.path));
    }
  };
  if (last && last.raw.isSummary !== true) {
    if (last.raw.role === "assistant") made(callsOfEntry(before, index, last), last);
    else if (last.raw.role === "user" && lastIndex > 0 && branch[lastIndex - 1].raw.role === "assistant") {
      const answered = new Set(before.filter((m) => m.role === "toolResult" && entryOf(m) === lastIndex).map((m) => String(m.toolCallId)));
      made(callsOfEntry(before, index, branch[lastIndex - 1]).filter((c) => !answered.has(c.id)), branch[lastIndex - 1]);
    }
  }
  const label = `What ${ROO_AGENT} ${ROO_VERSION} sends on resume: ${condensed ? "the history from the last condense summary on" : "the history"}, a result made up for each call of the last turn that has none`;
  return { messages, dropped, line: condensed ? branch[from].line : 0, label, short: condensed ? "since condense" : "resume", findings };
}

/**
 * A message as Roo Code sends it: itself, or a copy (its origin kept, so it pairs with its stored
 * form) without plain-text reasoning (sent only to models that keep it: not modelled) and, in the
 * message sent again on resume, without environment details; undefined when nothing of it is left
 * (Roo Code's request drops an empty message).
 */
function sentForm(m: Msg, resent: boolean): Msg | undefined {
  if (!Array.isArray(m.content)) return m;
  const content = m.content.filter((b: any) => !(b?.fromReasoning === true) && !(resent && m.role === "user" && b?.type === "text" && ENVIRONMENT_DETAILS.test(b.text)));
  if (content.length === m.content.length) return m;
  return content.length ? { ...m, content } : undefined;
}

/** The calls of a stored message, from its messages in Before. */
function callsOfEntry(before: readonly Msg[], index: ReadonlyMap<string, number>, e: Entry): { id: string; name?: unknown; line?: number; path?: JsonPath }[] {
  return before.filter((m) => m.origin.kind === "entry" && m.origin.entryId === e.id).flatMap((m) => toolCallsOf(m) as unknown as { id: string; name?: unknown; line?: number; path?: JsonPath }[]);
}

function interruptedFinding(id: string, name: string, line: number, path: JsonPath | undefined): Finding {
  const tool = name ? ` (${name})` : "";
  return madeUpResultFinding({ id, line, path }, true, `The task stopped before this call's result. Call ${tick(id)}${tool} of the last turn has no \`tool_result\`: ${ROO_AGENT} saves the assistant message before its tools run. Resumed, ${ROO_AGENT} answers it with "${ROO_INTERRUPTED_TEXT}"`);
}

