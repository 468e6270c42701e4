/**
 * The compactions on a view's branch as events (issue 26 item 6): where each happened, the
 * context's tokens before and after it (as the agent recorded them, else the responses around it
 * recorded), and what left the context at it. What left is what the agent's resume drops at the
 * compaction's line (Claude Code, Codex, Copilot CLI: the Before column's `resume-cut` messages),
 * or what the agent's own context build takes out (pi: the format's `compactionLeft`).
 */
import type { Analysis, CompactionRecord, Msg } from "../engine/index.js";
import { contextTokens, formatProfile, partitionPoint, usageAround } from "../engine/index.js";
import { MAX_VIEW_COMPACTIONS, type ViewCompaction } from "../protocol/index.js";

/** What the view knows of a message: its estimated tokens (when it measured it: a message of its columns), whether it is a tool call or result, its line. */
export interface MessageFacts {
  tokens: number | undefined;
  tool: boolean;
  line: number | null;
}

const fmt = (n: number) => n.toLocaleString("en-US");

/** Whether a message is a tool call or a tool result. */
export const isToolMessage = (m: Msg): boolean =>
  m.role === "toolResult" || (m.role === "assistant" && Array.isArray(m.content) && m.content.some((b: any) => b?.type === "toolCall"));

/**
 * The compactions of `a`'s branch, oldest first, at most MAX_VIEW_COMPACTIONS (the count of the
 * rest in `omitted`). `factsOf` measures a message as the view does; `cut` are the Before-messages
 * the resume leaves out at a compaction: each left the context at the first compaction after it.
 */
export function compactionsOf(a: Analysis, factsOf: (m: Msg) => MessageFacts, cut: readonly Msg[]): { list: ViewCompaction[]; omitted: number } {
  const profile = formatProfile(a.session.format);
  const on = profile?.compactionOn;
  if (!profile || !on) return { list: [], omitted: 0 };
  const branch = a.session.branch;
  const found: { index: number; rec: CompactionRecord }[] = [];
  for (let i = 0; i < branch.length; i++) {
    const rec = on(branch[i].raw);
    if (rec) found.push({ index: i, rec });
  }
  if (found.length === 0) return { list: [], omitted: 0 };
  const shown = found.slice(0, MAX_VIEW_COMPACTIONS);
  // What left at each: the format's own account, else the cut messages by the first compaction after them.
  const left: Msg[][] = shown.map(() => []);
  if (profile.compactionsLeft) profile.compactionsLeft(branch, shown.map((f) => f.index)).forEach((l, k) => (left[k] = l));
  else {
    const lines = shown.map((f) => branch[f.index].line);
    for (const m of cut) {
      if (m.origin.kind !== "entry") continue;
      const at = m.origin.line;
      const k = partitionPoint(lines, (l) => l <= at);
      if (k < lines.length) left[k].push(m);
    }
  }
  const records = a.usage.records;
  const list = shown.map(({ index, rec }, k): ViewCompaction => {
    const e = branch[index];
    const c: ViewCompaction = { line: e.line + 1, agent: profile.label, left: { messages: 0, toolMessages: 0 }, summary: "" };
    let tokens: number | undefined = 0;
    if (rec.trigger) c.trigger = rec.trigger;
    for (const m of left[k]) {
      const f = factsOf(m);
      c.left.messages++;
      tokens = tokens === undefined || f.tokens === undefined ? undefined : tokens + f.tokens;
      if (f.tool) c.left.toolMessages++;
      if (f.line !== null) {
        if (c.left.firstLine === undefined || f.line < c.left.firstLine) c.left.firstLine = f.line;
        if (c.left.lastLine === undefined || f.line > c.left.lastLine) c.left.lastLine = f.line;
      }
    }
    if (tokens !== undefined && c.left.messages > 0) c.left.tokens = tokens;
    // The responses around it that recorded input, between it and its neighbouring compactions.
    const from = k > 0 ? branch[found[k - 1].index].line : -1;
    const to = k + 1 < found.length ? branch[found[k + 1].index].line : Infinity;
    const { before, after } = usageAround(records, e.line, from, to);
    if (rec.tokensBefore !== undefined) c.tokensBefore = { tokens: rec.tokensBefore, from: "agent" };
    else if (before) c.tokensBefore = { tokens: contextTokens(before), from: "response", line: before.line + 1 };
    if (after) c.tokensAfter = { tokens: contextTokens(after), line: after.line + 1 };
    c.summary = compactionSummary(c);
    return c;
  });
  return { list, omitted: found.length - shown.length };
}

/** The sentence a user reads: who compacted, what left, then the tokens. */
export function compactionSummary(c: ViewCompaction): string {
  const how = c.trigger ? ` (${c.trigger})` : "";
  const n = c.left.messages;
  const first = `${c.agent} compacted the context here${how}: ${n === 0 ? "no message" : `${fmt(n)} message${n === 1 ? "" : "s"}`} left it.`;
  const parts: string[] = [];
  if (n > 0) {
    const what: string[] = [];
    if (c.left.tokens !== undefined) what.push(`about ${fmt(c.left.tokens)} tokens`);
    if (c.left.firstLine !== undefined) what.push(c.left.firstLine === c.left.lastLine ? `line ${c.left.firstLine}` : `lines ${c.left.firstLine}-${c.left.lastLine}`);
    const t = c.left.toolMessages;
    if (t > 0) what.push(`${fmt(t)} of them tool call${t === 1 ? "" : "s"} or result${t === 1 ? "" : "s"}`);
    if (what.length) parts.push(`Left: ${what.join(", ")}.`);
  }
  if (c.tokensBefore)
    parts.push(
      `Before: ${fmt(c.tokensBefore.tokens)} tokens${c.tokensBefore.from === "agent" ? ` (recorded by ${c.agent})` : ` (the input of the last response, line ${c.tokensBefore.line})`}.`,
    );
  if (c.tokensAfter) parts.push(`After: ${fmt(c.tokensAfter.tokens)} tokens (the input of the next response, line ${c.tokensAfter.line}).`);
  return [first, ...parts].join(" ");
}
