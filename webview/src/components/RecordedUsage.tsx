/**
 * Usage the agent recorded (pi `usage`, Claude Code `message.usage`, Codex `token_count`), shown
 * beside the estimates and labelled "recorded": per response a tag, per session a header item.
 * Numbers come from the server's view; nothing here is estimated.
 */
import type { ViewUsage, ViewUsageTotals } from "../../../server/src/protocol/view.js";
import { fmt as exact } from "../format.js";
import { Icon } from "./Icon.js";
import { SafeText } from "./SafeText.js";

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/**
 * "1,234 in · 56 out · cache 7,890 read · 12 write · 3 reasoning · $0.0123": zero cache parts left
 * out; `short` writes "12.3M" for 12,345,678 (the header keeps to a line; the exact figures go in its title).
 */
export function usageText(u: ViewUsage | ViewUsageTotals, short = false): string {
  const fmt = short ? (n: number) => compact.format(n) : exact;
  const parts = [`${fmt(u.input)} in`, `${fmt(u.output)} out`];
  const cache = [u.cacheRead ? `${fmt(u.cacheRead)} read` : "", u.cacheWrite ? `${fmt(u.cacheWrite)} write` : ""].filter(Boolean);
  if (cache.length) parts.push(`cache ${cache.join(" · ")}`);
  if (u.reasoning) parts.push(`${fmt(u.reasoning)} reasoning`);
  if (u.cost !== undefined) parts.push(`$${u.cost.toFixed(short ? 2 : 4)}`);
  return parts.join(" · ");
}

/** One response's recorded usage, as a tag under the message head. */
export function UsageTag({ usage }: { usage: ViewUsage }) {
  const title = `Usage the agent recorded for this response (not an estimate)${usage.model ? `; model ${usage.model}` : ""}`;
  return (
    <span className="tag tag-usage" data-usage-input={usage.input} data-usage-output={usage.output} title={title}>
      <Icon name="pulse" />
      <SafeText text={`recorded: ${usageText(usage)}`} />
    </span>
  );
}

/** The session's recorded totals, in the header beside the estimate. */
export function RecordedTotals({ totals }: { totals: ViewUsageTotals }) {
  return (
    <span
      className="recorded"
      data-responses={totals.responses}
      data-input={totals.input}
      data-output={totals.output}
      title={`Usage the agent recorded over ${exact(totals.responses)} response${totals.responses === 1 ? "" : "s"} in this file (every branch), not an estimate: ${usageText(totals)}`}
    >
      <Icon name="pulse" />
      <SafeText text={`recorded · ${usageText(totals, true)}`} />
    </span>
  );
}
