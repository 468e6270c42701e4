/** Claude Code's `compact_boundary` system line as a compaction event: its `compactMetadata` (trigger, preTokens). */
import { isObject } from "../../model/parse.js";
import type { CompactionRecord } from "../profile.js";

export function claudeCodeCompactionOn(v: Record<string, any>): CompactionRecord | undefined {
  if (v.type !== "system" || v.subtype !== "compact_boundary") return undefined;
  const cm = isObject(v.compactMetadata) ? v.compactMetadata : {};
  const r: CompactionRecord = {};
  if (typeof cm.trigger === "string") r.trigger = cm.trigger;
  if (typeof cm.preTokens === "number" && Number.isFinite(cm.preTokens)) r.tokensBefore = cm.preTokens;
  return r;
}
