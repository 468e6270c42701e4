/** The ranges bar: resolved chain chips (jump to the band), unresolved ranges, finding counts. */
import type { ViewRange } from "../../../server/src/protocol/view.js";
import type { ViewSummary } from "../rowSource.js";
import { FindingCounts } from "./FindingCounts.js";
import { Icon } from "./Icon.js";
import { SafeText } from "./SafeText.js";

export function Ranges({ summary, slots, onJump }: { summary: ViewSummary; slots: Map<string, number>; onJump(r: ViewRange): void }) {
  const resolved = summary.ranges.filter((r) => r.resolved);
  const unresolved = summary.ranges.filter((r) => !r.resolved);
  const counts = Object.entries(summary.findingCounts);
  if (!resolved.length && !unresolved.length && !counts.length) return null;
  return (
    <div className="ranges">
      {resolved.length ? (
        <div className="chips" role="list" aria-label="Chain ranges">
          <span className="label">Chains</span>
          {resolved.map((r, n) => (
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
        </div>
      ) : null}
      {unresolved.length ? (
        <div className="unresolved" role="list" aria-label="Unresolved ranges">
          <Icon name="warning" />
          <span className="label">Unresolved</span>
          {unresolved.map((r, n) => (
            <span key={`u${n}`} role="listitem" className="unresolved-item" data-range={r.blockId}>
              <b>
                <SafeText text={r.blockId} />
              </b>{" "}
              (L{r.line}): <SafeText text={r.reason ?? "unresolved"} />
            </span>
          ))}
        </div>
      ) : null}
      {counts.length ? <FindingCounts counts={counts} /> : null}
    </div>
  );
}
