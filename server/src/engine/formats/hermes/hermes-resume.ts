/**
 * What Hermes Agent sends when it resumes a session, read from NousResearch/hermes-agent
 * (docs/research/hermes.md):
 *
 * - the reload (hermes_state_messages.py `get_resume_conversations`, `get_messages_as_conversation`):
 *   the session's rows with `active` 1, in id order; a row `/rewind` (or `/undo`) soft-deleted has
 *   `active` 0 and is not sent;
 * - `repair_message_sequence` (agent/agent_runtime_helpers.py), run on the reloaded history and
 *   before each request: a `tool` row whose call is not open (its id is not one of the calls of the
 *   assistant row before it, since the last user row; or that call was answered already) is
 *   dropped; consecutive user rows are merged into one (their texts joined by a blank line);
 * - `_sanitize_api_messages` (run_agent.py), before every request: a role the API does not take is
 *   dropped; a result whose id is no call's (`call_id`, else `id`) is dropped; each call left
 *   without a result gets one right after its assistant message,
 *   "[Result unavailable — see context summary above]".
 *
 * Not modelled: the system prompt (the session row's `system_prompt`, sent first), merged
 * consecutive assistant rows (newer builds also prune a call whose result is displaced rather than
 * answer it), content sanitising, a compressed session's parent chain (each session is read alone).
 */
import { madeUpResultFinding } from "../../model/made-up-result-finding.js";
import { quoteCut } from "../../model/quote.js";
import type { DropReason } from "../../model/drop-reason.js";
import type { Finding, JsonPath, Msg, Session, ToolCallBlock } from "../../model/types.js";
import { toolCallsOf } from "../../model/types.js";
import type { ResumeContext } from "../profile.js";
import { quoteCut as tick } from "../../model/quote.js";
import { rowOf } from "./hermes-read.js";
import { HERMES_AGENT, HERMES_STUB_RESULT, HERMES_VERSION } from "./hermes-words.js";

/** Whether a row is live (`active` 1, or no `active` column: rows before the column were live). */
export const isActiveRow = (row: Record<string, any>): boolean => row.active === undefined || row.active === null || row.active === 1 || row.active === true;

/** The ids a call is known by in `repair_message_sequence`: its `id` and its `call_id` (the block's path names its `tool_calls` entry). */
function idsOfCall(c: ToolCallBlock, raw: Record<string, any>): string[] {
  const path = (c as { path?: JsonPath }).path;
  const k = path && path[2] === "tool_calls" ? path[3] : undefined;
  const tc = Array.isArray(raw.tool_calls) && typeof k === "number" ? raw.tool_calls[k] : undefined;
  const out: string[] = [];
  if (tc && typeof tc === "object") for (const key of ["id", "call_id"]) if (typeof tc[key] === "string" && tc[key] !== "") out.push(tc[key]);
  if (c.id && !out.includes(c.id)) out.push(c.id);
  return out;
}

export function hermesResumeContext(session: Session, before: Msg[]): ResumeContext {
  const branch = session.branch;
  const dropped: { msg: Msg; by: DropReason }[] = [];
  const findings: Finding[] = [];
  const entryIndex = new Map(branch.map((e, i) => [e.id, i]));
  const rowOfMsg = (m: Msg) => (m.origin.kind === "entry" ? rowOf(branch[entryIndex.get(m.origin.entryId ?? "") ?? -1]?.raw) : {});
  // 1. The reload: active rows only.
  const live: Msg[] = [];
  let rewound = 0;
  for (const m of before) {
    const row = rowOfMsg(m);
    if (!isActiveRow(row)) {
      rewound++;
      dropped.push({ msg: m, by: { kind: "resume-cut", by: "rolled-back", line: m.origin.kind === "entry" ? m.origin.line : 0 } });
    } else live.push(m);
  }
  // 2. repair_message_sequence: stray results dropped, consecutive user messages merged.
  let known = new Set<string>();
  const kept: Msg[] = [];
  for (const m of live) {
    if (m.role === "assistant") {
      known = new Set();
      const row = rowOfMsg(m);
      for (const c of toolCallsOf(m)) for (const id of idsOfCall(c, row)) known.add(id);
    } else if (m.role === "toolResult") {
      const id = String(m.toolCallId ?? "");
      if (id !== "" && known.has(id)) known.delete(id);
      else {
        dropped.push({ msg: m, by: { kind: "resume-drop", what: "orphan-result" } });
        findings.push(orphanFinding(m, "it answers no call open before it (its call is not in the assistant row before it, or was answered already)"));
        continue;
      }
    } else if (m.role === "user") known = new Set();
    const prev = kept[kept.length - 1];
    // merged only when both rows hold plain text (Hermes's _merge_consecutive_users leaves a list content as it is)
    if (m.role === "user" && prev?.role === "user" && typeof rowOfMsg(prev).content === "string" && typeof rowOfMsg(m).content === "string") {
      const a = textOf(prev);
      const b = textOf(m);
      kept[kept.length - 1] = { ...prev, content: [{ type: "text", text: a && b ? `${a}\n\n${b}` : a || b }] };
      continue;
    }
    kept.push(m);
  }
  // 3. _sanitize_api_messages: a result whose id no call has (call_id, else id) dropped; a stand-in result for each call that has none.
  const callIds = new Set(kept.flatMap((m) => toolCallsOf(m).map((c) => c.id)));
  const sanitized: Msg[] = [];
  for (const m of kept) {
    if (m.role !== "toolResult" || callIds.has(String(m.toolCallId ?? ""))) {
      sanitized.push(m);
      continue;
    }
    dropped.push({ msg: m, by: { kind: "resume-drop", what: "orphan-result" } });
    findings.push(orphanFinding(m, "its id is no call's id (Hermes matches a result by the call's `call_id`, else its `id`)"));
  }
  const answered = new Set(sanitized.filter((m) => m.role === "toolResult").map((m) => String(m.toolCallId ?? "")));
  const messages: Msg[] = [];
  const stubs: { call: { id: string; name?: string; path?: JsonPath }; line: number; at: number }[] = [];
  for (const m of sanitized) {
    messages.push(m);
    if (m.role !== "assistant") continue;
    for (const c of toolCallsOf(m)) {
      if (c.id === "" || answered.has(c.id)) continue;
      const line = m.origin.kind === "entry" ? m.origin.line : 0;
      messages.push({ role: "toolResult", toolCallId: c.id, content: [{ type: "text", text: HERMES_STUB_RESULT }], isError: false, origin: { kind: "synthetic", synthetic: "synthetic-tool-result", forLine: line } });
      stubs.push({ call: { id: c.id, name: c.name, path: (c as { path?: JsonPath }).path }, line, at: messages.length - 1 });
      answered.add(c.id);
    }
  }
  // a stand-in is in the last turn when only results follow it: after the last message that is no result
  let lastOther = -1;
  for (let j = messages.length - 1; j >= 0 && lastOther < 0; j--) if (messages[j].role !== "toolResult") lastOther = j;
  for (const s of stubs) findings.push(stubFinding(s.call, s.line, s.at > lastOther));
  const label = `What ${HERMES_AGENT} sends on resume ${HERMES_VERSION}: the active rows in id order${rewound ? ` (${rewound} rewound left out)` : ""}, a result of no open call dropped, consecutive user rows merged, a stand-in result for each call without one`;
  return { messages, dropped, line: 0, label, short: "on resume", findings };
}

function orphanFinding(m: Msg, why: string): Finding {
  const id = String(m.toolCallId ?? "");
  return {
    code: "orphan-result",
    severity: "information",
    line: m.origin.kind === "entry" ? m.origin.line : 0,
    path: m.resultPath,
    toolCallId: id,
    unnecessary: true,
    message: `${HERMES_AGENT} drops this result when it resumes. Tool row ${tick(id)}${m.toolName ? ` (${quoteCut(m.toolName)})` : ""}: ${why}, so Hermes's message repair leaves it out of every request; the model never sees it.`,
  };
}

const textOf = (m: Msg): string =>
  Array.isArray(m.content) ? m.content.filter((b: any) => b?.type === "text" && typeof b.text === "string").map((b: any) => b.text).join("") : typeof m.content === "string" ? m.content : "";

function stubFinding(call: { id: string; name?: string; path?: JsonPath }, line: number, last: boolean): Finding {
  const tool = call.name ? ` (${quoteCut(call.name)})` : "";
  const made = `${HERMES_AGENT} sends a stand-in result, "${HERMES_STUB_RESULT}", in its place`;
  const message = last
    ? `The last turn's tool call has no result yet. Call ${tick(call.id)}${tool} is the session's last message: the tool may be running now (Hermes writes the call before it runs the tool). If the session is resumed as it is, ${made}.`
    : `Tool call without a result; ${made}. Call ${tick(call.id)}${tool} has no tool row answering it though the session went on (Hermes stopped before writing it: a killed process, a crash), so the model reads that the result is unavailable.`;
  return madeUpResultFinding({ id: call.id, line, path: call.path }, last, message);
}
