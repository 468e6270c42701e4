/**
 * Rule 6, what the provider sees: pi's `convertToLlm` and pi-ai's `transformMessages` orphan
 * repair applied to the pruned context (docs/research/formats.md section 1.10 and 1.11, pi-ai 1.6).
 *
 * - Every non-assistant, non-toolResult agent message goes out as a user message whose text
 *   convertToLlm builds (formats/pi/convert-to-llm.ts: summaries with their prefixes, a bash
 *   execution's command and output); bash executions excluded with `!!` and unknown roles are
 *   dropped.
 * - A call left without a result before the next user or assistant message gets pi-ai's
 *   synthetic error result ("No result provided"); pi-ai 1.6 also flushes at the end.
 * - An assistant with stopReason `error` or `aborted` is skipped entirely, but its results are
 *   still sent: they reach the provider with no call.
 *
 * Nothing here looks at a provider's error text: the rules are structural.
 *
 * Incremental: both steps go message by message and pi-ai's state after an assistant message is
 * that message alone, so a run whose input starts with the last run's messages resumes at the
 * last assistant message they share (model/fold-resume.ts), with the same result.
 */
import type { DropReason } from "../../model/drop-reason.js";
import type { Msg, ToolCallBlock } from "../../model/types.js";
import { toolCallsOf } from "../../model/types.js";
import { llmUserContent } from "../../formats/pi/convert-to-llm.js";
import { FoldCheckpoints, type FoldRun, keepRun, takeRun } from "../../model/fold-resume.js";

const PASS_THROUGH = new Set(["user", "assistant", "toolResult", "system"]);
const AS_USER = new Set(["custom", "branchSummary", "compactionSummary", "bashExecution"]);

export interface WireReport {
  messages: Msg[];
  /** Messages the conversion or pi-ai leaves out, with why. */
  dropped: { msg: Msg; by: DropReason }[];
  /** Synthetic results pi-ai inserts, for which call; `atEnd` when flushed at the end of input. */
  synthetic: { msg: Msg; call: ToolCallBlock; assistant: Msg; atEnd: boolean }[];
  /** Results that answer a call of a skipped (error/aborted) assistant. */
  errorTurnResults: { msg: Msg; assistant: Msg }[];
}

export function isSkippedByPiAi(m: Msg): boolean {
  return m.role === "assistant" && (m.stopReason === "error" || m.stopReason === "aborted");
}

/**
 * convertToLlm's user message for an agent message, made once per message: the same message
 * gives the same object in the next analysis (an append keeps the wire's prefix identical).
 */
const asUserMemo = new WeakMap<Msg, Msg>();
function asUser(m: Msg): Msg {
  let u = asUserMemo.get(m);
  if (!u) asUserMemo.set(m, (u = { ...m, role: "user", agentRole: m.role, content: llmUserContent(m) }));
  return u;
}
const NO_SKIPPED: ReadonlyMap<string, Msg> = new Map();

/**
 * pi-ai's synthetic result for a call left without one, made once per call: the same call gives
 * the same object in the next analysis, so an edit before it leaves the wire's end the same.
 */
const syntheticMemo = new WeakMap<ToolCallBlock, Msg>();
function syntheticResult(call: ToolCallBlock, assistant: Msg, used: ReadonlySet<Msg>): Msg {
  const forLine = assistant.origin.kind === "entry" ? assistant.origin.line : undefined;
  const memo = syntheticMemo.get(call);
  // Once per wire: a call the input holds twice gets a result object per place.
  if (memo && !used.has(memo) && memo.origin.kind === "synthetic" && memo.origin.forLine === forLine && memo.toolCallId === call.id && memo.toolName === call.name) return memo;
  const made: Msg = {
    role: "toolResult",
    toolCallId: call.id,
    toolName: call.name,
    content: [{ type: "text", text: "No result provided" }],
    isError: true,
    origin: { kind: "synthetic", synthetic: "synthetic-tool-result", forLine },
  };
  syntheticMemo.set(call, made);
  return made;
}

/** The last run per input (keyed by its first message), to resume from (model/fold-resume.ts). */
interface WireRun extends FoldRun<Msg> {
  messages: Msg[];
  synthetic: WireReport["synthetic"];
  errorTurnResults: WireReport["errorTurnResults"];
  /** What convertToLlm leaves out, then what pi-ai skips: `dropped` is the one, then the other. */
  convertDropped: WireReport["dropped"];
  skipDropped: WireReport["dropped"];
  /** Checkpoints: per assistant message, the length of each list above right after it, in that order. */
}
const lastRun = new WeakMap<Msg, WireRun>();

export function toWire(input: Msg[]): WireReport {
  let out: Msg[] = [];
  let synthetics: WireReport["synthetic"] = [];
  let errorTurnResults: WireReport["errorTurnResults"] = [];
  let convertDropped: WireReport["dropped"] = [];
  let skipDropped: WireReport["dropped"] = [];
  let checkpoints = new FoldCheckpoints(5);
  let pending: { call: ToolCallBlock; assistant: Msg }[] = [];
  const answered = new Set<string>();
  let skippedCalls: ReadonlyMap<string, Msg> = NO_SKIPPED;
  let start = 0;
  // After an assistant message the state is that message alone: resume at the last one both share.
  const resume = takeRun(lastRun, input);
  if (resume) {
    const { run: prev, at: c } = resume;
    const cp = prev.checkpoints;
    out = prev.messages.slice(0, cp.length(c, 0));
    synthetics = prev.synthetic.slice(0, cp.length(c, 1));
    errorTurnResults = prev.errorTurnResults.slice(0, cp.length(c, 2));
    convertDropped = prev.convertDropped.slice(0, cp.length(c, 3));
    skipDropped = prev.skipDropped.slice(0, cp.length(c, 4));
    checkpoints = cp.truncateAfter(c);
    const a = input[checkpoints.index(c)];
    if (isSkippedByPiAi(a)) skippedCalls = new Map(toolCallsOf(a).map((call) => [call.id, a]));
    else pending = toolCallsOf(a).map((call) => ({ call, assistant: a }));
    start = checkpoints.index(c) + 1;
  }
  let usedSynthetics: Set<Msg> | undefined;
  const flush = (atEnd: boolean) => {
    for (const p of pending) {
      if (answered.has(p.call.id)) continue;
      const synthetic = syntheticResult(p.call, p.assistant, usedSynthetics ??= new Set(synthetics.map((x) => x.msg)));
      usedSynthetics.add(synthetic);
      out.push(synthetic);
      synthetics.push({ msg: synthetic, call: p.call, assistant: p.assistant, atEnd });
    }
    pending = [];
    answered.clear();
  };
  const mark = (i: number) => checkpoints.mark(i, out.length, synthetics.length, errorTurnResults.length, convertDropped.length, skipDropped.length);
  for (let i = start; i < input.length; i++) {
    // convertToLlm, one message at a time
    let m = input[i];
    if (AS_USER.has(m.role)) {
      if (m.role === "bashExecution" && m.excludeFromContext === true) {
        convertDropped.push({ msg: m, by: { kind: "convert-excluded" } });
        continue;
      }
      // convertToLlm builds the user message's text from the role's own fields (summary, command, output)
      m = asUser(m);
    } else if (!PASS_THROUGH.has(m.role)) {
      convertDropped.push({ msg: m, by: { kind: "convert-unknown-role" } });
      continue;
    }
    // pi-ai's transformMessages
    if (m.role === "assistant") {
      flush(false);
      if (isSkippedByPiAi(m)) {
        skipDropped.push({ msg: m, by: { kind: "pi-ai-skipped-turn", stopReason: String(m.stopReason) } });
        skippedCalls = new Map(toolCallsOf(m).map((c) => [c.id, m]));
      } else {
        skippedCalls = NO_SKIPPED;
        pending = toolCallsOf(m).map((call) => ({ call, assistant: m }));
        out.push(m);
      }
      mark(i);
    } else if (m.role === "toolResult") {
      answered.add(m.toolCallId as string);
      const skipped = skippedCalls.get(m.toolCallId as string);
      if (skipped && !pending.some((p) => p.call.id === m.toolCallId)) errorTurnResults.push({ msg: m, assistant: skipped });
      out.push(m);
    } else if (m.role === "user") {
      flush(false);
      skippedCalls = NO_SKIPPED;
      out.push(m);
    } else out.push(m);
  }
  // The end flush comes after the last checkpoint: a resumed run drops it with what follows.
  flush(true);
  // The lists are the run's own, kept to resume from: callers read them and never change them
  // (`dropped` is made here, and analyze adds convertToLlm's drops to it).
  keepRun(lastRun, { input, messages: out, synthetic: synthetics, errorTurnResults, convertDropped, skipDropped, checkpoints });
  return { messages: out, dropped: convertDropped.concat(skipDropped), synthetic: synthetics, errorTurnResults };
}
