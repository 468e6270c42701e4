/**
 * Findings where Claude Code's reading loses work on resume, in Claude Code's words
 * (docs/research/claude-code-resume.md):
 *
 * - `dangling-call`: a call whose result is not in the conversation: 2.1 removes its line whole
 *   (4.1), or, when another call of the line is answered, sends a made-up error result (5.7);
 *   2.0.31 removes the call. A call of the last turn is `pending-call` instead (the session may be
 *   mid-turn). The insert-missing-result repair writes the result line Claude Code writes for an
 *   interrupted call;
 * - `resume-skips-turns`: claude-code-skipped-turns.ts;
 * - `resume-drops-results` (2.0.31): parallel calls and results on sibling branches, which 2.1
 *   brings back (3.8) and 2.0.31 does not;
 * - `resume-refused`: the version stops with an error on the file (4.6, claude-code-refusal.ts),
 *   the only finding then.
 *
 * Nothing is reported where Claude Code reads the file as written: parallel calls on sibling
 * branches under 2.1, an orphan result (2.1 drops it silently, 5.7), lines before the last compact
 * boundary (never sent).
 */
import { findingMaker } from "../../model/finding-kit.js";
import { isObject } from "../../model/parse.js";
import type { Finding, JsonPath } from "../../model/types.js";
import { CLAUDE_CODE_CODES, SHARED_CODE_SEVERITY } from "./claude-code-codes.js";
import { apiMessageId } from "./claude-code-parallel-recovery.js";
import type { Reading, SentReading } from "./claude-code-reading.js";
import type { Refusal } from "./claude-code-refusal.js";
import { skippedTurns } from "./claude-code-skipped-turns.js";
import { READING_RELEASES, type ReadingVersion, type TranscriptLine } from "./claude-code-transcript.js";

const make = findingMaker({
  ...CLAUDE_CODE_CODES,
  "dangling-call": codeOf("dangling-call"),
  "pending-call": codeOf("pending-call"),
  "orphan-result": codeOf("orphan-result"),
  "colliding-id": codeOf("colliding-id"),
  "resume-refused": codeOf("resume-refused"),
});

function codeOf(code: keyof typeof SHARED_CODE_SEVERITY) {
  return { description: "", severity: SHARED_CODE_SEVERITY[code], follows: "", fixes: [] } as const;
}

const tick = (v: unknown) => `\`${String(v)}\``;
const SPEC = "docs/research/claude-code-resume.md";

/** "line 3", "lines 3-5", "lines 3-5, 9, 12-14" (at most 6 runs, then "and N more lines") for ascending 0-based lines. */
export function linesText(lines: readonly number[]): string {
  if (lines.length === 1) return `line ${lines[0] + 1}`;
  const runs: [number, number][] = [];
  for (const l of lines) {
    const last = runs[runs.length - 1];
    if (last && l === last[1] + 1) last[1] = l;
    else runs.push([l, l]);
  }
  const shown = runs.slice(0, 6);
  const rest = runs.slice(6).reduce((n, [a, b]) => n + b - a + 1, 0);
  return `lines ${shown.map(([a, b]) => (a === b ? `${a + 1}` : `${a + 1}-${b + 1}`)).join(", ")}${rest ? `, and ${rest} more` : ""}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Claude Code" for the newest reading, "Claude Code 2.0" for an older one. */
function agent(version: ReadingVersion): string {
  return version === "2.1" ? "Claude Code" : `Claude Code ${version}`;
}

export function resumeFindings(reading: Reading, version: ReadingVersion): Finding[] {
  const sent = reading.sent(version);
  if (sent.refusal) return [refusalFinding(sent.refusal, version)];
  // A subagent's own file is a 2.1 thing: 2.0.31 never reads one.
  if (!sent.history || !sent.request || (sent.subagent && version === "2.0")) return [];
  // 2.0.31: a call whose result sits on a sibling branch goes with it (resume-drops-results).
  const elsewhere = version === "2.0" ? conversationResults(reading) : new Set<unknown>();
  const older = version === "2.0" ? [...droppedParallel(reading, sent, elsewhere), ...sentOrphans(sent)] : [];
  return [...callFindings(sent, version, elsewhere), ...reusedIds(sent, version), ...skipFindings(reading, version), ...older].sort((a, b) => a.line - b.line);
}

/** The version stops with an error on the file (4.6): nothing of it is sent, so nothing else is reported. */
function refusalFinding(r: Refusal, version: ReadingVersion): Finding {
  const who = agent(version);
  return make("resume-refused", {
    line: r.line,
    path: ["message", "content"],
    message: `${who} does not resume this session. The assistant message on line ${r.line + 1} has ${r.holds} as its content, not a list of blocks (Claude Code itself writes only lists), and Claude Code ${READING_RELEASES[version]} stops with an error on it ${r.where} (${r.error}), so nothing of the session is sent (${SPEC} 4.6). Written as a list of one text block, the content would let it resume.`,
  });
}

/**
 * 2.1 sends a call id once (5.7): a later call with an id an earlier assistant message sent is
 * left out, and its result with it. One finding per id, on its first dropped call; the
 * make-id-unique repair renames that call and its result.
 */
function reusedIds(sent: SentReading, version: ReadingVersion): Finding[] {
  const byId = new Map<unknown, { line: number; index?: number }[]>();
  for (const d of sent.request!.droppedCalls) {
    if (sent.request!.dropped.get(d.line) === "before-cut") continue;
    const list = byId.get(d.id);
    if (list) list.push(d);
    else byId.set(d.id, [d]);
  }
  const who = agent(version);
  return [...byId].map(([id, list]) => {
    const first = list[0];
    const more = list.length > 1 ? ` (and ${plural(list.length - 1, "later call", "later calls")} of it: ${linesText(list.slice(1).map((d) => d.line))})` : "";
    return make("colliding-id", {
      line: first.line,
      path: first.index !== undefined ? ["message", "content", first.index, "id"] : undefined,
      toolCallId: String(id),
      message: `Tool-call id reused; ${who} drops the later call on resume. Call ${tick(id)} on line ${first.line + 1}${more} reuses the id of a call an earlier message sent, and ${who} sends a call id only once: it leaves the later call out of its message (a message left empty says "[Tool use interrupted]") and drops its result, so the model loses that call. Making the id unique keeps it.`,
    });
  });
}

/**
 * 2.0.31 has no pairing repair (8.1): a tool result sent without its call in the message before
 * it reaches the API, which rejects the request (2.1 drops such a result silently, 5.7).
 */
function sentOrphans(sent: SentReading): Finding[] {
  const out: Finding[] = [];
  let calls: Set<unknown> | undefined;
  for (const it of sent.request!.items) {
    if (it.type === "assistant") {
      calls = new Set(it.pieces.filter((p) => isObject(p.block) && p.block.type === "tool_use").map((p) => p.block.id));
      continue;
    }
    for (const p of it.pieces) {
      if (!isObject(p.block) || p.block.type !== "tool_result" || calls?.has(p.block.tool_use_id) || p.lines.length === 0) continue;
      out.push(make("orphan-result", {
        line: p.lines[0],
        path: p.index !== undefined ? ["message", "content", p.index, "tool_use_id"] : undefined,
        toolCallId: String(p.block.tool_use_id),
        message: `Result that answers no call; Claude Code 2.0 sends it anyway. Result ${tick(p.block.tool_use_id)} has no call in the message before it when ${READING_RELEASES["2.0"]} resumes the session, and 2.0 has no repair for that: the API rejects the request (a tool_result must answer a tool_use of the previous message). Claude Code 2.1 drops such a result.`,
      }));
    }
    calls = undefined;
  }
  return out;
}

/** Ids of the tool results of the conversation (Before). */
function conversationResults(reading: Reading): Set<unknown> {
  const out = new Set<unknown>();
  for (const tl of reading.conversation) {
    const c = tl.raw.type === "user" && isObject(tl.raw.message) ? tl.raw.message.content : undefined;
    if (Array.isArray(c)) for (const b of c) if (isObject(b) && b.type === "tool_result") out.add(b.tool_use_id);
  }
  return out;
}

/**
 * The lines of the chain's last turn: after the last user line that is not only results, the
 * lines of the last assistant message and its results (and lines that send nothing).
 */
function lastTurnLines(chain: readonly TranscriptLine[]): Set<number> {
  const out = new Set<number>();
  let lastId: unknown;
  let seenAssistant = false;
  for (let i = chain.length - 1; i >= 0; i--) {
    const tl = chain[i];
    const t = tl.raw.type;
    if (t === "assistant") {
      const id = apiMessageId(tl);
      if (seenAssistant && id !== lastId) break;
      seenAssistant = true;
      lastId = id;
    } else if (t === "user") {
      const c = isObject(tl.raw.message) ? tl.raw.message.content : undefined;
      const onlyResults = Array.isArray(c) && c.length > 0 && c.every((b: unknown) => isObject(b) && b.type === "tool_result");
      if (!onlyResults) break;
    }
    out.add(tl.line);
  }
  return out;
}

function callFindings(sent: SentReading, version: ReadingVersion, answeredElsewhere: ReadonlySet<unknown>): Finding[] {
  const out: Finding[] = [];
  const history = sent.history!;
  const request = sent.request!;
  const last = lastTurnLines(sent.chain);
  const who = agent(version);
  const callPath = (index: number | undefined): JsonPath | undefined => (index === undefined ? undefined : ["message", "content", index, "id"]);
  const named = (id: unknown, name: unknown) => `Call ${tick(id)}${typeof name === "string" ? ` (${name})` : ""}`;
  const reported = new Set<string>();
  const unanswered = new Map(history.unanswered.map((u) => [`${u.line}:${String(u.id)}`, u]));
  // Made on first use: most requests make up no result.
  let chainAt: Map<number, TranscriptLine> | undefined;
  const lineOnChain = (line: number) => (chainAt ??= new Map(sent.chain.map((tl) => [tl.line, tl]))).get(line);
  for (const u of history.unanswered) {
    if (!u.removed || request.dropped.get(u.line) === "before-cut" || answeredElsewhere.has(u.id)) continue;
    reported.add(`${u.line}:${String(u.id)}`);
    const whole = version === "2.0" ? "removes the call" : "removes its line whole (text and calls)";
    if (last.has(u.line))
      out.push(make("pending-call", {
        line: u.line,
        path: callPath(u.index),
        toolCallId: String(u.id),
        message: `Call of the last turn has no result yet. ${named(u.id, u.name)} may still be running; resumed as the file stands, ${who} ${whole} from the request, so the model would not see that it made the call.`,
      }));
    else
      out.push(make("dangling-call", {
        line: u.line,
        path: callPath(u.index),
        toolCallId: String(u.id),
        message: `Call without a result; ${who} drops it on resume. ${named(u.id, u.name)} has no result anywhere in the conversation, so on resume ${who} ${whole} from the request: the model no longer sees that it made this call.`,
      }));
  }
  for (const m of request.madeUpResults) {
    if (m.line === undefined || reported.has(`${m.line}:${String(m.id)}`) || request.dropped.get(m.line) === "before-cut") continue;
    const u = unanswered.get(`${m.line}:${String(m.id)}`);
    const answeredElsewhere = !u;
    out.push(make("dangling-call", {
      line: m.line,
      path: callPath(u?.index ?? indexOfCall(lineOnChain(m.line), m.id)),
      toolCallId: String(m.id),
      message: answeredElsewhere
        ? `Result not right after its call; ${who} sends an error instead. Call ${tick(m.id)} has a result in the conversation, but not in the message right after the call, so on resume ${who} drops that result and sends "[Tool result missing due to internal error]" in its place.`
        : `Call without a result; ${who} answers it with an error. Call ${tick(m.id)}${typeof u?.name === "string" ? ` (${u.name})` : ""} has no result, while another call of its message has one, so on resume ${who} keeps the call and sends "[Tool result missing due to internal error]" as its result.`,
    }));
  }
  return out;
}

function indexOfCall(tl: TranscriptLine | undefined, id: unknown): number | undefined {
  const c = tl && isObject(tl.raw.message) ? tl.raw.message.content : undefined;
  if (!Array.isArray(c)) return undefined;
  const i = c.findIndex((b: unknown) => isObject(b) && b.type === "tool_use" && b.id === id);
  return i >= 0 ? i : undefined;
}

function skipFindings(reading: Reading, version: ReadingVersion): Finding[] {
  const who = agent(version);
  return skippedTurns(reading, version).map((s) => {
    const n = plural(s.skipped.length, "message", "messages");
    const related = [{ line: s.progressLine, message: "the progress line its parentUuid names" }];
    if (s.writtenBefore !== undefined) related.push({ line: s.writtenBefore, message: "the message written just before it" });
    const fix = s.writtenBefore !== undefined ? ` Re-linking it to line ${s.writtenBefore + 1}, the message written just before it, lets the resume read the whole conversation.` : ` Re-linking it to the line the progress line hangs from lets ${who} read the conversation before it.`;
    const where = s.skipped.length ? ` (${linesText(s.skipped)})` : "";
    const message =
      s.resumesAt !== undefined
        ? `${who} skips ${n} on resume${where}. Line ${s.line + 1}'s \`parentUuid\` names a progress line of an earlier turn (line ${s.progressLine + 1}), so ${who}'s resume walks back to line ${s.resumesAt + 1} and leaves out the turns written in between (a writer bug of Claude Code before 2.1.83, anthropics/claude-code #35024).${fix}`
        : `${who} skips ${n} on resume${where}. It starts the conversation at line ${s.line + 1}: that line's \`parentUuid\` names a progress line (line ${s.progressLine + 1}), and ${READING_RELEASES[version]} does not read progress lines, so the parent is missing for it.${fix}`;
    return make("resume-skips-turns", { line: s.line, path: ["parentUuid"], message, related });
  });
}

/**
 * 2.0.31: lines of the conversation that 2.1 brings back from sibling branches (3.8) and 2.0.31
 * leaves out, with the calls it removes because their result is among them; one finding per turn.
 */
function droppedParallel(reading: Reading, sent: SentReading, answeredElsewhere: ReadonlySet<unknown>): Finding[] {
  const onChain = new Set(sent.chain.map((tl) => tl.line));
  const turnsOnChain = new Set<unknown>();
  for (const tl of sent.chain) {
    const id = apiMessageId(tl);
    if (id) turnsOnChain.add(id);
  }
  const byLine = new Map<unknown, TranscriptLine>();
  for (const tl of reading.whole.byUuid.values()) byLine.set(tl.raw.uuid, tl);
  const turns = new Map<unknown, { calls: TranscriptLine[]; results: TranscriptLine[] }>();
  for (const tl of reading.conversationRecovered) {
    if (onChain.has(tl.line)) continue;
    const parent = tl.parent ? byLine.get(tl.parent) : undefined;
    const id = apiMessageId(tl) || (parent ? apiMessageId(parent) : undefined);
    if (!id || !turnsOnChain.has(id)) continue;
    const t = turns.get(id) ?? { calls: [], results: [] };
    (tl.raw.type === "assistant" ? t.calls : t.results).push(tl);
    turns.set(id, t);
  }
  const chainAt = new Map(sent.chain.map((tl) => [tl.line, tl]));
  const added = new Set<TranscriptLine>();
  for (const u of sent.history?.unanswered ?? []) {
    const tl = chainAt.get(u.line);
    const t = tl && answeredElsewhere.has(u.id) ? turns.get(apiMessageId(tl)) : undefined;
    if (t && !added.has(tl!)) {
      added.add(tl!);
      t.calls.push(tl!);
    }
  }
  const out: Finding[] = [];
  for (const t of turns.values()) {
    const all = [...t.calls, ...t.results].sort((a, b) => a.line - b.line);
    const first = all[0];
    const c = isObject(first.raw.message) ? first.raw.message.content : undefined;
    const block = Array.isArray(c) ? c.findIndex((b: unknown) => isObject(b) && (b.type === "tool_use" || b.type === "tool_result")) : -1;
    const b = block >= 0 ? c[block] : undefined;
    const parts = [t.calls.length ? plural(t.calls.length, "call", "calls") : "", t.results.length ? plural(t.results.length, "result", "results") : ""].filter(Boolean).join(" and ");
    out.push(make("resume-drops-results", {
      line: first.line,
      path: b ? ["message", "content", block, b.type === "tool_use" ? "id" : "tool_use_id"] : undefined,
      toolCallId: b ? String(b.type === "tool_use" ? b.id : b.tool_use_id) : undefined,
      message: `Claude Code 2.0 drops ${parts} on resume. They belong to a parallel turn (${linesText(all.map((x) => x.line))}) whose calls and results sit on sibling branches of the uuid tree, the way Claude Code 2.1 writes them; ${READING_RELEASES["2.0"]} reads only the branch that leads to the last message, leaves the others out and removes a call whose result is among them (Claude Code 2.1 brings them all back).`,
    }));
  }
  return out;
}
