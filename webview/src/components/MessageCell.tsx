/**
 * One message in its column: head (role, tools, ids, time, line, tokens, expand), marks and
 * preview; expanded, the message's full text as the server sent it.
 */
import { memo } from "react";
import type { ViewMessage } from "../../../server/src/protocol/view.js";
import { fmt, toolSummary } from "../format.js";
import type { FullTextState } from "../hooks/useFullTexts.js";
import { clockTime, dropReason, messageTime, toolNames } from "../viewFields.js";
import type { RowHandlers } from "./handlers.js";
import { Icon } from "./Icon.js";
import { IdChip } from "./IdChip.js";
import { ROLE_ICONS, worstSeverity } from "./labels.js";
import { MessageTags } from "./MessageTags.js";
import { SafeText } from "./SafeText.js";

const MAX_IDS = 3;

export const MessageCell = memo(function MessageCell({ m, side, highlighted, query, handlers, full }: { m: ViewMessage | undefined; side: "before" | "after"; highlighted: boolean; query?: string; handlers: RowHandlers; full?: FullTextState }) {
  if (!m) return <div className={`cell empty ${side}`} aria-hidden="true" />;
  const ids = m.toolCallIds ?? (m.toolCallId !== undefined ? [m.toolCallId] : []);
  const tools = toolNames(m);
  const classes = ["cell", "msg", side, `role-${/^[A-Za-z]+$/.test(m.role) ? m.role : "other"}`];
  if (dropReason(m)) classes.push("dropped");
  if (m.synthetic) classes.push("synthetic");
  if (m.changed) classes.push("changed");
  if (m.findings.length) classes.push("flagged", `worst-${worstSeverity(m.findings)}`);
  if (highlighted) classes.push("highlight");
  if (full) classes.push("expanded");
  const time = messageTime(m);
  const open = () => {
    if (m.line !== null) handlers.openLine(m.line);
  };
  return (
    <div
      className={classes.join(" ")}
      data-key={m.key}
      data-line={m.line ?? undefined}
      data-role={m.role}
      data-side={side}
      role="button"
      tabIndex={0}
      aria-label={`${side} ${m.role}${m.line !== null ? ` line ${m.line}` : ""}`}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          open();
        }
      }}
    >
      <div className="head">
        <span className="who">
          <Icon name={ROLE_ICONS[m.role] ?? "comment"} />
          <span className="role">
            <SafeText text={m.role} query={query} />
          </span>
        </span>
        {tools.length ? (
          <span className="tool" title={tools.join(", ")}>
            <Icon name="tools" />
            <span className="tool-names">
              <SafeText text={toolSummary(tools)} query={query} />
            </span>
          </span>
        ) : null}
        {ids.length ? (
          <span className="ids">
            {ids.slice(0, MAX_IDS).map((id, n) => (
              <IdChip key={n} id={id} query={query} />
            ))}
            {ids.length > MAX_IDS ? (
              <span className="id more" title={ids.join("\n")}>
                +{ids.length - MAX_IDS}
              </span>
            ) : null}
          </span>
        ) : null}
        <span className="where">
          {time ? (
            <time className="time" dateTime={time.toISOString()} title={time.toString()}>
              {clockTime(time)}
            </time>
          ) : null}
          {m.line !== null ? (
            <span className="line" title={`file line ${m.line}`}>
              L{m.line}
            </span>
          ) : (
            <span className="line none" title="synthetic: not a line of the file">
              —
            </span>
          )}
          <span className="tokens" title="estimated tokens">
            ~{fmt(m.tokens)} tok
          </span>
          <button
            type="button"
            className="expand"
            aria-expanded={!!full}
            title={full ? "Show the preview only" : "Show the full text"}
            aria-label={full ? "Show the preview only" : "Show the full text"}
            onClick={(e) => {
              e.stopPropagation();
              handlers.toggleFullText(side, m.key);
            }}
            onKeyDown={(e) => e.stopPropagation()}
          >
            <Icon name={full ? "fold-up" : "unfold"} />
          </button>
        </span>
      </div>
      <MessageTags m={m} query={query} column={side} />
      {full ? (
        <FullText state={full} query={query} />
      ) : (
        <div className="preview">
          <SafeText text={m.preview || "(empty)"} query={query} />
        </div>
      )}
    </div>
  );
});

/** The expanded text: loading, gone, or the text (cut by the server past its bound, and said so). */
function FullText({ state, query }: { state: FullTextState; query?: string }) {
  if (state.status === "loading")
    return (
      <div className="fulltext-note" role="status">
        Loading the full text…
      </div>
    );
  if (state.status === "missing")
    return (
      <div className="fulltext-note" role="status">
        The full text is not available: the file changed since this row was drawn.
      </div>
    );
  const a = state.answer;
  return (
    <div className="fulltext-wrap">
      <pre className="fulltext" data-chars={a.text.length}>
        <SafeText text={a.text || "(empty)"} query={query} />
      </pre>
      {a.totalChars !== undefined ? (
        <div className="fulltext-note" data-total-chars={a.totalChars}>
          Shows the first {fmt(a.text.length)} of {fmt(a.totalChars)} characters. Open the line in the editor for the rest.
        </div>
      ) : null}
    </div>
  );
}
