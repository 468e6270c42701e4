/**
 * The context Claude Code rebuilds when it resumes a session: after `/compact` (or auto-compact)
 * it writes a `system` line with `subtype: "compact_boundary"` (parent null, `logicalParentUuid`
 * naming the last line before it) and then the compact summary as a user line
 * (`isCompactSummary`). On resume only the lines after the latest boundary are sent; everything
 * before it is represented by the summary (docs/research/formats.md section 4.3).
 */
import type { ResumeContext } from "../profile.js";
import type { Msg, Session } from "../../model/types.js";

/** Whether an entry's line is a Claude Code compact boundary. */
export function isCompactBoundary(raw: Record<string, any>): boolean {
  return raw.type === "system" && raw.subtype === "compact_boundary";
}

/** The context from the branch's latest compact boundary on; undefined when the branch has none. */
export function claudeResumeContext(session: Session, before: Msg[]): ResumeContext | undefined {
  let at = -1;
  for (let i = session.branch.length - 1; i >= 0; i--)
    if (isCompactBoundary(session.branch[i].raw)) {
      at = i;
      break;
    }
  if (at < 0) return undefined;
  const boundary = session.branch[at];
  const kept = new Set(session.branch.slice(at + 1).map((e) => e.id));
  const messages: Msg[] = [];
  const dropped: ResumeContext["dropped"] = [];
  for (const m of before) {
    if (m.origin.kind === "entry" && kept.has(m.origin.entryId)) messages.push(m);
    else dropped.push({ msg: m, by: { kind: "resume-cut", by: "compact-boundary", line: boundary.line } });
  }
  return { messages, dropped, line: boundary.line, short: "resume after compact", label: `what Claude Code sends on resume: the context from the compact boundary on line ${boundary.line + 1}` };
}
