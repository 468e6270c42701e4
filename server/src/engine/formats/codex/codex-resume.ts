/**
 * The After column of a Codex rollout: exactly the history Codex 0.171 sends when it resumes the
 * file (codex-history.ts, docs/research/codex-resume.md section 9), item by item in its order,
 * made-up outputs marked; Before's messages that are not sent are dropped with the reason (cut by
 * a compaction or rollback, a line Codex cannot decode, an orphan output, a refused file); and
 * the findings of what that reading loses or makes up. A file Codex refuses sends nothing.
 */
import type { Msg, Session } from "../../model/types.js";
import { isObject } from "../../model/parse.js";
import { sourceLinesOf } from "../../model/types.js";
import type { ResumeContext, ResumeOptions } from "../profile.js";
import { codexHistory, type CodexHistory } from "./codex-history.js";
import { itemMessages } from "./codex-messages.js";
import { responseEnds, turnStarts } from "./codex-context.js";
import { codexResumeFindings } from "./codex-resume-findings.js";
import { CODEX_WORDS } from "./codex-words.js";

/** The Codex version whose reading is modelled (the recordings in test/fixtures/peer-codex). */
export const CODEX_READING_VERSIONS = ["0.171"] as const;

export function codexResumeContext(session: Session, before: Msg[], options?: ResumeOptions): ResumeContext {
  const h = codexHistory(session);
  const version = options?.version ?? CODEX_READING_VERSIONS[0];
  const timeOf = (line: number) => {
    const v = session.lines.heldAt(line)?.value;
    return isObject(v) && typeof v.timestamp === "string" ? Date.parse(v.timestamp) : undefined;
  };
  // Codex sends the file's items as they are (the usual case): After is Before itself.
  const asStored = !h.refusal && h.aborted.length === 0 && h.orphans.length === 0 && h.undecodable.length === 0 && h.applied.length === 0;
  const messages = asStored ? before : sameAsBefore(itemMessages(h.items, timeOf, turnStarts(h.items, responseEnds(session.branch))), before);
  const dropped: ResumeContext["dropped"] = [];
  // A message is dropped for a fate of its lines: none when no line has one.
  if (h.fates.size > 0) {
    for (const m of before) {
      const lines = sourceLinesOf(m);
      if (lines.some((l) => h.sentLines.has(l))) continue;
      for (const l of lines) {
        const by = h.fates.get(l);
        if (by) {
          dropped.push({ msg: m, by });
          break;
        }
      }
    }
  }
  const findings = codexResumeFindings(session, h, CODEX_WORDS);
  if (h.refusal)
    return { messages, dropped, line: h.refusal.line, short: "refused on resume", label: `Codex ${version} refuses to resume this file (${h.refusal.reason}): nothing of it is sent`, findings };
  const compacted = h.applied.some((a) => a.by === "compacted");
  return { messages, dropped, line: h.base ?? h.applied[0]?.line ?? 0, short: compacted ? "resume after compact" : "resume", label: label(h, version), findings };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

function label(h: CodexHistory, version: string): string {
  const parts: string[] = [];
  if (h.base !== undefined) parts.push(`from the replacement history of the compaction on line ${h.base + 1}`);
  const later = h.applied.filter((a) => a.line !== h.base);
  if (later.length) parts.push(`${later.map((a) => `${a.by === "compacted" ? "compaction" : "rollback"} on line ${a.line + 1}`).join(", ")} applied`);
  if (h.aborted.length) parts.push(`${plural(h.aborted.length, 'made-up "aborted" output')}`);
  if (h.orphans.length) parts.push(`${plural(h.orphans.length, "orphan output")} left out`);
  if (h.undecodable.length) parts.push(`${plural(h.undecodable.length, "line")} it cannot decode skipped`);
  return `what Codex ${version} sends when it resumes this rollout: its history rebuilt from the file${parts.length ? ` (${parts.join("; ")})` : ""}`;
}

/**
 * After's messages that are Before's as they are (the same lines, the same blocks) are Before's
 * own objects, and the others that start at a Before message's line share its origin: the
 * recorded usage and the inspector's rows follow a message by its object and origin. One pass
 * over each list.
 */
function sameAsBefore(after: Msg[], before: readonly Msg[]): Msg[] {
  const byLine = new Map<number, Msg>();
  for (const m of before) if (m.origin.kind === "entry") byLine.set(m.origin.line, m);
  return after.map((m) => {
    const b = m.origin.kind === "entry" ? byLine.get(m.origin.line) : undefined;
    if (!b) return m;
    // A message that starts at a Before message's line but is not that message (a call split off
    // by a made-up output, a rebuilt copy) keeps its origin object: the usage recorded for it follows.
    return sameMessage(m, b) ? b : { ...m, origin: b.origin };
  });
}

function sameMessage(a: Msg, b: Msg): boolean {
  if (a.role !== b.role || a.toolCallId !== b.toolCallId) return false;
  const la = sourceLinesOf(a);
  const lb = sourceLinesOf(b);
  if (la.length !== lb.length || la.some((l, i) => l !== lb[i])) return false;
  const ca: any[] = Array.isArray(a.content) ? a.content : [];
  const cb: any[] = Array.isArray(b.content) ? b.content : [];
  return ca.length === cb.length && ca.every((x, i) => x?.type === cb[i]?.type && x?.text === cb[i]?.text && x?.id === cb[i]?.id && x?.synthetic === cb[i]?.synthetic);
}
