/**
 * Sniffs which agent wrote a JSONL file from its first parsed objects. The server stays silent
 * on JSONL files that are none of these.
 */
import { isObject } from "../parse.js";
import type { SessionFormat, SourceLine } from "../types.js";

const CLAUDE_TYPES = new Set(["user", "assistant", "system", "summary", "queue-operation"]);
const CODEX_TYPES = new Set(["session_meta", "response_item", "event_msg", "turn_context", "compacted"]);

export function detectFormat(lines: SourceLine[], maxLines = 50): SessionFormat {
  let seen = 0;
  for (const l of lines) {
    if (seen >= maxLines) break;
    if (!isObject(l.value)) continue;
    seen++;
    const v = l.value;
    if (v.type === "session" && typeof v.id === "string") return "pi";
    if (typeof v.type === "string" && CODEX_TYPES.has(v.type) && "payload" in v) return "codex";
    if (typeof v.type === "string" && CLAUDE_TYPES.has(v.type) && ("uuid" in v || "sessionId" in v || "leafUuid" in v))
      return "claude-code";
    // Legacy Codex: a bare session meta line, or bare response items.
    if (seen === 1 && typeof v.id === "string" && typeof v.timestamp === "string" && !("type" in v)) return "codex";
    if (v.record_type === "state") return "codex";
  }
  return "unknown";
}
