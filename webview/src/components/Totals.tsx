/**
 * The summary line: before and after totals and, honestly, what the difference is: "saves 1,234
 * tokens (12%): 40 messages dropped, 2 chain summaries added" or "adds 18 tokens: 6 synthetic
 * results" (the server's breakdown), never a negative saving. All estimates (the note says so).
 */
import { memo } from "react";
import type { RenderView, ViewTotalsBreakdown } from "../../../server/src/protocol/view.js";
import { fmt } from "../format.js";
import { savingPercent } from "../model.js";
import type { ViewSummary } from "../rowSource.js";
import { Icon } from "./Icon.js";

function Total({ side, label, counts }: { side: "before" | "after"; label: string; counts: RenderView["totals"]["before"] }) {
  return (
    <div className="total" data-total={side}>
      <span className="label">{label}</span>
      <span className="num" data-messages={counts.messages}>
        {fmt(counts.messages)}
      </span>{" "}
      messages ·{" "}
      <span className="num" data-tokens={counts.tokens}>
        {fmt(counts.tokens)}
      </span>{" "}
      tokens
    </div>
  );
}

const plural = (n: number, one: string, many: string) => `${fmt(n)} ${n === 1 ? one : many}`;
const ADDED: Record<string, [string, string]> = {
  "synthetic-tool-result": ["synthetic result", "synthetic results"],
  "chain-summary": ["chain summary", "chain summaries"],
  "acp-summary": ["acp summary", "acp summaries"],
  "stub-result": ["stub result", "stub results"],
  "resume-history": ["replacement history item", "replacement history items"],
  "resume-filler": ["message added on resume", "messages added on resume"],
};
const CHANGED: Record<string, [string, string]> = {
  stubbed: ["result stubbed", "results stubbed"],
  purged: ["call's arguments purged", "calls' arguments purged"],
  "thinking-stripped": ["message's thinking stripped", "messages' thinking stripped"],
};

/** "40 messages dropped, 2 chain summaries added, 3 results stubbed". */
export function breakdownText(b: ViewTotalsBreakdown): string {
  const parts: string[] = [];
  if (b.dropped.messages) parts.push(`${plural(b.dropped.messages, "message", "messages")} dropped`);
  for (const a of b.added) parts.push(`${plural(a.messages, ...(ADDED[a.kind] ?? ["added message", "added messages"]))}${b.dropped.messages || b.changed.length ? " added" : ""}`);
  for (const c of b.changed) parts.push(plural(c.messages, ...(CHANGED[c.kind] ?? [`message ${c.kind}`, `messages ${c.kind}`])));
  return parts.join(", ");
}

export const Totals = memo(function Totals({ summary }: { summary: ViewSummary }) {
  const { before, after, tokenizer, breakdown } = summary.totals;
  const saved = before.tokens - after.tokens;
  const pct = savingPercent(before.tokens, after.tokens);
  const why = breakdown ? breakdownText(breakdown) : "";
  const verdict = saved > 0 ? `saves ${fmt(saved)} tokens (${pct}%)` : saved < 0 ? `adds ${fmt(-saved)} tokens` : "the same size";
  return (
    <div className="totals">
      <Total side="before" label="Before" counts={before} />
      <Icon name="arrow-right" />
      <Total side="after" label="After" counts={after} />
      <div className={`total saving${saved < 0 ? " negative" : ""}`} data-total="saving" data-tokens={saved} data-percent={pct} title={`Estimated with ${tokenizer}; not the provider's tokenizer`}>
        <span className="verdict">{verdict}</span>
        {why ? <span className="why">: {why}</span> : null}
        <span className="estimate visually-hidden">estimate · {tokenizer}</span>
      </div>
    </div>
  );
});
