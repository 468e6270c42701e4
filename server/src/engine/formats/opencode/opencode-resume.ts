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
import { madeUpResultFinding } from "../../model/made-up-result-finding.js";
import { isObject } from "../../model/parse.js";
import type { DropReason } from "../../model/drop-reason.js";
import type { Entry, Finding, JsonPath, Msg, Session } from "../../model/types.js";
import type { ResumeContext } from "../profile.js";
import { INTERRUPTED_TEXT, modelKey, openCodeMessages } from "./opencode-messages.js";
import { infoOf, partsOf } from "./opencode-read.js";
import { OPENCODE_AGENT, OPENCODE_VERSION } from "./opencode-words.js";
import { quoteCut as tick } from "../../model/quote.js";


/**
 * The order in which the branch's messages are sent after the last finished compaction
 * (`filterCompacted`, OpenCode v1.18.3 packages/opencode/src/session/message-v2.ts:521-572), or undefined when none cuts the history:
 * walking back from the newest message, the first user message holding a `compaction` part whose
 * summary finished (an assistant message with `summary`, a `finish`, no `error`, its `parentID`
 * that message) ends the walk. Sent: that message and what follows it; with a kept tail
 * (`tail_start_id`), the messages from the compaction's message to its summary, then the tail
 * (from `tail_start_id` up to the compaction's message), then the rest. A tail id the walk does
 * not find before the compaction's message: the walk goes on to the session's start and nothing is
 * cut.
 */
function compactedOrder(branch: readonly Entry[]): { start: number; order: number[] } | undefined {
  const done = new Set<string>();
  for (let i = branch.length - 1; i >= 0; i--) {
    const info = infoOf(branch[i].raw);
    if (info.role === "assistant" && info.summary === true && info.finish && !info.error && typeof info.parentID === "string") done.add(info.parentID);
    if (info.role !== "user" || !done.has(String(info.id))) continue;
    const compaction = partsOf(branch[i].raw).find((p) => isObject(p) && p.type === "compaction") as Record<string, any> | undefined;
    if (!compaction) continue;
    const after = Array.from({ length: branch.length - i }, (_, k) => i + k);
    const tailId = typeof compaction.tail_start_id === "string" ? compaction.tail_start_id : undefined;
    if (tailId === undefined) return { start: i, order: after };
    let tailStart = -1;
    for (let k = i - 1; k >= 0 && tailStart < 0; k--) if (infoOf(branch[k].raw).id === tailId) tailStart = k;
    if (tailStart < 0) return undefined;
    let summary = branch.findIndex((e, k) => k > i && infoOf(e.raw).summary === true && infoOf(e.raw).parentID === info.id);
    if (summary < 0) summary = i;
    const order = after.filter((k) => k <= summary);
    for (let k = tailStart; k < i; k++) order.push(k);
    for (let k = summary + 1; k < branch.length; k++) order.push(k);
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
  const cut = compactedOrder(branch);
  const order = cut ? cut.order : branch.map((_, i) => i);
  const sentEntries = new Set(order);
  const lastUser = [...branch].reverse().find((e) => infoOf(e.raw).role === "user");
  const asked = lastUser && isObject(infoOf(lastUser.raw).model) ? infoOf(lastUser.raw).model : undefined;
  const lastAssistant = [...branch].reverse().find((e) => infoOf(e.raw).role === "assistant");
  const model = asked ? modelKey(asked) : lastAssistant ? modelKey(infoOf(lastAssistant.raw)) : undefined;
  const compactionLine = cut ? branch[order[0]].line : 0;
  const findings: Finding[] = [];
  const messages: Msg[] = [];
  /** Each sent entry's messages, in the order sent; a tool part that never finished noted with its entry. */
  const sent = new Map<number, Msg[]>();
  const unfinished: { call: { id: string; name: string; path: JsonPath }; line: number }[] = [];
  for (const i of order) {
    const e = branch[i];
    if (partsOf(e.raw).length === 0 || failedResponse(e)) continue;
    const ms = openCodeMessages(e, ["messages", i], { model, unfinished: (call) => unfinished.push({ call, line: e.line }) });
    sent.set(i, ms);
    for (const m of ms) messages.push(m);
  }
  // A call is still pending when nothing the agent sends follows its message (an entry's messages are sent together): the last one sent.
  const last = messages.length ? messages[messages.length - 1].origin : undefined;
  const lastLine = last?.kind === "entry" ? last.line : (last?.forLine ?? -1);
  for (const u of unfinished) findings.push(unfinishedFinding(u.call, u.line, u.line === lastLine));
  const dropped: { msg: Msg; by: DropReason }[] = [];
  for (const m of before) {
    const i = m.origin.kind === "entry" && m.origin.entryId !== undefined ? index.get(m.origin.entryId) : undefined;
    if (i === undefined) continue;
    if (!sentEntries.has(i)) dropped.push({ msg: m, by: { kind: "resume-cut", by: "compacted", line: compactionLine } });
    // a failed response, or a message none of whose parts is sent (only `ignored` or empty texts)
    else if (!sent.get(i)?.length) dropped.push({ msg: m, by: { kind: "resume-cut", by: "not-sent", line: branch[i].line } });
  }
  const label = `What ${OPENCODE_AGENT} ${OPENCODE_VERSION} sends next: ${cut ? "the messages from the last compaction on" : "every message"}, a failed response left out, an interrupted error result for each tool that never finished`;
  return { messages, dropped, line: compactionLine, label, short: cut ? "since compaction" : "next request", findings };
}

function unfinishedFinding(call: { id: string; name: string; path: JsonPath }, line: number, last: boolean): Finding {
  const tool = call.name ? ` (${call.name})` : "";
  const made = `${OPENCODE_AGENT} answers it with a made-up error result, "${INTERRUPTED_TEXT}", on the next request`;
  const message = last
    ? `The last turn's tool has not finished. Tool part ${tick(call.id)}${tool} is still pending or running: it may be running now (${OPENCODE_AGENT} writes the part before the tool runs). If the session goes on as it is, ${made}.`
    : `Tool call without a result; ${made}. Tool part ${tick(call.id)}${tool} is still pending or running though the session went on (${OPENCODE_AGENT} stopped without marking it: a crash, a killed process; an abort marks it "Tool execution aborted"), so the model reads that the call was cut short.`;
  return madeUpResultFinding({ id: call.id, line, path: call.path }, last, message);
}
