/**
 * Phase 1 of pi-condense's `pruneMessages`: tool results whose occurrence was summarized become
 * short stubs pointing at `context_tree_query` (docs/research/formats.md section 2.4).
 *
 * Fail-closed (seed toolcall-id-collisions.md, B; AC 7, 10b): a result that carries a timestamp
 * is looked up by `id@timestamp` only; an older summarized occurrence of the same bare id never
 * stubs it. The one exception is a pure-legacy bare record.
 */
import type { Msg } from "../../model/types.js";
import type { PiCondenseConfig } from "./config.js";
import { type IndexerState, textOf } from "./indexer-state.js";
import { occKey } from "../../model/occurrence-index.js";
import { isProtected } from "./protection.js";

export const QUERY_TOOL_NAME = "context_tree_query";

/** Occurrence keys of recovery-tool results still inside their grace window. */
export function recoveryGraceKeys(messages: Msg[], graceTurns: number): Set<string> {
  const keys = new Set<string>();
  if (graceTurns <= 0) return keys;
  const totalUsers = messages.filter((m) => m.role === "user").length;
  let group = 0;
  for (const m of messages) {
    if (m.role === "user") group++;
    if (m.role === "toolResult" && m.toolName === QUERY_TOOL_NAME && typeof m.toolCallId === "string") {
      if (totalUsers - group <= graceTurns) keys.add(occKey(m.toolCallId, typeof m.timestamp === "number" ? m.timestamp : undefined));
    }
  }
  return keys;
}

export function stubSummarizedResults(messages: Msg[], indexer: IndexerState, config: PiCondenseConfig): Msg[] {
  // Nothing indexed: no result is stubbed (the grace window only spares results that would be).
  if (!indexer.hasSummaries()) return messages;
  let graceKeys: Set<string> | undefined;
  const grace = { has: (key: string) => (graceKeys ??= recoveryGraceKeys(messages, config.recoveryGraceTurns)).has(key) };
  let changed = false;
  const out = messages.map((msg) => {
    if (msg.role !== "toolResult" || typeof msg.toolCallId !== "string") return msg;
    const id = msg.toolCallId;
    const key = typeof msg.timestamp === "number" ? `${id}@${msg.timestamp}` : id;
    const lookupKey = indexer.isSummarized(key) ? key : indexer.hasLegacyBareRecord(id) ? id : undefined;
    if (lookupKey === undefined) return msg;
    const record = indexer.getRecord(lookupKey);
    if (record && isProtected(record.toolName, record.args, config)) return msg;
    if (grace.has(key)) return msg;
    const ref = indexer.getShortRef(lookupKey) ?? id;
    // pi-condense 2.9.1 src/pruner.ts:117-126; a record without `spillBytes` reads "? bytes" (line 119).
    const text = record?.spillPath
      ? [
          `[Oversized output spilled to file — ${record.spillBytes ?? "?"} bytes.]`,
          `Tool: ${record.toolName}`,
          `Preview (head):`,
          record.resultPreview ?? "",
          `Full output — read this file (offset/limit supported): ${record.spillPath}`,
          `Or use context_tree_query with ref \`${ref}\`.`,
        ].join("\n")
      : `[Summarized in pruner summary, ref \`${ref}\`. Use context_tree_query to retrieve full output.]`;
    changed = true;
    const stub: Msg = {
      role: "toolResult",
      toolCallId: id,
      toolName: msg.toolName,
      content: [{ type: "text", text }],
      isError: false,
      timestamp: msg.timestamp,
      origin: msg.origin,
      stubbed: { ref, originalChars: textOf(msg.content).length },
    };
    return stub;
  });
  return changed ? out : messages;
}
