/**
 * What OpenClaw leaves out when it replays a session to the model: its transcript-only assistant
 * turns, written with `provider: "openclaw"` and model `delivery-mirror` (a reply mirrored from a
 * chat channel) or `gateway-injected` (a note the gateway wrote). They stay in the file and are
 * not sent (openclaw/openclaw 013ba5dc src/gateway/server-methods/chat-transcript-inject.ts,
 * src/config/sessions/transcript.ts; the filter `isTranscriptOnlyOpenclawAssistant`, in replay
 * since about 2026.3: PRs #40679, #40716 — before it they were sent, issues #33263, #38061).
 */
import type { DropReason } from "../../../model/drop-reason.js";
import type { Msg } from "../../../model/types.js";

const TRANSCRIPT_ONLY_MODELS = new Set(["delivery-mirror", "gateway-injected"]);

/** Whether OpenClaw keeps this message in its file only. */
export const isTranscriptOnly = (m: Msg): boolean => m.role === "assistant" && m.provider === "openclaw" && typeof m.model === "string" && TRANSCRIPT_ONLY_MODELS.has(m.model);

export function openClawReplayDrops(messages: readonly Msg[]): { msg: Msg; by: DropReason }[] {
  const out: { msg: Msg; by: DropReason }[] = [];
  for (const m of messages) if (isTranscriptOnly(m)) out.push({ msg: m, by: { kind: "resume-drop", what: "transcript-only" } });
  return out;
}
