/**
 * A message's content as typed blocks (issue 23; the server's ViewContent): Markdown, plain text
 * or a diff; thinking, collapsed; each tool call a card (collapsed to one line: tool, what it
 * works on, how it ended) holding its arguments pretty-printed, its edit or patch as a diff, and
 * its result from the card's row. Every text through SafeText; nothing as HTML.
 */
import { memo, type ReactNode } from "react";
import type { ViewBlock, ViewContent, ViewMessage } from "../../../server/src/protocol/view.js";
import type { RowHandlers } from "../components/handlers.js";
import { Icon } from "../components/Icon.js";
import { IdChip } from "../components/IdChip.js";
import { MessageTags } from "../components/MessageTags.js";
import { SafeText } from "../components/SafeText.js";
import { fmt } from "../format.js";
import { dropReason } from "../viewFields.js";
import { CodeBlock } from "./CodeBlock.js";
import { applyPatchDiff, DiffFiles, editDiff, unifiedDiff } from "./Diff.js";
import { ImageBlock } from "./ImageBlock.js";
import { Markdown } from "./Markdown.js";

type CallBlock = Extract<ViewBlock, { type: "toolCall" }>;

const ARG_KEYS = ["command", "cmd", "file_path", "path", "filePath", "pattern", "query", "url", "description", "prompt"];

/** What a call works on, in a few words: its command, path or query (from the pretty JSON the server sent). */
export function callSubject(b: CallBlock): string {
  if (b.edits?.length) return b.edits.map((e) => e.path ?? "edit").join(", ");
  if (b.patch) return applyPatchDiff(b.patch.text).map((f) => f.title).join(", ") || "patch";
  try {
    const v = JSON.parse(b.args) as unknown;
    if (v && typeof v === "object" && !Array.isArray(v)) {
      for (const k of ARG_KEYS) {
        const x = (v as Record<string, unknown>)[k];
        if (typeof x === "string" && x.trim()) return x.trim().split("\n")[0];
        if (Array.isArray(x) && x.every((s) => typeof s === "string")) return x.join(" ");
      }
    }
  } catch {
    /* not JSON: the text itself */
  }
  return b.args.trim().split("\n")[0] ?? "";
}

/** How a call's result ended, in a word or two (for the card's line). */
function resultStatus(r: ViewMessage | undefined, side: "before" | "after"): { text: string; kind: string } {
  if (!r) return side === "after" ? { text: "no result sent", kind: "none" } : { text: "no result here", kind: "none" };
  const drop = dropReason(r);
  if (drop) return { text: `result dropped · ${drop.text}`, kind: "dropped" };
  if (r.synthetic) return { text: "synthetic result", kind: "synthetic" };
  if (r.changed === "stubbed") return { text: "result stubbed", kind: "changed" };
  if (r.content?.isError) return { text: "error", kind: "error" };
  return { text: "result", kind: "ok" };
}

function Note({ children }: { children: ReactNode }) {
  return <div className="content-note">{children}</div>;
}

const cutNote = (shown: number, total: number | undefined) => (total !== undefined ? <Note>Shows the first {fmt(shown)} of {fmt(total)} characters.</Note> : null);

function TextBlock({ b, query }: { b: Extract<ViewBlock, { type: "text" }>; query?: string }) {
  let body: ReactNode;
  if (b.format === "markdown") body = <Markdown text={b.text} query={query} />;
  else {
    const files = b.format === "diff" ? unifiedDiff(b.text) : null;
    body = files ? (
      <DiffFiles files={files} query={query} cut={b.totalChars !== undefined} />
    ) : (
      <pre className="plain-text">
        <SafeText text={b.text || "(empty)"} query={query} />
      </pre>
    );
  }
  return (
    <>
      {body}
      {cutNote(b.text.length, b.totalChars)}
    </>
  );
}

/** A collapsible part (card, thinking), its open state kept by the page. */
function Fold({ id, open, handlers, className, summary, children, label }: { id: string; open: boolean; handlers: RowHandlers; className: string; summary: ReactNode; children: ReactNode; label: string }) {
  return (
    <details className={className} open={open} onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open !== open && handlers.setOpen(id, (e.currentTarget as HTMLDetailsElement).open)} data-fold={id}>
      <summary tabIndex={-1}>
        <span className="visually-hidden">{label}: </span>
        {summary}
      </summary>
      {/* in the DOM when closed (the marks inside stay readable), laid out only when open */}
      <div className="fold-body" hidden={!open}>
        {children}
      </div>
    </details>
  );
}

export function ResultPart({ r, side, query, handlers }: { r: ViewMessage; side: "before" | "after"; query?: string; handlers: RowHandlers }) {
  const classes = ["msg", "card-result", `role-${r.role}`];
  if (dropReason(r)) classes.push("dropped");
  if (r.synthetic) classes.push("synthetic");
  if (r.changed) classes.push("changed");
  return (
    <div className={classes.join(" ")} data-key={r.key} data-line={r.line ?? undefined} data-role={r.role} data-side={side}>
      <div className="card-result-head">
        <span className="card-result-title">Result</span>
        {r.toolNames?.length ? (
          <span className="card-result-tool">
            <SafeText text={r.toolNames.join(", ")} query={query} />
          </span>
        ) : null}
        {r.toolCallId !== undefined ? <IdChip id={r.toolCallId} query={query} /> : null}
        <LineButton line={r.line} handlers={handlers} />
        <span className="tokens" title="estimated tokens">
          ~{fmt(r.tokens)} tok
        </span>
      </div>
      <MessageTags m={r} query={query} column={side} />
      <div className="preview">{r.content ? <Blocks content={r.content} side={side} msgKey={r.key} query={query} handlers={handlers} open={new Set()} /> : <SafeText text={r.preview || "(empty)"} query={query} />}</div>
    </div>
  );
}

/** "L12": opens the line in the editor (a button; a synthetic message has no line). */
export function LineButton({ line, handlers }: { line: number | null; handlers: RowHandlers }) {
  if (line === null)
    return (
      <span className="line none" title="synthetic: not a line of the file">
        —
      </span>
    );
  return (
    <button type="button" className="line" tabIndex={-1} title={`Open line ${line} in the editor`} aria-label={`L${line}: open the line in the editor`} onClick={() => handlers.openLine(line)}>
      L{line}
    </button>
  );
}

function Card({ b, id, open, result, side, query, handlers }: { b: CallBlock; id: string; open: boolean; result: ViewMessage | undefined; side: "before" | "after"; query?: string; handlers: RowHandlers }) {
  const subject = callSubject(b);
  const status = resultStatus(result, side);
  const summary = (
    <>
      <Icon name="tools" />
      <span className="card-tool">
        <SafeText text={b.name} query={query} />
      </span>
      {subject ? (
        <span className="card-subject">
          <SafeText text={subject} query={query} />
        </span>
      ) : null}
      <span className={`card-status status-${status.kind}`}>{status.text}</span>
    </>
  );
  return (
    <Fold id={id} open={open} handlers={handlers} className={`card status-${status.kind}`} summary={summary} label="Tool call">
      {b.id ? (
        <div className="card-ids">
          <IdChip id={b.id} query={query} />
        </div>
      ) : null}
      {b.edits?.length ? <DiffFiles files={b.edits.map((e) => editDiff(e.path, e.before, e.after))} query={query} cut={b.edits.some((e) => e.cut)} /> : null}
      {b.patch ? <DiffFiles files={b.patch.kind === "apply" ? applyPatchDiff(b.patch.text) : (unifiedDiff(b.patch.text) ?? applyPatchDiff(b.patch.text))} query={query} cut={b.patch.cut} /> : null}
      {b.args ? <CodeBlock code={b.args} lang={/^[[{]/.test(b.args) ? "json" : undefined} query={query} label="Arguments" /> : null}
      {cutNote(b.args.length, b.totalChars)}
      {result ? <ResultPart r={result} side={side} query={query} handlers={handlers} /> : null}
    </Fold>
  );
}

/**
 * The blocks of one message. `results`: the results in the card's row on this side (a call's
 * result goes into its card); `open`: the keys of the cards and thinking blocks shown open;
 * `highlightLine`: the selected line (a card holding it shows open).
 */
export const Blocks = memo(function Blocks({ content, side, msgKey, results, query, handlers, open, highlightLine }: { content: ViewContent; side: "before" | "after"; msgKey: string; results?: ViewMessage[]; query?: string; handlers: RowHandlers; open: ReadonlySet<string>; highlightLine?: number | null }) {
  const byId = new Map((results ?? []).map((r) => [r.toolCallId, r]));
  return (
    <div className="blocks">
      {content.blocks.map((b, i) => {
        const id = `${side}\u0000${msgKey}\u0000${i}`;
        switch (b.type) {
          case "text":
            return <TextBlock key={i} b={b} query={query} />;
          case "thinking":
            return (
              <Fold key={i} id={id} open={open.has(id)} handlers={handlers} className="thinking" summary={<><Icon name="lightbulb" /> {b.redacted ? "Thinking (redacted)" : `Thinking · ${fmt(b.totalChars ?? b.text.length)} characters`}</>} label={b.redacted ? "Thinking, redacted" : "Thinking"}>
                <pre className="thinking-text">
                  <SafeText text={b.text || "(empty)"} query={query} />
                </pre>
                {cutNote(b.text.length, b.totalChars)}
              </Fold>
            );
          case "toolCall":
            // a card whose result is the selected line shows it open
            return <Card key={i} b={b} id={id} open={open.has(id) || (highlightLine != null && byId.get(b.id)?.line === highlightLine)} result={byId.get(b.id)} side={side} query={query} handlers={handlers} />;
          case "image":
            return <ImageBlock key={i} b={b} side={side} msgKey={msgKey} handlers={handlers} />;
          default:
            return (
              <div key={i} className="other-block">
                <span className="other-label">
                  <SafeText text={b.label} />
                </span>
                <pre className="plain-text">
                  <SafeText text={b.text} query={query} />
                </pre>
              </div>
            );
        }
      })}
      {content.cut && !content.blocks.some((b) => "totalChars" in b && b.totalChars !== undefined) ? <Note>Part of the message is left out here.</Note> : null}
    </div>
  );
});
