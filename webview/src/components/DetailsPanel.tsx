/** The Details panel: what the numbers are, recorded usage, the provider's verdict, ranges and finding counts. */
import type { ViewRange } from "../../../server/src/protocol/view.js";
import { fmt } from "../format.js";
import type { ViewSummary } from "../rowSource.js";
import { Icon } from "./Icon.js";
import { ProviderBadge } from "./ProviderBadge.js";
import { Ranges } from "./Ranges.js";
import { RecordedList } from "./RecordedList.js";
import { RecordedTotals } from "./RecordedUsage.js";
import { SafeText } from "./SafeText.js";

/** What the Details button says is inside: "2 chains · 1 unresolved · 9 findings". */
export function detailsLabel(summary: ViewSummary): string {
  const chains = summary.ranges.filter((r) => r.resolved).length;
  const unresolved = summary.ranges.filter((r) => !r.resolved).length;
  const findings = Object.values(summary.findingCounts).reduce((n, c) => n + c, 0);
  const parts = [];
  const target = summary.provider?.verdicts.find((v) => v.name === summary.provider?.target);
  if (target?.rejects) parts.push(`${target.label} would reject`);
  if (chains) parts.push(`${fmt(chains)} chain${chains === 1 ? "" : "s"}`);
  if (unresolved) parts.push(`${fmt(unresolved)} unresolved`);
  if (findings) parts.push(`${fmt(findings)} finding${findings === 1 ? "" : "s"}`);
  return parts.length ? parts.join(" · ") : "Details";
}

export function DetailsPanel({ summary, slots, onJump, onProvider, hidden }: { summary: ViewSummary; slots: Map<string, number>; onJump(r: ViewRange): void; onProvider(name: string): void; hidden: boolean }) {
  return (
    <div className="panel details-panel" id="panel-details" hidden={hidden}>
      <div className="meta-line">
        <span className="estimate" title="Token counts are estimates, not the provider's tokenizer">
          <Icon name="info" />
          estimate · <SafeText text={summary.totals.tokenizer} />
        </span>
        {summary.totals.recorded ? <RecordedTotals totals={summary.totals.recorded} /> : null}
        <span className="meta" data-after-model={summary.afterModel?.kind ?? summary.pruner} title={`format ${summary.format}; After: ${summary.afterModel?.label ?? `pruner ${summary.pruner}`}`}>
          <SafeText text={summary.format} /> · <SafeText text={summary.afterModel?.short ?? summary.pruner} />
        </span>
        {summary.version === null ? (
          <span className="meta disk-note" title={'VS Code does not give this file\'s text to extensions (its editor shows the "very large file" notice, or the file is not open in an editor): the language server reads it from disk. The inspector and the problems work; hovers, navigation and quick fixes need the file open in a text editor.'}>
            <Icon name="file" />
            read from the file on disk: no hovers, navigation or quick fixes for it
          </span>
        ) : null}
        {summary.recorded ? (
          <span className="meta recorded-note" data-recorded={summary.recorded.agrees ? "agrees" : "differs"} title={`${summary.recorded.file}, line ${summary.recorded.recordLine}${summary.recorded.at ? `, ${summary.recorded.at}` : ""}`}>
            <Icon name={summary.recorded.agrees ? "pass" : "warning"} />
            <SafeText text={summary.recorded.summary} />
          </span>
        ) : null}
        {summary.unmatchedSidechain ? (
          <span className="meta sidechain-note" data-sidechain-groups={summary.unmatchedSidechain.groups.length} title={summary.unmatchedSidechain.groups.map((g) => `lines ${g.lines.join(", ")}`).join("\n")}>
            <Icon name="type-hierarchy-sub" />
            <SafeText text={`${summary.unmatchedSidechain.note} (${summary.unmatchedSidechain.groups.reduce((n, g) => n + g.lines.length, 0)} lines)`} />
          </span>
        ) : null}
      </div>
      {summary.recorded ? <RecordedList recorded={summary.recorded} /> : null}
      <ProviderBadge provider={summary.provider} onSelect={(p) => p && onProvider(p)} />
      <Ranges summary={summary} slots={slots} onJump={onJump} />
    </div>
  );
}
