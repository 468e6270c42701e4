/**
 * What Codex's reading of a rollout loses or makes up, as findings in Codex's words (never pi's):
 *
 * - the file is refused (`resume-refused`, information): nothing of it is sent (R2.4, R2.6, R2.7);
 * - a line Codex cannot decode (`undecodable-line`, warning, with the reason): skipped (R2.2);
 * - a call without an output Codex answers with a made-up "aborted" (R7.1): `dangling-call`
 *   (warning) where the turn went on after it, `pending-call` (information) where the file ends
 *   inside the call's turn (it may still be running);
 * - an output whose call is not sent (`orphan-output`, information): Codex drops it (R7.2).
 *
 * Nothing else: where Codex reads the file fine there is no finding, and no finding here is an
 * error (the real sessions went on past every one of these). Linear in the file.
 */
import { findingMaker } from "../../model/finding-kit.js";
import { madeUpResultFinding } from "../../model/made-up-result-finding.js";
import type { Finding, JsonPath, Session } from "../../model/types.js";
import type { RuntimeWords } from "../profile.js";
import type { CodexHistory, UndecodableLine } from "./codex-history.js";
import { isCallType, isOutputType, payloadOfLine } from "./codex-item-kinds.js";
import { RESUME_READING_CODES } from "./codex-resume-codes.js";
import type { SentItem } from "./codex-sent-item.js";
import { quoteCut as tick } from "../../model/quote.js";

const make = findingMaker(RESUME_READING_CODES);
const SPEC = "docs/research/codex-resume.md";

/** Where each call id is called and answered in the file (0-based lines, file order), every line read as stored. */
interface ToolLines {
  calls: Map<string, { line: number; type: string }[]>;
  outputs: Map<string, { line: number; type: string }[]>;
  /** The last line that shows the turn ended or the conversation went on: a message, a turn event, a compaction. */
  lastTurnMark: number;
}

function toolLines(session: Session): ToolLines {
  const calls: ToolLines["calls"] = new Map();
  const outputs: ToolLines["outputs"] = new Map();
  let lastTurnMark = -1;
  const add = (m: Map<string, { line: number; type: string }[]>, id: string, line: number, type: string) => {
    const list = m.get(id);
    if (list) list.push({ line, type });
    else m.set(id, [{ line, type }]);
  };
  for (const e of session.branch) {
    const v = e.raw;
    const p = payloadOfLine(v);
    if (p) {
      if (typeof p.call_id === "string" && isCallType(p.type)) add(calls, p.call_id, e.line, p.type);
      else if (typeof p.call_id === "string" && isOutputType(p.type)) add(outputs, p.call_id, e.line, p.type);
      else if (p.type === "message") lastTurnMark = e.line;
    } else if (v.type === "compacted" || (v.type === "event_msg" && ["task_started", "task_complete", "turn_aborted", "thread_rolled_back"].includes(v.payload?.type))) lastTurnMark = e.line;
  }
  return { calls, outputs, lastTurnMark };
}

export function codexResumeFindings(session: Session, h: CodexHistory, words: RuntimeWords): Finding[] {
  if (h.refusal)
    return [
      make("resume-refused", {
        line: h.refusal.line,
        message: `${words.agent} does not resume this file. ${capital(h.refusal.reason)}; \`codex resume\` stops with "${h.refusal.error}" (${SPEC} R2.4-R2.7), so nothing of it is sent.`,
      }),
    ];
  // Read only when a finding needs it (a file Codex sends as it is needs none).
  let lines: ToolLines | undefined;
  const tools = () => (lines ??= toolLines(session));
  const out: Finding[] = [];
  for (const u of h.undecodable) out.push(undecodableFinding(u, h, words));
  h.aborted.forEach(({ call }, k) => out.push(abortedFinding(call, k, h.aborted.length, tools(), h, words)));
  for (const o of h.orphans) out.push(orphanFinding(o, tools(), h, words));
  return out;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function describeItem(p: Record<string, any> | undefined, type: string): string {
  if (type === "compacted") return "The compaction on this line";
  if (type === "event_msg") return "The rollback on this line";
  if (!p) return "The item on this line";
  if (typeof p.call_id === "string" && (isCallType(p.type) || isOutputType(p.type))) return `The ${tick(String(p.type))} of ${tick(p.call_id)}`;
  if (p.type === "message" && typeof p.role === "string") return `The ${p.role} message`;
  return `The ${tick(String(p.type))} item`;
}

function undecodableFinding(u: UndecodableLine, h: CodexHistory, words: RuntimeWords): Finding {
  const p = u.payload;
  let then = "";
  if (u.type === "compacted") then = ", so this compaction is not applied: the history before it is sent as it was";
  else if (u.type === "event_msg") then = ", so the turns it rolled back are sent again";
  else if (p && typeof p.call_id === "string" && isOutputType(p.type) && h.aborted.some((a) => a.call.payload.call_id === p.call_id))
    then = `, and the call is answered with a made-up "aborted" output instead`;
  else if (p && typeof p.call_id === "string" && isCallType(p.type)) then = ", and its output, if any, then answers nothing and is dropped too";
  return make("undecodable-line", {
    line: u.line,
    path: p && typeof p.call_id === "string" ? ["payload", "call_id"] : undefined,
    toolCallId: p && typeof p.call_id === "string" ? p.call_id : undefined,
    message: `Line ${words.agent} cannot read; it skips it on resume. ${describeItem(p, u.type)} does not decode: ${u.reason}. ${words.agent} leaves the whole line out of what it sends (${SPEC} R2.2)${then}.`,
  });
}

/** `dangling-call` (the turn went on) or `pending-call` (the file ends inside the call's turn) for a call Codex answers with "aborted". */
function abortedFinding(call: SentItem, k: number, total: number, tools: ToolLines, h: CodexHistory, words: RuntimeWords): Finding {
  const p = call.payload;
  const id: string = p.call_id;
  const where = call.source === "replacement-history" ? ` in the replacement history of the compaction on line ${call.line + 1}` : "";
  const outputType = p.type === "custom_tool_call" ? "custom_tool_call_output" : p.type === "tool_search_call" ? "tool_search_output" : "function_call_output";
  const why = missingWhy(id, call, outputType, tools, h, words);
  const count = total > 1 ? ` (${k + 1} of ${total} calls ${words.agent} answers this way in this file)` : "";
  const name = typeof p.name === "string" ? ` (${p.name})` : "";
  const pending = call.source === "file" && call.line > tools.lastTurnMark;
  const path: JsonPath = [...call.path, "call_id"];
  const message = pending
    ? `The last turn is still waiting for its tool output. Call ${tick(id)}${name} has no ${tick(outputType)}${why} and nothing after it ends the turn: it may still be running. If ${words.agent} resumes the file as it is, it answers the call with a made-up "aborted" output (${SPEC} R7.1)${count}.`
    : `Tool call without an output; ${words.missingResult}. Call ${tick(id)}${name}${where} has no ${tick(outputType)}${why}, so when ${words.agent} resumes the session it puts a made-up output "aborted" right after the call (${SPEC} R7.1): the model reads that the call was cut short${count}.`;
  return madeUpResultFinding({ id, line: call.line, path }, pending, message);
}

/** Why the call has no output Codex reads: an output it cannot decode, one of another kind, or one cut by a compaction or rollback. */
function missingWhy(id: string, call: SentItem, outputType: string, tools: ToolLines, h: CodexHistory, words: RuntimeWords): string {
  const outs = tools.outputs.get(id) ?? [];
  const unreadable = h.undecodable.find((u) => u.payload?.call_id === id && isOutputType(u.payload?.type));
  if (unreadable) return ` ${words.agent} can read (its output on line ${unreadable.line + 1} does not decode: ${unreadable.reason})`;
  const other = outs.find((o) => o.type !== outputType);
  if (other) return ` (the ${tick(other.type)} on line ${other.line + 1} is of another kind and answers no ${tick(String(call.payload.type))})`;
  const cut = outs.map((o) => ({ o, fate: h.fates.get(o.line) })).find((x) => x.fate?.kind === "resume-cut");
  if (cut && cut.fate?.kind === "resume-cut") return ` in what is sent (its output on line ${cut.o.line + 1} was cut by the ${cut.fate.by === "compacted" ? "compaction" : "rollback"} on line ${cut.fate.line + 1})`;
  return "";
}

function orphanFinding(o: SentItem, tools: ToolLines, h: CodexHistory, words: RuntimeWords): Finding {
  const p = o.payload;
  const id: string = p.call_id;
  const callType = p.type === "custom_tool_call_output" ? "custom_tool_call" : p.type === "tool_search_output" ? "tool_search_call" : "function_call";
  const calls = tools.calls.get(id) ?? [];
  let why = "";
  const wrong = calls.find((c) => (p.type === "custom_tool_call_output") !== (c.type === "custom_tool_call") || (p.type === "tool_search_output") !== (c.type === "tool_search_call"));
  const cutCall = calls.map((c) => ({ c, fate: h.fates.get(c.line) })).find((x) => x.fate !== undefined);
  if (wrong) why = ` (the call on line ${wrong.line + 1} is a ${tick(wrong.type)}, which a ${tick(String(p.type))} does not answer)`;
  else if (cutCall?.fate?.kind === "resume-cut") why = ` (its call on line ${cutCall.c.line + 1} was cut by the ${cutCall.fate.by === "compacted" ? "compaction" : "rollback"} on line ${cutCall.fate.line + 1})`;
  else if (cutCall?.fate?.kind === "resume-skip" && cutCall.fate.why === "undecodable") why = ` (its call on line ${cutCall.c.line + 1} does not decode)`;
  else if (calls.length === 0) why = " (no line of the file calls it)";
  const where = o.source === "replacement-history" ? ` in the replacement history of the compaction on line ${o.line + 1}` : "";
  return make("orphan-output", {
    line: o.line,
    path: [...o.path, "call_id"],
    toolCallId: id,
    message: `Output that answers no call; ${words.agent} drops it on resume. The ${tick(String(p.type))} of ${tick(id)}${where} has no ${tick(callType)} with its call id in what ${words.agent} sends${why}, so ${words.agent} leaves it out (${SPEC} R7.2); the rest is sent as it is.`,
  });
}
