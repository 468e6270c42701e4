/**
 * Re-link a line whose parent link makes the agent's resume skip turns (`resume-skips-turns`):
 * the line's parent key is pointed at the line the format profile names (`repair.relinkTarget`;
 * Claude Code: the message written just before it when a progress line of an earlier turn sent the
 * walk back, else the line that progress line hangs from). One value on one line changes; every
 * other byte stays. Pure.
 */
import type { Analysis } from "../pipeline/analyze.js";
import { formatProfile } from "../formats/registry.js";
import { emptyPlan } from "./line-plan.js";
import { repairIndex } from "./repair-index.js";
import { findingOn, type Planned, withValue } from "./structural.js";

export const SKIPPED_TURNS_CODES = ["resume-skips-turns"] as const;

export function relinkSkippedTurns(a: Analysis, line: number): Planned {
  if (!findingOn(a, SKIPPED_TURNS_CODES as unknown as string[], line)) return { reason: "there is no skipped turn on this line" };
  const profile = formatProfile(a.session.format);
  const entry = repairIndex(a).entryByLine.get(line);
  if (!profile?.repair.relinkTarget || !profile.repair.linked || !entry || entry.parentId === null) return { reason: "the line has no parent link to re-link" };
  const target = profile.repair.relinkTarget(a.session, line);
  if ("reason" in target) return target;
  if (a.session.byId.get(target.id)?.line !== target.line) return { reason: `the new parent's id \`${target.id}\` is shared by another line` };
  const text = withValue(a.session.lines.at(line)!, [profile.parentKey], entry.parentId, target.id);
  if (text === null) return { reason: "its parent link cannot be located" };
  const plan = emptyPlan();
  plan.replace.set(line, text);
  return { title: `Re-link line ${line + 1} to line ${target.line + 1} so the resume reads the turns it skips`, plan, reads: [target.line] };
}
