/**
 * Codex subagents: a `spawn_agent` call is followed by an `event_msg` `collab_tool_call` naming
 * the call (`call_id`) and the child's thread id (`new_thread_id`); the child's rollout is
 * `rollout-<time>-<thread id>.jsonl` in the sessions tree (`sessions/YYYY/MM/DD/`), not
 * necessarily on the parent's day.
 */
import { isObject } from "../../model/parse.js";
import type { Session } from "../../model/types.js";
import type { SubagentTranscript } from "../profile.js";

export function codexSubagentTranscripts(session: Session): SubagentTranscript[] {
  const out: SubagentTranscript[] = [];
  for (const l of session.lines.held) {
    const v = l.value;
    if (!isObject(v) || v.type !== "event_msg" || !isObject(v.payload) || v.payload.type !== "collab_tool_call") continue;
    const p = v.payload;
    if (typeof p.call_id !== "string" || typeof p.new_thread_id !== "string" || p.new_thread_id === "") continue;
    const t: SubagentTranscript = { toolCallId: p.call_id, id: p.new_thread_id, where: { in: "sessions-tree", prefix: "rollout-", suffix: `-${p.new_thread_id}.jsonl` } };
    if (typeof p.tool === "string") t.label = p.tool;
    out.push(t);
  }
  return out;
}
