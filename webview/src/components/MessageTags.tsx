/** The marks under a message's head: dropped (and why), synthetic, changed. */
import type { ViewMessage } from "../../../server/src/protocol/view.js";
import { dropReason } from "../viewFields.js";
import { Icon } from "./Icon.js";
import { CHANGED_LABEL, SYNTHETIC_LABEL } from "./labels.js";
import { SafeText } from "./SafeText.js";

export function MessageTags({ m, query }: { m: ViewMessage; query?: string }) {
  const drop = dropReason(m);
  if (!drop && !m.synthetic && !m.changed) return null;
  return (
    <div className="tags">
      {drop ? (
        <span className="tag tag-dropped" data-dropped-by={drop.text} data-drop-kind={drop.kind}>
          <Icon name="circle-slash" />
          dropped · <SafeText text={drop.text} query={query} />
        </span>
      ) : null}
      {m.synthetic ? (
        <span className="tag tag-synthetic" data-synthetic={m.synthetic}>
          <Icon name="sparkle" />
          synthetic · {SYNTHETIC_LABEL[m.synthetic] ?? m.synthetic}
        </span>
      ) : null}
      {m.changed ? (
        <span className="tag tag-changed" data-changed={m.changed}>
          <Icon name={CHANGED_LABEL[m.changed]?.[0] ?? "edit"} />
          {CHANGED_LABEL[m.changed]?.[1] ?? m.changed}
        </span>
      ) : null}
    </div>
  );
}
