/** The marks under a message's head: dropped (and why), synthetic, changed, recorded usage (subagents: Subagents.tsx). */
import type { ViewMessage } from "../../../server/src/protocol/view.js";
import { dropReason } from "../viewFields.js";
import { Icon } from "./Icon.js";
import { CHANGED_LABEL, SYNTHETIC_LABEL } from "./labels.js";
import { UsageTag } from "./RecordedUsage.js";
import { SafeText } from "./SafeText.js";

/** Recorded usage shows in the before column only (once per row: it belongs to the response, not to a side). */
export function MessageTags({ m, query, column }: { m: ViewMessage; query?: string; column?: "before" | "after" }) {
  const drop = dropReason(m);
  const usage = column !== "after" ? m.usage : undefined;
  if (!drop && !m.synthetic && !m.changed && !usage) return null;
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
      {usage ? <UsageTag usage={usage} /> : null}
    </div>
  );
}
