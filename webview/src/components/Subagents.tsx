/**
 * The subagents a message's calls ran (issue 23 item 4), each a group that opens in place:
 * Claude Code 2.0's subagent lines in the session file (their messages are in the view), or a
 * transcript of its own (Claude Code 2.1's `subagents/agent-<id>.jsonl`, Codex's child rollout):
 * its first messages asked of the server when the group opens, and a button that opens the file
 * with its inspector. Everything from the transcript is drawn as text.
 */
import { useEffect, useState } from "react";
import type { ViewMessage, ViewSidechain, ViewSubagent } from "../../../server/src/protocol/view.js";
import type { SubagentAnswer } from "../../../server/src/protocol/view-window.js";
import { LineButton } from "../content/Content.js";
import { fmt } from "../format.js";
import type { RowHandlers } from "./handlers.js";
import { Icon } from "./Icon.js";
import { SafeText } from "./SafeText.js";

const plural = (n: number, one: string, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`;

type Listed = { role: string; preview: string; line: number | null; toolNames?: string[] };

function MessageList({ messages, handlers, query }: { messages: Listed[]; handlers: RowHandlers; query?: string }) {
  return (
    <ol className="subagent-messages">
      {messages.map((m, i) => (
        <li key={i} className={`subagent-message role-${/^[A-Za-z]+$/.test(m.role) ? m.role : "other"}`} data-line={m.line ?? undefined}>
          <span className="subagent-role">
            <SafeText text={m.role} />
          </span>
          {m.toolNames?.length ? (
            <span className="subagent-tools">
              <Icon name="tools" />
              <SafeText text={m.toolNames.join(", ")} query={query} />
            </span>
          ) : null}
          <span className="subagent-preview">
            <SafeText text={m.preview || "(empty)"} query={query} />
          </span>
          {m.line !== null ? <LineButton line={m.line} handlers={handlers} /> : null}
        </li>
      ))}
    </ol>
  );
}

/** A group of a few parts: a summary line (the group's tag) and a body laid out only when open. */
function Group({ id, open, handlers, className, summary, label, children, data }: { id: string; open: boolean; handlers: RowHandlers; className: string; summary: React.ReactNode; label: string; children: React.ReactNode; data?: Record<string, string | undefined> }) {
  return (
    <details className={`subagent ${className}`} open={open} data-fold={id} {...data} onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open !== open && handlers.setOpen(id, (e.currentTarget as HTMLDetailsElement).open)}>
      <summary tabIndex={-1}>
        <span className="visually-hidden">{label}: </span>
        {summary}
      </summary>
      <div className="fold-body" hidden={!open}>
        {children}
      </div>
    </details>
  );
}

function InFile({ g, id, open, handlers, query }: { g: ViewSidechain; id: string; open: boolean; handlers: RowHandlers; query?: string }) {
  const first = g.lines[0];
  const last = g.lines[g.lines.length - 1];
  return (
    <Group
      id={id}
      open={open}
      handlers={handlers}
      className="sidechain"
      label="Subagent lines in this file, not in the context"
      summary={
        <span className="tag tag-sidechain" data-sidechain={g.lines.join(",")} title={`Subagent lines, not in the context: ${g.messages.map((x) => `L${x.line ?? "?"} ${x.role}`).join(", ")}`}>
          <Icon name="type-hierarchy-sub" />
          subagent · {plural(g.messages.length, "message")} (lines {first}–{last})
        </span>
      }
    >
      <MessageList messages={g.messages.map((m) => ({ role: m.role, preview: m.preview, line: m.line, toolNames: m.toolNames }))} handlers={handlers} query={query} />
    </Group>
  );
}

type Loaded = { status: "loading" } | { status: "shown"; answer: SubagentAnswer } | { status: "missing" };

function OwnFile({ r, id, open, handlers, query }: { r: ViewSubagent; id: string; open: boolean; handlers: RowHandlers; query?: string }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (!open || !r.file || loaded) return;
    setLoaded({ status: "loading" });
    void handlers.loadSubagent(r.toolCallId).then((a) => setLoaded(a ? { status: "shown", answer: a } : { status: "missing" }));
  }, [open, r.file, r.toolCallId, loaded, handlers]);
  const w = r.where;
  const expected = w.in === "session-folder" ? w.path[w.path.length - 1] : `${w.prefix}…${w.suffix}`;
  const name = r.file ?? expected;
  return (
    <Group
      id={id}
      open={open}
      handlers={handlers}
      className="own-file"
      label={r.file ? "Subagent with a transcript of its own" : "Subagent whose transcript was not found"}
      data={{ "data-subagent": r.id, "data-subagent-file": r.file }}
      summary={
        <span className="tag tag-subagent">
          <Icon name="type-hierarchy-sub" />
          subagent{r.label ? <> · <SafeText text={r.label} /></> : null} · <SafeText text={name} />
          {r.file ? null : " · not found beside the session"}
        </span>
      }
    >
      {r.file ? (
        <>
          {loaded?.status === "loading" ? <div className="content-note" role="status">Reading the subagent&apos;s transcript…</div> : null}
          {loaded?.status === "missing" ? <div className="content-note">The transcript is gone: it was not found beside the session.</div> : null}
          {loaded?.status === "shown" ? (
            <>
              {loaded.answer.note ? <div className="content-note">{loaded.answer.note}</div> : null}
              <MessageList messages={loaded.answer.messages} handlers={handlers} query={query} />
              {loaded.answer.total > loaded.answer.messages.length ? <div className="content-note">The first {fmt(loaded.answer.messages.length)} of {plural(loaded.answer.total, "message")}.</div> : null}
            </>
          ) : null}
          <button type="button" className="tb-button open-subagent" tabIndex={-1} aria-label={`Open transcript ${name} with its inspector`} onClick={() => handlers.openSubagent(r.toolCallId)}>
            <Icon name="go-to-file" />
            Open transcript
          </button>
        </>
      ) : (
        <div className="content-note">
          {w.in === "session-folder" ? `${r.agent} keeps a subagent's transcript in the session's folder, ${w.path.join("/")}; it is not there.` : `${r.agent} keeps a subagent's transcript in its sessions folder, a file named ${expected}; none was found.`}
        </div>
      )}
    </Group>
  );
}

/** The subagent groups of a message (none: nothing drawn). */
export function Subagents({ m, side, handlers, open, query }: { m: ViewMessage; side: "before" | "after"; handlers: RowHandlers; open: ReadonlySet<string>; query?: string }) {
  const groups = m.sidechain ?? [];
  const own = m.subagents ?? [];
  if (groups.length === 0 && own.length === 0) return null;
  const id = (kind: string, n: number) => `${side}\u0000${m.key}\u0000${kind}${n}`;
  return (
    <div className="subagents">
      {groups.map((g, n) => (
        <InFile key={`g${n}`} g={g} id={id("side", n)} open={open.has(id("side", n))} handlers={handlers} query={query} />
      ))}
      {own.map((r, n) => (
        <OwnFile key={`f${n}`} r={r} id={id("agent", n)} open={open.has(id("agent", n))} handlers={handlers} query={query} />
      ))}
    </div>
  );
}
