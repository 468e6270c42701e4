/**
 * The After column of a Claude Code session: exactly what the chosen Claude Code version sends
 * when it resumes the file (docs/research/claude-code-resume.md; claude-code-reading.ts), what
 * of the conversation it leaves out and why, and where that loses work (findings).
 *
 * A message of the conversation (Before) is sent when a message of the request is made of its
 * line (a tool result: its line and id). Otherwise it is dropped: before the last compact boundary
 * (`compact-boundary`), a line whose calls have no result (`unanswered-call`, 4.1), a message
 * Claude Code does not send (`not-sent`: thinking or whitespace only, an API-error placeholder, a
 * result that answers no call), or, in an older version's reading, a line its walk does not reach
 * (`off-chain`).
 */
import type { DropReason } from "../../model/drop-reason.js";
import { type Msg, type Session, sourceLinesOf } from "../../model/types.js";
import type { ResumeContext, ResumeOptions } from "../profile.js";
import { readingOf, type Reading, type SentReading } from "./claude-code-reading.js";
import { resumeFindings } from "./claude-code-resume-findings.js";
import { READING_RELEASES, READING_VERSIONS, type ReadingVersion, type TranscriptLine } from "./claude-code-transcript.js";

/** The reading version an option names: "2.0", "2.0.31", ...; the newest by default. */
export function readingVersion(v: string | undefined): ReadingVersion {
  if (v === undefined) return READING_VERSIONS[0];
  return READING_VERSIONS.find((r) => v === r || v.startsWith(`${r}.`)) ?? READING_VERSIONS[0];
}

export function claudeResumeContext(session: Session, before: Msg[], options?: ResumeOptions): ResumeContext {
  const reading = readingOf(session.entries);
  const version = readingVersion(options?.version);
  // Another branch than Claude Code's own is shown (the inspector's Branches panel): what this
  // version sends when it resumes from that branch's last line, read the same way.
  const own = reading.leaf?.raw.uuid;
  const other = session.leafId !== null && own !== undefined && session.leafId !== own ? session.leafId : undefined;
  const sent = other !== undefined ? reading.sentFrom(version, other) : reading.sent(version);
  const cut = sent.request?.cutAt;
  return {
    messages: sent.messages,
    dropped: droppedFrom(before, reading, sent),
    line: cut ?? sent.chain[0]?.line ?? 0,
    short: cut !== undefined ? "resume after compact" : `resume (${READING_RELEASES[version]})`,
    label: label(sent, version, other !== undefined ? reading.leaf : undefined),
    findings: resumeFindings(reading, version),
  };
}

function label(sent: SentReading, version: ReadingVersion, ownLeaf: TranscriptLine | undefined): string {
  const who = `Claude Code ${READING_RELEASES[version]}`;
  if (sent.walk?.hangs) return `${who} hangs on this file (a parent cycle) and sends nothing`;
  if (ownLeaf) {
    const from = sent.leaf ? `line ${sent.leaf.line + 1}, this branch's last message` : "this branch, whose last line it does not read";
    return `what ${who} sends on resume from ${from} (left to itself it resumes from line ${ownLeaf.line + 1}; without the user context and the new prompt)`;
  }
  if (!sent.leaf) return `what ${who} sends on resume: nothing (no conversation found: no main-thread user or assistant line)`;
  if (sent.subagent) return `what ${who} sends when the parent session resumes this subagent (a subagent's file is not resumable on its own)`;
  const cut = sent.request?.cutAt;
  return `what ${who} sends on resume${cut !== undefined ? `: the context from the compact boundary on line ${cut + 1}` : ""} (without the user context and the new prompt)`;
}

function droppedFrom(before: readonly Msg[], reading: Reading, sent: SentReading): ResumeContext["dropped"] {
  const lines = new Set<number>();
  const results = new Set<string>();
  for (const m of sent.messages) {
    if (m.role === "toolResult") {
      if (m.origin.kind === "entry") results.add(`${m.origin.line}:${String(m.toolCallId)}`);
    } else for (const l of sourceLinesOf(m)) lines.add(l);
  }
  const position = new Map<number, number>();
  reading.conversation.forEach((tl, i) => position.set(tl.line, i));
  const cut = sent.request?.cutAt;
  const cutAt = cut !== undefined ? position.get(cut) : undefined;
  const onChain = new Set(sent.chain.map((tl) => tl.line));
  const out: ResumeContext["dropped"] = [];
  for (const m of before) {
    if (m.origin.kind !== "entry") continue;
    const line = m.origin.line;
    const sentToo = m.role === "toolResult" ? results.has(`${line}:${String(m.toolCallId)}`) : sourceLinesOf(m).some((l) => lines.has(l));
    if (sentToo) continue;
    out.push({ msg: m, by: whyDropped(line, sent, cut, cutAt !== undefined && (position.get(line) ?? Infinity) < cutAt, onChain.has(line)) });
  }
  return out;
}

function whyDropped(line: number, sent: SentReading, cut: number | undefined, beforeCut: boolean, onChain: boolean): DropReason {
  if (beforeCut && cut !== undefined) return { kind: "resume-cut", by: "compact-boundary", line: cut };
  const why = sent.request?.dropped.get(line) ?? sent.history?.dropped.get(line);
  if (why === "before-cut" && cut !== undefined) return { kind: "resume-cut", by: "compact-boundary", line: cut };
  if (why === "unanswered-call") return { kind: "resume-cut", by: "unanswered-call", line };
  return { kind: "resume-cut", by: why !== undefined || onChain ? "not-sent" : "off-chain", line };
}
