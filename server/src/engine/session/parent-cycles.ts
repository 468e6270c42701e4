/**
 * Parent links that form a cycle (`a` -> `b` -> `a`, or longer): no root is reachable from the
 * entries on it. A self-parent is reported by read-session.ts already; this finds the longer ones, in
 * one iterative pass over the entries (linear, no recursion).
 */
import type { Entry, EntryLookup, Finding } from "../model/types.js";

const SHOWN = 6;

export function parentCycleFindings(entries: Entry[], byId: EntryLookup, parentKey: string): Finding[] {
  const state = new Map<Entry, 1 | 2>(); // 1: on the current walk, 2: done
  const findings: Finding[] = [];
  for (const start of entries) {
    if (byId.get(start.id) !== start || state.has(start)) continue;
    const walk: Entry[] = [];
    let cur: Entry | undefined = start;
    while (cur && !state.has(cur)) {
      state.set(cur, 1);
      walk.push(cur);
      const p: string | null = cur.parentId;
      cur = p !== null && p !== cur.id ? byId.get(p) : undefined;
    }
    if (cur && state.get(cur) === 1) {
      const cycle = walk.slice(walk.indexOf(cur));
      const ids = cycle.slice(0, SHOWN).map((e) => e.id);
      const shown = `${ids.map((i) => `\`${i}\``).join(" -> ")}${cycle.length > SHOWN ? ` -> ... (${cycle.length} entries)` : ""} -> \`${cycle[0].id}\``;
      for (const e of cycle)
        if (!e.syntheticId)
          findings.push({
            code: "broken-parent",
            severity: "warning",
            line: e.line,
            path: [parentKey],
            message: `Parent links form a loop. \`${parentKey}\` closes a cycle: ${shown}. No root is reachable from these entries; the branch is cut where the walk meets the cycle again.`,
          });
    }
    for (const e of walk) state.set(e, 2);
  }
  return findings;
}
