/**
 * Subagents a session's tool calls ran (issue 23 item 4: "subagents are a tag that cannot be
 * opened"), found where each agent records them:
 *
 * - Claude Code 2.1: a Task (Agent) call's result line carries `toolUseResult.agentId`; the
 *   subagent's transcript is `<session>/subagents/agent-<agentId>.jsonl` beside the session file
 *   (the language server looks for it: lsp/subagent-files.ts).
 * - Codex: a `spawn_agent` call is followed by an `event_msg` `collab_tool_call` naming the call
 *   and the child's thread id (`new_thread_id`); the child's rollout is named by that id.
 *
 * Claude Code 2.0 wrote subagent lines into the session file itself: those are the sidechain
 * groups of the view model (view-model.ts), shown in place with their messages.
 */
import { type Analysis, isObject } from "../engine/index.js";
import type { ViewSubagent } from "../protocol/view.js";

/** Ids a subagent transcript may be named by (no path separators, no dots: nothing but a name). */
export const SUBAGENT_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** Subagent refs by the id of the call that ran them. */
export function subagentRefs(a: Analysis): Map<string, ViewSubagent> {
  const out = new Map<string, ViewSubagent>();
  const s = a.session;
  if (s.format === "claude-code") {
    for (const m of a.before) {
      if (m.role !== "toolResult" || m.origin.kind !== "entry" || typeof m.toolCallId !== "string") continue;
      const v = s.lines[m.origin.line]?.value;
      const r = isObject(v) && isObject(v.toolUseResult) ? v.toolUseResult : undefined;
      const id = r && typeof r.agentId === "string" ? r.agentId : undefined;
      if (!id || !SUBAGENT_ID.test(id)) continue;
      const ref: ViewSubagent = { toolCallId: m.toolCallId, id, kind: "claude-code" };
      if (typeof r!.agentType === "string") ref.label = r!.agentType.slice(0, 80);
      out.set(m.toolCallId, ref);
    }
  } else if (s.format === "codex") {
    for (const l of s.lines) {
      const v = l.value;
      if (!isObject(v) || v.type !== "event_msg" || !isObject(v.payload) || v.payload.type !== "collab_tool_call") continue;
      const p = v.payload;
      if (typeof p.call_id !== "string" || typeof p.new_thread_id !== "string" || !SUBAGENT_ID.test(p.new_thread_id)) continue;
      const ref: ViewSubagent = { toolCallId: p.call_id, id: p.new_thread_id, kind: "codex" };
      if (typeof p.tool === "string") ref.label = p.tool.slice(0, 80);
      out.set(p.call_id, ref);
    }
  }
  return out;
}
