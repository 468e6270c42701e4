/**
 * Subagents a session's tool calls ran whose transcripts are files of their own (issue 23 item 4:
 * "subagents are a tag that cannot be opened"). Each agent's profile says which calls ran one and
 * where it keeps the file (formats/profile.ts `subagentTranscripts`: Claude Code 2.1's
 * `<session>/subagents/agent-<agentId>.jsonl`, Codex's child rollout named by its thread id); the
 * language server looks for the file (lsp/subagent-files.ts).
 *
 * Claude Code 2.0 wrote subagent lines into the session file itself: those are the sidechain
 * groups of the view model (view-model.ts), shown in place with their messages.
 *
 * Ids and file names come from the session: only plain names are kept (no path separator, not
 * `.` or `..`), so the server never looks outside the places the agent uses.
 */
import { type Analysis, formatProfile, isSafePlace, SUBAGENT_ID, type TranscriptPlace } from "../engine/index.js";
import type { ViewSubagent } from "../protocol/view.js";

export { isSafePlace, SUBAGENT_ID };

/** Subagent refs by the id of the call that ran them. */
export function subagentRefs(a: Analysis): Map<string, ViewSubagent> {
  const out = new Map<string, ViewSubagent>();
  const profile = formatProfile(a.session.format);
  for (const t of profile?.subagentTranscripts?.(a.session, a.before) ?? []) {
    if (!SUBAGENT_ID.test(t.id) || !isSafePlace(t.where)) continue;
    const where: TranscriptPlace = t.where.in === "session-folder" ? { in: "session-folder", path: [...t.where.path] } : { in: "sessions-tree", prefix: t.where.prefix, suffix: t.where.suffix };
    const ref: ViewSubagent = { toolCallId: t.toolCallId, id: t.id, agent: profile!.label, where };
    if (t.label !== undefined) ref.label = t.label.slice(0, 80);
    out.set(t.toolCallId, ref);
  }
  return out;
}
