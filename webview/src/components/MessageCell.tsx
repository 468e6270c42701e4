/**
 * One message in its column, a grid cell (issue 23): head (role, tools, ids, time, the line as a
 * button, tokens, raw text), marks, and the content drawn (Markdown, cards, diffs: content/). The
 * cell is one focus stop of the grid (arrow keys move between cells, Enter reaches its controls:
 * useGridFocus.ts); its name says the column, role, line, state and findings.
 */
import { memo } from "react";
import type { ViewContent, ViewMessage } from "../../../server/src/protocol/view.js";
import { Blocks, LineButton, ResultPart } from "../content/Content.js";
import { fmt, toolSummary } from "../format.js";
import type { FullTextState } from "../hooks/useFullTexts.js";
import { clockTime, dropReason, messageTime, toolNames } from "../viewFields.js";
import { describeEmpty, describeMessage } from "./describe.js";
import type { RowHandlers } from "./handlers.js";
import { Icon } from "./Icon.js";
import { IdChip } from "./IdChip.js";
import { ROLE_ICONS, worstSeverity } from "./labels.js";
import { MessageTags } from "./MessageTags.js";
import { SafeText } from "./SafeText.js";
import { Subagents } from "./Subagents.js";

const MAX_IDS = 3;

export interface CellProps {
  m: ViewMessage | undefined;
  /** The message on the other side (for an empty cell's name). */
  other?: ViewMessage;
  side: "before" | "after";
  /** The results in this row's card on this side. */
  results?: ViewMessage[];
  highlighted: boolean;
  /** The selected file line (a card whose result it is shows open). */
  highlightLine?: number | null;
  /** The grid's one tab stop. */
  tabbable: boolean;
  query?: string;
  handlers: RowHandlers;
  /** The raw text, when shown. */
  full?: FullTextState;
  /** The whole content, when asked for (the row carries the first part). */
  fullContent?: FullContentState;
  open: ReadonlySet<string>;
}

export type FullContentState = { status: "loading" } | { status: "missing" } | { status: "shown"; content: ViewContent };

export const MessageCell = memo(function MessageCell({ m, other, side, results, highlighted, highlightLine, tabbable, query, handlers, full, fullContent, open }: CellProps) {
  const col = side === "before" ? 1 : 2;
  if (!m)
    return (
      <div className={`cell empty ${side}`} role="gridcell" aria-colindex={col} tabIndex={tabbable ? 0 : -1} data-side={side}>
        <span className="visually-hidden cell-summary">{describeEmpty(side, other)}</span>
      </div>
    );
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
  const content = fullContent?.status === "shown" ? fullContent.content : m.content;
  const cut = m.content?.cut === true;
  return (
    <div className={classes.join(" ")} data-key={m.key} data-line={m.line ?? undefined} data-role={m.role} data-side={side} role="gridcell" aria-colindex={col} tabIndex={tabbable ? 0 : -1}>
      {/* read first when the cell is focused: column, role, line, state, findings (no aria-label: the name keeps the visible text) */}
      <span className="visually-hidden cell-summary">{`${describeMessage(m, side, results)}.`}</span>
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
          <LineButton line={m.line} handlers={handlers} />
          <span className="tokens" title="estimated tokens">
            ~{fmt(m.tokens)} tok
          </span>
          <button
            type="button"
            className="expand"
            tabIndex={-1}
            aria-pressed={!!full}
            title={full ? "Show the message drawn" : "Show the raw text"}
            aria-label={full ? "Show the message drawn" : "Show the raw text"}
            onClick={() => handlers.toggleFullText(side, m.key)}
          >
            <Icon name={full ? "preview" : "code"} />
          </button>
        </span>
      </div>
      <MessageTags m={m} query={query} column={side} />
      <Subagents m={m} side={side} handlers={handlers} open={open} query={query} />
      {full ? (
        <FullText state={full} query={query} />
      ) : (
        <div className="preview">
          {content ? (
            <Blocks content={content} side={side} msgKey={m.key} results={results} query={query} handlers={handlers} open={open} highlightLine={highlightLine} />
          ) : (
            <>
              {/* a view without content (none was sent): the preview, and the card's results under it */}
              <SafeText text={m.preview || "(empty)"} query={query} />
              {results?.map((r) => <ResultPart key={r.key} r={r} side={side} query={query} handlers={handlers} />)}
            </>
          )}
          {cut ? (
            <button type="button" className="show-all" tabIndex={-1} onClick={() => handlers.toggleFullContent(side, m.key)}>
              {fullContent?.status === "shown" ? "Show less" : fullContent?.status === "loading" ? "Loading…" : "Show all"}
            </button>
          ) : null}
          {fullContent?.status === "missing" ? <div className="content-note">The whole message is not available: the file changed since this row was drawn.</div> : null}
        </div>
      )}
    </div>
  );
});

/** The raw text: loading, gone, or the text (cut by the server past its bound, and said so). */
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
