/**
 * What OpenCode sends on the session's next request, read from its source at v1.18.3
 * (docs/research/opencode.md; packages/opencode/src/session/message-v2.ts):
 *
 * - `filterCompacted`: walking back from the newest message, the history stops at the user message
 *   of the last finished compaction (its summary: an assistant message with `summary`, a `finish`
 *   and no `error`, whose `parentID` is that user message); sent are that message, the summary,
 *   the tail the compaction kept (`tail_start_id`: from that message on) and what came after;
 * - `toModelMessages`: a message with no parts is not sent; an assistant message with an `error`
 *   is not sent, unless the error is `MessageAbortedError` and it holds more than steps and
 *   reasoning; each message's parts as opencode-messages.ts sends them, a tool part that never
 *   finished (`pending`, `running`: OpenCode stopped without marking it) answered with an error
 *   result "[Tool execution was interrupted]" (since 1.1.24; before, the part was left out).
 *
 * Findings: each tool part that never finished (the made-up result); nothing is rejected by
 * OpenCode itself, the provider rules judge what is sent.
 */
import { isObject } from "../../model/parse.js";
import type { DropReason } from "../../model/drop-reason.js";
import type { Entry, Finding, JsonPath, Msg, Session } from "../../model/types.js";
import type { ResumeContext } from "../profile.js";
import { INTERRUPTED_TEXT, modelKey, openCodeMessages } from "./opencode-messages.js";
import { infoOf, partsOf } from "./opencode-read.js";
import { OPENCODE_AGENT, OPENCODE_VERSION } from "./opencode-words.js";

const tick = (s: string) => `\`${s.length > 80 ? `${s.slice(0, 80)}…` : s}\``;

/** The index of the first branch entry sent after the last finished compaction, and the entries its tail keeps; 0 and none without one. */
function compactedFrom(branch: readonly Entry[]): { start: number; order: number[] } | undefined {
  const done = new Set<string>();
  for (let i = branch.length - 1; i >= 0; i--) {
    const info = infoOf(branch[i].raw);
    if (info.role === "assistant" && info.summary === true && info.finish && !info.error && typeof info.parentID === "string") done.add(info.parentID);
    if (info.role !== "user" || !done.has(String(info.id))) continue;
    const compaction = partsOf(branch[i].raw).find((p) => isObject(p) && p.type === "compaction") as Record<string, any> | undefined;
    if (!compaction) continue;
    // [the compaction's message, its summary, the kept tail, the rest]
    const tailId = typeof compaction.tail_start_id === "string" ? compaction.tail_start_id : undefined;
    let tailStart = i;
    if (tailId) for (let k = i - 1; k >= 0; k--) if (infoOf(branch[k].raw).id === tailId) tailStart = k;
    const summary = branch.findIndex((e, k) => k > i && infoOf(e.raw).summary === true && infoOf(e.raw).parentID === info.id);
    const order = [i, ...(summary >= 0 ? [summary] : [])];
    for (let k = tailStart; k < i; k++) order.push(k);
    for (let k = i + 1; k < branch.length; k++) if (k !== summary) order.push(k);
    return { start: tailStart, order };
  }
  return undefined;
}

/** Why an assistant message is not sent: a failed response (an error other than an abort after some output). */
function failedResponse(e: Entry): boolean {
  const info = infoOf(e.raw);
  if (info.role !== "assistant" || !info.error) return false;
  const aborted = isObject(info.error) && info.error.name === "MessageAbortedError";
  return !(aborted && partsOf(e.raw).some((p) => isObject(p) && p.type !== "step-start" && p.type !== "reasoning"));
}

export function openCodeResumeContext(session: Session, before: Msg[]): ResumeContext {
  const branch = session.branch;
  const index = new Map<string, number>(branch.map((e, i) => [e.id, i]));
  const cut = compactedFrom(branch);
  const order = cut ? cut.order : branch.map((_, i) => i);
  const sentEntries = new Set(order);
  const lastUser = [...branch].reverse().find((e) => infoOf(e.raw).role === "user");
  const asked = lastUser && isObject(infoOf(lastUser.raw).model) ? infoOf(lastUser.raw).model : undefined;
  const lastAssistant = [...branch].reverse().find((e) => infoOf(e.raw).role === "assistant");
  const model = asked ? modelKey(asked) : lastAssistant ? modelKey(infoOf(lastAssistant.raw)) : undefined;
  const compactionLine = cut ? branch[order[0]].line : 0;
  const lastSent = order.length ? order[order.length - 1] : -1;
  const findings: Finding[] = [];
  const messages: Msg[] = [];
  for (const i of order) {
    const e = branch[i];
    if (partsOf(e.raw).length === 0 || failedResponse(e)) continue;
    const unfinished = (call: { id: string; name: string; path: JsonPath }) => findings.push(unfinishedFinding(call, e.line, i === lastSent));
    for (const m of openCodeMessages(e, ["messages", i], { model, unfinished })) messages.push(m);
  }
  const dropped: { msg: Msg; by: DropReason }[] = [];
  for (const m of before) {
    const i = m.origin.kind === "entry" && m.origin.entryId !== undefined ? index.get(m.origin.entryId) : undefined;
    if (i === undefined) continue;
    if (!sentEntries.has(i)) dropped.push({ msg: m, by: { kind: "resume-cut", by: "compacted", line: compactionLine } });
    else if (failedResponse(branch[i])) dropped.push({ msg: m, by: { kind: "resume-cut", by: "not-sent", line: branch[i].line } });
  }
  const label = `What ${OPENCODE_AGENT} ${OPENCODE_VERSION} sends next: ${cut ? "the messages from the last compaction on" : "every message"}, a failed response left out, an interrupted error result for each tool that never finished`;
  return { messages, dropped, line: compactionLine, label, short: cut ? "since compaction" : "next request", findings };
}

function unfinishedFinding(call: { id: string; name: string; path: JsonPath }, line: number, last: boolean): Finding {
  const tool = call.name ? ` (${call.name})` : "";
  const made = `${OPENCODE_AGENT} answers it with a made-up error result, "${INTERRUPTED_TEXT}", on the next request`;
  if (last)
    return {
      code: "pending-call",
      severity: "information",
      line,
      path: call.path,
      toolCallId: call.id,
      message: `The last turn's tool has not finished. Tool part ${tick(call.id)}${tool} is still pending or running: it may be running now (${OPENCODE_AGENT} writes the part before the tool runs). If the session goes on as it is, ${made}.`,
    };
  return {
    code: "dangling-call",
    severity: "warning",
    line,
    path: call.path,
    toolCallId: call.id,
    message: `Tool call without a result; ${made}. Tool part ${tick(call.id)}${tool} is still pending or running though the session went on (${OPENCODE_AGENT} stopped without marking it: a crash, a killed process; an abort marks it "Tool execution aborted"), so the model reads that the call was cut short.`,
  };
}
