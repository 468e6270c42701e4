/**
 * One row of the grid: the chain band's gutter (decorative), a message in each column (with the
 * results of its calls in its cards), and the row's findings once, in a third cell. A fold of
 * unchanged rows (changes only) is a row with one cell.
 */
import { memo } from "react";
import type { FullTextState } from "../hooks/useFullTexts.js";
import { type Row, rowFindings, sideResults } from "../model.js";
import { findingsText } from "./describe.js";
import { FindingCard } from "./FindingCard.js";
import type { RowHandlers } from "./handlers.js";
import { type FullContentState, MessageCell } from "./MessageCell.js";
import { fmt } from "../format.js";
import { SafeText } from "./SafeText.js";
import { LineButton } from "../content/Content.js";
import { Icon } from "./Icon.js";

export interface RowProps {
  row: Row;
  index: number;
  start: number;
  slot: number | undefined;
  highlightLine: number | null;
  current: boolean;
  /** Column (1-3) of the grid's tab stop when it is in this row, else 0. */
  focusCol: number;
  query: string;
  handlers: RowHandlers;
  fullBefore?: FullTextState;
  fullAfter?: FullTextState;
  contentBefore?: FullContentState;
  contentAfter?: FullContentState;
  open: ReadonlySet<string>;
  measure: (el: Element | null) => void;
}

export const RowView = memo(function RowView({ row, index, start, slot, highlightLine, current, focusCol, query, handlers, fullBefore, fullAfter, contentBefore, contentAfter, open, measure }: RowProps) {
  if (row.fold) {
    const f = row.fold;
    return (
      <div ref={measure} role="row" aria-rowindex={index + 2} data-index={index} data-key={row.key} className="row fold" style={{ transform: `translateY(${start}px)` }}>
        <div className="gutter" aria-hidden="true" />
        <div className="cell fold-cell" role="gridcell" aria-colindex={1} aria-colspan={3} tabIndex={focusCol ? 0 : -1} data-fold-rows={f.rows} data-fold-messages={f.messages}>
          <span className="fold-text">
            {fmt(f.messages)} unchanged message{f.messages === 1 ? "" : "s"}
          </span>
          <button type="button" className="fold-show" tabIndex={-1} onClick={() => handlers.showFold(f.firstKey)}>
            Show them
          </button>
        </div>
      </div>
    );
  }
  if (row.compaction) {
    const c = row.compaction;
    const tokens = `${c.tokensBefore ? fmt(c.tokensBefore.tokens) : "?"} → ${c.tokensAfter ? fmt(c.tokensAfter.tokens) : "?"} tokens`;
    return (
      <div ref={measure} role="row" aria-rowindex={index + 2} data-index={index} data-key={row.key} className={`row compaction${highlightLine === c.line ? " highlight" : ""}`} style={{ transform: `translateY(${start}px)` }}>
        <div className="gutter" aria-hidden="true" />
        <div className="cell compaction-cell" role="gridcell" aria-colindex={1} aria-colspan={3} tabIndex={focusCol ? 0 : -1} data-line={c.line}>
          <span className="visually-hidden">
            <SafeText text={c.summary} />
          </span>
          <span className="compaction-head" aria-hidden="true">
            <Icon name="fold" />
            <span className="compaction-title">
              Compaction{c.trigger ? " (" : ""}
              {c.trigger ? <SafeText text={c.trigger} /> : null}
              {c.trigger ? ")" : ""}
            </span>
            {c.tokensBefore || c.tokensAfter ? (
              <span className="compaction-tokens" title="recorded tokens of the context before and after">
                {tokens}
              </span>
            ) : null}
          </span>
          <span className="where">
            <LineButton line={c.line} handlers={handlers} />
          </span>
          <span className="compaction-detail" aria-hidden="true">
            <SafeText text={c.summary} />
          </span>
        </div>
      </div>
    );
  }
  const hb = highlightLine !== null && [row.before, ...sideResults(row, "before")].some((m) => m?.line === highlightLine);
  const ha = highlightLine !== null && [row.after, ...sideResults(row, "after")].some((m) => m?.line === highlightLine);
  const findings = rowFindings(row);
  const classes = ["row"];
  if (slot !== undefined) classes.push("banded", `band-${slot}`);
  if (row.bandStart) classes.push("band-start");
  if (row.bandEnd) classes.push("band-end");
  if (hb || ha) classes.push("highlight");
  if (current) classes.push("current-match");
  return (
    <div ref={measure} role="row" aria-rowindex={index + 2} data-index={index} data-key={row.key} className={classes.join(" ")} data-band={row.band} style={{ transform: `translateY(${start}px)` }}>
      <div className="gutter" aria-hidden="true">
        {row.band !== undefined && row.bandStart ? (
          <span className="band-label" title={`chain range ${row.band}`}>
            <SafeText text={row.band} />
          </span>
        ) : null}
      </div>
      <MessageCell m={row.before} other={row.after} side="before" results={sideResults(row, "before")} highlighted={hb} highlightLine={hb ? highlightLine : null} tabbable={focusCol === 1} query={query} handlers={handlers} full={fullBefore} fullContent={contentBefore} open={open} />
      <MessageCell m={row.after} other={row.before} side="after" results={sideResults(row, "after")} highlighted={ha} highlightLine={ha ? highlightLine : null} tabbable={focusCol === 2} query={query} handlers={handlers} full={fullAfter} fullContent={contentAfter} open={open} />
      {findings.length ? (
        <div className="findings" role="gridcell" aria-colindex={3} tabIndex={focusCol === 3 ? 0 : -1}>
          <span className="visually-hidden">{`Findings of this row: ${findingsText(findings)}.`}</span>
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
  return (
    <div ref={measure} role="row" aria-rowindex={index + 2} data-index={index} className="row loading" style={{ transform: `translateY(${start}px)` }} aria-busy="true">
      <div className="cell" role="gridcell" aria-colindex={1}>
        <span className="visually-hidden">Loading</span>
      </div>
    </div>
  );
}
