/**
 * Issue 23 item 4, the presentation side: `branchesOf` lists every branch and root with counts and says what
 * the view of one branch leaves out (a Claude Code file with two root conversations showed only
 * the second, its first conversation's messages unmentioned).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze, sourceLinesOf } from "../../server/src/engine/index.js";
import { buildRenderView } from "../../server/src/presentation/view-model.js";
import { corpusText } from "../helpers/corpus.js";
import { claudeCodeText } from "../helpers/claude-code-builder.js";
import { twoRootsText } from "../helpers/two-roots.js";

describe("branchesOf: every branch and root, and what the view leaves out", () => {
  it("a Claude Code file with two root conversations: the view of the second counts the first", () => {
    const a = analyze(twoRootsText(3, 2));
    const view = buildRenderView(a, "file:///x.jsonl", 1);
    const b = view.branches!;
    assert.equal(view.before.length, 4, "the second conversation is shown");
    assert.equal(b.conversationCount, 2);
    assert.equal(b.leftOut.conversations, 1);
    assert.equal(b.leftOut.messages, 6, "the first conversation's 6 messages are named, not hidden");
    const other = b.branches.find((x) => !x.shown)!;
    assert.equal(other.line, 6);
    assert.equal(other.rootLine, 1);
    assert.equal(other.messages, 6);
    assert.equal(other.forkLine, undefined, "it shares nothing with the shown branch");
    assert.equal(other.preview, "aaaaaaaa-aaaa question 2");
    assert.equal(b.branches[0].shown, true);
    assert.equal(b.branches[0].active, true);

    // the first conversation, asked for by its leaf: the second is now the one left out
    const first = analyze(twoRootsText(3, 2), { leafId: other.leafId });
    const firstView = buildRenderView(first, "file:///x.jsonl", 1, a.session.leafId);
    assert.equal(firstView.before.length, 6);
    // After: what Claude Code sends when it resumes from that branch's last message, not its own leaf's conversation
    assert.deepEqual(first.after.map((m) => sourceLinesOf(m)), [[0], [1], [2], [3], [4], [5]]);
    assert.match(first.afterModel.label, /resume from line 6, this branch's last message \(left to itself it resumes from line 10;/);
    const fb = firstView.branches!;
    assert.equal(fb.shownLeaf, other.leafId);
    assert.equal(fb.activeLeaf, a.session.leafId);
    assert.equal(fb.leftOut.messages, 4);
    assert.equal(fb.branches[0].active, undefined, "the shown branch is not the agent's");
    assert.equal(fb.branches.find((x) => x.leafId === a.session.leafId)?.active, true);
  });

  it("a pi fork: the other branch is listed with where it forks and its own messages", () => {
    const a = analyze(corpusText("pi/inspector-branching.jsonl"));
    const b = buildRenderView(a, "file:///x.jsonl", 1).branches!;
    assert.equal(b.conversationCount, 1);
    assert.equal(b.branchCount, 2);
    const other = b.branches.find((x) => x.leafId === "e6")!;
    assert.ok(other.forkLine !== undefined && other.forkLine < other.line);
    assert.ok(other.messages > 0);
    assert.equal(b.leftOut.branches, 1);
  });

  it("Claude Code parallel results: listed as result branches unless the reading shown takes them back", () => {
    const a = analyze(claudeCodeText([{ calls: ["t1", "t2", "t3"] }, { calls: [] }]));
    const b = buildRenderView(a, "file:///x.jsonl", 1).branches!;
    const shownLines = new Set([...a.before, ...a.after].flatMap((m) => sourceLinesOf(m)));
    // the result lines 5-7 (0-based 4-6) each sit on a branch parented to its call
    const notTaken = [4, 5, 6].filter((l) => !shownLines.has(l));
    assert.equal(b.leftOut.messages, notTaken.length);
    assert.deepEqual(b.branches.filter((x) => !x.shown).map((x) => [x.line, x.kind]).sort(), notTaken.map((l) => [l + 1, "results"]).sort());
  });

  it("a linear session leaves nothing out", () => {
    const a = analyze(claudeCodeText([{ calls: ["t1"] }, { calls: ["t2"], prompt: true }, { calls: [] }]));
    const b = buildRenderView(a, "file:///x.jsonl", 1).branches!;
    assert.equal(b.branchCount, 1);
    assert.deepEqual(b.leftOut, { messages: 0, branches: 0, conversations: 0, quietLeaves: 0, subagentLines: 0, subagentLeaves: 0 });
  });
});
