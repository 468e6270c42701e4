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
import { type Analysis, formatProfile, type TranscriptPlace } from "../engine/index.js";
import type { ViewSubagent } from "../protocol/view.js";

/** Ids a subagent transcript may be named by (no path separators, no dots: nothing but a name). */
export const SUBAGENT_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** A file or folder name the server may look for (one path element, not `.` or `..`). */
const NAME = /^(?!\.\.?$)[A-Za-z0-9._-]{1,255}$/;

/** Whether a place names plain files and folders only. */
export const isSafePlace = (w: TranscriptPlace): boolean => (w.in === "session-folder" ? w.path.length > 0 && w.path.length <= 8 && w.path.every((p) => NAME.test(p)) : NAME.test(w.prefix + w.suffix));

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
