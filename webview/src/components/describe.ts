/**
 * What a screen reader says for a message cell (issue 23): the column, role and tools, the line,
 * its state (dropped and by what, added, changed, kept) and its findings, e.g. "Before: assistant,
 * calls bash, line 12, dropped by chain:b5, 1 finding: orphan-result (error)".
 */
import type { ViewFinding, ViewMessage } from "../../../server/src/protocol/view.js";
import { toolSummary } from "../format.js";
import { dropReason, toolNames } from "../viewFields.js";
import { CHANGED_LABEL, SYNTHETIC_LABEL } from "./labels.js";
import { markControls } from "./SafeText.js";

const ROLE_WORDS: Record<string, string> = { toolResult: "tool result", branchSummary: "branch summary", compactionSummary: "compaction summary", bashExecution: "bash execution" };

export function messageState(m: ViewMessage, side: "before" | "after"): string {
  const drop = dropReason(m);
  if (drop) return `dropped by ${drop.text}`;
  if (m.synthetic) return `added: ${SYNTHETIC_LABEL[m.synthetic] ?? m.synthetic}`;
  if (m.changed) return CHANGED_LABEL[m.changed]?.[1] ?? m.changed;
  return side === "before" ? "sent" : "as sent";
}

export function findingsText(fs: ViewFinding[]): string {
  if (!fs.length) return "";
  return markControls(`${fs.length} finding${fs.length === 1 ? "" : "s"}: ${fs.map((f) => `${f.code} (${f.severity})`).join(", ")}`);
}

export function describeMessage(m: ViewMessage, side: "before" | "after", results: ViewMessage[] = []): string {
  const parts = [`${side === "before" ? "Before" : "After"}: ${ROLE_WORDS[m.role] ?? m.role}`];
  const tools = toolNames(m);
  if (tools.length) parts.push(`${m.role === "assistant" ? "calls" : "of"} ${toolSummary(tools)}`);
  parts.push(m.line !== null ? `line ${m.line}` : "not a line of the file");
  parts.push(messageState(m, side));
  if (results.length) {
    const states = results.map((r) => messageState(r, side));
    const odd = states.filter((s) => s !== "sent" && s !== "as sent");
    parts.push(`${results.length} result${results.length === 1 ? "" : "s"}${odd.length ? ` (${odd.join(", ")})` : ""}`);
  }
  const f = findingsText([...m.findings, ...results.flatMap((r) => r.findings)]);
  if (f) parts.push(f);
  return markControls(parts.join(", "));
}

/** An empty cell: what the other column's message means here. */
export function describeEmpty(side: "before" | "after", other: ViewMessage | undefined): string {
  if (side === "before") return other?.synthetic ? "Before: nothing, After adds this message" : "Before: nothing";
  return other?.droppedBy ? "After: not sent" : "After: nothing";
}
