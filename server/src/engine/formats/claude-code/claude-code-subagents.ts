/**
 * Claude Code 2.1 subagents with transcripts of their own: a Task (Agent) call's result line
 * carries `toolUseResult.agentId` (and `agentType`); the subagent's lines are in
 * `<session>/subagents/agent-<agentId>.jsonl`, the folder named as the session beside it.
 * (Claude Code 2.0 wrote them into the session file: claude-code-sidechains.ts.)
 */
import { isObject } from "../../model/parse.js";
import type { Msg, Session } from "../../model/types.js";
import type { SubagentTranscript } from "../profile.js";

export function claudeSubagentTranscripts(session: Session, before: readonly Msg[]): SubagentTranscript[] {
  const out: SubagentTranscript[] = [];
  for (const m of before) {
    if (m.role !== "toolResult" || m.origin.kind !== "entry" || typeof m.toolCallId !== "string") continue;
    const v = session.lines.heldAt(m.origin.line)?.value;
    const r = isObject(v) && isObject(v.toolUseResult) ? v.toolUseResult : undefined;
    if (!r || typeof r.agentId !== "string" || r.agentId === "") continue;
    const t: SubagentTranscript = { toolCallId: m.toolCallId, id: r.agentId, where: { in: "session-folder", path: ["subagents", `agent-${r.agentId}.jsonl`] } };
    if (typeof r.agentType === "string") t.label = r.agentType;
    out.push(t);
  }
  return out;
}
