/**
 * Issue 26 over a real LSP connection to the built server (dist/server.js with its
 * dist/library-worker.js): the extension's requests configure the library on a fake home with
 * sessions of every agent, then read the Sessions view's nodes, the summary and search results;
 * typing in a document pauses the check; a second server with the same cache reads no session.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, it } from "node:test";
import type { LibraryChildrenResult, LibrarySearchResult, LibrarySummary } from "../../server/src/protocol/library.js";
import { type FakeHome, makeFakeHome } from "../helpers/library-home.js";
import { LspClient } from "../helpers/lsp-client.js";

/** Asks for the summary until the check is done (bounded by the helper's wait, not asserted as a time). */
async function settled(c: LspClient): Promise<LibrarySummary> {
  for (let i = 0; i < 600; i++) {
    const s = await c.request<LibrarySummary | null>("transcriptInspector/library/summary", {});
    if (s && !s.scanning && s.pending === 0 && s.checked > 0 && !s.search.indexing) return s;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the library did not finish");
}

describe("library over LSP", () => {
  let h: FakeHome;
  let cacheDir: string;
  let c: LspClient;
  before(async () => {
    h = makeFakeHome();
    cacheDir = mkdtempSync(join(tmpdir(), "ti-library-lsp-"));
    c = await LspClient.start();
  });
  after(async () => {
    await c.stop();
    h.cleanup();
    rmSync(cacheDir, { recursive: true, force: true });
  });
  const params = () => ({ enabled: true, home: h.home, workspaceFolders: ["/fixture"], folders: [], cacheDir, provider: "auto" });

  it("configures, checks every session of every agent in the background, and answers the view's requests", async (t) => {
    if (h.have.size === 0) return t.skip("no shared corpus");
    const first = await c.request<LibrarySummary | null>("transcriptInspector/library/configure", params());
    assert.ok(first);
    const s = await settled(c);
    assert.deepEqual(new Set(s.byAgent.map((a) => a.key)), h.have);
    assert.ok(s.read > 0);
    assert.match(s.headline, /^\d+ sessions?, /);
    const roots = await c.request<LibraryChildrenResult>("transcriptInspector/library/children", {});
    assert.deepEqual(new Set(roots.nodes.filter((n) => n.kind === "agent").map((n) => n.id.slice("agent:".length))), h.have);
    const agent = roots.nodes.find((n) => n.kind === "agent")!;
    const projects = await c.request<LibraryChildrenResult>("transcriptInspector/library/children", { id: agent.id });
    assert.ok(projects.nodes.length > 0 && projects.nodes.every((n) => n.kind === "project"));
    const days = await c.request<LibraryChildrenResult>("transcriptInspector/library/children", { id: projects.nodes[0].id });
    const sessions = await c.request<LibraryChildrenResult>("transcriptInspector/library/children", { id: days.nodes[0].id });
    assert.ok(sessions.nodes[0].session && typeof sessions.nodes[0].session.title === "string");
    if (h.paths.ccParent) {
      const r = await c.request<LibrarySearchResult>("transcriptInspector/library/search", { query: "showcol2" });
      assert.ok(r.hits.some((x) => x.path === h.paths.ccParent));
    }
  });

  it("typing in a document holds the check back", async (t) => {
    if (h.have.size === 0) return t.skip("no shared corpus");
    const uri = "file:///tmp/typing.jsonl";
    c.open(uri, '{"type":"session","version":3,"id":"x","timestamp":"2026-01-01T00:00:00Z","cwd":"/"}\n');
    c.change(uri, 2, [{ text: '{"type":"session","version":3,"id":"y","timestamp":"2026-01-01T00:00:00Z","cwd":"/"}\n' }]);
    const s = await c.request<LibrarySummary>("transcriptInspector/library/summary", {});
    assert.equal(s.paused, true);
    c.close(uri);
  });

  it("a second server with the same cache reads no session", async (t) => {
    if (h.have.size === 0) return t.skip("no shared corpus");
    const before = await settled(c);
    const c2 = await LspClient.start();
    try {
      await c2.request("transcriptInspector/library/configure", params());
      const s = await settled(c2);
      assert.equal(s.read, 0);
      assert.equal(s.sessions, before.sessions);
      assert.equal(s.headline, before.headline);
    } finally {
      await c2.stop();
    }
  });

  it("off: no library, empty answers", async () => {
    assert.equal(await c.request("transcriptInspector/library/configure", { ...params(), enabled: false }), null);
    assert.deepEqual(await c.request("transcriptInspector/library/children", {}), { nodes: [], more: 0 });
  });
});

describe("library over LSP: the editor's requests never wait for the library", () => {
  let dir: string;
  let sample: string;
  let c: LspClient;
  before(async () => {
    // a workspace of many sessions: the background check has work long after the editor's first request
    dir = mkdtempSync(join(tmpdir(), "ti-library-busy-"));
    sample = readFileSync(join(__dirname, "..", "..", "samples", "sample-session.jsonl"), "utf8");
    mkdirSync(join(dir, "sessions"));
    for (let i = 0; i < 300; i++) writeFileSync(join(dir, "sessions", `s${i}.jsonl`), sample);
    mkdirSync(join(dir, "home"));
    c = await LspClient.start();
  });
  after(async () => {
    await c.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const uri = () => pathToFileURL(join(dir, "open.jsonl")).href;
  /** A hover on the sample's reused tool-call id (line 4, `bash_18`), and what it says. */
  const ID_HOVER = /^\*\*Tool-call id\*\* bash\\_18: 2 occurrences in this file/;
  const hoverOnId = () => {
    const line = sample.split("\n")[3];
    return c.request<any>("textDocument/hover", { textDocument: { uri: uri() }, position: { line: 3, character: line.indexOf('"bash_18"') + 3 } });
  };
  const fixAll = () => c.codeActions({ textDocument: { uri: uri() }, range: { start: { line: 0, character: 0 }, end: { line: 10_000, character: 0 } }, context: { diagnostics: [], only: ["source.fixAll"] } });

  // The library's cache file is a FIFO here: reading it waits until the test writes to it. On the
  // server's own thread that read would hold every request until then (the library ran its cache
  // read in the configure request); on the library's thread only the configure answer waits.
  it("while the library's cache read waits, a hover and a code action are answered; the library's configure answers after", { skip: process.platform === "win32" ? "no FIFO" : false, timeout: 120_000 }, async () => {
    c.open(uri(), sample);
    await c.diagnosticsFor(uri());
    const cacheDir = join(dir, "cache");
    mkdirSync(cacheDir);
    const gate = join(cacheDir, "library-search.json");
    execFileSync("mkfifo", [gate]);
    const order: string[] = [];
    const configured = c
      .request<LibrarySummary | null>("transcriptInspector/library/configure", { enabled: true, home: join(dir, "home"), workspaceFolders: [dir], folders: [], cacheDir, provider: "auto" })
      .then((r) => (order.push("library/configure"), r));
    let released = false;
    /** The cache read ends (an empty index): the library answers and starts on the workspace's sessions. */
    const release = () => {
      if (!released) writeFileSync(gate, "{}");
      released = true;
    };
    try {
      const hover = await hoverOnId().then((h) => (order.push("hover"), h));
      const acts = await fixAll().then((a) => (order.push("codeAction"), a));
      assert.deepEqual(order, ["hover", "codeAction"], "answered while the library waits for its cache");
      assert.match(hover?.contents?.value ?? "", ID_HOVER, "the hover is the id's");
      assert.ok(acts.find((a) => a.title === "Fix all repairable findings in the file")?.edit, "the fix-all carries its edit");
      release();
      assert.ok(await configured);
      assert.deepEqual(order, ["hover", "codeAction", "library/configure"]);
    } finally {
      release();
      await configured.catch(() => undefined);
    }
  });

  it("while the library checks the workspace's 300 sessions, a hover and source.fixAll answer with the id and the fix", async (t) => {
    if (process.platform === "win32") return t.skip("the library is configured by the test before");
    const busy = await c.request<LibrarySummary>("transcriptInspector/library/summary", {});
    assert.ok(busy.scanning || busy.pending > 0, `the library is still at work (${busy.checked} of ${busy.pending + busy.checked} checked)`);
    const hover = await hoverOnId();
    assert.match(hover?.contents?.value ?? "", ID_HOVER);
    const fix = (await fixAll()).find((a) => a.title === "Fix all repairable findings in the file");
    assert.ok(fix?.edit, "resolved, the fix-all carries its edit");
    // and the library goes on to the end: every session checked, the cache written
    const done = await settled(c);
    assert.equal(done.sessions, 300);
    c.close(uri());
  });
});
