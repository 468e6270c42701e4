/**
 * Subagents and forks across files: each child session linked to its parent file and to the call
 * that ran it, and the checks across them:
 * - missing-child: a parent's call ran a subagent whose file the library does not have (Claude
 *   Code writes `<session>/subagents/agent-<id>.jsonl`; Codex a child rollout) and whose lines are
 *   not in the parent file either (older Claude Code's in-file sidechains);
 * - child-unfinished: the child's last message is not a final answer (a call left open, an error);
 * - result-missing: the parent holds the spawning call but not its result;
 * - parent-missing: a child names a parent the library does not have.
 * Orphans inside a child are the child's own findings. Cost with children counts each file once.
 */
import type { LibraryLinkIssue, LibrarySession, LibrarySessionLinked } from "../protocol/library.js";

export function linkSessions(sessions: Iterable<LibrarySession>): Map<string, LibrarySessionLinked> {
  const out = new Map<string, LibrarySessionLinked>();
  for (const s of sessions) out.set(s.path, { ...s, children: [], linkIssues: [] });
  const byId = new Map<string, LibrarySessionLinked>();
  for (const s of out.values()) if (s.sessionId && !s.parent) byId.set(s.sessionId, s);
  for (const s of out.values()) if (s.sessionId && !byId.has(s.sessionId)) byId.set(s.sessionId, s);

  for (const child of out.values()) {
    const ref = child.parent;
    if (!ref) continue;
    const parent = (ref.path ? out.get(ref.path) : undefined) ?? (ref.sessionId ? byId.get(ref.sessionId) : undefined);
    if (!parent || parent === child) {
      const what = ref.kind === "fork" ? "fork" : "subagent";
      child.linkIssues.push({ code: "parent-missing", message: `Parent session not in the library; this ${child.agentLabel} ${what} names ${ref.path ? "a file" : "a session id"} the library does not have. ${ref.kind === "fork" ? "It was forked from" : "It was run by"} ${ref.path ?? ref.sessionId}: deleted, or in a folder the library does not list.`, ...(ref.path ? { other: ref.path } : {}) });
      continue;
    }
    child.parentPath = parent.path;
    parent.children.push(child.path);
    if (ref.kind !== "subagent") continue;
    const spawn = parent.spawns.find((sp) => sp.transcript === child.path || (ref.callId && sp.callId === ref.callId) || (ref.agentId && sp.agentId && (sp.agentId === ref.agentId || sp.agentId.startsWith(ref.agentId) || ref.agentId.startsWith(sp.agentId))));
    if (spawn && !spawn.hasResult)
      parent.linkIssues.push({ code: "result-missing", line: spawn.line, other: child.path, message: `Subagent result missing; this ${parent.agentLabel} session holds the call but not its result. ${spawn.tool} call ${spawn.callId} ran ${child.title ? `"${child.title}"` : "a subagent"}, and no result for it follows in this session.` });
    if (!child.finished && !child.error)
      child.linkIssues.push({ code: "child-unfinished", message: `Subagent never finished; its last ${child.agentLabel} message is not a final answer. It ends on a call left open, an error or a cut-off line.`, ...(spawn ? { other: parent.path } : {}) });
  }

  // Calls whose subagent left no file.
  for (const parent of out.values()) {
    if (parent.spawns.length === 0) continue;
    const kids = parent.children.map((p) => out.get(p)!).filter((k) => k.parent?.kind === "subagent");
    for (const sp of parent.spawns) {
      if (!sp.hasResult) continue; // not run yet, or cut off: result-missing speaks of it when a child exists
      const matched = kids.some((k) => k.path === sp.transcript || (k.parent?.callId && k.parent.callId === sp.callId) || (sp.agentId && k.parent?.agentId && (k.parent.agentId === sp.agentId || sp.agentId.startsWith(k.parent.agentId) || k.parent.agentId.startsWith(sp.agentId))));
      const inFile = parent.sidechains.some((g) => g.callId === sp.callId || (sp.agentId && g.agentId === sp.agentId));
      if (matched || inFile) continue;
      // Only where the agent writes subagent files: Claude Code with an agent id, Codex with a thread.
      if (!sp.agentId) continue;
      const where = sp.transcript ?? (sp.transcriptName ? `a file named ${sp.transcriptName}` : `a transcript of ${sp.agentId}`);
      parent.linkIssues.push({ code: "missing-child", line: sp.line, message: `Subagent file missing; ${parent.agentLabel} keeps each subagent it runs in a file of its own, and this one's is not there. The ${sp.tool} call ran ${sp.agentId}: looked for ${where}.` } satisfies LibraryLinkIssue);
    }
  }

  // Cost with children: each child file counted once, under its parent.
  const visiting = new Set<string>();
  const withKids = (s: LibrarySessionLinked): number | undefined => {
    if (visiting.has(s.path)) return s.cost;
    visiting.add(s.path);
    let c = s.cost;
    for (const p of s.children) {
      const k = out.get(p)!;
      if (k.parent?.kind !== "subagent") continue;
      const kc = withKids(k);
      if (kc !== undefined) c = (c ?? 0) + kc;
    }
    visiting.delete(s.path);
    return c;
  };
  for (const s of out.values()) if (s.children.length) s.costWithChildren = withKids(s);
  return out;
}
