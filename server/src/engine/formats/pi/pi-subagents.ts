/**
 * pi subagents whose transcripts are files of their own (issue 26 item 5). pi itself has no
 * subagent tool; its extensions add one named `subagent`:
 * - pi's own example (pi-mono examples/extensions/subagent) runs the child with `--no-session`: no
 *   file is written; the result's `details.results[].messages` carry the child's messages.
 * - the pi-subagents package (nicobailon/pi-subagents 0.54) runs each child with `--session` on
 *   `<session folder>/<session name>/<runId>/run-<i>/session.jsonl` and records it in the result's
 *   `details.results[i].sessionFile` (and `details.runId`).
 * A call's first result with a file is its transcript; the place is kept relative to the session
 * (`session-folder`: the recorded path's last three names, looked for beside the session, never at
 * the recorded absolute path), and only plain names (no `.` or `..`) are kept.
 */
import { isObject } from "../../model/parse.js";
import type { Msg, Session } from "../../model/types.js";
import { isSafePlace, SUBAGENT_ID, type SubagentTranscript } from "../profile.js";

const RUN = /^run-\d{1,6}$/;

export function piSubagentTranscripts(_session: Session, before: readonly Msg[]): SubagentTranscript[] {
  const out: SubagentTranscript[] = [];
  const seen = new Set<string>();
  for (const m of before) {
    if (m.role !== "toolResult" || m.toolName !== "subagent" || typeof m.toolCallId !== "string" || seen.has(m.toolCallId)) continue;
    const d = (m as { details?: unknown }).details;
    if (!isObject(d) || !Array.isArray(d.results)) continue;
    const runId = typeof d.runId === "string" ? d.runId : undefined;
    for (let i = 0; i < d.results.length; i++) {
      const r = d.results[i];
      if (!isObject(r)) continue;
      const file = typeof r.sessionFile === "string" ? r.sessionFile.split(/[\\/]/).slice(-3) : undefined;
      // a recorded file elsewhere (a sessionDir of the user's) is not looked for
      const path = file ? (file.length === 3 && RUN.test(file[1]) && file[2].endsWith(".jsonl") ? file : undefined) : runId !== undefined ? [runId, `run-${i}`, "session.jsonl"] : undefined;
      if (!path || !SUBAGENT_ID.test(path[0]) || !isSafePlace({ in: "session-folder", path })) continue;
      const t: SubagentTranscript = { toolCallId: m.toolCallId, id: path[0], where: { in: "session-folder", path } };
      if (typeof r.agent === "string") t.label = r.agent;
      out.push(t);
      seen.add(m.toolCallId);
      break;
    }
  }
  return out;
}
