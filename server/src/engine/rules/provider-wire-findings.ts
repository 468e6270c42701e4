/**
 * Rule 6 as findings (see render/pi-ai/transform-messages.ts): `dangling-call` for a call that gets pi-ai's
 * synthetic "No result provided" before the next message, `error-turn-results` for results of
 * an assistant that pi-ai skips (stopReason error/aborted): on the wire they answer no call.
 */
import { PI_RUNTIME, type PiRuntimeWords } from "./pi-runtime-words.js";
import type { Finding, Msg } from "../model/types.js";
import { lineOf } from "../model/types.js";
import type { Occurrence, OccurrenceIndex } from "../model/occurrence-index.js";
import { resultPathOf } from "../model/occurrence-index.js";
import type { WireReport } from "../render/pi-ai/transform-messages.js";
import { ALL_ENABLED, type CodeTable, type EnabledCodes, findingMaker } from "../model/finding-kit.js";

export const PROVIDER_WIRE_CODES = {
  "dangling-call": {
    description: "A call without a result before the next message (pi-ai inserts a synthetic result).",
    severity: "warning",
    otherSeverities: { error: "the agent sends the call without a result and its provider refuses the request (Kimi CLI)" },
    follows: "pi-ai 1.6 transformMessages orphan repair (docs/research/formats.md section 1.11)",
    fixes: ["insert-missing-result", "fix-all"],
  },
  "error-turn-results": {
    description: "Results of an assistant turn that pi-ai leaves out (stopReason error/aborted).",
    severity: "error",
    follows: "pi-ai 1.6 transformMessages: error/aborted turns skipped (docs/research/formats.md section 1.11)",
    fixes: ["remove-orphan", "fix-all-orphans", "fix-all"],
  },
} as const satisfies CodeTable;

const make = findingMaker(PROVIDER_WIRE_CODES);

export function wireFindings(wire: WireReport, occ: OccurrenceIndex, enabled: EnabledCodes = ALL_ENABLED, words: PiRuntimeWords = PI_RUNTIME): Finding[] {
  const out: Finding[] = [];
  // Occurrences by assistant message, built once (not a scan of every occurrence per result).
  let byAssistant: Map<Msg, Occurrence[]> | undefined;
  if (enabled.has("dangling-call"))
  for (const s of wire.synthetic) {
    if (s.atEnd) continue; // the last unit still in flight: reported as pending-call
    const line = lineOf(s.assistant);
    if (line === null) continue;
    if (!byAssistant) {
      byAssistant = new Map();
      for (const x of occ.occurrences) {
        const l = byAssistant.get(x.assistant);
        if (l) l.push(x);
        else byAssistant.set(x.assistant, [x]);
      }
    }
    const o = byAssistant.get(s.assistant)?.find((x) => x.id === s.call.id);
    out.push(make("dangling-call", {
      line: o?.callLine ?? line,
      path: o?.callPath,
      toolCallId: s.call.id,
      message: `Tool call without a result; ${words.agent} sends a stand-in error. Call \`${s.call.id}\`${s.call.name ? ` (${s.call.name})` : ""} has no result before the next message, so ${words.sender} sends a synthetic error result ("No result provided") in its place.`,
    }));
  }
  if (enabled.has("error-turn-results"))
  for (const r of wire.errorTurnResults) {
    const line = lineOf(r.msg);
    if (line === null) continue;
    out.push(make("error-turn-results", {
      line,
      path: resultPathOf(r.msg),
      toolCallId: String(r.msg.toolCallId),
      message: `Result of a turn ${words.agent} does not send; the provider rejects it. Result \`${r.msg.toolCallId}\` answers an assistant turn that ended with stopReason \`${r.assistant.stopReason}\`${r.assistant.stopReason === "aborted" ? " (aborted before it finished)" : ""}. ${words.sender} leaves that turn out of the request but still sends this result, so it reaches the provider with no call.`,
      related: lineOf(r.assistant) !== null ? [{ line: lineOf(r.assistant)!, message: `the ${r.assistant.stopReason} turn`, path: ["message", "stopReason"] }] : undefined,
    }));
  }
  return out;
}
