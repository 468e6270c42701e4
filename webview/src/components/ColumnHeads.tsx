/** The grid's header row: Before, After (and the findings column, named for screen readers). */
import { Icon } from "./Icon.js";

export function ColumnHeads() {
  return (
    <div className="colheads" role="row" aria-rowindex={1}>
      <div className="gutter" aria-hidden="true" />
      <div className="colhead" role="columnheader" aria-colindex={1}>
        <Icon name="history" /> Before <span className="sub">(context built from the branch)</span>
      </div>
      <div className="colhead" role="columnheader" aria-colindex={2}>
        <Icon name="sparkle" /> After <span className="sub">(as rendered for the wire)</span>
      </div>
      <div className="visually-hidden" role="columnheader" aria-colindex={3}>
        Findings
      </div>
    </div>
  );
}
