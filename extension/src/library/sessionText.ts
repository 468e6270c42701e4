/**
 * The Sessions view's words, without the vscode API (the unit tests read them): a session's
 * description and tooltip lines, a group's tooltip, and the library report (Markdown). Transcript
 * text reaches the tooltip as text (sessionsView.ts escapes it); in the report it is escaped here.
 */
import type { LibraryNode, LibrarySessionLinked, LibraryStatus, LibrarySummary, LibraryTokens } from "../../../server/src/protocol/library.js";

const n = (k: number) => k.toLocaleString("en-US");
const plural = (k: number, w: string) => `${n(k)} ${w}${k === 1 ? "" : "s"}`;

export function formatBytes(b: number): string {
  if (b < 1024) return `${b} B`;
  if (b < 1024 * 1024) return `${(b / 1024).toFixed(b < 10 * 1024 ? 1 : 0)} KB`;
  if (b < 1024 ** 3) return `${(b / 1024 / 1024).toFixed(b < 10 * 1024 * 1024 ? 1 : 0)} MB`;
  return `${(b / 1024 ** 3).toFixed(1)} GB`;
}

export function formatCost(c: number | undefined): string {
  if (c === undefined) return "";
  if (c > 0 && c < 0.01) return "<$0.01";
  return `$${c.toFixed(2)}`;
}

export const tokenSum = (t: LibraryTokens) => t.input + t.output + t.cacheRead + t.cacheWrite;

export function formatTokens(k: number): string {
  if (k < 1000) return String(k);
  if (k < 1e6) return `${(k / 1000).toFixed(k < 1e4 ? 1 : 0)}k`;
  return `${(k / 1e6).toFixed(k < 1e7 ? 1 : 0)}M`;
}

/** "3 h ago", "2 d ago", or the date. */
export function ago(ms: number, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  if (s < 30 * 86400) return `${Math.round(s / 86400)} d ago`;
  return new Date(ms).toISOString().slice(0, 10);
}

/** The short line beside a session's title: messages, size, last change, health, cost. */
export function sessionDescription(s: LibrarySessionLinked, now = Date.now()): string {
  const parts = [plural(s.messages, "msg"), formatBytes(s.size), ago(s.lastAt ?? s.mtimeMs, now)];
  if (s.rejects) parts.push(`rejected by ${s.targetLabel ?? s.target}`);
  else if (s.errors) parts.push(plural(s.errors, "error"));
  else if (s.warnings) parts.push(plural(s.warnings, "warning"));
  const c = s.costWithChildren ?? s.cost;
  if (c !== undefined) parts.push(formatCost(c));
  if (s.parent?.kind === "subagent" && s.parent.agentType) parts.unshift(s.parent.agentType);
  return parts.join(" · ");
}

/** Every fact of a session, one a line (the tooltip; the first line is its title). */
export function describeSession(s: LibrarySessionLinked, full = false): string {
  const lines: string[] = [];
  if (full) lines.push(s.title);
  lines.push(`${s.agentLabel} · ${s.project}`);
  if (!full) return `${lines[0]}, ${sessionDescription(s)}`;
  lines.push(`${plural(s.messages, "message")} · ${formatBytes(s.size)} · last change ${new Date(s.lastAt ?? s.mtimeMs).toLocaleString()}`);
  lines.push(`Health: ${s.errors || s.warnings ? `${plural(s.errors, "error")}, ${plural(s.warnings, "warning")}` : "no problems"}${s.firstError ? ` (first: ${s.firstError.code} on line ${s.firstError.line})` : ""}`);
  if (s.target) lines.push(s.rejects ? `${s.targetLabel} would reject the next request${s.rejection ? ` (${s.rejection.code}, line ${s.rejection.line}): ${s.rejection.text}` : ""}` : `${s.targetLabel} would accept the next request`);
  else lines.push("Target provider: not recorded");
  if (s.rejectedBy.length && !(s.rejectedBy.length === 1 && s.rejectedBy[0] === s.target)) lines.push(`Rejected by: ${s.rejectedBy.join(", ")}`);
  const t = s.tokens;
  if (tokenSum(t)) lines.push(`Recorded: ${n(t.input)} in · ${n(t.output)} out · cache ${n(t.cacheRead)} read, ${n(t.cacheWrite)} written`);
  for (const m of s.models) lines.push(`  ${m.model}: ${plural(m.responses, "response")}${m.cost !== undefined ? `, ${formatCost(m.cost)}` : m.recordedCost !== undefined ? `, ${formatCost(m.recordedCost)} (recorded)` : ", no price"}`);
  if (s.omitted?.models) lines.push(`  and ${plural(s.omitted.models, "other model")}`);
  if (s.cost !== undefined) lines.push(`Cost: ${formatCost(s.cost)}${s.costWithChildren !== undefined && s.costWithChildren !== s.cost ? `, ${formatCost(s.costWithChildren)} with its subagents` : ""}`);
  // A session of the view's nodes carries a few entries of each list; `omitted` counts the rest.
  const more = s.omitted ?? { spawns: 0, compactions: 0, linkIssues: 0, children: 0, models: 0, sidechains: 0 };
  if (s.compactions.length) lines.push(`${plural(s.compactions.length + more.compactions, "compaction")}: ${s.compactions.map((c) => `line ${c.line}${c.tokensBefore !== undefined ? ` ${n(c.tokensBefore)}` : ""}${c.tokensAfter !== undefined ? ` → ${n(c.tokensAfter)}` : ""}${c.tokensBefore !== undefined || c.tokensAfter !== undefined ? " tokens" : ""}`).join("; ")}${more.compactions ? "; …" : ""}`);
  const spawns = s.spawns.length + more.spawns;
  if (spawns) lines.push(`${plural(spawns, "subagent call")}, ${plural(s.children.length + more.children, "child session")}`);
  if (s.parent) lines.push(s.parent.kind === "fork" ? `Forked from ${s.parentPath ?? s.parent.path ?? s.parent.sessionId}` : `Subagent${s.parent.agentType ? ` (${s.parent.agentType})` : ""}${s.parent.description ? `: ${s.parent.description}` : ""}`);
  for (const i of s.linkIssues) lines.push(`⚠ ${i.message}${i.line ? ` (line ${i.line})` : ""}`);
  if (more.linkIssues) lines.push(`⚠ and ${plural(more.linkIssues, "other subagent problem")}`);
  if (s.archived) lines.push("Archived");
  lines.push(s.path);
  return lines.join("\n");
}

export function nodeTooltip(node: LibraryNode, summary: LibraryStatus | null): string {
  if (node.kind === "failing") return `Sessions whose next request the target provider would reject.${summary ? `\n${summary.headline}` : ""}`;
  const c = `${plural(node.count ?? 0, "session")}${node.rejected ? `, ${n(node.rejected)} would be rejected` : ""}${node.errors ? `, ${n(node.errors)} with errors` : ""}`;
  if (node.kind === "project") return `${node.label}${node.workspace ? " (this workspace)" : ""}\n${c}`;
  return `${node.label}\n${c}`;
}

const md = (s: string) => s.replace(/[\\`*_{}\[\]()#+\-.!|<>~]/g, (c) => `\\${c}`).replace(/\r?\n/g, " ");

/** The library report: the headline, the failing sessions with the provider's error text, counts by agent, model and day. */
export function reportMarkdown(s: LibrarySummary, failing: LibrarySessionLinked[]): string {
  const out: string[] = [`# Session library`, "", md(s.headline), ""];
  out.push(`${plural(s.sessions, "session")} · ${n(s.withErrors)} with errors · ${plural(s.compactions, "compaction")} · ${plural(s.subagents, "subagent session")} · ${plural(s.linkIssues, "subagent problem")}`, "");
  out.push(`Recorded ${n(tokenSum(s.tokens))} tokens; ${formatCost(s.cost) || "$0.00"} at the prices of ${s.priceTable.date} (${md(s.priceTable.source)})${s.unpriced.length ? `; no price for ${s.unpriced.map(md).join(", ")}` : ""}.`, "");
  if (failing.length) {
    out.push(`## Would be rejected (${n(failing.length)})`, "");
    for (const f of failing) out.push(`- **${md(f.title)}** (${md(f.agentLabel)}, ${md(f.targetLabel ?? f.target ?? "")})  \n  ${md(f.path)}${f.rejection ? `:${f.rejection.line}  \n  \`${f.rejection.code}\`: ${md(f.rejection.text)}` : ""}`);
    out.push("");
  }
  const table = (title: string, rows: { label: string; sessions: number; cost?: number; tokens?: LibraryTokens }[]) => {
    if (!rows.length) return;
    out.push(`## ${title}`, "", "| | sessions | tokens | cost |", "| --- | ---: | ---: | ---: |");
    for (const r of rows) out.push(`| ${md(r.label)} | ${n(r.sessions)} | ${r.tokens ? n(tokenSum(r.tokens)) : ""} | ${formatCost(r.cost)} |`);
    out.push("");
  };
  table("By agent", s.byAgent);
  table("By model", s.byModel);
  table("By day", s.byDay.slice(0, 60));
  return out.join("\n");
}
