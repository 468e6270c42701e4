/**
 * Phase 4 of pi-condense's `pruneMessages`: the orphan sweep (seed section C, with the later
 * barrier rule of gh-11, docs/research/formats.md section 2.8). One forward pass: an assistant replaces the
 * open-call set; a tool result consumes its id once; any other message is a barrier that clears
 * the set. A result whose id is not open is swept.
 *
 * Clean input returns the identical array (reference equality), as the spec pins (AC 14).
 *
 * Incremental: the state after an assistant message is that message's calls alone, so a run
 * whose input starts with the last run's messages resumes at the last assistant message they
 * share (model/fold-resume.ts); the result is the same as a run from the start.
 */
import type { Msg } from "../../model/types.js";
import { toolCallsOf } from "../../model/types.js";
import { checkContentFilterable } from "./pruner-throw.js";
import { FoldCheckpoints, type FoldRun, keepRun, takeRun } from "../../model/fold-resume.js";

/** pi-condense 2.9.1 src/orphan-sweep.ts:23-26: `(msg.content ?? []).filter((c) => c.type …)` per assistant. */
const SRC_FILTER = "src/orphan-sweep.ts:24-25";

export interface SweptResult {
  msg: Msg;
  /** Why it is an orphan. */
  reason: "never-opened" | "already-consumed" | "after-barrier";
  /** The message that cleared the open set, for `after-barrier`. */
  barrier?: Msg;
}

/** The last run per input (keyed by its first message), to resume from (model/fold-resume.ts). */
interface SweepRun extends FoldRun<Msg> {
  output: Msg[];
  swept: SweptResult[];
  /** Checkpoints: per assistant message, [kept messages, swept results] right after it. */
}
const lastRun = new WeakMap<Msg, SweepRun>();

export function sweepOrphanToolResults(messages: Msg[]): { messages: Msg[]; swept: SweptResult[] } {
  // The sets are cleared in place, never replaced: nothing outside this pass holds them.
  const open = new Set<string>();
  const consumed = new Set<string>();
  let barrier: Msg | undefined;
  const barrierCleared = new Set<string>();
  let swept: SweptResult[] = [];
  /** The kept messages, made when the first result is swept (until then: a prefix of the input). */
  let kept: Msg[] | null = null;
  let checkpoints = new FoldCheckpoints(2);
  let start = 0;
  // After an assistant message the state is its calls alone: resume at the last one both inputs share.
  const resume = takeRun(lastRun, messages);
  if (resume) {
    const { run: prev, at: c } = resume;
    const a = prev.checkpoints.index(c);
    const sweptSoFar = prev.checkpoints.length(c, 1);
    swept = prev.swept.slice(0, sweptSoFar);
    if (sweptSoFar > 0) kept = prev.output.slice(0, prev.checkpoints.length(c, 0));
    checkpoints = prev.checkpoints.truncateAfter(c);
    for (const call of toolCallsOf(messages[a])) open.add(call.id);
    start = a + 1;
  }
  for (let i = start; i < messages.length; i++) {
    const m = messages[i];
    if (m.role === "assistant") {
      checkContentFilterable(m, SRC_FILTER);
      open.clear();
      for (const c of toolCallsOf(m)) open.add(c.id);
      if (consumed.size) consumed.clear();
      barrier = undefined;
      if (barrierCleared.size) barrierCleared.clear();
      kept?.push(m);
      checkpoints.mark(i, kept ? kept.length : i + 1, swept.length);
      continue;
    }
    if (m.role === "toolResult") {
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
        kept ??= messages.slice(0, i);
        continue;
      }
    } else if (open.size > 0) {
      barrier = m;
      for (const id of open) barrierCleared.add(id);
      open.clear();
    }
    kept?.push(m);
  }
  const output = kept ?? messages;
  keepRun(lastRun, { input: messages, output, swept, checkpoints });
  return { messages: output, swept };
}
