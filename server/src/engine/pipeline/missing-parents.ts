/**
 * Parents that live in another session file of the same folder (Claude Code writes a continued
 * session to a new file whose first lines point at the earlier file's lines; subagent lines point
 * at the main session). The io layer looks the missing ids up in the sibling files
 * (io/sibling-parents.ts); `withParentsElsewhere` then drops the `broken-parent` findings whose
 * parent was found. Only formats whose profile says they link across files (Claude Code) are searched.
 */
import type { Analysis } from "./analyze.js";
import type { Session } from "../model/types.js";
import { formatProfile } from "../formats/registry.js";
import { partitionPoint } from "../model/arrays.js";

/**
 * Parent ids that name no entry of the session (at most `max`, in file order): those of its
 * `broken-parent` findings, the entries a sibling file could answer for. Read from the findings,
 * not from every entry: the server asks on every version of a session it shows.
 */
export function missingParentIds(session: Session, max = 1000): string[] {
  if (!formatProfile(session.format)?.linksOtherFiles) return [];
  const out = new Set<string>();
  const { entries } = session;
  for (const f of session.findings) {
    if (f.code !== "broken-parent") continue;
    for (let k = partitionPoint(entries, (e) => e.line < f.line); k < entries.length && entries[k].line === f.line; k++) {
      const e = entries[k];
      if (e.parentId === null || e.parentId === e.id || session.byId.has(e.parentId)) continue;
      out.add(e.parentId);
    }
    if (out.size >= max) break;
  }
  return [...out].slice(0, max);
}

/** Drops `broken-parent` findings whose parent `found` maps to a sibling file. */
export function withParentsElsewhere(a: Analysis, found: ReadonlyMap<string, string>): Analysis {
  if (found.size === 0) return a;
  const parentAt = new Map(a.session.entries.map((e) => [e.line, e.parentId]));
  const keep = (f: Analysis["findings"][number]) => {
    if (f.code !== "broken-parent") return true;
    const p = parentAt.get(f.line);
    return !(p != null && found.has(p));
  };
  a.findings = a.findings.filter(keep);
  a.session.findings = a.session.findings.filter(keep);
  return a;
}
