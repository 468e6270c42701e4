/** The Before and After column titles above the list. */
import { Icon } from "./Icon.js";

export function ColumnHeads() {
  return (
    <div className="colheads" aria-hidden="true">
      <div className="gutter" />
      <div className="colhead">
        <Icon name="history" /> Before <span className="sub">(context built from the branch)</span>
      </div>
      <div className="colhead">
        <Icon name="sparkle" /> After <span className="sub">(as rendered for the wire)</span>
      </div>
    </div>
  );
}
