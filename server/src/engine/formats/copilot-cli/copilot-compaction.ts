/** Copilot CLI's successful `session.compaction_complete` event as a compaction event (a failed one changed nothing: copilot-resume.ts). */
import { isObject } from "../../model/parse.js";
import type { CompactionRecord } from "../profile.js";

export const copilotCompactionOn = (v: Record<string, any>): CompactionRecord | undefined =>
  v.type === "session.compaction_complete" && isObject(v.data) && v.data.success !== false ? {} : undefined;
