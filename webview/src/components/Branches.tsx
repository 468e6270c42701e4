/**
 * Hidden parts (issue 23 item 4): what the view of one branch leaves out, said under the totals,
 * and the branch and root picker (the Branches panel): every conversation (root) of the file with
 * its branches, their counts, where each leaves the shown branch and its last prompt; a button
 * shows one. The server computes the lists (presentation/view-branches.ts); the page draws them.
 */
import type { ViewBranch, ViewBranches } from "../../../server/src/protocol/view.js";
import { fmt } from "../format.js";
import { clockTime } from "../viewFields.js";
import { Icon } from "./Icon.js";
import { SafeText } from "./SafeText.js";

const plural = (n: number, one: string, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`;

/** Whether the picker has anything to offer: another branch or conversation, or a view of another branch than the agent's. */
export function hasBranches(b: ViewBranches | undefined): b is ViewBranches {
  return !!b && (b.branchCount > 1 || b.conversationCount > 1 || b.shownLeaf !== b.activeLeaf);
}

/** The toolbar button's label: "Branches (3)". */
export function branchesLabel(b: ViewBranches): string {
  return `Branches (${fmt(b.branchCount)})`;
}

/** "206 messages not shown: 1 other conversation, 2 other branches". */
export function leftOutText(b: ViewBranches): string {
  const l = b.leftOut;
  const where: string[] = [];
  if (l.conversations) where.push(`${plural(l.conversations, "other conversation")}`);
  if (l.branches) where.push(`${plural(l.branches, "other branch", "other branches")}`);
  let text = `${plural(l.messages, "message")} of this file not shown${where.length ? `: ${where.join(", ")}` : ""}`;
  if (l.uncounted) text += ` (${plural(l.uncounted, "more leaf", "more leaves")} not counted)`;
  return text;
}

/** The line under the totals: which branch this is, and what the view leaves out. */
export function BranchNote({ branches, onShow, onOpenPanel }: { branches: ViewBranches; onShow(leafId: string | null): void; onOpenPanel(): void }) {
  const other = branches.shownLeaf !== branches.activeLeaf;
  const active = branches.branches.find((b) => b.active);
  const leftOut = branches.leftOut.messages > 0;
  if (!other && !leftOut) return null;
  return (
    <div className="branch-note" role="note" data-left-out={branches.leftOut.messages} data-other-branch={other || undefined}>
      <Icon name="git-branch" />
      {other ? (
        <span className="branch-other">
          Another branch than the agent&apos;s{active ? ` (it resumes the branch ending at line ${fmt(active.line)})` : ""}.
        </span>
      ) : null}
      {leftOut ? <span className="branch-left-out">{leftOutText(branches)}.</span> : null}
      {other ? (
        <button type="button" className="tb-button branch-back" onClick={() => onShow(null)}>
          Show the agent&apos;s branch
        </button>
      ) : null}
      {leftOut ? (
        <button type="button" className="tb-button branch-open" onClick={onOpenPanel}>
          Show branches
        </button>
      ) : null}
    </div>
  );
}

/** What one branch is, in words (the button's name and the row's text share it). */
function branchWhat(b: ViewBranch): string {
  if (b.shown) return `${plural(b.messages, "message")}, lines ${fmt(b.rootLine)}–${fmt(b.line)}`;
  const own = b.kind === "results" ? `${plural(b.messages, "tool result")} of a parallel turn not taken back` : `${plural(b.messages, "message")} not shown`;
  return `${own}, ${b.forkLine !== undefined ? `leaves this branch after line ${fmt(b.forkLine)}` : `from line ${fmt(b.rootLine)}`}, ends at line ${fmt(b.line)}`;
}

function BranchItem({ b, onShow, onOpenLine }: { b: ViewBranch; onShow(leafId: string | null): void; onOpenLine(line: number): void }) {
  const time = b.timestamp ? new Date(b.timestamp) : undefined;
  return (
    <li className={`branch${b.shown ? " shown" : ""}${b.active ? " active" : ""}`} data-leaf-line={b.line} data-messages={b.messages} aria-current={b.shown ? "true" : undefined}>
      <span className="branch-what">
        <Icon name={b.shown ? "eye" : b.kind === "results" ? "output" : "git-branch"} />
        {b.shown ? <strong>Shown: </strong> : null}
        {branchWhat(b)}
        {b.active ? <span className="branch-tag">the agent&apos;s branch</span> : null}
        {time && !Number.isNaN(time.getTime()) ? (
          <time className="time" dateTime={time.toISOString()} title={time.toString()}>
            {clockTime(time)}
          </time>
        ) : null}
      </span>
      {b.preview ? (
        <span className="branch-prompt">
          <Icon name="comment" />
          <SafeText text={b.preview} />
        </span>
      ) : null}
      <span className="branch-actions">
        <button type="button" className="tb-button branch-line" aria-label={`Open line ${fmt(b.line)} in the editor`} onClick={() => onOpenLine(b.line)}>
          line {fmt(b.line)}
        </button>
        {b.shown ? null : (
          <button type="button" className="tb-button branch-show" aria-label={`Show the branch ending at line ${fmt(b.line)}: ${branchWhat(b)}`} onClick={() => onShow(b.active ? null : b.leafId)}>
            Show
          </button>
        )}
      </span>
    </li>
  );
}

/** The Branches panel: conversations (roots), each with its branches; a button shows one. */
export function BranchesPanel({ branches, onShow, onOpenLine, hidden }: { branches: ViewBranches; onShow(leafId: string | null): void; onOpenLine(line: number): void; hidden: boolean }) {
  const l = branches.leftOut;
  return (
    <div className="panel branches-panel" id="panel-branches" role="group" aria-label="Branches and conversations" hidden={hidden}>
      {branches.conversations.map((c) => {
        const list = branches.branches.filter((b) => b.conversation === c.index);
        return (
          <section key={c.index} className="conversation" data-root-line={c.rootLine} aria-label={`Conversation ${c.index}, from line ${c.rootLine}`}>
            <h3 className="conversation-head">
              Conversation {fmt(c.index)}
              <span className="conversation-meta">
                {" "}
                · from line {fmt(c.rootLine)} · {plural(c.branches, "branch", "branches")}
                {c.shown ? " · shown" : ""}
              </span>
            </h3>
            <ul className="branch-list">
              {list.map((b) => (
                <BranchItem key={b.leafId} b={b} onShow={onShow} onOpenLine={onOpenLine} />
              ))}
            </ul>
          </section>
        );
      })}
      {branches.conversationCount > branches.conversations.length || branches.branchCount > branches.branches.length ? (
        <p className="branch-more">
          Listed: {plural(branches.conversations.length, "conversation")} of {fmt(branches.conversationCount)}, {plural(branches.branches.length, "branch", "branches")} of {fmt(branches.branchCount)}.
        </p>
      ) : null}
      {l.quietLeaves || l.subagentLines ? (
        <p className="branch-quiet">
          {l.quietLeaves ? `${plural(l.quietLeaves, "leaf", "leaves")} without messages of their own (hook progress lines, parallel results the agent takes back, lines before a compaction) are not listed. ` : ""}
          {l.subagentLines ? `${plural(l.subagentLines, "subagent line")} show under their Task calls.` : ""}
        </p>
      ) : null}
    </div>
  );
}
