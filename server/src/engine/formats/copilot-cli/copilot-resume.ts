/**
 * What GitHub Copilot CLI 1.0.102 sends when it resumes a session, as recorded with the real CLI
 * (test/fixtures/peer-copilot-cli):
 *
 * - the history starts after the last successful `session.compaction_complete` (its summary first,
 *   as a user message) or `session.context_cleared`; a `session.snapshot_rewind` event changes
 *   nothing on resume (the rewind rewrote the file when it happened);
 * - each call's results follow it in call order, whatever order they completed in;
 * - a call without a result gets a made-up one right after it ("The execution of this tool, or a
 *   previous tool was interrupted."), also in the middle of the file;
 * - a result whose call is not in its turn is left out;
 * - a call id used again is renamed (with its result) to a fresh `call_…` id;
 * - reasoning is not sent back.
 */
import { pushAll } from "../../model/arrays.js";
import { madeUpResultFinding } from "../../model/made-up-result-finding.js";
import { isObject } from "../../model/parse.js";
import type { DropReason } from "../../model/drop-reason.js";
import type { Finding, Msg, Session } from "../../model/types.js";
import { toolCallsOf } from "../../model/types.js";
import type { ResumeContext } from "../profile.js";
import { isSubagentEvent } from "./copilot-message.js";

export const COPILOT_INTERRUPTED_TEXT = "The execution of this tool, or a previous tool was interrupted.";
/** The words of the summary message the CLI sends after a compaction (recorded: compaction*.jsonl, transformed-content.jsonl). */
const SUMMARY_HEAD = "Some of the conversation history has been summarized to free up context.";
const SUMMARY_USERS = "You were originally given instructions from a user over one or more turns. Here were the user messages:";
const SUMMARY_PRIOR = "Here is a summary of the prior context:";

const AGENT = "Copilot CLI";

export function copilotResumeContext(session: Session, before: Msg[]): ResumeContext | undefined {
  let cut: { line: number; by: "compacted" | "context-cleared"; summary?: string } | undefined;
  session.branch.forEach((e) => {
    const v = e.raw;
    if (isSubagentEvent(v) || !isObject(v.data)) return;
    if (v.type === "session.compaction_complete" && v.data.success !== false)
      cut = { line: e.line, by: "compacted", summary: typeof v.data.summaryContent === "string" ? v.data.summaryContent : "" };
    else if (v.type === "session.context_cleared") cut = { line: e.line, by: "context-cleared" };
  });
  const kept = cut ? before.filter((m) => m.origin.kind === "entry" && m.origin.line > cut!.line) : before;
  const keptSet = new Set(kept);
  const messages: Msg[] = [];
  const dropped: ResumeContext["dropped"] = [];
  const findings: Finding[] = [];
  if (cut) {
    for (const m of before) if (!keptSet.has(m)) dropped.push({ msg: m, by: { kind: "resume-cut", by: cut.by, line: cut.line } });
    if (cut.by === "compacted") {
      const text = summaryText(typedPrompts(session, cut.line), cut.summary ?? "");
      messages.push({ role: "user", content: [{ type: "text", text }], origin: { kind: "synthetic", synthetic: "resume-history", forLine: cut.line } });
    }
  }
  const used = new Set<Msg>();
  const seenIds = new Map<string, number>();
  let renamed = 0;
  let changed = cut !== undefined;
  for (let i = 0; i < kept.length; i++) {
    const m = kept[i];
    if (m.role === "toolResult") continue; // placed after its call, or left out below
    if (m.role !== "assistant") {
      messages.push(m);
      continue;
    }
    const calls = toolCallsOf(m);
    const thinking = Array.isArray(m.content) && m.content.some((b: any) => b?.type === "thinking");
    const renames = new Map<string, string>();
    for (const c of calls) {
      const first = seenIds.get(c.id);
      if (first !== undefined && !renames.has(c.id)) {
        renames.set(c.id, `${c.id}~renamed${++renamed}`);
        findings.push({ code: "colliding-id", severity: "information", line: callLineOf(m, c), path: (c as any).path, toolCallId: c.id, message: `Call id \`${c.id}\` is used again (first on line ${first + 1}). ${AGENT} renames this call and its result on resume (to a fresh \`call_…\` id), so the model sees two calls.` });
      } else if (first === undefined) seenIds.set(c.id, callLineOf(m, c));
    }
    let sentAssistant = m;
    if (thinking || renames.size > 0) {
      sentAssistant = { ...m, content: (m.content as any[]).filter((b) => b?.type !== "thinking").map((b) => (b?.type === "toolCall" && renames.has(b.id) ? { ...b, id: renames.get(b.id) } : b)) };
      changed = true;
    }
    messages.push(sentAssistant);
    // This turn's results: up to the next assistant message.
    let end = i + 1;
    while (end < kept.length && kept[end].role !== "assistant") end++;
    const turn = kept.slice(i + 1, end).filter((r) => r.role === "toolResult");
    let order: Msg[] = [];
    for (const c of calls) {
      const r = turn.find((x) => !used.has(x) && x.toolCallId === c.id);
      if (r) {
        used.add(r);
        order.push(renames.has(c.id) ? { ...r, toolCallId: renames.get(c.id) } : r);
        continue;
      }
      changed = true;
      const line = callLineOf(m, c);
      order.push({ role: "toolResult", toolCallId: renames.get(c.id) ?? c.id, toolName: c.name, content: [{ type: "text", text: COPILOT_INTERRUPTED_TEXT }], isError: true, origin: { kind: "synthetic", synthetic: "synthetic-tool-result", forLine: line } });
      findings.push(madeUpResultFinding({ id: c.id, line, path: (c as any).path }, false, `Call \`${c.id}\` has no result in the file. ${AGENT} answers it on resume with a made-up result ("${COPILOT_INTERRUPTED_TEXT}") right after the call.`));
    }
    if (order.some((r, k) => r !== turn[k])) changed = true;
    pushAll(messages, order);
    order = [];
  }
  for (const m of kept)
    if (m.role === "toolResult" && !used.has(m)) {
      changed = true;
      const by: DropReason = { kind: "resume-drop", what: "orphan-result" };
      dropped.push({ msg: m, by });
      findings.push(orphanFinding(m));
    }
  if (!changed) return undefined;
  const at = cut?.line ?? 0;
  return {
    messages,
    dropped,
    line: at,
    short: cut ? `resume after ${cut.by === "compacted" ? "compaction" : "/clear"}` : "resume",
    label: cut ? `what ${AGENT} sends on resume: the history after the ${cut.by === "compacted" ? "compaction" : "/clear"} on line ${cut.line + 1}, each call followed by its results` : `what ${AGENT} sends on resume: each call followed by its results in call order`,
    findings,
  };
}

function callLineOf(m: Msg, c: object): number {
  const line = (c as { line?: unknown }).line;
  return typeof line === "number" ? line : m.origin.kind === "entry" ? m.origin.line : 0;
}

/** The prompts of the main conversation before `line` as the user typed them (`content`, not the `transformedContent` sent). */
function typedPrompts(session: Session, line: number): string[] {
  const out: string[] = [];
  for (const e of session.branch) {
    if (e.line >= line) break;
    const v = e.raw;
    if (v.type !== "user.message" || isSubagentEvent(v) || !isObject(v.data)) continue;
    const d = v.data;
    out.push(typeof d.content === "string" ? d.content : typeof d.transformedContent === "string" ? d.transformedContent : "");
  }
  return out;
}

/** The user message that stands for the history before a compaction (recorded: every prompt before it, then its summary). */
function summaryText(prompts: readonly string[], summary: string): string {
  const listed = prompts.map((p) => `<user_message>\n${p}\n</user_message>\n`).join("");
  return `${SUMMARY_HEAD}\n\n${SUMMARY_USERS}\n${listed}\n${SUMMARY_PRIOR}\n<summary>\n${summary}\n</summary>\n`;
}

function orphanFinding(m: Msg): Finding {
  const line = m.origin.kind === "entry" ? m.origin.line : 0;
  return {
    code: "orphan-result",
    severity: "information",
    line,
    path: ["data", "toolCallId"],
    toolCallId: m.toolCallId,
    message: `Result for \`${m.toolCallId}\` answers no call of its turn. ${AGENT} leaves it out on resume, so nothing is lost that the model saw; the line can go.`,
  };
}
