/**
 * How a Claude Code session continues from its previous version (the format profile's
 * continuation hooks; engine/incremental uses them for every format):
 *
 * - appended or edited lines are read alone (claude-code-read.ts reads each line on its own),
 *   except a compact boundary that names its parent by `logicalParentUuid` (whether it links
 *   depends on the whole file) and a line whose uuid such an earlier boundary names without
 *   finding it (that boundary's link would change): the session is then read in full;
 * - the reading (leaf, walk, what is sent on resume) is Claude Code's over the whole file, made
 *   again for the continued entries (`continueRead`; the profile's `leaf` and `branch` use it), as
 *   its leaf, time fallback and parallel recovery may read any line;
 * - the Before context continues when the branch grew at its end and no appended assistant line
 *   joins a response of the previous branch's last run (claude-code-context.ts,
 *   `extendClaudeContext`).
 */
import type { Entry, Finding, Session, SourceLine } from "../../model/types.js";
import { isObject } from "../../model/parse.js";
import type { FormatRead } from "../profile.js";
import { boundaryLogicalParent, readClaudeLine } from "./claude-code-read.js";

export function claudeReadLinesIn(session: Session, lines: readonly SourceLine[]): FormatRead | null {
  const uuids = new Set<string>();
  for (const l of lines) {
    if (!isObject(l.value)) continue;
    if (boundaryLogicalParent(l.value) !== undefined) return null;
    if (typeof l.value.uuid === "string") uuids.add(l.value.uuid);
  }
  if (uuids.size > 0)
    for (const e of session.entries) {
      const logical = e.parentId === null ? boundaryLogicalParent(e.raw) : undefined;
      if (logical !== undefined && uuids.has(logical)) return null;
    }
  const entries: Entry[] = [];
  const findings: Finding[] = [];
  // No line read here links by logicalParentUuid, so what else the file holds does not matter.
  for (const l of lines) readClaudeLine(l, () => false, entries, findings);
  return { entries, findings };
}
