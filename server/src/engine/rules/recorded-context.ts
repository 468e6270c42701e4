/**
 * The context the agent recorded it compiled (OpenClaw's trajectory `context.compiled`) against
 * the modelled one: the After column up to the entry that was the leaf then. Message by message:
 * the role, each call's id and name, each result's call id and the text. A difference is
 * `recorded-context-differs` (information: the model of what the agent sends, not the session, is
 * what it puts in doubt); agreement is shown by the inspector and `render`.
 *
 * The After column is the whole branch; what was compiled at an earlier leaf is its prefix up to
 * that leaf's line (OpenClaw's pipeline keeps a message's place and ids when messages follow it).
 */
import { isObject } from "../model/parse.js";
import { textOf } from "../formats/message-text.js";
import type { RecordedContext } from "../formats/profile.js";
import type { Finding, Msg, Session } from "../model/types.js";
import { lineOf } from "../model/types.js";
import { type CodeTable, findingMaker } from "../model/finding-kit.js";
import { quoteCut } from "../model/quote.js";

export const RECORDED_CONTEXT_CODES = {
  "recorded-context-differs": {
    description: "What the agent recorded it sent differs from the modelled After column.",
    severity: "information",
    follows: "OpenClaw 2026.7 trajectory `context.compiled` (formats/pi/openclaw/openclaw-trajectory.ts)",
    fixes: [],
  },
  "recorded-context-invalid": {
    description: "A file where the agent records what it sent that cannot be read.",
    severity: "information",
    follows: "OpenClaw 2026.7 trajectory (formats/pi/openclaw/openclaw-trajectory.ts)",
    fixes: [],
  },
} as const satisfies CodeTable;

const make = findingMaker(RECORDED_CONTEXT_CODES);

/** The comparison of a recorded context with the modelled one (the inspector and `render` show it). */
export interface RecordedComparison {
  /** The recording's file name and what it is ("OpenClaw's trajectory"). */
  file: string;
  label: string;
  /** 0-based line of the record in its file; when it was recorded. */
  recordLine: number;
  at?: string;
  /** 0-based line of the session entry that was the leaf then; null when it is not in this session. */
  leafLine: number | null;
  /** Messages recorded, and modelled up to the leaf. */
  recorded: number;
  modelled: number;
  /** Messages that agree, from the first. */
  agree: number;
  /** The agent recorded only its first messages (its bound), and why. */
  cut?: string;
  /** The record was compiled at an entry not on the branch shown (or not in this file): not compared. */
  elsewhere?: boolean;
  /** The first difference, in words; absent when they agree. */
  difference?: string;
  /** 0-based line of the modelled message where they first differ. */
  differenceLine?: number;
  /** The recorded messages, the first MAX_LISTED_RECORDED: what the inspector lists as the recorded After. */
  listed: RecordedMessage[];
}

/** One recorded message as the inspector lists it (plain text, bounded). */
export interface RecordedMessage {
  role: string;
  /** Its calls' ids and names (`id (name)`), or the call a result answers. */
  ids: string[];
  /** The start of its text. */
  preview: string;
}

/** Recorded messages listed at most; characters of a preview. */
export const MAX_LISTED_RECORDED = 200;
const PREVIEW_CHARS = 160;

function listedOf(messages: readonly Record<string, unknown>[]): RecordedMessage[] {
  return messages.slice(0, MAX_LISTED_RECORDED).map((m) => {
    const s = shapeOf(m);
    const text = CONTENT_ROLES.has(s.role) ? s.text : typeof m.summary === "string" ? m.summary : "";
    return { role: s.role.slice(0, 40), ids: (s.result !== undefined ? [s.result] : s.calls).slice(0, MAX_NAMED_CALLS).map((x) => x.slice(0, 120)), preview: text.replace(/\s+/g, " ").slice(0, PREVIEW_CHARS) };
  });
}

/** One message reduced to what the comparison reads. */
interface Shape {
  role: string;
  calls: string[];
  result?: string;
  text: string;
}

/** The roles whose messages carry their text as content (others: summaries, executions, custom messages, compared by role only). */
const CONTENT_ROLES = new Set(["user", "assistant", "toolResult"]);
/** Calls named in a difference at most. */
const MAX_NAMED_CALLS = 8;

function shapeOf(m: Record<string, unknown> | Msg): Shape {
  const content = m.content;
  const calls: string[] = [];
  if (Array.isArray(content)) for (const b of content) if (isObject(b) && b.type === "toolCall") calls.push(`${String(b.id)} (${String(b.name)})`);
  // The After column's copies of summaries and custom messages are user messages for the provider; the record keeps the agent's role.
  const role = String((m as Msg).agentRole ?? m.role);
  return { role, calls, result: m.role === "toolResult" ? String(m.toolCallId) : undefined, text: CONTENT_ROLES.has(role) ? textOf(content) : "" };
}

const namedCalls = (calls: readonly string[]): string =>
  calls.length === 0 ? "none" : calls.slice(0, MAX_NAMED_CALLS).map((c) => quoteCut(c)).join(", ") + (calls.length > MAX_NAMED_CALLS ? ` (+${calls.length - MAX_NAMED_CALLS} more)` : "");

function differenceOf(r: Shape, m: Shape): string | undefined {
  if (r.role !== m.role) return `the record has a message of role ${quoteCut(r.role)}, the model one of role ${quoteCut(m.role)}`;
  if (r.calls.join(",") !== m.calls.join(",")) return `the record's calls are ${namedCalls(r.calls)}, the model's ${namedCalls(m.calls)}`;
  if (r.result !== m.result) return `the record's result answers ${quoteCut(r.result ?? "")}, the model's ${quoteCut(m.result ?? "")}`;
  if (r.text !== m.text) return `their texts differ (${r.text.length} and ${m.text.length} characters)`;
  return undefined;
}

/** Compares `record` with `after` (the modelled After column of `session`'s branch). */
export function compareRecorded(session: Session, after: readonly Msg[], record: RecordedContext, file: string, label: string): RecordedComparison {
  const leaf = record.leafId !== undefined ? session.byId.get(record.leafId) : undefined;
  const leafLine = leaf ? leaf.line : null;
  const base = { file, label, recordLine: record.line, at: record.at, leafLine, recorded: record.messages.length, cut: record.cut, listed: listedOf(record.messages) };
  // Compiled at an entry not on the branch shown (another branch, or not in this file): nothing of this After to compare.
  if (!leaf || !session.branch.includes(leaf)) return { ...base, modelled: 0, agree: 0, elsewhere: true };
  const limit = leaf.line;
  // The After column up to the leaf: the messages of lines at or before it (stand-ins between them kept).
  let n = 0;
  for (let i = 0; i < after.length; i++) {
    const line = lineOf(after[i]);
    if (line !== null && line > limit) break;
    n = i + 1;
  }
  const modelled = after.slice(0, n);
  const out: RecordedComparison = { ...base, modelled: modelled.length, agree: 0 };
  const both = Math.min(record.messages.length, modelled.length);
  for (let i = 0; i < both; i++) {
    const d = differenceOf(shapeOf(record.messages[i]), shapeOf(modelled[i]));
    if (d) {
      out.difference = `message ${i + 1}: ${d}`;
      out.differenceLine = lineOf(modelled[i]) ?? undefined;
      return out;
    }
    out.agree = i + 1;
  }
  if (record.messages.length > modelled.length) out.difference = `the record has ${record.messages.length - modelled.length} message(s) more than the model after message ${both}`;
  else if (modelled.length > record.messages.length && !record.cut) {
    out.difference = `the model has ${modelled.length - record.messages.length} message(s) more than the record after message ${both}`;
    out.differenceLine = lineOf(modelled[both]) ?? undefined;
  }
  return out;
}

/** The finding of a comparison that differs, at the line where they part (else the leaf's, else the header's). */
export function recordedContextFindings(c: RecordedComparison, agent: string, headerLine: number): Finding[] {
  if (c.difference === undefined || c.elsewhere) return [];
  const line = c.differenceLine ?? c.leafLine ?? headerLine;
  return [
    make("recorded-context-differs", {
      line,
      message:
        `${agent} recorded a different context from the one modelled here. ${c.file} (line ${c.recordLine + 1}${c.at ? `, ${quoteCut(c.at)}` : ""}) records ${c.recorded} message(s) compiled ` +
        `${c.leafLine !== null ? `when line ${c.leafLine + 1} was the last entry` : "at an entry not in this file"}; the After column has ${c.modelled} up to there and agrees on the first ${c.agree}; ${c.difference}.` +
        (c.cut ? ` ${agent} recorded only the first ${c.recorded} (${quoteCut(c.cut)}).` : ""),
    }),
  ];
}

/** A recording that could not be read. */
export function invalidRecordingFinding(file: string, label: string, error: string, headerLine: number): Finding {
  return make("recorded-context-invalid", { line: headerLine, message: `${label} beside this session cannot be read. ${file}: ${error}. The After column is not compared with it.` });
}
