/**
 * Phase 4 of pi-condense's `pruneMessages`: the orphan sweep (seed section C, with the later
 * barrier rule of gh-11, research notes section 2.8). One forward pass: an assistant replaces the
 * open-call set; a tool result consumes its id once; any other message is a barrier that clears
 * the set. A result whose id is not open is swept.
 *
 * Clean input returns the identical array (reference equality), as the spec pins (AC 14).
 */
import type { Msg } from "../types.js";
import { toolCallsOf } from "../types.js";
import { checkContentFilterable } from "./pruner-throw.js";

/** pi-condense 2.9.1 src/orphan-sweep.ts:23-26: `(msg.content ?? []).filter((c) => c.type …)` per assistant. */
const SRC_FILTER = "src/orphan-sweep.ts:24-25";

export interface SweptResult {
  msg: Msg;
  /** Why it is an orphan. */
  reason: "never-opened" | "already-consumed" | "after-barrier";
  /** The message that cleared the open set, for `after-barrier`. */
  barrier?: Msg;
}

export function sweepOrphanToolResults(messages: Msg[]): { messages: Msg[]; swept: SweptResult[] } {
  // The sets are cleared in place, never replaced: nothing outside this pass holds them.
  const open = new Set<string>();
  const consumed = new Set<string>();
  let barrier: Msg | undefined;
  const barrierCleared = new Set<string>();
  const swept: SweptResult[] = [];
  for (const m of messages) {
    if (m.role === "assistant") {
      checkContentFilterable(m, SRC_FILTER);
      open.clear();
      for (const c of toolCallsOf(m)) open.add(c.id);
      if (consumed.size) consumed.clear();
      barrier = undefined;
      if (barrierCleared.size) barrierCleared.clear();
    } else if (m.role === "toolResult") {
      const id = m.toolCallId as string;
      if (open.has(id)) {
        open.delete(id);
        consumed.add(id);
      } else {
        swept.push({
          msg: m,
          reason: consumed.has(id) ? "already-consumed" : barrierCleared.has(id) ? "after-barrier" : "never-opened",
          barrier: barrierCleared.has(id) ? barrier : undefined,
        });
      }
    } else {
      if (open.size > 0) {
        barrier = m;
        for (const id of open) barrierCleared.add(id);
        open.clear();
      }
    }
  }
  if (swept.length === 0) return { messages, swept };
  const drop = new Set(swept.map((s) => s.msg));
  return { messages: messages.filter((m) => !drop.has(m)), swept };
}
