/** Codex's `compacted` line as a compaction event (Codex records no token count on it; the inspector takes the responses around it). */
import type { CompactionRecord } from "../profile.js";

export const codexCompactionOn = (v: Record<string, any>): CompactionRecord | undefined => (v.type === "compacted" ? {} : undefined);
