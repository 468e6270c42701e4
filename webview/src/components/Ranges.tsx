/**
 * The ranges bar: resolved chain chips (jump to the band), unresolved ranges, finding counts.
 * A long session can hold hundreds of ranges: the bar shows the first few of each kind and a
 * "+N more" toggle, so the header stays short and quick to draw.
 */
import { memo, useState } from "react";
import type { ViewRange } from "../../../server/src/protocol/view.js";
import { fmt } from "../format.js";
import type { ViewSummary } from "../rowSource.js";
import { FindingCounts } from "./FindingCounts.js";
import { Icon } from "./Icon.js";
import { SafeText } from "./SafeText.js";

/** Chips (or unresolved items) shown before "+N more". */
const COLLAPSED_RANGES = 12;

function MoreToggle({ expanded, hidden, onToggle }: { expanded: boolean; hidden: number; onToggle(): void }) {
  return (
    <button type="button" className="fcount-toggle ranges-toggle" aria-expanded={expanded} onClick={onToggle}>
      {expanded ? "fewer" : `+${fmt(hidden)} more`}
    </button>
  );
}

export const Ranges = memo(function Ranges({ summary, slots, onJump }: { summary: ViewSummary; slots: Map<string, number>; onJump(r: ViewRange): void }) {
  const [allChips, setAllChips] = useState(false);
  const [allUnresolved, setAllUnresolved] = useState(false);
  const resolved = summary.ranges.filter((r) => r.resolved);
  const unresolved = summary.ranges.filter((r) => !r.resolved);
  const counts = Object.entries(summary.findingCounts);
  if (!resolved.length && !unresolved.length && !counts.length) return null;
  // ranges past the summary's bound are counted, not listed
  const unlisted = Math.max(0, (summary.rangeCount ?? summary.ranges.length) - summary.ranges.length);
  const chips = allChips ? resolved : resolved.slice(0, COLLAPSED_RANGES);
  const items = allUnresolved ? unresolved : unresolved.slice(0, COLLAPSED_RANGES);
  return (
    <div className="ranges">
      {resolved.length ? (
        <div className="chips" role="list" aria-label="Chain ranges">
          <span className="label">Chains</span>
          {chips.map((r, n) => (
            <button key={`r${n}`} type="button" role="listitem" className={`chip band-${slots.get(r.blockId) ?? 0}`} data-range={r.blockId} title={`${r.kind} range ${r.blockId}, defined on line ${r.line}`} onClick={() => onJump(r)}>
              <span className="swatch" />
              <span className="chip-id">
                <SafeText text={r.blockId} />
              </span>
              <span className="chip-rest">
                {" "}
                · {r.dropped} dropped · L{r.line}
              </span>
            </button>
          ))}
          {resolved.length > COLLAPSED_RANGES ? <MoreToggle expanded={allChips} hidden={resolved.length - COLLAPSED_RANGES} onToggle={() => setAllChips(!allChips)} /> : null}
          {unlisted && allChips ? (
            <span className="label ranges-unlisted" title="The inspector lists the first ranges only; the bands show every range in the rows">
              and {fmt(unlisted)} more ranges not listed
            </span>
          ) : null}
        </div>
      ) : null}
      {unresolved.length ? (
        <div className="unresolved" role="list" aria-label="Unresolved ranges">
          <Icon name="warning" />
          <span className="label">Unresolved</span>
          {items.map((r, n) => (
            <span key={`u${n}`} role="listitem" className="unresolved-item" data-range={r.blockId}>
              <b>
                <SafeText text={r.blockId} />
              </b>{" "}
              (L{r.line}): <SafeText text={r.reason ?? "unresolved"} />
            </span>
          ))}
          {unresolved.length > COLLAPSED_RANGES ? <MoreToggle expanded={allUnresolved} hidden={unresolved.length - COLLAPSED_RANGES} onToggle={() => setAllUnresolved(!allUnresolved)} /> : null}
        </div>
      ) : null}
      {counts.length ? <FindingCounts counts={counts} /> : null}
    </div>
  );
});
