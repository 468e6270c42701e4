/**
 * Claude Code sidechain (subagent) lines written into the main session file (`isSidechain:
 * true`, Claude Code 2.0.x): they are not part of the main conversation's context, so the inspector
 * shows them as a group under the Task (or Agent) call that ran them.
 *
 * A chain of sidechain lines (linked by parentUuid among themselves) is matched to a Task call
 * on the branch by `agentId` (the result line of the call and the subagent's lines carry the same
 * id), otherwise by time (the chain starts after the call and before its result; the latest such
 * call wins). Chains matched to no call are listed on their own. Linear in the number of lines
 * (plus a log factor for the calls).
 */
import { isObject } from "../../model/parse.js";
import type { Entry, Session } from "../../model/types.js";
import { buildClaudeContext } from "./claude-code-context.js";
import type { SidechainGroup, Sidechains } from "../profile.js";

const TASK_TOOLS = new Set(["Task", "Agent"]);

const time = (v: unknown): number | undefined => {
  if (typeof v !== "string") return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
};

interface TaskCall {
  id: string;
  line: number;
  at?: number;
  resultAt?: number;
  agentId?: string;
}

function taskCalls(branch: Entry[]): TaskCall[] {
  const calls = new Map<string, TaskCall>();
  for (const e of branch) {
    const v = e.raw;
    const content = isObject(v.message) && Array.isArray(v.message.content) ? v.message.content : [];
    if (v.type === "assistant") {
      for (const b of content)
        if (isObject(b) && b.type === "tool_use" && typeof b.id === "string" && TASK_TOOLS.has(b.name)) calls.set(b.id, { id: b.id, line: e.line, at: time(v.timestamp) });
    } else if (v.type === "user") {
      for (const b of content) {
        if (!isObject(b) || b.type !== "tool_result" || typeof b.tool_use_id !== "string") continue;
        const c = calls.get(b.tool_use_id);
        if (!c) continue;
        c.resultAt = time(v.timestamp);
        const agent = typeof b.agentId === "string" ? b.agentId : typeof v.agentId === "string" ? v.agentId : isObject(v.toolUseResult) && typeof v.toolUseResult.agentId === "string" ? v.toolUseResult.agentId : undefined;
        if (agent) c.agentId = agent;
      }
    }
  }
  return [...calls.values()];
}

/** Sidechain groups of a Claude Code session; empty when the file is a subagent's own transcript. */
export function claudeSidechains(session: Session): Sidechains {
  const side = session.entries.filter((e) => e.raw.isSidechain === true && session.byId.get(e.id) === e);
  if (side.length === 0 || side.length === session.entries.length) return { groups: [], unmatched: [] };
  // chains: each sidechain entry's root among sidechain entries
  const sideById = new Map(side.map((e) => [e.id, e]));
  const rootOf = new Map<string, string>();
  for (const e of side) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let cur: Entry | undefined = e;
    let root = e.id;
    while (cur) {
      const known = rootOf.get(cur.id);
      if (known !== undefined) {
        root = known;
        break;
      }
      if (onPath.has(cur.id)) break; // a cycle: reported elsewhere
      path.push(cur.id);
      onPath.add(cur.id);
      root = cur.id;
      cur = cur.parentId !== null ? sideById.get(cur.parentId) : undefined;
    }
    for (const id of path) rootOf.set(id, root);
  }
  const chains = new Map<string, Entry[]>();
  for (const e of side) {
    const r = rootOf.get(e.id)!;
    const list = chains.get(r);
    if (list) list.push(e);
    else chains.set(r, [e]);
  }
  const calls = taskCalls(session.branch).sort((a, b) => (a.at ?? 0) - (b.at ?? 0));
  const byAgent = new Map(calls.filter((c) => c.agentId).map((c) => [c.agentId!, c]));
  const grouped = new Map<TaskCall, Entry[]>();
  const unmatched: SidechainGroup[] = [];
  for (const entries of chains.values()) {
    const agentId = entries.map((e) => e.raw.agentId).find((a): a is string => typeof a === "string");
    let call = agentId !== undefined ? byAgent.get(agentId) : undefined;
    if (!call) {
      const start = time(entries[0].raw.timestamp);
      if (start !== undefined)
        for (const c of calls) {
          if (c.at === undefined || c.at > start) continue;
          if (c.resultAt === undefined || start <= c.resultAt) call = c; // the latest call started before it
        }
    }
    if (call) grouped.set(call, [...(grouped.get(call) ?? []), ...entries]);
    else unmatched.push(group(entries, agentId));
  }
  const groups = [...grouped].map(([c, entries]) => ({ ...group(entries, c.agentId), toolCallId: c.id, callLine: c.line }));
  return { groups: groups.sort((a, b) => a.lines[0] - b.lines[0]), unmatched };
}

function group(entries: Entry[], agentId: string | undefined): SidechainGroup {
  const sorted = [...entries].sort((a, b) => a.line - b.line);
  const g: SidechainGroup = { lines: sorted.map((e) => e.line), messages: buildClaudeContext(sorted) };
  if (agentId !== undefined) g.agentId = agentId;
  return g;
}
