/**
 * What the agent recorded it sent (OpenClaw's trajectory: its last `context.compiled`), as the
 * server listed it: one row per message, role, ids and the start of its text, all as text. Folded
 * by default (a native disclosure: keyboard and screen readers work as they do everywhere).
 */
import type { ViewRecorded } from "../../../server/src/protocol/view.js";
import { fmt } from "../format.js";
import { SafeText } from "./SafeText.js";

export function RecordedList({ recorded }: { recorded: ViewRecorded }) {
  const more = recorded.recorded - recorded.messages.length;
  return (
    <details className="recorded-list">
      <summary>
        <SafeText text={`${recorded.label}: the ${fmt(recorded.recorded)} messages it recorded it sent`} />
      </summary>
      {/* Scrolls on its own: focusable, so the keyboard scrolls it too. */}
      <ol tabIndex={0} aria-label={`${recorded.label}: recorded messages`}>
        {recorded.messages.map((m, i) => (
          <li key={i} data-role={m.role}>
            <span className="recorded-role">
              <SafeText text={m.role} />
            </span>
            {m.ids.length ? (
              <span className="recorded-ids">
                {" "}
                <SafeText text={m.ids.join(", ")} />
              </span>
            ) : null}
            {m.preview ? (
              <span className="recorded-preview">
                {" "}
                <SafeText text={m.preview} />
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      {more > 0 ? <p className="recorded-more">{`${fmt(more)} more not listed`}</p> : null}
    </details>
  );
}
