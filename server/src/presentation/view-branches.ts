/**
 * Every branch and root of a session, and what the view of one branch leaves out (issue 23 item
 * 4): the inspector shows one branch (the agent's active one unless the page picked another), and
 * says what else the file holds instead of hiding it.
 *
 * A leaf is listed as a branch when the part of its path the shown branch does not share holds
 * messages the view does not show (by file line). Leaves whose own part holds none are counted, not
 * listed: a hook's `progress` line, a Claude Code parallel result the agent merges back into the
 * branch, the lines before a compaction the context follows through it. Subagent (sidechain)
 * lines are shown under their Task calls and counted apart.
 *
 * Cost: one walk up from each leaf to the shown branch (or its root), each message-holding part
 * read by the format's own context builder; at most MAX_WALK entries walked in all (past that,
 * the remaining leaves are counted without their messages). Pure: the engine's data only.
 */
import { type Analysis, type Entry, formatProfile, messageText, type Msg, type Session, sourceLinesOf } from "../engine/index.js";
import type { ViewBranch, ViewBranches, ViewConversation } from "../protocol/view.js";
import { isoTime } from "./message-size.js";

/** Branches listed at most (the shown one first); `branchCount` says how many there are. */
export const MAX_LISTED_BRANCHES = 200;
/** Conversations (roots) listed at most. */
export const MAX_LISTED_CONVERSATIONS = 100;
/** Entries walked at most over all leaves. */
export const MAX_WALK = 400_000;
const PREVIEW_CHARS = 120;

function preview(text: string): string | undefined {
  const one = text.replace(/\s+/g, " ").trim();
  if (!one) return undefined;
  return one.length > PREVIEW_CHARS ? one.slice(0, PREVIEW_CHARS - 1) + "…" : one;
}

/** The last user message with text among `msgs`, as a preview. */
function lastPrompt(msgs: readonly Msg[]): string | undefined {
  for (let i = msgs.length - 1; i >= 0; i--) if (msgs[i].role === "user") {
    const p = preview(messageText(msgs[i]));
    if (p) return p;
  }
  return undefined;
}

function lastTime(msgs: readonly Msg[], leaf: Entry): string | undefined {
  for (let i = msgs.length - 1; i >= 0; i--) {
    const t = isoTime(msgs[i]);
    if (t) return t;
  }
  const raw = leaf.raw?.timestamp;
  if (typeof raw === "string" && !Number.isNaN(Date.parse(raw))) return new Date(Date.parse(raw)).toISOString();
  return undefined;
}

/** The entry a path from `e` ends at going up (its root), stopping at a missing parent or a cycle. */
function rootOf(e: Entry, byId: Session["byId"], memo: Map<string, Entry>): Entry {
  const path: Entry[] = [];
  const seen = new Set<string>();
  let cur: Entry | undefined = e;
  let root = e;
  while (cur && !seen.has(cur.id)) {
    const known = memo.get(cur.id);
    if (known) {
      root = known;
      break;
    }
    seen.add(cur.id);
    path.push(cur);
    root = cur;
    cur = cur.parentId !== null && cur.parentId !== cur.id ? byId.get(cur.parentId) : undefined;
  }
  for (const p of path) memo.set(p.id, root);
  return root;
}

/**
 * The branches of `a.session` and what the view of its branch leaves out.
 * @param a the analysis of the branch shown
 * @param activeLeaf the agent's own active leaf (the file's), when another branch is shown
 * @param subagentLines 0-based lines shown as subagent groups under their Task calls
 */
export function branchesOf(a: Analysis, activeLeaf: string | null, subagentLines: ReadonlySet<number>): ViewBranches | undefined {
  const s = a.session;
  if (s.entries.length === 0) return undefined;
  const profile = formatProfile(s.format);
  const shownLeaf = s.leafId;
  const onShown = new Set(s.branch.map((e) => e.id));
  const covered = new Set<number>();
  for (const m of a.before) for (const l of sourceLinesOf(m)) covered.add(l);
  for (const m of a.after) for (const l of sourceLinesOf(m)) covered.add(l);
  const rootMemo = new Map<string, Entry>();
  const shownRoot = s.branch[0];

  const branches: (ViewBranch & { rootId: string })[] = [];
  /** Messages left out, once each (two leaves may share a part off the shown branch). */
  const leftOut = new Set<string>();
  let quietLeaves = 0;
  let uncounted = 0;
  let walked = 0;
  let subagentLeaves = 0;
  for (const leafId of s.leaves) {
    if (leafId === shownLeaf) continue;
    const leaf = s.byId.get(leafId);
    if (!leaf) continue;
    if (walked > MAX_WALK) {
      uncounted++;
      continue;
    }
    // its own part: up to the shown branch, or to its root
    const own: Entry[] = [];
    const seen = new Set<string>();
    let cur: Entry | undefined = leaf;
    while (cur && !onShown.has(cur.id) && !seen.has(cur.id)) {
      seen.add(cur.id);
      own.push(cur);
      cur = cur.parentId !== null && cur.parentId !== cur.id ? s.byId.get(cur.parentId) : undefined;
    }
    walked += own.length;
    const fork = cur && onShown.has(cur.id) ? cur : undefined;
    own.reverse();
    if (own.every((e) => subagentLines.has(e.line))) {
      subagentLeaves++;
      continue;
    }
    const msgs = profile?.buildContext(own) ?? [];
    let messages = 0;
    let results = 0;
    for (const m of msgs) {
      const lines = sourceLinesOf(m);
      if (lines.length === 0 || lines.some((l) => covered.has(l) || subagentLines.has(l))) continue;
      messages++;
      if (m.role === "toolResult") results++;
      leftOut.add(`${lines[0]}|${m.role}|${m.toolCallId ?? ""}`);
    }
    if (messages === 0) {
      quietLeaves++;
      continue;
    }
    const root = fork ? shownRoot : rootOf(own[0], s.byId, rootMemo);
    const b: ViewBranch & { rootId: string } = { leafId, line: leaf.line + 1, rootLine: root.line + 1, entries: 0, messages, rootId: root.id };
    if (fork) b.forkLine = fork.line + 1;
    // Claude Code writes each result of a parallel turn on a branch of its own (parented to its call)
    if (fork && results === messages) b.kind = "results";
    const p = lastPrompt(msgs);
    if (p) b.preview = p;
    const t = lastTime(msgs, leaf);
    if (t) b.timestamp = t;
    if (leafId === activeLeaf) b.active = true;
    branches.push(b);
  }
  // entries on each listed branch, root to leaf (a depth walk with a memo)
  const depth = new Map<string, number>();
  const depthOf = (e: Entry): number => {
    const path: Entry[] = [];
    const seen = new Set<string>();
    let cur: Entry | undefined = e;
    let d = 0;
    while (cur && !seen.has(cur.id)) {
      const known = depth.get(cur.id);
      if (known !== undefined) {
        d = known;
        break;
      }
      seen.add(cur.id);
      path.push(cur);
      cur = cur.parentId !== null && cur.parentId !== cur.id ? s.byId.get(cur.parentId) : undefined;
    }
    for (let i = path.length - 1; i >= 0; i--) depth.set(path[i].id, ++d);
    return d;
  };
  for (const b of branches) b.entries = depthOf(s.byId.get(b.leafId)!);

  const shown: ViewBranch & { rootId: string } = {
    leafId: shownLeaf ?? "",
    line: (s.branch[s.branch.length - 1]?.line ?? 0) + 1,
    rootLine: (shownRoot?.line ?? 0) + 1,
    entries: s.branch.length,
    messages: a.before.length,
    shown: true,
    rootId: shownRoot?.id ?? "",
  };
  if (shownLeaf !== null && shownLeaf === activeLeaf) shown.active = true;
  const sp = lastPrompt(a.before);
  if (sp) shown.preview = sp;
  const lastEntry = s.branch[s.branch.length - 1];
  const st = lastEntry ? lastTime(a.before, lastEntry) : undefined;
  if (st) shown.timestamp = st;

  // conversations: the shown branch's root, then the others by their first line
  const byRoot = new Map<string, { root: number; list: typeof branches }>();
  byRoot.set(shown.rootId, { root: shown.rootLine, list: [] });
  for (const b of branches) {
    const c = byRoot.get(b.rootId) ?? { root: b.rootLine, list: [] };
    c.list.push(b);
    byRoot.set(b.rootId, c);
  }
  const order = [...byRoot.entries()].sort((x, y) => (x[0] === shown.rootId ? -1 : y[0] === shown.rootId ? 1 : x[1].root - y[1].root));
  const conversations: ViewConversation[] = [];
  const listed: ViewBranch[] = [strip(shown)];
  order.forEach(([rootId, c], i) => {
    const mine = rootId === shown.rootId;
    const messages = c.list.reduce((n, b) => n + b.messages, 0);
    if (conversations.length < MAX_LISTED_CONVERSATIONS) conversations.push({ rootId, rootLine: c.root, branches: c.list.length + (mine ? 1 : 0), messages: mine ? a.before.length + messages : messages, shown: mine || undefined, index: i + 1 });
    for (const b of c.list.sort((x, y) => y.line - x.line)) if (listed.length < MAX_LISTED_BRANCHES) listed.push({ ...strip(b), conversation: i + 1 });
  });
  listed[0].conversation = 1;
  for (const c of conversations) if (c.shown === undefined) delete c.shown;
  const otherConversations = order.length - 1;
  const otherBranches = branches.filter((b) => b.rootId === shown.rootId).length;
  let subagent = 0;
  for (const l of subagentLines) if (!covered.has(l)) subagent++;
  const out: ViewBranches = {
    shownLeaf,
    activeLeaf,
    conversations,
    conversationCount: order.length,
    branches: listed,
    branchCount: branches.length + 1,
    leftOut: {
      messages: leftOut.size,
      branches: otherBranches,
      conversations: otherConversations,
      quietLeaves,
      subagentLines: subagent,
      subagentLeaves,
    },
  };
  if (uncounted) out.leftOut.uncounted = uncounted;
  return out;
}

function strip<T extends ViewBranch & { rootId?: string }>(b: T): ViewBranch {
  const { rootId: _rootId, ...rest } = b;
  return rest;
}
