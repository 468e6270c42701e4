/**
 * One row of the list: the chain band's gutter, a message in each column, and the row's
 * findings once, across both columns.
 */
import { memo } from "react";
import type { FullTextState } from "../hooks/useFullTexts.js";
import { type Row, rowFindings } from "../model.js";
import { FindingCard } from "./FindingCard.js";
import type { RowHandlers } from "./handlers.js";
import { MessageCell } from "./MessageCell.js";
import { SafeText } from "./SafeText.js";

export const RowView = memo(function RowView({ row, index, start, slot, highlightLine, current, query, handlers, fullBefore, fullAfter, measure }: { row: Row; index: number; start: number; slot: number | undefined; highlightLine: number | null; current: boolean; query: string; handlers: RowHandlers; fullBefore?: FullTextState; fullAfter?: FullTextState; measure: (el: Element | null) => void }) {
  const hb = highlightLine !== null && row.before?.line === highlightLine;
  const ha = highlightLine !== null && row.after?.line === highlightLine;
  const findings = rowFindings(row);
  const classes = ["row"];
  if (slot !== undefined) classes.push("banded", `band-${slot}`);
  if (row.bandStart) classes.push("band-start");
  if (row.bandEnd) classes.push("band-end");
  if (hb || ha) classes.push("highlight");
  if (current) classes.push("current-match");
  return (
    <div ref={measure} data-index={index} data-key={row.key} className={classes.join(" ")} data-band={row.band} style={{ transform: `translateY(${start}px)` }}>
      <div className="gutter">
        {row.band !== undefined && row.bandStart ? (
          <span className="band-label" title={`chain range ${row.band}`}>
            <SafeText text={row.band} />
          </span>
        ) : null}
      </div>
      <MessageCell m={row.before} side="before" highlighted={hb} query={query} handlers={handlers} full={fullBefore} />
      <MessageCell m={row.after} side="after" highlighted={ha} query={query} handlers={handlers} full={fullAfter} />
      {findings.length ? (
        <div className="findings">
          {findings.map((f, n) => (
            <FindingCard key={n} finding={f} query={query} handlers={handlers} />
          ))}
        </div>
      ) : null}
    </div>
  );
});

/** A row the source has not delivered yet (a windowed source fetches it). */
export function RowPlaceholder({ index, start, measure }: { index: number; start: number; measure: (el: Element | null) => void }) {
  return <div ref={measure} data-index={index} className="row loading" style={{ transform: `translateY(${start}px)` }} aria-busy="true" />;
}
