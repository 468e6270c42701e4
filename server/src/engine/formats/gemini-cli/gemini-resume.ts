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
import { sharedPrefix, sharedSuffix } from "../../model/fold-resume.js";
import { pushAll } from "../../model/arrays.js";
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

type Dropped = ResumeContext["dropped"][number];
type DropWhat = Extract<DropReason, { kind: "resume-drop" }>["what"];
const dropOf = (m: Msg, what: DropWhat): Dropped => ({ msg: m, by: { kind: "resume-drop", what } });

/** The fold's lengths and counts right after a record, where no run of model turns is open. */
interface Checkpoint {
  /** Records and messages of Before passed. */
  record: number;
  at: number;
  messages: number;
  ignored: number;
  invalid: number;
  thoughts: number;
  resumable: number;
  crashes: number;
  last: Turn | undefined;
}

/**
 * The history the CLI sends, folded over the loader's records and their messages in Before: the
 * messages sent (without the closing model turn), what is dropped and why (each reason its own
 * list, in the order the CLI's passes meet them), how many records are resumable and how many
 * stop the request builder, and the last turn. A run of model turns is decided when it ends (the
 * curated history leaves out a run with an invalid turn), so the fold's state is fresh after each
 * record where no such run is open: a checkpoint. The next version resumes at the last checkpoint
 * inside what both versions share (the same record objects, the same messages of Before).
 */
interface HistoryFold {
  records: readonly GeminiRecord[];
  before: readonly Msg[];
  messages: Msg[];
  ignored: Dropped[];
  invalid: Dropped[];
  thoughts: Dropped[];
  resumable: number;
  crashes: number;
  last: Turn | undefined;
  /** The run's own (taken over by the next version, cut back in place). */
  checkpoints: Checkpoint[];
  /** What was sent with the closing turn, and the pairing's findings over it, with its own checkpoints. */
  sent: Msg[];
  findings: Finding[];
  pairingMarks: number[];
}

/** The last fold per branch's first entry (taken out while it is continued). */
const lastFold = new WeakMap<object, HistoryFold>();
/** How many messages a record makes (from the record alone). */
const countMemo = new WeakMap<object, number>();
/** A message without its thoughts, once per message (what is sent keeps its objects across versions). */
const strippedMemo = new WeakMap<Msg, Msg | null>();
/** The closing model turn after a message, once per message. */
const fillerMemo = new WeakMap<Msg, Msg>();

function messageCount(r: GeminiRecord): number {
  let n = countMemo.get(r.rec);
  if (n === undefined) countMemo.set(r.rec, (n = recordMessages(r).length));
  return n;
}

/** Whether a record is resumable (1), stops the request builder (2), is a user record the CLI ignores (4): once per record. */
const flagsMemo = new WeakMap<object, number>();
const RESUMABLE = 1;
const CRASHES = 2;
const IGNORED = 4;
function recordFlags(r: GeminiRecord): number {
  let f = flagsMemo.get(r.rec);
  if (f === undefined) flagsMemo.set(r.rec, (f = (resumable(r) ? RESUMABLE : 0) | (crashes(r) ? CRASHES : 0) | (r.rec.type === "user" && isIgnoredUserText(r.rec.content) ? IGNORED : 0)));
  return f;
}

/** `m` without its thinking blocks (the same message when it has none), or null when nothing else is left. */
function withoutThoughts(m: Msg): Msg | null {
  if (!Array.isArray(m.content) || !m.content.some(isThinking)) return m;
  let s = strippedMemo.get(m);
  if (s === undefined) {
    const content = m.content.filter((b: any) => !isThinking(b));
    strippedMemo.set(m, (s = content.length === 0 ? null : { ...m, content }));
  }
  return s;
}

function closingTurn(after: Msg): Msg {
  let f = fillerMemo.get(after);
  if (!f)
    fillerMemo.set(
      after,
      (f = { role: "assistant", content: [{ type: "text", text: GEMINI_INTERRUPTED_TEXT }], stopReason: "stop", origin: { kind: "synthetic", synthetic: "resume-filler", forLine: lineOf(after) ?? 0 } }),
    );
  return f;
}

/** The history fold of `records` over `before`, continued from `prev` where both share a start. */
function foldHistory(records: readonly GeminiRecord[], before: readonly Msg[], prev: HistoryFold | undefined): HistoryFold {
  let cp: Checkpoint | undefined;
  let checkpoints: Checkpoint[] = [];
  // The previous run's checkpoints after the one resumed at, and where the records and messages
  // both versions end with begin (in this version): once the fold reaches a checkpoint there that
  // the previous run had too, the rest is the previous run's (an edit in place changes the middle).
  let later: Checkpoint[] = [];
  let endRecords = records.length + 1;
  let endAt = before.length + 1;
  if (prev) {
    const kr = sharedPrefix(prev.records, records);
    const kb = sharedPrefix(prev.before, before);
    let c = prev.checkpoints.length - 1;
    while (c >= 0 && (prev.checkpoints[c].record > kr || prev.checkpoints[c].at > kb)) c--;
    if (c >= 0) {
      cp = prev.checkpoints[c];
      checkpoints = prev.checkpoints;
      if (kr < records.length || kb < before.length) {
        later = checkpoints.slice(c + 1);
        endRecords = records.length - sharedSuffix(prev.records, records, kr);
        endAt = before.length - sharedSuffix(prev.before, before, kb);
      }
      checkpoints.length = c + 1;
    }
  }
  const dRecords = prev ? records.length - prev.records.length : 0;
  const dAt = prev ? before.length - prev.before.length : 0;
  let q = 0;
  const fold: HistoryFold = {
    records,
    before,
    messages: cp ? prev!.messages.slice(0, cp.messages) : [],
    ignored: cp ? prev!.ignored.slice(0, cp.ignored) : [],
    invalid: cp ? prev!.invalid.slice(0, cp.invalid) : [],
    thoughts: cp ? prev!.thoughts.slice(0, cp.thoughts) : [],
    resumable: cp?.resumable ?? 0,
    crashes: cp?.crashes ?? 0,
    last: cp?.last,
    checkpoints,
    sent: [],
    findings: [],
    pairingMarks: [],
  };
  if (!cp) checkpoints.push({ record: 0, at: 0, messages: 0, ignored: 0, invalid: 0, thoughts: 0, resumable: 0, crashes: 0, last: undefined });
  const { messages, ignored, invalid, thoughts } = fold;
  // Thoughts are not sent; a message of thoughts only is not sent at all.
  const emit = (m: Msg) => {
    const s = withoutThoughts(m);
    if (s) messages.push(s);
    else thoughts.push(dropOf(m, "thoughts-only"));
  };
  // The run of model turns since the last user turn: the curated history leaves it out whole when one of them is invalid.
  let pending: Turn[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const out = pending.some((t) => t.invalid);
    for (const t of pending)
      for (const m of t.msgs) {
        if (out) invalid.push(dropOf(m, "invalid-model-turn"));
        else emit(m);
      }
    pending = [];
  };
  let at = cp?.at ?? 0;
  for (let i = cp?.record ?? 0; i < records.length; i++) {
    const r = records[i];
    const flags = recordFlags(r);
    if (flags & RESUMABLE) fold.resumable++;
    if (flags & CRASHES) fold.crashes++;
    const n = messageCount(r);
    const mine = before.slice(at, at + n);
    at += n;
    if (mine.length > 0) {
      if (r.rec.type === "user") {
        if (flags & IGNORED) for (const m of mine) ignored.push(dropOf(m, "ignored-prompt"));
        else {
          flush();
          fold.last = { role: "user", msgs: mine, responses: mine.some((m) => m.role === "toolResult") };
          for (const m of mine) emit(m);
        }
      } else {
        const [model, ...results] = mine;
        pending.push((fold.last = { role: "model", msgs: [model], responses: false, invalid: Array.isArray(model.content) && model.content.some((b: any) => isObject(b) && b.type === "text" && b.text === "") }));
        if (results.length) {
          flush();
          fold.last = { role: "user", msgs: results, responses: results.some((m) => m.role === "toolResult") };
          for (const m of results) emit(m);
        }
      }
    }
    if (pending.length > 0) continue;
    const here: Checkpoint = { record: i + 1, at, messages: messages.length, ignored: ignored.length, invalid: invalid.length, thoughts: thoughts.length, resumable: fold.resumable, crashes: fold.crashes, last: fold.last };
    checkpoints.push(here);
    if (i + 1 < endRecords || at < endAt) continue;
    while (q < later.length && later[q].record < i + 1 - dRecords) q++;
    const was = later[q];
    if (!was || was.record !== i + 1 - dRecords || was.at !== at - dAt) continue;
    takeOver(fold, prev!, was, here, later.slice(q + 1));
    return finishFold(fold, prev);
  }
  flush();
  return finishFold(fold, prev);
}

/**
 * The previous run's end taken over from its checkpoint `was`, which is this run's `here` (the
 * same records and messages follow): its outputs after it, and its checkpoints moved by the
 * difference in records, messages and counts (the previous run's own, changed in place).
 */
function takeOver(fold: HistoryFold, prev: HistoryFold, was: Checkpoint, here: Checkpoint, after: Checkpoint[]): void {
  pushAll(fold.messages, prev.messages.slice(was.messages));
  pushAll(fold.ignored, prev.ignored.slice(was.ignored));
  pushAll(fold.invalid, prev.invalid.slice(was.invalid));
  pushAll(fold.thoughts, prev.thoughts.slice(was.thoughts));
  fold.resumable = prev.resumable - was.resumable + here.resumable;
  fold.crashes = prev.crashes - was.crashes + here.crashes;
  // No turn after the checkpoint: the last turn is this run's.
  fold.last = prev.last === was.last ? here.last : prev.last;
  for (const c of after) {
    c.record += here.record - was.record;
    c.at += here.at - was.at;
    c.messages += here.messages - was.messages;
    c.ignored += here.ignored - was.ignored;
    c.invalid += here.invalid - was.invalid;
    c.thoughts += here.thoughts - was.thoughts;
    c.resumable += here.resumable - was.resumable;
    c.crashes += here.crashes - was.crashes;
    if (c.last === was.last) c.last = here.last;
    fold.checkpoints.push(c);
  }
}

/** What the fold sends (with the closing turn) and the pairing's findings over it. */
function finishFold(fold: HistoryFold, prev: HistoryFold | undefined): HistoryFold {
  const { messages } = fold;
  // The CLI closes a history that ends in function responses before the new prompt.
  const last = fold.last;
  fold.sent = last !== undefined && last.role === "user" && last.responses ? messages.concat(closingTurn(last.msgs[last.msgs.length - 1])) : messages;
  const p = prev ? pairingFrom(prev, fold.sent) : undefined;
  fold.findings = p ? p.findings : [];
  fold.pairingMarks = p ? p.marks : [];
  pairingFindings(fold.sent, p ? p.from : 0, fold.findings, fold.pairingMarks, p?.end);
  return fold;
}

/**
 * The previous pairing's end, to take over: its findings, its marks after the group resumed at
 * (index and findings' count pairs), and where the messages both versions end with begin (in
 * this version). A group that starts there at a place the previous run's did, moved by the
 * difference in length, is followed by the previous run's groups and findings.
 */
interface PairingEnd {
  findings: readonly Finding[];
  marks: number[];
  from: number;
  shift: number;
}

/** Where the pairing of `sent` resumes from `prev`'s: the last group that starts inside what both share. */
function pairingFrom(prev: HistoryFold, sent: readonly Msg[]): { from: number; findings: Finding[]; marks: number[]; end?: PairingEnd } | undefined {
  const k = sharedPrefix(prev.sent, sent);
  const marks = prev.pairingMarks;
  let c = marks.length - 2;
  while (c >= 0 && marks[c] >= k) c -= 2;
  if (c < 0) return undefined;
  const from = marks[c];
  const findings = prev.findings.slice(0, marks[c + 1]);
  const end: PairingEnd | undefined =
    k < sent.length || k < prev.sent.length ? { findings: prev.findings, marks: marks.slice(c + 2), from: sent.length - sharedSuffix(prev.sent, sent, k), shift: sent.length - prev.sent.length } : undefined;
  marks.length = c;
  return { from, findings, marks, end };
}

export function geminiResumeContext(session: Session, before: Msg[]): ResumeContext {
  const read = geminiRecords(session.branch);
  const { records } = read;
  const doc = documentOf(session.lines);
  const loaded = doc ? doc.root !== undefined && session.entries.length > 0 : read.loaded;
  const kind = doc ? (isObject(doc.root) ? doc.root.kind : undefined) : read.kind;
  const key: object | undefined = session.branch[0];
  const prev = key ? lastFold.get(key) : undefined;
  if (key) lastFold.delete(key);
  const fold = foldHistory(records, before, prev);
  if (key) lastFold.set(key, fold);
  // `gemini --resume` lists a chat only when it loads, holds something to resume and is not a sub-agent's (getAllSessionFiles).
  const why = !loaded ? (doc ? "document" : "metadata") : kind === "subagent" ? "subagent" : fold.resumable === 0 ? "empty" : fold.crashes > 0 ? "crash" : undefined;
  if (why) {
    return {
      messages: [],
      dropped: before.map((m) => dropOf(m, "refused")),
      line: 0,
      short: "not resumed",
      label: `${AGENT} ${GEMINI_VERSION} does not resume this chat: ${REFUSALS[why]}`,
      // A call or response id the request builder stops on is the reading's own finding (gemini-read.ts).
      findings: why === "crash" ? [] : [refusalFinding(session, why)],
    };
  }
  const closes = fold.sent !== fold.messages;
  const dropped = fold.ignored.concat(fold.invalid, fold.thoughts);
  return {
    messages: fold.sent,
    dropped,
    line: 0,
    short: `resume (${GEMINI_VERSION})`,
    label: `what ${AGENT} ${GEMINI_VERSION} sends on resume: the records as it loads them, without its session context, commands and thoughts; results where the file holds them${closes ? "; a closing model turn after the trailing results" : ""}`,
    findings: fold.findings,
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
function pairingFindings(messages: readonly Msg[], from: number, findings: Finding[], marks: number[], end?: PairingEnd): void {
  let i = from;
  let q = 0;
  while (i < messages.length) {
    if (end && i >= end.from) {
      // The same messages to the end as the previous run's from its group at `i - shift`: its findings and groups.
      const at = i - end.shift;
      while (q < end.marks.length && end.marks[q] < at) q += 2;
      if (q < end.marks.length && end.marks[q] === at) {
        const moved = findings.length - end.marks[q + 1];
        pushAll(findings, end.findings.slice(end.marks[q + 1]));
        for (let m = q; m < end.marks.length; m += 2) marks.push(end.marks[m] + end.shift, end.marks[m + 1] + moved);
        return;
      }
    }
    // Each group's findings depend on its messages alone (and whether the history ends with it): a place to resume from.
    marks.push(i, findings.length);
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
