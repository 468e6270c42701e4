/**
 * What Kimi CLI 1.49.0 sends when it resumes a session (`kimi --continue`, `kimi --session ID`),
 * read from MoonshotAI/kimi-cli:
 *
 * - `Context.restore` (src/kimi_cli/soul/context.py) reads the file's messages in file order
 *   (kimi-lines.ts says which lines it skips); the last `_system_prompt` line, when there is one,
 *   is the system prompt it sends (src/kimi_cli/app.py), else it writes the agent's own first;
 * - each step sends `normalize_history(history)` (src/kimi_cli/soul/dynamic_injection.py): adjacent
 *   user messages are merged into one, unless either is a notification (a single text part that
 *   starts `<notification `); nothing else changes. It repairs nothing: a call without a result is
 *   sent without one, a result whose call is not right before it is sent as it is;
 * - the Kimi provider (packages/kosong/src/kosong/chat_provider/kimi.py `_convert_message`) sends
 *   the messages as OpenAI Chat Completions ones, `think` parts as `reasoning_content` and each
 *   call's `arguments` string as stored.
 *
 * So the provider (Moonshot's OpenAI-compatible API) refuses every request of a session whose
 * history holds a call not answered by the tool messages right after it (MoonshotAI/kimi-cli
 * #1977, #2336, #2405: after a crash or a kill between the call and its results), a result that
 * answers no call before it, or `arguments` that are not JSON (#2165): the findings say so.
 */
import { isObject } from "../../model/parse.js";
import { findingMaker } from "../../model/finding-kit.js";
import type { Entry, Finding, Msg, Session } from "../../model/types.js";
import { type FlatMapRun, flatMapResumed, sharedPrefix } from "../../model/fold-resume.js";
import { toolCallsOf, lineOf } from "../../model/types.js";
import type { ResumeContext } from "../profile.js";
import { KIMI_CLI_CODES } from "./kimi-codes.js";
import { lineKind } from "./kimi-lines.js";
import { KIMI_AGENT, KIMI_MISSING_RESULT_ERROR, KIMI_VERSION } from "./kimi-words.js";

const makeKimi = findingMaker(KIMI_CLI_CODES);

/** `is_notification_message`: a user message of one text part that starts `<notification `. */
function isNotification(m: Msg): boolean {
  if (m.role !== "user" || !Array.isArray(m.content) || m.content.length !== 1) return false;
  const p = m.content[0];
  return isObject(p) && p.type === "text" && typeof p.text === "string" && p.text.trimStart().startsWith("<notification ");
}

/** Two adjacent user messages merged, once per pair (what is sent keeps its objects across versions). */
const merges = new WeakMap<Msg, WeakMap<Msg, Msg>>();
function merged(last: Msg, m: Msg): Msg {
  let byNext = merges.get(last);
  if (!byNext) merges.set(last, (byNext = new WeakMap()));
  let out = byNext.get(m);
  if (!out) {
    const lines = [...(last.sourceLines ?? [lineOf(last) ?? 0]), ...(m.sourceLines ?? [lineOf(m) ?? 0])];
    byNext.set(m, (out = { ...last, content: [...(Array.isArray(last.content) ? last.content : []), ...(Array.isArray(m.content) ? m.content : [])], sourceLines: lines }));
  }
  return out;
}

/** `normalize_history`: adjacent user messages merged (not notifications); the same array when none are. */
export function normalizeHistory(before: Msg[]): Msg[] {
  let out: Msg[] | undefined;
  for (let i = 0; i < before.length; i++) {
    const m = before[i];
    const last = out ? out[out.length - 1] : i > 0 ? before[i - 1] : undefined;
    if (last && last.role === "user" && m.role === "user" && !isNotification(last) && !isNotification(m)) {
      if (!out) out = before.slice(0, i);
      out[out.length - 1] = merged(last, m);
    } else if (out) out.push(m);
  }
  return out ?? before;
}

/**
 * The last pairing per branch's first entry: what was sent, its findings and, at the start of
 * each group the loop below takes (an assistant message and the tool messages after it, or a
 * tool message alone), the index and the findings' count (the run's own, taken over in place).
 * A group's findings depend on its messages alone and on whether the history ends with it, so the
 * next version resumes at the last group that starts inside what both versions send alike.
 */
interface PairingRun {
  sent: readonly Msg[];
  findings: Finding[];
  marks: number[];
}
const lastPairing = new WeakMap<object, PairingRun>();

function resumedPairing(key: object | undefined, sent: readonly Msg[]): Finding[] {
  const prev = key ? lastPairing.get(key) : undefined;
  if (key) lastPairing.delete(key);
  let from = 0;
  let findings: Finding[] = [];
  let marks: number[] = [];
  if (prev) {
    const k = sharedPrefix(prev.sent, sent);
    let c = prev.marks.length - 2;
    while (c >= 0 && prev.marks[c] >= k) c -= 2;
    if (c >= 0) {
      from = prev.marks[c];
      findings = prev.findings.slice(0, prev.marks[c + 1]);
      marks = prev.marks;
      marks.length = c;
    }
  }
  pairingFindings(sent, from, findings, marks);
  if (key) lastPairing.set(key, { sent, findings, marks });
  return findings;
}

/** The pairing the provider checks: each assistant's calls answered by the tool messages right after it, each tool message answering one of them. */
function pairingFindings(sent: readonly Msg[], from: number, findings: Finding[], marks: number[]): void {
  for (let i = from; i < sent.length; i++) {
    marks.push(i, findings.length);
    const m = sent[i];
    if (m.role === "toolResult") {
      // not in the run of tool messages after an assistant with calls (those runs are skipped below)
      findings.push(orphan(m));
      continue;
    }
    const calls = toolCallsOf(m);
    if (calls.length === 0) continue;
    let end = i + 1;
    while (end < sent.length && sent[end].role === "toolResult") end++;
    const run = sent.slice(i + 1, end);
    const ids = new Set(calls.map((c) => c.id));
    for (const r of run) if (!ids.has(String(r.toolCallId))) findings.push(orphan(r));
    const answered = new Set(run.map((r) => String(r.toolCallId)));
    const atEnd = end >= sent.length;
    for (const c of calls) {
      if (answered.has(c.id)) continue;
      const at = c as { line?: unknown; path?: Finding["path"] };
      const line = typeof at.line === "number" ? at.line : (lineOf(m) ?? 0);
      findings.push({
        code: "dangling-call",
        severity: "error",
        line,
        path: at.path,
        toolCallId: c.id,
        message:
          `Tool call without a result; the provider refuses Kimi CLI's requests. Call \`${c.id}\`${c.name ? ` (${c.name})` : ""} has no result ${atEnd ? "in the file, and the history ends with it (the session stopped between the call and its results: a crash, a kill)" : "in the tool messages right after it"}. ` +
          `${KIMI_AGENT} sends it on resume as it is (it makes no result up)${atEnd ? ", followed by the new prompt," : ""} and the provider refuses that request and every later one: "${KIMI_MISSING_RESULT_ERROR} ${c.id}" (MoonshotAI/kimi-cli #2336).`,
      });
    }
    i = end - 1;
  }
}

function orphan(r: Msg): Finding {
  return {
    code: "orphan-result",
    severity: "error",
    line: lineOf(r) ?? 0,
    path: r.resultPath ?? ["tool_call_id"],
    toolCallId: String(r.toolCallId),
    message: `Result answering no call; the provider refuses Kimi CLI's requests. Result for \`${r.toolCallId}\` answers no call of the assistant message right before it. ${KIMI_AGENT} sends it on resume as it is, and an OpenAI-compatible provider refuses a tool message that does not respond to a preceding message's \`tool_calls\`.`,
  };
}

/** The last argument findings per branch's first entry, to continue (model/fold-resume.ts `flatMapResumed`). */
const lastArguments = new WeakMap<object, FlatMapRun<Entry, Finding>>();
const argumentsOf = new WeakMap<Entry, readonly Finding[]>();
const NONE: readonly Finding[] = [];

/** Calls whose `arguments` string is not JSON (Kimi CLI keeps and sends it as it is: MoonshotAI/kimi-cli #2165). */
function argumentFindings(session: Session): Finding[] {
  return flatMapResumed(lastArguments, session.branch[0], session.branch, (e) => {
    let f = argumentsOf.get(e);
    if (!f) argumentsOf.set(e, (f = entryArgumentFindings(e)));
    return f;
  });
}

function entryArgumentFindings(e: Entry): readonly Finding[] {
  const v = e.raw;
  if (v.role !== "assistant" || !Array.isArray(v.tool_calls) || lineKind(v) !== "message") return NONE;
  const out: Finding[] = [];
  v.tool_calls.forEach((c: any, i: number) => {
    const args = c.function.arguments;
    if (typeof args !== "string") return;
    let why: string | undefined;
    try {
      JSON.parse(args);
    } catch (err) {
      why = err instanceof Error ? err.message : String(err);
    }
    if (why === undefined) return;
    out.push(
      makeKimi("malformed-arguments", {
        line: e.line,
        path: ["tool_calls", i, "function", "arguments"],
        toolCallId: c.id,
        message: `Call arguments are not JSON; the provider refuses Kimi CLI's requests. The arguments of call \`${c.id}\` (${c.function.name}) are not JSON (${why}). ${KIMI_AGENT} keeps them in its history and sends them as they are with every later request; a server that parses them (Moonshot's API, vLLM, SGLang) answers 400 each time, so the session cannot go on (MoonshotAI/kimi-cli #2165). Fix by hand: make the string valid JSON (no repair is offered: what the model meant to pass is not known).`,
      }),
    );
  });
  return out;
}

export function kimiResumeContext(session: Session, before: Msg[]): ResumeContext {
  const messages = normalizeHistory(before);
  const key: object | undefined = session.branch[0];
  return {
    messages,
    dropped: [],
    line: 0,
    short: "resume",
    label: `what ${KIMI_AGENT} ${KIMI_VERSION} sends on resume: the context file's messages in file order${messages === before ? "" : ", adjacent user messages merged"}, nothing repaired`,
    findings: resumedPairing(key, messages).concat(argumentFindings(session)),
  };
}
