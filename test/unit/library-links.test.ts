/**
 * Issue 26 item 5: subagents and forks across files, and the checks across them
 * (server/src/library/links.ts): a child linked to its parent and to the call that ran it, the
 * parent's call whose result is missing, a child whose parent the library does not have, a child
 * that never finished, a call whose subagent left no file, and cost counted once with children.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { linkSessions } from "../../server/src/library/links.js";
import { zeroTokens } from "../../server/src/library/summarize.js";
import type { LibrarySession, LibrarySpawn } from "../../server/src/protocol/library.js";

function session(path: string, more: Partial<LibrarySession> = {}): LibrarySession {
  return {
    path, size: 1, mtimeMs: 1, agent: "claude-code", agentLabel: "Claude Code", project: "/p", title: path, messages: 4, errors: 0, warnings: 0,
    rejects: false, rejectedBy: [], tokens: zeroTokens(), models: [], unpriced: [], compactions: [], spawns: [], sidechains: [], finished: true, ...more,
  };
}
const spawn = (callId: string, agentId: string, hasResult: boolean, transcript?: string): LibrarySpawn => ({ callId, tool: "Task", line: 7, agentId, hasResult, ...(transcript ? { transcript } : {}) });
const codes = (s: { linkIssues: { code: string }[] } | undefined) => (s?.linkIssues ?? []).map((i) => i.code).sort();

describe("library: subagents across files (issue 26)", () => {
  const P = "/h/.claude/projects/-p/parent.jsonl";
  const C = "/h/.claude/projects/-p/parent/subagents/agent-a1.jsonl";

  it("a child is linked to its parent and its call; cost with children counts each file once", () => {
    const out = linkSessions([
      session(P, { spawns: [spawn("toolu_1", "a1", true, C)], cost: 1 }),
      session(C, { parent: { kind: "subagent", path: P, agentId: "a1" }, cost: 0.5 }),
    ]);
    assert.deepEqual(out.get(P)!.children, [C]);
    assert.equal(out.get(C)!.parentPath, P);
    assert.deepEqual(codes(out.get(P)), []);
    assert.deepEqual(codes(out.get(C)), []);
    assert.equal(out.get(P)!.costWithChildren, 1.5);
  });

  it("result-missing: the parent holds the call that ran the child but not its result (on the call's line)", () => {
    const out = linkSessions([session(P, { spawns: [spawn("toolu_1", "a1", false, C)] }), session(C, { parent: { kind: "subagent", path: P, agentId: "a1" } })]);
    const issue = out.get(P)!.linkIssues.find((i) => i.code === "result-missing")!;
    assert.ok(issue, JSON.stringify(out.get(P)!.linkIssues));
    assert.equal(issue.line, 7);
    assert.equal(issue.other, C);
    assert.match(issue.message, /^Subagent result missing; this Claude Code session holds the call but not its result\. Task call toolu_1 ran/);
  });

  it("parent-missing: a subagent or a fork names a parent the library does not have", () => {
    const out = linkSessions([
      session(C, { parent: { kind: "subagent", path: P, agentId: "a1" } }),
      session("/h/.codex/sessions/fork.jsonl", { agent: "codex", agentLabel: "Codex", parent: { kind: "fork", sessionId: "thread-9" } }),
    ]);
    assert.deepEqual(codes(out.get(C)), ["parent-missing"]);
    assert.match(out.get(C)!.linkIssues[0].message, /^Parent session not in the library; this Claude Code subagent names a file the library does not have\. It was run by \/h\/\.claude/);
    assert.equal(out.get(C)!.linkIssues[0].other, P);
    const fork = out.get("/h/.codex/sessions/fork.jsonl")!;
    assert.deepEqual(codes(fork), ["parent-missing"]);
    assert.match(fork.linkIssues[0].message, /this Codex fork names a session id .* It was forked from thread-9/);
  });

  it("child-unfinished and missing-child: a child that never gave a final answer; a call whose subagent left no file", () => {
    const out = linkSessions([
      session(P, { spawns: [spawn("toolu_1", "a1", true, C), spawn("toolu_2", "a2", true)] }),
      session(C, { parent: { kind: "subagent", path: P, agentId: "a1" }, finished: false }),
    ]);
    assert.deepEqual(codes(out.get(C)), ["child-unfinished"]);
    assert.deepEqual(codes(out.get(P)), ["missing-child"]);
    assert.match(out.get(P)!.linkIssues[0].message, /The Task call ran a2: looked for a transcript of a2\.$/);
  });

  it("a subagent kept inside the parent file (older Claude Code's sidechains) is no missing child", () => {
    const out = linkSessions([session(P, { spawns: [spawn("toolu_2", "a2", true)], sidechains: [{ agentId: "a2", lines: 5 }] })]);
    assert.deepEqual(codes(out.get(P)), []);
  });
});
