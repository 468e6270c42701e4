/** The summary line: before and after totals, the saving, the estimate note, format and pruner. */
import { memo } from "react";
import type { RenderView } from "../../../server/src/protocol/view.js";
import { fmt } from "../format.js";
import { savingPercent } from "../model.js";
import type { ViewSummary } from "../rowSource.js";
import { Icon } from "./Icon.js";
import { RecordedTotals } from "./RecordedUsage.js";
import { SafeText } from "./SafeText.js";

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

export const Totals = memo(function Totals({ summary }: { summary: ViewSummary }) {
  const { before, after, tokenizer } = summary.totals;
  const saved = before.tokens - after.tokens;
  const pct = savingPercent(before.tokens, after.tokens);
  return (
    <div className="totals" role="status">
      <Total side="before" label="Before" counts={before} />
      <Icon name="arrow-right" />
      <Total side="after" label="After" counts={after} />
      <div className={`total saving${saved < 0 ? " negative" : ""}`} data-total="saving" data-tokens={saved} data-percent={pct}>
        <span className="label">Saving</span>
        <span className="num">{fmt(saved)}</span> tokens (<span className="num">{pct}%</span>)
      </div>
      <span className="estimate" title="Token counts are estimates, not the provider's tokenizer">
        <Icon name="info" />
        estimate · <SafeText text={tokenizer} />
      </span>
      {summary.totals.recorded ? <RecordedTotals totals={summary.totals.recorded} /> : null}
      <span className="meta" data-after-model={summary.afterModel?.kind ?? summary.pruner} title={`format ${summary.format}; After: ${summary.afterModel?.label ?? `pruner ${summary.pruner}`}`}>
        <SafeText text={summary.format} /> · <SafeText text={summary.afterModel?.short ?? summary.pruner} />
      </span>
      {summary.unmatchedSidechain ? (
        <span className="meta sidechain-note" data-sidechain-groups={summary.unmatchedSidechain.groups.length} title={summary.unmatchedSidechain.groups.map((g) => `lines ${g.lines.join(", ")}`).join("\n")}>
          <Icon name="type-hierarchy-sub" />
          <SafeText text={`${summary.unmatchedSidechain.note} (${summary.unmatchedSidechain.groups.reduce((n, g) => n + g.lines.length, 0)} lines)`} />
        </span>
      ) : null}
    </div>
  );
});
