/** Claude Code's `compact_boundary` system line as a compaction event: its `compactMetadata` (trigger, preTokens). */
import { isObject } from "../../model/parse.js";
import type { CompactionRecord } from "../profile.js";

const TRIGGER_CHARS = 40;

export function claudeCodeCompactionOn(v: Record<string, any>): CompactionRecord | undefined {
  if (v.type !== "system" || v.subtype !== "compact_boundary") return undefined;
  const cm = isObject(v.compactMetadata) ? v.compactMetadata : {};
  const r: CompactionRecord = {};
  // a word ("auto", "manual"); a longer value is cut (it is shown in a row and a sentence)
  if (typeof cm.trigger === "string") r.trigger = cm.trigger.length > TRIGGER_CHARS ? cm.trigger.slice(0, TRIGGER_CHARS - 1) + "…" : cm.trigger;
  if (typeof cm.preTokens === "number" && Number.isFinite(cm.preTokens)) r.tokensBefore = cm.preTokens;
  return r;
}
