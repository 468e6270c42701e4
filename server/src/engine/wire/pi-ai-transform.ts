/**
 * Rule 6, what the provider sees: pi's `convertToLlm` and pi-ai's `transformMessages` orphan
 * repair applied to the pruned context (research notes sections 1.10 and 1.11, pi-ai 1.6).
 *
 * - Every non-assistant, non-toolResult agent message goes out as a user message whose text
 *   convertToLlm builds (agent-message-text.ts: summaries with their prefixes, a bash
 *   execution's command and output); bash executions excluded with `!!` and unknown roles are
 *   dropped.
 * - A call left without a result before the next user or assistant message gets pi-ai's
 *   synthetic error result ("No result provided"); pi-ai 1.6 also flushes at the end.
 * - An assistant with stopReason `error` or `aborted` is skipped entirely, but its results are
 *   still sent: they reach the provider with no call.
 *
 * Nothing here looks at a provider's error text: the rules are structural.
 */
import type { DropReason } from "../drop-reason.js";
import type { Msg, ToolCallBlock } from "../types.js";
import { toolCallsOf } from "../types.js";
import { llmUserContent } from "./agent-message-text.js";

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

export function toWire(messages: Msg[]): WireReport {
  const report: WireReport = { messages: [], dropped: [], synthetic: [], errorTurnResults: [] };
  const converted: Msg[] = [];
  for (const m of messages) {
    if (PASS_THROUGH.has(m.role)) converted.push(m);
    else if (AS_USER.has(m.role)) {
      if (m.role === "bashExecution" && m.excludeFromContext === true) report.dropped.push({ msg: m, by: { kind: "convert-excluded" } });
      // convertToLlm builds the user message's text from the role's own fields (summary, command, output)
      else converted.push(asUser(m));
    } else report.dropped.push({ msg: m, by: { kind: "convert-unknown-role" } });
  }
  let pending: { call: ToolCallBlock; assistant: Msg }[] = [];
  const answered = new Set<string>();
  let skippedCalls: ReadonlyMap<string, Msg> = NO_SKIPPED;
  const flush = (atEnd: boolean) => {
    for (const p of pending) {
      if (answered.has(p.call.id)) continue;
      const synthetic: Msg = {
        role: "toolResult",
        toolCallId: p.call.id,
        toolName: p.call.name,
        content: [{ type: "text", text: "No result provided" }],
        isError: true,
        origin: { kind: "synthetic", synthetic: "synthetic-tool-result", forLine: p.assistant.origin.kind === "entry" ? p.assistant.origin.line : undefined },
      };
      report.messages.push(synthetic);
      report.synthetic.push({ msg: synthetic, call: p.call, assistant: p.assistant, atEnd });
    }
    pending = [];
    answered.clear();
  };
  for (const m of converted) {
    if (m.role === "assistant") {
      flush(false);
      if (isSkippedByPiAi(m)) {
        report.dropped.push({ msg: m, by: { kind: "pi-ai-skipped-turn", stopReason: String(m.stopReason) } });
        skippedCalls = new Map(toolCallsOf(m).map((c) => [c.id, m]));
        continue;
      }
      skippedCalls = NO_SKIPPED;
      pending = toolCallsOf(m).map((call) => ({ call, assistant: m }));
      report.messages.push(m);
    } else if (m.role === "toolResult") {
      answered.add(m.toolCallId as string);
      const skipped = skippedCalls.get(m.toolCallId as string);
      if (skipped && !pending.some((p) => p.call.id === m.toolCallId)) report.errorTurnResults.push({ msg: m, assistant: skipped });
      report.messages.push(m);
    } else if (m.role === "user") {
      flush(false);
      skippedCalls = NO_SKIPPED;
      report.messages.push(m);
    } else report.messages.push(m);
  }
  flush(true);
  return report;
}
