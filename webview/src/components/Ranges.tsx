/**
 * The ranges bar: resolved chain chips (jump to the band), unresolved ranges, finding counts.
 * A long session can hold hundreds of ranges: the bar shows the first few of each kind and a
 * "+N more" toggle, so the header stays short and quick to draw.
 */
import { type KeyboardEvent, memo, useState } from "react";
import type { ViewRange } from "../../../server/src/protocol/view.js";
import { fmt } from "../format.js";
import type { ViewSummary } from "../rowSource.js";
import { FindingCounts } from "./FindingCounts.js";
import { Icon } from "./Icon.js";
import { SafeText } from "./SafeText.js";

/** Arrow keys move between the buttons of a list (one Tab stop for the list: the focused one). */
export function rovingKeys(e: KeyboardEvent<HTMLElement>) {
  const keys: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  if (!(e.key in keys) && e.key !== "Home" && e.key !== "End") return;
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>("button")];
  const i = buttons.indexOf(e.target as HTMLButtonElement);
  if (i < 0) return;
  e.preventDefault();
  const next = e.key === "Home" ? 0 : e.key === "End" ? buttons.length - 1 : (i + keys[e.key] + buttons.length) % buttons.length;
  buttons.forEach((b, n) => (b.tabIndex = n === next ? 0 : -1));
  buttons[next].focus();
}

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
        <div className="chips">
          <span className="label" id="chips-label">
            Chains
          </span>
          <div className="chip-list" role="list" aria-labelledby="chips-label" onKeyDown={rovingKeys}>
            {chips.map((r, n) => (
              <span key={`r${n}`} role="listitem" className="chip-item">
                <button type="button" tabIndex={n === 0 ? 0 : -1} className={`chip band-${slots.get(r.blockId) ?? 0}`} data-range={r.blockId} title={`${r.kind} range ${r.blockId}, defined on line ${r.line}`} onClick={() => onJump(r)}>
                  <span className="swatch" />
                  <span className="chip-id">
                    <SafeText text={r.blockId} />
                  </span>
                  <span className="chip-rest">
                    {" "}
                    · {r.dropped} dropped · L{r.line}
                  </span>
                </button>
              </span>
            ))}
          </div>
          {resolved.length > COLLAPSED_RANGES ? <MoreToggle expanded={allChips} hidden={resolved.length - COLLAPSED_RANGES} onToggle={() => setAllChips(!allChips)} /> : null}
          {unlisted && allChips ? (
            <span className="label ranges-unlisted" title="The inspector lists the first ranges only; the bands show every range in the rows">
              and {fmt(unlisted)} more ranges not listed
            </span>
          ) : null}
        </div>
      ) : null}
      {unresolved.length ? (
        <div className="unresolved">
          <Icon name="warning" />
          <span className="label" id="unresolved-label">
            Unresolved
          </span>
          <div className="unresolved-list" role="list" aria-labelledby="unresolved-label">
          {items.map((r, n) => (
            <span key={`u${n}`} role="listitem" className="unresolved-item" data-range={r.blockId}>
              <b>
                <SafeText text={r.blockId} />
              </b>{" "}
              (L{r.line}): <SafeText text={r.reason ?? "unresolved"} />
            </span>
          ))}
          </div>
          {unresolved.length > COLLAPSED_RANGES ? <MoreToggle expanded={allUnresolved} hidden={unresolved.length - COLLAPSED_RANGES} onToggle={() => setAllUnresolved(!allUnresolved)} /> : null}
        </div>
      ) : null}
      {counts.length ? <FindingCounts counts={counts} /> : null}
    </div>
  );
});
