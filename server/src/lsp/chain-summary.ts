/** What a chain entry resolves to and drops, in one line (hovers, the outline, code lenses). */
import { lineOf } from "../engine/index.js";
import { escapeMarkdown } from "./markdown.js";
import type { DocModel } from "./model.js";
import { lineLink } from "./markdown.js";
import { toolNames } from "./tool-names.js";

export function chainSummary(m: DocModel, line: number): { title: string; start?: number; end?: number } | null {
  const c = m.chains.get(line);
  if (!c) return null;
  if (c.resolved) {
    const r = c.resolved;
    const s = lineOf(m.a.before[r.startIndex]);
    const e = lineOf(m.a.before[r.endIndex]);
    const calls = r.dropped.filter((x) => x.role === "assistant").length;
    const results = r.dropped.filter((x) => x.role === "toolResult").length;
    const other = r.dropped.length - calls - results;
    const parts = [`${calls} assistant`, `${results} tool result${results === 1 ? "" : "s"}`];
    if (other) parts.push(`${other} summar${other === 1 ? "y" : "ies"}`);
    return {
      title: `${c.blockId} drops ${r.dropped.length} message${r.dropped.length === 1 ? "" : "s"}: ${parts.join(", ")}${s !== null && e !== null ? ` (lines ${s + 1}–${e + 1})` : ""}`,
      start: s ?? undefined,
      end: e ?? undefined,
    };
  }
  const u = c.unresolved!;
  return { title: `${c.blockId} unresolved: ${u.reason} (${u.detail}); drops nothing` };
}

export function chainMarkdown(m: DocModel, uri: string, line: number): string {
  const c = m.chains.get(line)!;
  if (c.unresolved) {
    const u = c.unresolved;
    return [
      `**Chain ${escapeMarkdown(c.blockId)}**: unresolved (${escapeMarkdown(u.reason)})`,
      "",
      escapeMarkdown(u.detail) + ". It drops nothing and inserts no summary.",
      ...(u.other ? ["", `Other chain: ${escapeMarkdown(u.other.data.blockId)} on ${lineLink(uri, u.other.entry.line)}`] : []),
    ].join("\n");
  }
  const r = c.resolved!;
  const s = lineOf(m.a.before[r.startIndex]);
  const e = lineOf(m.a.before[r.endIndex]);
  const rows = r.dropped.map((d) => {
    const l = lineOf(d);
    const what = d.role === "toolResult" ? `result ${escapeMarkdown(d.toolCallId)}` : d.role === "assistant" ? `assistant${toolNames(d)}` : escapeMarkdown(d.customType ?? d.role);
    return `- ${l === null ? "synthetic" : lineLink(uri, l)}: ${what}`;
  });
  const out = [
    `**Chain ${escapeMarkdown(c.blockId)}**: resolved, from ${s === null ? "?" : lineLink(uri, s)} (start user) to ${e === null ? "?" : lineLink(uri, e)} (final assistant, kept)`,
    "",
    `Drops ${r.dropped.length} message${r.dropped.length === 1 ? "" : "s"}:`,
    ...rows.slice(0, 50),
  ];
  if (rows.length > 50) out.push(`- … ${rows.length - 50} more`);
  if (r.mismatch) out.push("", `droppedToolCallIds lists ${r.mismatch.recorded} id(s); the range holds ${r.mismatch.actual}.`);
  return out.join("\n");
}
