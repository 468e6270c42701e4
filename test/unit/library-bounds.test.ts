/**
 * Issue 26: what the library sends the editor stays bounded whatever the sessions hold. A session
 * node of the Sessions view carries a few entries of each list and cut texts (a session can hold
 * thousands of subagent calls, compactions or model names, and a title or a working directory of
 * any length), with the rest counted; a group lists at most LIBRARY_MAX_CHILDREN nodes; the
 * summary over LSP lists at most LIBRARY_MAX_LIST days, models and unpriced models; the status
 * sent on every change is a few numbers and the headline.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { describeSession } from "../../extension/src/library/sessionText.js";
import { libraryRoots } from "../../server/src/library/folders.js";
import { Library, VIEW_LIST, VIEW_TEXT, viewSession } from "../../server/src/library/library.js";
import { linkSessions } from "../../server/src/library/links.js";
import { zeroTokens } from "../../server/src/library/summarize.js";
import { LIBRARY_MAX_CHILDREN, LIBRARY_MAX_LIST, type LibrarySession } from "../../server/src/protocol/library.js";

describe("library: a session node of the view is bounded", () => {
  it("cuts its lists and texts, counts what it left out, and its tooltip still gives the totals", () => {
    const huge = "x".repeat(200_000);
    const s: LibrarySession = {
      path: "/h/.claude/projects/-p/big.jsonl",
      size: 1,
      mtimeMs: 1,
      agent: "claude-code",
      agentLabel: "Claude Code",
      project: huge,
      title: huge,
      sessionId: huge,
      messages: 10,
      errors: 1,
      warnings: 0,
      firstError: { code: "orphan-result", line: 3, message: huge },
      target: "anthropic",
      targetLabel: "Anthropic",
      rejects: true,
      rejection: { code: "orphan-result", line: 3, text: huge },
      rejectedBy: ["anthropic"],
      tokens: zeroTokens(),
      models: Array.from({ length: 500 }, (_, i) => ({ model: `model-${i}-${huge.slice(0, 1000)}`, responses: 1, tokens: zeroTokens() })),
      unpriced: Array.from({ length: 500 }, (_, i) => `model-${i}`),
      compactions: Array.from({ length: 3000 }, (_, i) => ({ line: i + 1, trigger: huge.slice(0, 1000) })),
      spawns: Array.from({ length: 5000 }, (_, i) => ({ callId: `call-${i}`, tool: "Task", line: i + 1, hasResult: true, description: huge.slice(0, 5000) })),
      sidechains: Array.from({ length: 2000 }, (_, i) => ({ agentId: `a${i}`, lines: 3 })),
      finished: true,
    };
    const linked = linkSessions([s]).get(s.path)!;
    const full = JSON.stringify(linked).length;
    const v = viewSession(linked);
    const size = JSON.stringify(v).length;
    assert.ok(full > 10_000_000, `the session as checked is ${full} characters`);
    assert.ok(size < 64 * 1024, `a node's session is ${size} characters`);
    assert.equal(v.spawns.length, 0);
    assert.equal(v.sidechains.length, 0);
    assert.equal(v.compactions.length, VIEW_LIST);
    assert.equal(v.models.length, VIEW_LIST);
    assert.ok(v.title.length <= VIEW_TEXT + 1 && v.project.length <= VIEW_TEXT + 1 && v.rejection!.text.length <= VIEW_TEXT + 1);
    assert.deepEqual(v.omitted, { spawns: 5000, compactions: 3000 - VIEW_LIST, linkIssues: 0, children: 0, models: 500 - VIEW_LIST, sidechains: 2000 });
    const tip = describeSession(v, true);
    assert.match(tip, /^3,000 compactions: line 1; line 2; .*line 20; …$/m);
    assert.match(tip, /^5,000 subagent calls, 0 child sessions$/m);
    assert.match(tip, /^ {2}and 480 other models$/m);
  });
});

describe("library: the view's groups and the summary over LSP are bounded", () => {
  const COUNT = LIBRARY_MAX_CHILDREN + 50;
  let home: string;
  let lib: Library;
  before(async () => {
    // pi sessions, each in a project and on a day of its own, each with a model the price table does not know
    home = mkdtempSync(join(tmpdir(), "ti-library-bounds-"));
    const dir = join(home, ".pi", "agent", "sessions", "--bounds--");
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < COUNT; i++) {
      const t = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString();
      const lines = [
        { type: "session", version: 3, id: `s${i}`, timestamp: t, cwd: `/bounds/project-${i}` },
        { type: "message", id: "u", parentId: null, timestamp: t, message: { role: "user", content: [{ type: "text", text: `question ${i}` }], timestamp: 1 } },
        { type: "message", id: "a", parentId: "u", timestamp: t, message: { role: "assistant", content: [{ type: "text", text: "answer" }], api: "openai-completions", provider: "x", model: `unknown-model-${i}`, usage: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15 }, stopReason: "stop", timestamp: 2 } },
      ];
      writeFileSync(join(dir, `${String(i).padStart(5, "0")}.jsonl`), lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    }
    lib = new Library({ roots: libraryRoots({ home, env: {} }) });
    await lib.scanAndWait();
  });
  after(() => {
    lib.dispose();
    rmSync(home, { recursive: true, force: true });
  });

  it("a group lists at most LIBRARY_MAX_CHILDREN nodes and says how many more", () => {
    const agents = lib.children({}).nodes.filter((n) => n.kind === "agent");
    assert.equal(agents.length, 1);
    const projects = lib.children({ id: agents[0].id });
    assert.equal(projects.nodes.length, LIBRARY_MAX_CHILDREN);
    assert.equal(projects.more, COUNT - LIBRARY_MAX_CHILDREN);
  });

  it("the summary over LSP lists at most LIBRARY_MAX_LIST days, models and unpriced models (the newest days), the command line's all", () => {
    const all = lib.summary();
    assert.equal(all.sessions, COUNT);
    assert.equal(all.byDay.length, COUNT);
    assert.equal(all.byModel.length, COUNT);
    assert.equal(all.unpriced.length, COUNT);
    assert.equal(all.omitted, undefined);
    const bounded = lib.summary({ bounded: true });
    assert.equal(bounded.byDay.length, LIBRARY_MAX_LIST);
    assert.equal(bounded.byModel.length, LIBRARY_MAX_LIST);
    assert.equal(bounded.unpriced.length, LIBRARY_MAX_LIST);
    assert.deepEqual(bounded.omitted, { days: COUNT - LIBRARY_MAX_LIST, models: COUNT - LIBRARY_MAX_LIST, unpriced: COUNT - LIBRARY_MAX_LIST });
    assert.deepEqual(bounded.byDay, all.byDay.slice(0, LIBRARY_MAX_LIST), "the newest days");
    assert.equal(bounded.headline, all.headline);
  });

  it("the status sent on every change is the summary's counts and headline, in a few hundred characters", () => {
    const status = lib.status();
    const all = lib.summary();
    assert.deepEqual(status, { sessions: all.sessions, checked: all.checked, read: all.read, pending: all.pending, scanning: all.scanning, paused: all.paused, rejected: all.rejected, withErrors: all.withErrors, headline: all.headline });
    assert.ok(JSON.stringify(status).length < 400);
  });
});
