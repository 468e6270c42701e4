/**
 * Issue 26 item 6: each compaction on the shown branch is an event of the view and a row of its
 * own in the inspector and in `render --format text`: where it happened, who compacted, the
 * context's tokens before and after (as the agent recorded them, else the responses around it)
 * and what left the context. One fixture or corpus file per agent that writes compactions.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/index.js";
import { buildRenderView } from "../../server/src/presentation/view-model.js";
import { alignRows, allRoles, filterRows, rowChanged, rowForLine } from "../../server/src/presentation/view-rows.js";
import { ViewWindow } from "../../server/src/presentation/view-window.js";
import { MAX_VIEW_COMPACTIONS, type RenderView, type RowFilters } from "../../server/src/protocol/index.js";
import { main as cli } from "../../server/src/cli.js";
import { fixtureText } from "../helpers/corpus.js";
import type { RecordedUsage } from "../../server/src/engine/model/usage-record.js";
import { contextTokens, SKIPPED_RECORDS, usageAround } from "../../server/src/engine/model/usage-around.js";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const viewOf = (text: string): RenderView => buildRenderView(analyze(text), "file:///s.jsonl", 1);
const NONE: RowFilters = { hiddenRoles: [], tool: "", onlyFindings: false, search: "" };

/** `render --format text` of `text`, as the CLI writes it. */
function renderText(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "ti-compactions-"));
  try {
    const path = join(dir, "s.jsonl");
    writeFileSync(path, text);
    let out = "";
    cli(["render", "--format", "text", path], (s) => (out += s), () => undefined);
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A pi session (v3): a header, then `entries` chained by parentId. */
function piSession(entries: Record<string, unknown>[]): string {
  const lines: unknown[] = [{ type: "session", version: 3, id: "s1", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w" }];
  let parent: string | null = null;
  entries.forEach((e, i) => {
    const id = (e.id as string) ?? `e${i}`;
    lines.push({ ...e, id, parentId: parent, timestamp: `2026-01-01T00:00:${String(i % 60).padStart(2, "0")}.000Z` });
    parent = id;
  });
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}
const user = (id: string, text: string) => ({ type: "message", id, message: { role: "user", content: [{ type: "text", text }] } });
const assistant = (id: string, text: string, calls: string[] = [], input = 0) => ({
  type: "message",
  id,
  message: {
    role: "assistant",
    content: [{ type: "text", text }, ...calls.map((c) => ({ type: "toolCall", id: c, name: "bash", arguments: { command: "ls" } }))],
    ...(input ? { usage: { input, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: input + 5, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } } } : {}),
  },
});
const result = (id: string, call: string) => ({ type: "message", id, message: { role: "toolResult", toolCallId: call, toolName: "bash", content: [{ type: "text", text: "file.txt" }], isError: false } });
const compaction = (id: string, firstKept: string, tokensBefore?: number) => ({ type: "compaction", id, summary: "what happened so far", firstKeptEntryId: firstKept, ...(tokensBefore !== undefined ? { tokensBefore } : {}) });

describe("compactions as events (issue 26 item 6)", () => {
  it("Claude Code: the compact boundary with its trigger and preTokens; the four messages before it left the context; the next response's input after", () => {
    const view = viewOf(fixtureText("claude-code/compact-boundary.jsonl"));
    assert.equal(view.compactions?.length, 1);
    const c = view.compactions![0];
    assert.equal(c.line, 5);
    assert.equal(c.agent, "Claude Code");
    assert.equal(c.trigger, "manual");
    assert.deepEqual(c.tokensBefore, { tokens: 51234, from: "agent" });
    assert.equal(c.left.messages, 4);
    assert.equal(c.left.firstLine, 1);
    assert.equal(c.left.lastLine, 4);
    const cut = view.before.filter((m) => m.droppedBy?.kind === "resume-cut");
    assert.equal(c.left.tokens, cut.reduce((n, m) => n + m.tokens, 0), "the tokens of what left, as the rows count them");
    assert.match(c.summary, /^Claude Code compacted the context here \(manual\): 4 messages left it\. /);
    // its row comes right after what it took out
    const rows = alignRows(view);
    const at = rows.findIndex((r) => r.compaction);
    assert.equal(at, 4);
    assert.ok(rows.slice(0, at).every((r) => r.before?.droppedBy?.kind === "resume-cut"));
    assert.equal(rows[at].key, "c:L5");
    assert.equal(rowForLine(rows, 5), at, "the editor's line 5 is the compaction's row");
  });

  it("Codex: each `compacted` line takes what came before it since the previous one", () => {
    const view = viewOf(fixtureText("codex/compacted-twice.jsonl"));
    assert.deepEqual(
      view.compactions!.map((c) => [c.line, c.left.messages, c.left.firstLine, c.left.lastLine]),
      [
        [11, 2, 4, 6],
        [22, 1, 17, 17],
      ],
    );
    assert.ok(view.compactions!.every((c) => c.agent === "Codex" && c.trigger === undefined));
    const rows = alignRows(view);
    assert.deepEqual(rows.flatMap((r) => (r.compaction ? [r.compaction.line] : [])), [11, 22]);
    // each compaction's row is after the rows it took out and before the next line of the file
    const lineOf = (r: (typeof rows)[number]) => r.compaction?.line ?? r.before?.line ?? r.after?.line ?? 0;
    const lines = rows.map(lineOf);
    for (let i = 1; i < lines.length; i++) assert.ok(lines[i] >= lines[i - 1], `rows in file order: ${lines}`);
  });

  it("GitHub Copilot CLI: a message left the context at the first compaction after it (the resume drops all of them at the last)", () => {
    const view = viewOf(fixtureText("copilot-cli/compaction-twice.jsonl"));
    const [first, second] = view.compactions!;
    assert.deepEqual([first.line, first.left.messages, first.left.toolMessages], [14, 4, 2]);
    assert.deepEqual([second.line, second.left.messages, second.left.toolMessages], [24, 4, 0]);
    assert.equal(first.left.messages + second.left.messages, view.before.filter((m) => m.droppedBy?.kind === "resume-cut").length);
    // a failed compaction changed nothing and is no event
    assert.equal(viewOf(fixtureText("copilot-cli/compaction-failed.jsonl")).compactions, undefined);
  });

  it("pi: what pi's own context build takes out (the entries before firstKeptEntryId, then the previous summary), tokensBefore as pi recorded it", () => {
    const text = piSession([
      user("u1", "first task"),
      assistant("a1", "running", ["call_1"], 100),
      result("r1", "call_1"),
      assistant("a2", "done", [], 140),
      user("u2", "second task"),
      compaction("c1", "u2", 160),
      assistant("a3", "working", [], 60),
      user("u3", "third"),
      compaction("c2", "u3"),
      assistant("a4", "ok", [], 40),
    ]);
    const view = viewOf(text);
    const [c1, c2] = view.compactions!;
    // c1 (line 7) keeps u2 on: u1, a1, r1, a2 left (one call, one result)
    assert.deepEqual([c1.line, c1.agent, c1.left.messages, c1.left.toolMessages, c1.left.firstLine, c1.left.lastLine], [7, "pi", 4, 2, 2, 5]);
    assert.deepEqual(c1.tokensBefore, { tokens: 160, from: "agent" });
    assert.deepEqual(c1.tokensAfter, { tokens: 60, line: 8 });
    // c2 (line 10) keeps u3 on: c1's summary, u2 and a3 left; no tokensBefore recorded: the last response's input
    assert.deepEqual([c2.line, c2.left.messages, c2.left.toolMessages], [10, 3, 0]);
    assert.deepEqual(c2.tokensBefore, { tokens: 60, from: "response", line: 8 });
    assert.deepEqual(c2.tokensAfter, { tokens: 40, line: 11 });
    // pi's context build left them out of Before: counted, not measured (pi records the tokens before)
    assert.equal(c2.left.tokens, undefined);
    assert.match(c2.summary, /^pi compacted the context here: 3 messages left it\. Left: lines 6-8\. Before: 60 tokens \(the input of the last response, line 8\)\. After: 40 tokens \(the input of the next response, line 11\)\.$/);
    // rows: the latest compaction right before its summary (pi's Before starts there), the earlier
    // one before the first later line pi still sends (its own kept entries left with c2)
    const order = alignRows(view).map((r) => (r.compaction ? `C${r.compaction.line}` : `${r.before?.role ?? r.after?.role}@${r.before?.line ?? r.after?.line}`));
    assert.deepEqual(order, ["C10", "compactionSummary@10", "C7", "user@9", "assistant@11"]);
  });

  it("pi: a compaction among the entries a later one keeps sits where it happened, between them", () => {
    const view = viewOf(piSession([user("u1", "one"), assistant("a1", "ok"), user("u2", "two"), compaction("c1", "u2"), assistant("a2", "done"), compaction("c2", "u2")]));
    const order = alignRows(view).map((r) => (r.compaction ? `C${r.compaction.line}` : `${r.before?.role ?? r.after?.role}@${r.before?.line ?? r.after?.line}`));
    assert.deepEqual(order, ["C7", "compactionSummary@7", "user@4", "C5", "assistant@6"]);
  });

  it("pi: a system message after the previous compaction was in the context and leaves with the next; one in a kept part never was", () => {
    const system = (id: string) => ({ type: "message", id, message: { role: "system", content: [{ type: "text", text: "be brief" }] } });
    const view = viewOf(
      piSession([user("u1", "one"), system("s1"), user("u2", "two"), compaction("c1", "s1"), system("s2"), user("u3", "three"), compaction("c2", "u3")]),
    );
    const [c1, c2] = view.compactions!;
    assert.equal(c1.left.messages, 1, "c1 keeps s1 on: u1 left");
    // c2 keeps u3 on: c1's summary, u2 and s2 left (s1, in c1's kept part, was never in pi's context)
    assert.equal(c2.left.messages, 3);
    assert.equal(c2.left.firstLine, 4);
  });

  it("the tokens before and after come from responses between a compaction and its neighbours, never across another", () => {
    // a real Codex file with six compactions and one recorded response before the first
    const view = viewOf(fixtureText("../corpus/codex/agent-sessions-item-type-catalog.jsonl"));
    const cs = view.compactions!;
    assert.ok(cs.length >= 3, `${cs.length} compactions`);
    assert.ok(cs[0].tokensBefore !== undefined);
    for (const [i, c] of cs.entries()) {
      if (c.tokensBefore?.line !== undefined) assert.ok(c.tokensBefore.line < c.line && (i === 0 || c.tokensBefore.line > cs[i - 1].line), `compaction ${c.line}: before from line ${c.tokensBefore.line}`);
      if (c.tokensAfter) assert.ok(c.tokensAfter.line > c.line && (i === cs.length - 1 || c.tokensAfter.line < cs[i + 1].line), `compaction ${c.line}: after from line ${c.tokensAfter.line}`);
    }
    assert.ok(cs.slice(1).some((c) => c.tokensBefore === undefined), "a compaction with no response since the previous one has no figure before");
  });

  it("usageAround (the view's and the library's one reading): records with input on each side, between the neighbours, none on the compaction's own line, at most SKIPPED_RECORDS passed over", () => {
    const rec = (line: number, input: number): RecordedUsage => ({ line, input, output: 1, cacheRead: 0, cacheWrite: 0 });
    const records = [rec(1, 10), rec(3, 0), rec(5, 50), rec(7, 0), rec(9, 90)];
    assert.deepEqual(usageAround(records, 5, -1, Infinity), { before: records[0], after: records[4] }, "the record on line 5 is neither before nor after");
    assert.deepEqual(usageAround(records, 4, -1, Infinity), { before: records[0], after: records[2] });
    assert.deepEqual(usageAround(records, 4, 2, 5), {}, "never across a neighbouring compaction (lines 2 and 5)");
    assert.equal(contextTokens({ input: 1, cacheRead: 20, cacheWrite: 300 }), 321);
    const empties = Array.from({ length: SKIPPED_RECORDS }, (_, i) => rec(10 + i, 0));
    assert.deepEqual(usageAround([rec(0, 5), ...empties], 100, -1, Infinity), {}, "64 empty records end the search");
    assert.deepEqual(usageAround([rec(0, 5), ...empties.slice(1)], 100, -1, Infinity), { before: rec(0, 5) });
  });

  it("filters: a search finds a compaction by its words, changes only keeps it, a tool or findings filter leaves it out", () => {
    const view = viewOf(fixtureText("claude-code/compact-boundary.jsonl"));
    const rows = alignRows(view);
    const has = (f: RowFilters) => filterRows(rows, f).some((r) => r.compaction);
    assert.equal(has({ ...NONE, search: "compacted the context" }), true);
    assert.equal(has({ ...NONE, search: "no such words" }), false);
    assert.equal(has({ ...NONE, tool: "Bash" }), false);
    assert.equal(has({ ...NONE, onlyFindings: true }), false);
    // a role of the Filters panel of their own: unticked, they go (and "no role ticked" stays true)
    assert.ok(allRoles(rows).includes("compaction"));
    assert.equal(has({ ...NONE, hiddenRoles: ["user"] }), true);
    assert.equal(has({ ...NONE, hiddenRoles: ["compaction"] }), false);
    assert.equal(filterRows(rows, { ...NONE, hiddenRoles: allRoles(rows) }).length, 0);
    assert.equal(rowChanged(rows.find((r) => r.compaction)!), true);
    const w = new ViewWindow(view, 1);
    const answer = w.rowsAnswer({ revision: 1, filters: { ...NONE, changesOnly: true }, start: 0, count: 100 });
    assert.ok(answer.rows.some((r) => r.compaction?.line === 5));
    assert.deepEqual(w.summary.timeline?.marks.map((m) => [m.label, m.line]), [["compaction", 5]]);
  });

  it("render --format text prints each compaction as a line of its own, marked *, its agent's text escaped", () => {
    const out = renderText(fixtureText("claude-code/compact-boundary.jsonl"));
    assert.match(out, /\n {3}5 \* Claude Code compacted the context here \(manual\): 4 messages left it\. Left: about \d+ tokens, lines 1-4\. /);
    // a trigger with terminal controls and a bidi override reaches the terminal inert
    const hostile = fixtureText("claude-code/compact-boundary.jsonl").replace('"trigger":"manual"', '"trigger":"\\u001b[31mred\\u202eevil"');
    assert.notEqual(hostile, fixtureText("claude-code/compact-boundary.jsonl"));
    const h = renderText(hostile);
    assert.match(h, /compacted the context here \(/);
    assert.doesNotMatch(h, /[\u001b\u202e]/);
    // a long one is cut: a row stays within its bound
    const long = viewOf(fixtureText("claude-code/compact-boundary.jsonl").replace('"trigger":"manual"', `"trigger":"${"x".repeat(100_000)}"`));
    assert.ok(long.compactions![0].trigger!.length <= 40);
    assert.ok(long.compactions![0].summary.length < 600);
  });

  it("a session with more compactions than a view lists: the first MAX_VIEW_COMPACTIONS, the rest counted", () => {
    const entries: Record<string, unknown>[] = [];
    for (let i = 0; i < MAX_VIEW_COMPACTIONS + 40; i++) entries.push(user(`u${i}`, `task ${i}`), compaction(`c${i}`, `u${i}`, 10));
    const view = viewOf(piSession(entries));
    assert.equal(view.compactions!.length, MAX_VIEW_COMPACTIONS);
    assert.equal(view.compactionsOmitted, 40);
    assert.equal(alignRows(view).filter((r) => r.compaction).length, MAX_VIEW_COMPACTIONS);
  });

  it("a session without compactions has none (and no row of that kind)", () => {
    const view = viewOf(fixtureText("claude-code/edit-call.jsonl"));
    assert.equal(view.compactions, undefined);
    assert.ok(alignRows(view).every((r) => !r.compaction));
  });
});
