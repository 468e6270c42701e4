/**
 * The After column of a Claude Code session: exactly what the chosen Claude Code version sends
 * when it resumes the file (docs/research/claude-code-resume.md; claude-code-reading.ts), what
 * of the conversation it leaves out and why, and where that loses work (findings).
 *
 * Which messages of the conversation (Before) are not sent, and why: claude-code-resume-dropped.ts
 * (the reading keeps and continues them). When the version stops with an error on the file (an
 * assistant line whose content is not a list of blocks, claude-code-refusal.ts), nothing is sent:
 * every message is dropped as `refused`.
 */
import type { Msg, Session } from "../../model/types.js";
import type { ResumeContext, ResumeOptions } from "../profile.js";
import { readingOf, type SentReading } from "./claude-code-reading.js";
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
  if (sent.refusal)
    return {
      messages: [],
      dropped: reading.droppedOnResume(version, before, other),
      line: sent.refusal.line,
      short: "refused on resume",
      label: `Claude Code ${READING_RELEASES[version]} refuses to resume this ${other !== undefined ? "branch" : "file"} (the assistant message on line ${sent.refusal.line + 1} has ${sent.refusal.holds} as its content, not a list of blocks): nothing of it is sent`,
      findings: resumeFindings(reading, version),
    };
  return {
    messages: sent.messages,
    dropped: reading.droppedOnResume(version, before, other),
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
