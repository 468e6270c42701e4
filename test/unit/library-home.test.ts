/**
 * Issue 26: the session library on a fake home with sessions of every agent the engine reads
 * (copies of the shared corpus in each agent's own layout; test/helpers/library-home.ts). The
 * library finds them from the profiles' session folders, checks them, links subagents and forks
 * across files with their checks, counts compactions, prices recorded usage, arranges the
 * Sessions view's tree and searches; a second start with the cache reads no session again (every
 * open of a .jsonl file is counted), and a changed file is read once more. No timed assertion.
 */
import assert from "node:assert/strict";
import fs, { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { libraryRoots, standardRoots } from "../../server/src/library/folders.js";
import { Library } from "../../server/src/library/library.js";
import type { LibraryNode } from "../../server/src/protocol/library.js";
import { type FakeHome, makeFakeHome } from "../helpers/library-home.js";

/** Counts opens of session files (every read path of the library opens the file with openSync). */
function countOpens<T>(f: () => Promise<T>): Promise<{ value: T; opens: string[] }> {
  const real = fs.openSync;
  const opens: string[] = [];
  (fs as any).openSync = function (p: fs.PathLike, ...rest: any[]) {
    if (String(p).endsWith(".jsonl")) opens.push(String(p));
    return (real as any).call(this, p, ...rest);
  };
  return f()
    .then((value) => ({ value, opens }))
    .finally(() => ((fs as any).openSync = real));
}

describe("library: the agents' standard folders come from the format profiles", () => {
  it("pi, OpenClaw, oh-my-pi, Claude Code, Codex (sessions and archived sessions), Copilot CLI, Gemini CLI, Kimi CLI, Cline, Roo Code and Cursor, under the home or their environment variable", () => {
    const roots = standardRoots("/h", {});
    const paths = roots.map((r) => `${r.agent}:${r.path}${r.archived ? " (archived)" : ""}`);
    assert.ok(paths.includes("pi:/h/.pi/agent/sessions"), paths.join());
    assert.ok(paths.includes("openclaw:/h/.openclaw/agents/main/sessions"));
    assert.ok(paths.includes("oh-my-pi:/h/.omp/agent/sessions"));
    assert.ok(paths.includes("claude-code:/h/.claude/projects"));
    assert.ok(paths.includes("codex:/h/.codex/sessions"));
    assert.ok(paths.includes("codex:/h/.codex/archived_sessions (archived)"));
    assert.ok(paths.includes("copilot-cli:/h/.copilot/session-state"));
    assert.ok(paths.includes("gemini-cli:/h/.gemini/tmp"));
    assert.ok(paths.includes("kimi-cli:/h/.kimi/sessions"));
    assert.ok(paths.includes("cline:/h/.cline/data/sessions"));
    assert.ok(paths.includes("roo-code:/h/.config/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks"), "Roo Code: VS Code's global storage (Linux)");
    assert.ok(paths.includes("cline-extension:/h/.config/Code/User/globalStorage/saoudrizwan.claude-dev/tasks"), "Cline's VS Code extension: VS Code's global storage (Linux)");
    assert.ok(paths.includes("cursor:/h/.cursor/projects"), "Cursor: every project's agent-transcripts, walked from the projects folder");
    // The stores' folders (OpenCode's database, Hermes Agent's): their sessions are listed from the store (library-stores.test.ts), the folder is not walked.
    assert.deepEqual(roots.filter((r) => r.store).map((r) => `${r.agent}:${r.path}`), ["opencode:/h/.local/share/opencode", "hermes:/h/.hermes"]);
    const moved = standardRoots("/h", { CODEX_HOME: "/c", CLAUDE_CONFIG_DIR: "/cc", PI_CODING_AGENT_SESSION_DIR: "/p", GEMINI_CLI_HOME: "/g", KIMI_SHARE_DIR: "/k", CLINE_SESSION_DATA_DIR: "/cl", XDG_DATA_HOME: "/x", HERMES_HOME: "/hh" })
      .filter((r) => !r.store)
      .map((r) => r.path);
    assert.deepEqual(moved.sort(), ["/c/archived_sessions", "/c/sessions", "/cc/projects", "/cl", "/g/.gemini/tmp", "/h/.config/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks", "/h/.config/Code/User/globalStorage/saoudrizwan.claude-dev/tasks", "/h/.copilot/session-state", "/h/.cursor/projects", "/h/.omp/agent/sessions", "/h/.openclaw/agents/main/sessions", "/k/sessions", "/p"]);
    assert.deepEqual(
      standardRoots("/h", { XDG_DATA_HOME: "/x", HERMES_HOME: "/hh" })
        .filter((r) => r.store)
        .map((r) => r.path),
      ["/x/opencode", "/hh"],
    );
    const all = libraryRoots({ home: "/h", env: {}, workspaceFolders: ["/w"], folders: ["~/more", "/h/.pi/agent/sessions"] });
    assert.deepEqual(all.slice(-2).map((r) => [r.origin, r.path]), [["workspace", "/w"], ["setting", "/h/more"]], "the workspace, then the user's folders, each once");
  });
});

describe("library: a fake home with sessions of every agent", () => {
  let h: FakeHome;
  let cacheDir: string;
  let lib: Library;
  let firstOpens: string[];
  before(async () => {
    h = makeFakeHome();
    cacheDir = mkdtempSync(join(tmpdir(), "ti-library-cache-"));
    lib = new Library({ roots: libraryRoots({ home: h.home, env: {} }), cacheDir, workspaceFolders: ["/fixture"] });
    firstOpens = (await countOpens(() => lib.scanAndWait())).opens;
    lib.dispose();
  });
  after(() => {
    h.cleanup();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it("finds and checks every session of every agent present, and leaves other JSONL files out", (t) => {
    if (h.have.size === 0) return t.skip("no shared corpus");
    const s = lib.summary();
    assert.deepEqual(new Set(s.byAgent.map((a) => a.key)), h.have);
    const files = Object.entries(h.paths).filter(([role, p]) => p.endsWith(".jsonl") && role !== "notSession");
    assert.equal(s.sessions, files.length, "every session file is a session");
    assert.equal(s.notSessions, 1);
    assert.equal(lib.session(h.paths.notSession), undefined);
    assert.equal(s.pending, 0);
    assert.equal(new Set(firstOpens).size, files.length + 1, "the first start reads each file (the other JSONL file too)");
    assert.equal(lib.reads, files.length + 1);
    for (const [, p] of files) {
      const x = lib.session(p)!;
      assert.ok(x, p);
      assert.ok(x.messages > 0 || x.agent === "codex", `${p}: ${x.messages} messages`);
      assert.ok(x.title.length > 0 && x.title.length <= 120);
    }
  });

  it("says which would be rejected by the target provider, with the provider's error text", (t) => {
    if (!h.paths.codexRejected) return t.skip("corpus file missing");
    const x = lib.session(h.paths.codexRejected)!;
    assert.equal(x.target, "openai-responses");
    assert.equal(x.rejects, true);
    assert.equal(x.rejection?.code, "colliding-id");
    assert.match(x.rejection!.text, /Duplicate 'call_id'/);
    const s = lib.summary();
    assert.ok(s.rejected >= 1);
    assert.match(s.headline, /^\d+ sessions, \d+ would be rejected/);
    const failing = lib.children({ id: "failing" }).nodes.map((n) => n.session!.path);
    assert.ok(failing.includes(h.paths.codexRejected));
  });

  it("links Claude Code subagent files (with their .meta.json) to the parent's call, and reports the calls whose subagent left no file", (t) => {
    if (!h.paths.ccParent || !h.paths.ccChild) return t.skip("corpus file missing");
    const parent = lib.session(h.paths.ccParent)!;
    const child = lib.session(h.paths.ccChild)!;
    assert.equal(child.parentPath, h.paths.ccParent);
    assert.equal(child.parent?.kind, "subagent");
    assert.equal(child.parent?.agentId, "showcol2");
    assert.equal(child.parent?.agentType, "general-purpose");
    assert.equal(child.parent?.description, "Survey the jobs module (meta)", "from its .meta.json");
    assert.deepEqual(parent.children, [h.paths.ccChild]);
    assert.equal(parent.spawns.length, 2, "two Agent calls in one response, each with its result on its own line");
    const missing = parent.linkIssues.filter((i) => i.code === "missing-child");
    assert.equal(missing.length, 1, "the call whose subagent file is not there (showcol1)");
    assert.match(missing[0].message, /^Subagent file missing; Claude Code [^.]*\. The Agent call ran showcol1: looked for /, "a short first sentence naming the agent, then the detail");
    assert.ok(missing.every((i) => typeof i.line === "number" && /subagents\/agent-/.test(i.message)));
    // each file counted once: the parent's cost with its subagents
    assert.ok(parent.cost! > 0 && child.cost! > 0);
    const kids = parent.children.map((p) => lib.session(p)!.cost ?? 0).reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(parent.costWithChildren! - (parent.cost! + kids)) < 1e-9);
  });

  it("links a Codex child rollout to its parent's spawn call and says it never finished; a pi fork to its parent session", (t) => {
    if (h.paths.codexParent && h.paths.codexChild) {
      const child = lib.session(h.paths.codexChild)!;
      assert.equal(child.parentPath, h.paths.codexParent);
      assert.equal(child.parent?.callId, "call-spawn-001");
      assert.deepEqual(
        child.linkIssues.map((i) => i.code),
        ["child-unfinished"],
      );
      assert.match(child.linkIssues[0].message, /^Subagent never finished; its last Codex message is not a final answer\./);
      const parent = lib.session(h.paths.codexParent)!;
      assert.equal(parent.spawns[0].agentId, "33333333-3333-4333-8333-333333333333");
      assert.deepEqual(parent.linkIssues, [], "the child exists and the parent holds the call's result");
    } else t.diagnostic("Codex corpus files missing");
    if (h.paths.piFork) {
      const fork = lib.session(h.paths.piFork)!;
      assert.equal(fork.parent?.kind, "fork");
      assert.equal(fork.parentPath, h.paths.piParent);
    }
  });

  it("counts compactions as events, with the tokens before and after where recorded", (t) => {
    if (!h.paths.ccRewind) return t.skip("corpus file missing");
    const cc = lib.session(h.paths.ccRewind)!;
    assert.equal(cc.compactions.length, 1);
    assert.equal(cc.compactions[0].tokensBefore, 150000);
    if (h.paths.piCompact) assert.equal(lib.session(h.paths.piCompact)!.compactions.length, 2);
    if (h.paths.codexArchived) {
      const cx = lib.session(h.paths.codexArchived)!;
      assert.equal(cx.archived, true);
      assert.ok(cx.compactions.length >= 1 && cx.compactions.every((c) => c.tokensAfter === undefined || c.tokensAfter > 0));
    }
    assert.equal(lib.summary().compactions, [...lib.all().values()].reduce((n, s) => n + s.compactions.length, 0));
  });

  it("prices recorded usage per model; the library's cost counts each file once", (t) => {
    if (h.have.size === 0) return t.skip("no shared corpus");
    const all = [...lib.all().values()];
    const sum = all.reduce((n, s) => n + (s.cost ?? 0), 0);
    assert.ok(Math.abs(lib.summary().cost - sum) < 1e-9);
    for (const s of all) for (const m of s.models) assert.ok(m.cost !== undefined || m.recordedCost !== undefined || s.unpriced.includes(m.model), `${m.model} priced or listed`);
    const byModel = lib.summary().byModel;
    assert.ok(byModel.length > 0 && byModel.every((m) => m.sessions > 0));
  });

  it("arranges the Sessions view: agents, projects (the workspace's first), days, sessions, subagents under their parent", (t) => {
    if (h.have.size === 0) return t.skip("no shared corpus");
    const roots = lib.children({}).nodes;
    const agents = roots.filter((n) => n.kind === "agent");
    assert.equal(agents.length, h.have.size);
    const sessions: LibraryNode[] = [];
    const walk = (id: string | undefined, depth: number) => {
      for (const n of lib.children({ id }).nodes) {
        if (n.kind === "failing") continue;
        if (n.kind === "session") sessions.push(n);
        if (n.hasChildren) walk(n.id, depth + 1);
      }
    };
    walk(undefined, 0);
    assert.equal(sessions.length, lib.summary().sessions, "every session appears once in the tree");
    if (h.paths.piParent) {
      const projects = lib.children({ id: "agent:pi" }).nodes;
      assert.equal(projects[0].label, "/fixture");
      assert.equal(projects[0].workspace, true, "the workspace's project first");
    }
    if (h.paths.ccParent) {
      const parentNode = sessions.find((n) => n.session!.path === h.paths.ccParent)!;
      assert.ok(parentNode.hasChildren);
      assert.ok(lib.children({ id: parentNode.id }).nodes.some((n) => n.session!.path === h.paths.ccChild));
      const filtered = lib.children({ id: "agent:claude-code", filter: "example-app" }).nodes;
      assert.ok(filtered.length >= 1 && filtered.every((n) => /example-app/.test(n.label)), filtered.map((n) => n.label).join());
    }
  });

  it("searches prompts, answers, calls, outputs and ids across sessions, with the match in context", (t) => {
    if (h.have.size === 0) return t.skip("no shared corpus");
    if (h.paths.ccParent) {
      const r = lib.search("showcol2");
      const hit = r.hits.find((x) => x.path === h.paths.ccParent);
      assert.ok(hit, "the subagent's id in the parent's output");
      assert.match(hit!.snippet, /showcol2/);
      assert.ok(hit!.ranges.length > 0);
      const line = fs.readFileSync(h.paths.ccParent, "utf8").split("\n")[hit!.line - 1];
      assert.match(line, /showcol2/, "the hit's line holds the match");
    }
    if (h.paths.codexParent) assert.ok(lib.search("synthetic researcher").hits.some((x) => x.path === h.paths.codexParent));
    if (h.paths.codexParent) assert.ok(lib.search("call-spawn-001").hits.some((x) => x.kind === "call"));
    if (h.paths.piParent) assert.ok(lib.search("sanitized").hits.some((x) => x.path === h.paths.piParent));
    assert.equal(lib.search("").total, 0);
  });

  it("a second start with the cache reads no session again; a changed session is read once", async (t) => {
    if (h.have.size === 0) return t.skip("no shared corpus");
    const before = lib.summary();
    const second = new Library({ roots: libraryRoots({ home: h.home, env: {} }), cacheDir, workspaceFolders: ["/fixture"] });
    const { opens } = await countOpens(() => second.scanAndWait());
    assert.deepEqual(opens, [], "no session file opened");
    assert.equal(second.reads, 0);
    const again = second.summary();
    assert.equal(again.sessions, before.sessions);
    assert.equal(again.rejected, before.rejected);
    assert.equal(again.headline, before.headline);
    assert.ok(second.search("sanitized").total + second.search("researcher").total > 0, "the search index came from the cache too");
    second.dispose();
    // an agent appends to one session: only that one is read again
    const grown = h.paths.codexParent ?? h.paths.piParent ?? h.paths.ccRewind;
    appendFileSync(grown, "\n");
    const third = new Library({ roots: libraryRoots({ home: h.home, env: {} }), cacheDir });
    const r3 = await countOpens(() => third.scanAndWait());
    assert.deepEqual(r3.opens, [grown]);
    third.dispose();
  });
});
