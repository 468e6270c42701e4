/**
 * What Gemini CLI 0.61.0 sends when it resumes a chat (`gemini --resume`), between the session
 * context it makes again and the new prompt. Read from its bundle (packages/core/src/utils/
 * sessionUtils.ts `convertSessionToClientHistory`; core/geminiChat.ts `getHistoryTurns`,
 * `extractCuratedHistory`, `stripThoughts`, `coalesceConsecutiveRoles`,
 * `closeUnansweredToolResponseTurn`, `stripToolCallIdPrefixes`) and checked against the real CLI
 * resuming each file of test/fixtures/gemini-cli (test/fixtures/peer-gemini-cli):
 *
 * - the records as loaded (gemini-records.ts), `info`/`error`/`warning` left out;
 * - a user record that is empty, a `/` or `?` command, or the CLI's own `<session_context>` or
 *   `<hook_context>` is left out (the CLI makes the session context again);
 * - a model turn is its thoughts, text and calls (gemini-messages.ts), followed by a user turn of
 *   the results kept in its `toolCalls[].result`. A user record of function responses is sent as
 *   well: in a file Gemini CLI 0.60 or 0.61 wrote, each result is in both places, so every result
 *   is sent twice (google-gemini/gemini-cli #29365), and adjacent turns of one role are merged:
 *   after calls A and B the user turn is A, B, A, B;
 * - a run of model turns with an empty text part is left out (the curated history);
 * - thoughts are not sent (Gemini 2 and 3 models), and a model turn of thoughts only is dropped;
 * - a call without a result is sent without one; nothing is made up;
 * - when the history ends in a user turn with function responses, the model turn "[The previous
 *   response was interrupted before it completed.]" follows;
 * - on the wire, a call id `<tool>__<id>` loses its `<tool>__` prefix (the file keeps it; so do
 *   After's messages, which name the file's lines).
 *
 * Not modelled: a compression the CLI may run before the first request of a long history, the
 * ids it makes for calls and responses that have none (`ensureStableToolIds`), older models that
 * are sent thoughts, and the context management mode (`scrubHistory`).
 */
import type { DropReason } from "../../model/drop-reason.js";
import { documentOf } from "../../model/json-document.js";
import { isObject } from "../../model/parse.js";
import type { Finding, JsonPath, Msg, Session } from "../../model/types.js";
import { toolCallsOf, lineOf } from "../../model/types.js";
import type { ResumeContext } from "../profile.js";
import { isIgnoredUserText, partString, partsOf, recordMessages } from "./gemini-messages.js";
import { crashesRequest, type GeminiRecord, geminiRecords } from "./gemini-records.js";
import { GEMINI_VERSION } from "./gemini-words.js";

export const GEMINI_INTERRUPTED_TEXT = "[The previous response was interrupted before it completed.]";
const AGENT = "Gemini CLI";
const COUNT_ERROR = "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.";

/** A turn of the history the CLI keeps (before its roles are merged on the wire): the messages of one record, or of its results. */
interface Turn {
  role: "user" | "model";
  msgs: Msg[];
  /** The turn holds a function response (the CLI then closes the history with a model turn). */
  responses: boolean;
  /** The model turn has an empty text part: the curated history leaves out its run of model turns. */
  invalid?: boolean;
}

const isThinking = (b: any) => isObject(b) && b.type === "thinking";

export function geminiResumeContext(session: Session, before: Msg[]): ResumeContext {
  const read = geminiRecords(session.branch);
  const { records } = read;
  const doc = documentOf(session.lines);
  const loaded = doc ? doc.root !== undefined && session.entries.length > 0 : read.loaded;
  const kind = doc ? (isObject(doc.root) ? doc.root.kind : undefined) : read.kind;
  const dropped: ResumeContext["dropped"] = [];
  const drop = (m: Msg, what: Extract<DropReason, { kind: "resume-drop" }>["what"]) => dropped.push({ msg: m, by: { kind: "resume-drop", what } });
  // `gemini --resume` lists a chat only when it loads, holds something to resume and is not a sub-agent's (getAllSessionFiles).
  const why = !loaded ? (doc ? "document" : "metadata") : kind === "subagent" ? "subagent" : !records.some(resumable) ? "empty" : records.some(crashes) ? "crash" : undefined;
  if (why) {
    for (const m of before) drop(m, "refused");
    return {
      messages: [],
      dropped,
      line: 0,
      short: "not resumed",
      label: `${AGENT} ${GEMINI_VERSION} does not resume this chat: ${REFUSALS[why]}`,
      // A call or response id the request builder stops on is the reading's own finding (gemini-read.ts).
      findings: why === "crash" ? [] : [refusalFinding(session, why)],
    };
  }
  // The history the CLI keeps: the messages of each record (Before's own objects), turn by turn.
  const turns: Turn[] = [];
  let at = 0;
  for (const r of records) {
    const msgs = recordMessages(r);
    const mine = before.slice(at, at + msgs.length);
    at += msgs.length;
    if (mine.length === 0) continue;
    if (r.rec.type === "user") {
      if (isIgnoredUserText(r.rec.content)) {
        for (const m of mine) drop(m, "ignored-prompt");
        continue;
      }
      turns.push({ role: "user", msgs: mine, responses: mine.some((m) => m.role === "toolResult") });
      continue;
    }
    const [model, ...results] = mine;
    turns.push({ role: "model", msgs: [model], responses: false, invalid: Array.isArray(model.content) && model.content.some((b: any) => isObject(b) && b.type === "text" && b.text === "") });
    if (results.length) turns.push({ role: "user", msgs: results, responses: results.some((m) => m.role === "toolResult") });
  }
  // The CLI closes a history that ends in function responses before the new prompt.
  const last = turns[turns.length - 1];
  const closes = last !== undefined && last.role === "user" && last.responses;
  // The curated history: a run of model turns with an invalid one is left out whole.
  for (let i = 0; i < turns.length; i++) {
    if (turns[i].role !== "model") continue;
    let k = i;
    while (k + 1 < turns.length && turns[k + 1].role === "model") k++;
    if (turns.slice(i, k + 1).some((t) => t.invalid)) for (let j = i; j <= k; j++) for (const m of turns[j].msgs) drop(m, "invalid-model-turn");
    i = k;
  }
  const gone = new Set(dropped.map((d) => d.msg));
  const messages: Msg[] = [];
  for (const t of turns)
    for (const m of t.msgs) {
      if (gone.has(m)) continue;
      if (!Array.isArray(m.content) || !m.content.some(isThinking)) {
        messages.push(m);
        continue;
      }
      // Thoughts are not sent; a turn of thoughts only is not sent at all.
      const content = m.content.filter((b: any) => !isThinking(b));
      if (content.length === 0) drop(m, "thoughts-only");
      else messages.push({ ...m, content });
    }
  if (closes)
    messages.push({
      role: "assistant",
      content: [{ type: "text", text: GEMINI_INTERRUPTED_TEXT }],
      stopReason: "stop",
      origin: { kind: "synthetic", synthetic: "resume-filler", forLine: lineOf(last.msgs[last.msgs.length - 1]) ?? 0 },
    });
  return {
    messages,
    dropped,
    line: 0,
    short: `resume (${GEMINI_VERSION})`,
    label: `what ${AGENT} ${GEMINI_VERSION} sends on resume: the records as it loads them, without its session context, commands and thoughts; results where the file holds them${closes ? "; a closing model turn after the trailing results" : ""}`,
    findings: pairingFindings(messages),
  };
}

/** Why `gemini --resume` sends nothing of a chat. */
const REFUSALS = {
  metadata: "no line gives the session's `sessionId` and `projectHash` (the first line does, in a file the CLI wrote), and the file is not one JSON document either, so it cannot load it",
  document: "the JSON document does not parse, so it cannot load it",
  subagent: "it is a sub-agent's chat (`kind: \"subagent\"`), which `gemini --resume` does not list (its parent session holds the sub-agent's work)",
  empty: "it holds nothing to resume (no prompt, only the CLI's own context or commands, and no model turn with text, calls or thoughts)",
  crash: "its request builder stops on a call or response id that is not a string",
} as const;

function refusalFinding(session: Session, why: keyof typeof REFUSALS): Finding {
  const doc = documentOf(session.lines);
  return {
    code: "resume-refused",
    severity: "information",
    // a document's: the line where it starts (blank lines may come before it)
    line: doc ? doc.lineOf([]) : (session.entries[0]?.line ?? 0),
    message: `${AGENT} does not resume this chat. ${REFUSALS[why][0].toUpperCase()}${REFUSALS[why].slice(1)}: \`gemini --resume\` finds no session here, and nothing of the file is sent (${AGENT} ${GEMINI_VERSION}).`,
  };
}

/** Whether a record counts as something to resume (`isResumableMessageRecord`). */
function resumable(r: GeminiRecord): boolean {
  const rec = r.rec;
  if (rec.type === "user") return !isIgnoredUserText(rec.content);
  if (rec.type !== "gemini") return false;
  const text = rec.content ? partString(rec.content) : "";
  return text.trim().length > 0 || (rec.toolCalls?.length ?? 0) > 0 || (rec.thoughts?.length ?? 0) > 0;
}

/** Whether a record the CLI sends holds a call or response id or name its request builder stops on (`stripToolCallIdPrefixes`). */
function crashes(r: GeminiRecord): boolean {
  const rec = r.rec;
  if (rec.type === "user" && isIgnoredUserText(rec.content)) return false;
  if (rec.type !== "user" && rec.type !== "gemini") return false;
  const bad = (o: unknown) => isObject(o) && (crashesRequest(o.id) || crashesRequest(o.name));
  const parts = rec.content ? partsOf(rec.content, []).map((p) => p.part) : [];
  if (parts.some((p) => isObject(p) && (bad(p.functionCall) || bad(p.functionResponse)))) return true;
  if (rec.type !== "gemini" || !Array.isArray(rec.toolCalls)) return false;
  const callsInContent = parts.some((p) => isObject(p) && (p.functionCall !== undefined || (p.thought !== undefined && p.thought !== false)));
  for (const c of rec.toolCalls) {
    if (!isObject(c)) continue;
    if (!callsInContent && bad(c)) return true;
    const result = c.result;
    if (typeof result === "string" && bad(c)) return true;
    const rparts = Array.isArray(result) ? result : isObject(result) ? [result] : [];
    if (rparts.some((p: unknown) => isObject(p) && bad(p.functionResponse))) return true;
  }
  return false;
}

/**
 * The calls and results of what is sent, turn by turn as the wire merges them: a model turn's calls
 * and the function responses of the user turn right after it. Gemini pairs them by count and
 * order: a turn answered by more or fewer responses than it has calls is refused ("…number of
 * function response parts…"), and so is a response after a model turn without calls; where the
 * counts agree, a response of another id is read as the answer at its place (no finding: a call
 * id of the wrong type is the reading's one finding).
 */
function pairingFindings(messages: readonly Msg[]): Finding[] {
  const findings: Finding[] = [];
  let i = 0;
  while (i < messages.length) {
    if (messages[i].role !== "assistant") {
      // A user turn after no model turn with calls: its responses answer nothing.
      const turn = userTurn(messages, i);
      for (const r of turn.responses) findings.push(orphan(r, undefined, ORDER_REFUSAL));
      i = turn.end;
      continue;
    }
    const calls: { id: string; line: number; path?: JsonPath }[] = [];
    let callLine = 0;
    while (i < messages.length && messages[i].role === "assistant") {
      const m = messages[i];
      for (const c of toolCallsOf(m)) calls.push({ id: c.id, line: typeof (c as any).line === "number" ? (c as any).line : (lineOf(m) ?? 0), path: (c as any).path });
      if (m.origin.kind === "entry") callLine = m.origin.line;
      i++;
    }
    if (calls.length === 0) continue;
    const turn = userTurn(messages, i);
    i = turn.end;
    const refused = turn.responses.length !== calls.length;
    // Gemini pairs by count and order: where the counts agree, each response is read as the answer at its place.
    if (!refused) continue;
    const count = `this turn (line ${callLine + 1}) makes ${calls.length} call${calls.length === 1 ? "" : "s"} and is answered by ${turn.responses.length} response${turn.responses.length === 1 ? "" : "s"}`;
    const answered = new Map<string, Msg>();
    for (const r of turn.responses) {
      const id = String(r.toolCallId ?? "");
      const first = answered.get(id);
      if (!first && calls.some((c) => c.id === id)) answered.set(id, r);
      else findings.push(orphan(r, first, `${count[0].toUpperCase()}${count.slice(1)}, and Gemini refuses it: "${COUNT_ERROR}"`));
    }
    for (const c of calls)
      if (!answered.has(c.id))
        findings.push({
          code: "dangling-call",
          severity: "warning",
          line: c.line,
          path: c.path,
          toolCallId: c.id,
          message:
            turn.responses.length === 0 && turn.end >= messages.length
              ? `Call \`${c.id}\` has no result in the file, and the history ends with it. ${AGENT} sends it on resume without one, followed by the new prompt, and Gemini refuses a turn answered by fewer function responses than it has calls: "${COUNT_ERROR}"`
              : `Call \`${c.id}\` has no result in the file. ${AGENT} sends it on resume without one (it makes none up): ${count}, and Gemini refuses that: "${COUNT_ERROR}"`,
        });
  }
  return findings;
}

/** The user turn from `i`: its function responses (from the file) and where it ends. */
function userTurn(messages: readonly Msg[], i: number): { responses: Msg[]; end: number } {
  const responses: Msg[] = [];
  while (i < messages.length && messages[i].role !== "assistant") {
    const m = messages[i++];
    if (m.role === "toolResult" && m.origin.kind === "entry") responses.push(m);
  }
  return { responses, end: i };
}

/** Why Gemini refuses a function response after a model turn without calls (its turn-order rule). */
const ORDER_REFUSAL = 'The model turn before it makes no call, and Gemini refuses a function response turn that does not come right after a function call turn: "Please ensure that function response turn comes immediately after a function call turn."';

/**
 * `orphan-result` for a response that answers no call of its turn, in a turn Gemini refuses
 * (`refusal` says why): a second copy (`first`), or a response of another id.
 */
function orphan(r: Msg, first: Msg | undefined, refusal: string): Finding {
  const id = String(r.toolCallId ?? "");
  const base = { code: "orphan-result", severity: "error" as const, line: lineOf(r) ?? 0, path: r.resultPath, toolCallId: id };
  if (first)
    return {
      ...base,
      message: `Result for \`${id}\` is sent twice on resume. ${AGENT} sends the result its call's record keeps (line ${(lineOf(first) ?? 0) + 1}) and again the one this record holds, in one user turn. ${refusal} (${AGENT} 0.60 and 0.61 keep each result in both places: google-gemini/gemini-cli #29365.)`,
      related: [{ line: lineOf(first) ?? 0, message: "the copy sent first", path: first.resultPath }],
    };
  return { ...base, message: `Result for \`${id}\` answers no call of the model turn before it. ${AGENT} sends it as it is on resume, merged into its user turn. ${refusal}` };
}
