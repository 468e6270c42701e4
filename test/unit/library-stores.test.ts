/**
 * The session library lists the sessions of the agents' stores found in their standard folders
 * (OpenCode's `~/.local/share/opencode/opencode.db`, Hermes Agent's `~/.hermes/state.db`): real
 * SQLite databases made from the corpus dumps (test/helpers/opencode-stores.ts,
 * hermes-stores.ts) in a fake home. Each session is `<store>#<id>` with its agent, title, time,
 * size, messages, usage and findings, and the store it is in (the editor opens that, not a file);
 * the database's bytes are unchanged after and no lock or log file is made; an unchanged store is
 * not read again, a changed one is; a store that cannot be read is one entry with its error; the
 * listing is bounded.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { databaseReads, storeStamp } from "../../server/src/io/session-store.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { after, before, describe, it } from "node:test";
import { runLibrary } from "../../server/src/cli/library-command.js";
import { standardRoots } from "../../server/src/library/folders.js";
import { Library } from "../../server/src/library/library.js";
import { closeStoreDocuments, listStoreSessions } from "../../server/src/library/stores.js";
import { shippedPriceTable } from "../../server/src/library/pricing.js";
import { summarizeStoreSession } from "../../server/src/library/summarize.js";
import type { LibraryNode } from "../../server/src/protocol/library.js";
import { hermesDatabase } from "../helpers/hermes-stores.js";
import { storeHome } from "../helpers/library-stores.js";

const sha = (p: string) => createHash("sha256").update(readFileSync(p)).digest("hex");

/** Every session node under a root node of the view, depth first. */
function sessionNodes(lib: Library, id?: string): LibraryNode[] {
  const out: LibraryNode[] = [];
  for (const n of lib.children({ id }).nodes) {
    if (n.kind === "failing") continue;
    if (n.kind === "session") out.push(n);
    if (n.hasChildren) out.push(...sessionNodes(lib, n.id));
  }
  return out;
}

describe("library: the sessions of the agents' stores", () => {
  let h: Awaited<ReturnType<typeof storeHome>>;
  let cacheDir: string;
  let before0: { opencode: string; hermes: string };
  const reads: string[] = [];
  let lib: Library;
  before(async () => {
    h = await storeHome();
    cacheDir = mkdtempSync(join(tmpdir(), "ti-library-stores-cache-"));
    before0 = { opencode: sha(h.opencode), hermes: sha(h.hermes) };
    lib = new Library({ roots: standardRoots(h.home, {}), cacheDir, onRead: (p) => reads.push(p) });
    await lib.scanAndWait();
  });
  after(() => {
    lib.dispose();
    closeStoreDocuments();
    h.done();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it("lists every session of both stores, each with its agent and summary, named <store>#<id>", () => {
    const all = [...lib.all().values()];
    const oc = all.filter((s) => s.agent === "opencode");
    const he = all.filter((s) => s.agent === "hermes");
    assert.equal(oc.length, 1);
    assert.equal(he.length, 9);
    assert.ok(all.every((s) => !s.error), all.map((s) => s.error).join());
    const o = oc[0];
    assert.equal(o.path, `${h.opencode}#ses_f0de500f8ffeXvsiYJDOg5JtrU`);
    assert.deepEqual(o.store, { path: h.opencode, id: "ses_f0de500f8ffeXvsiYJDOg5JtrU" });
    assert.equal(o.agentLabel, "OpenCode");
    assert.equal(o.title, "The command printed fixture.", "the title the store records");
    assert.equal(o.sessionId, "ses_f0de500f8ffeXvsiYJDOg5JtrU");
    assert.equal(o.project, "/work/proj", "its project: the folder the session records (info.directory), not the database");
    assert.equal(o.mtimeMs, 1790768251721, "the store's time of the session");
    assert.equal(o.messages, 4);
    assert.ok(o.size > 1000, "the size of its document");
    assert.ok(o.tokens.input > 0 && o.models.length === 1);
    assert.equal(o.errors, 0);
    assert.equal(typeof o.rejects, "boolean");
    const fetch = he.find((s) => s.title.startsWith("Fetch https://example.com"));
    assert.ok(fetch, he.map((s) => s.title).join(" | "));
    assert.equal(fetch.agentLabel, "Hermes Agent");
    assert.equal(fetch.path, `${h.hermes}#20260605_155539_d8327b`);
    assert.equal(fetch.messages, 4);
    assert.ok(he.every((s) => s.project === "/home/dev/hermes-test"), "Hermes's cwd column");
    assert.ok(he.some((s) => s.title === "General Assistance Conversation Start"), "Hermes's own title when it records one");
    assert.equal(reads.length, 10, "each session read once");
    assert.equal(reads.filter((p) => p.startsWith(`${h.hermes}#`)).length, 9);
  });

  it("arranges them in the Sessions view under their agent, each node carrying its store", () => {
    const roots = lib.children({}).nodes.filter((n) => n.kind === "agent");
    assert.deepEqual(roots.map((n) => n.label).sort(), ["Hermes Agent", "OpenCode"]);
    const nodes = sessionNodes(lib);
    assert.equal(nodes.length, 10);
    assert.ok(nodes.every((n) => n.session?.store && n.id === `session:${n.session.store.path}#${n.session.store.id}`));
    const s = lib.summary();
    assert.equal(s.sessions, 10);
    assert.deepEqual(s.byAgent.map((a) => [a.key, a.sessions]).sort(), [["hermes", 9], ["opencode", 1]]);
    const hits = lib.search("example.com").hits;
    assert.ok(hits.length > 0 && hits.every((x) => x.store?.path === h.hermes), JSON.stringify(hits.slice(0, 2)));
  });

  it("leaves the databases as they were: the same bytes, no log or lock file made", () => {
    assert.equal(sha(h.opencode), before0.opencode);
    assert.equal(sha(h.hermes), before0.hermes);
    assert.deepEqual(readdirSync(join(h.home, ".hermes")), ["state.db"]);
    assert.deepEqual(readdirSync(join(h.home, ".local", "share", "opencode")), ["opencode.db"]);
  });

  it("an unchanged store is not read again; a second start with the cache reads none", async () => {
    reads.length = 0;
    await lib.scanAndWait();
    assert.equal(reads.length, 0);
    const again: string[] = [];
    const lib2 = new Library({ roots: standardRoots(h.home, {}), cacheDir, onRead: (p) => again.push(p) });
    try {
      await lib2.scanAndWait();
      assert.equal(again.length, 0);
      assert.equal(lib2.summary().sessions, 10);
    } finally {
      lib2.dispose();
    }
  });

  it("a session the agent added to is read again, and only it", async () => {
    const edited = await hermesDatabase("UPDATE messages SET timestamp = timestamp + 100 WHERE id = (SELECT MAX(id) FROM messages WHERE session_id = '20260605_155539_d8327b');");
    try {
      writeFileSync(h.hermes, readFileSync(edited.path));
    } finally {
      edited.done();
    }
    reads.length = 0;
    await lib.scanAndWait();
    assert.deepEqual(reads, [`${h.hermes}#20260605_155539_d8327b`]);
    assert.equal(lib.summary().sessions, 10);
  });

  it("a session whose read failed (the log changed while it was read) is read again at the next scan, though the store did not change", async () => {
    const path = `${h.hermes}#20260605_155539_d8327b`;
    const sessions = (lib as unknown as { sessions: Map<string, { error?: string }> }).sessions;
    sessions.set(path, { ...sessions.get(path)!, error: "the store could not be read: the database's log kept changing" });
    reads.length = 0;
    await lib.scanAndWait();
    assert.deepEqual(reads, [path]);
    assert.equal(sessions.get(path)?.error, undefined);
    // another error (the engine's) stands while the session is unchanged: not read every scan
    sessions.set(path, { ...sessions.get(path)!, error: "internal error: x" });
    reads.length = 0;
    await lib.scanAndWait();
    assert.deepEqual(reads, []);
  });
});

describe("library: the stores' sessions checked on the built worker thread (dist/library-worker.js loads SQLite there)", () => {
  const worker = join(__dirname, "..", "..", "dist", "library-worker.js");
  it("reads each session in the worker, with the same summary as in this thread", async (t) => {
    if (!existsSync(worker)) return t.skip("not built (npm run build)");
    const h = await storeHome();
    try {
      const inThread = new Library({ roots: standardRoots(h.home, {}) });
      const threaded = new Library({ roots: standardRoots(h.home, {}), workerScript: worker, threads: 1, lowPriority: false });
      try {
        await Promise.all([inThread.scanAndWait(), threaded.scanAndWait()]);
        const a = [...inThread.all().values()].sort((x, y) => x.path.localeCompare(y.path));
        const b = [...threaded.all().values()].sort((x, y) => x.path.localeCompare(y.path));
        assert.equal(b.length, 10);
        assert.ok(b.every((s) => !s.error && s.store), b.map((s) => s.error).join());
        assert.deepEqual(
          b.map((s) => [s.path, s.agent, s.title, s.messages, s.size, s.errors]),
          a.map((s) => [s.path, s.agent, s.title, s.messages, s.size, s.errors]),
        );
      } finally {
        inThread.dispose();
        threaded.dispose();
      }
    } finally {
      closeStoreDocuments();
      h.done();
    }
  });
});

describe("library: a store that cannot be read", () => {
  it("is one entry with its error; the other store's sessions are listed", async () => {
    const h = await storeHome();
    try {
      // a database file that SQLite cannot open (its header, then nothing of a database)
      writeFileSync(h.opencode, Buffer.concat([Buffer.from("SQLite format 3\0"), Buffer.alloc(200, 7)]));
      const lib = new Library({ roots: standardRoots(h.home, {}) });
      try {
        await lib.scanAndWait();
        const all = [...lib.all().values()];
        const bad = all.filter((s) => s.error);
        assert.equal(bad.length, 1, JSON.stringify(bad));
        assert.equal(bad[0].path, h.opencode, bad[0].error);
        assert.equal(bad[0].agent, "opencode");
        assert.match(bad[0].error!, /could not be read/);
        assert.equal(all.filter((s) => s.agent === "hermes" && !s.error).length, 9);
        const sum = lib.summary();
        assert.equal(sum.sessions, 9);
        assert.equal(sum.unreadable, 1);
      } finally {
        lib.dispose();
      }
    } finally {
      closeStoreDocuments();
      h.done();
    }
  });

  it("no store in an agent's folder (the agent is not installed, or the folder holds no database) lists nothing and is no error", async () => {
    const home = mkdtempSync(join(tmpdir(), "ti-library-nostore-"));
    try {
      mkdirSync(join(home, ".hermes"));
      writeFileSync(join(home, ".hermes", "config.yaml"), "x: 1\n");
      const lib = new Library({ roots: standardRoots(home, {}) });
      try {
        await lib.scanAndWait();
        assert.equal(lib.all().size, 0);
      } finally {
        lib.dispose();
      }
      assert.ok(!existsSync(join(home, ".local", "share", "opencode")));
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe("library: the `library` command lists the stores' sessions", () => {
  it("one row per session, named <store>#<id> under the home; a store that cannot be read on stderr, status 2", async () => {
    const h = await storeHome();
    const sink = () => {
      const parts: string[] = [];
      return { stream: new Writable({ write: (c, _e, cb) => (parts.push(String(c)), cb()) }), text: () => parts.join("") };
    };
    try {
      const out = sink();
      const err = sink();
      assert.equal(await runLibrary(["--no-cache"], { home: h.home, env: {}, stdout: out.stream, stderr: err.stream as any }), 0, err.text());
      assert.match(out.text(), /OpenCode .* ~\/\.local\/share\/opencode\/opencode\.db#ses_f0de500f8ffeXvsiYJDOg5JtrU {2}The command printed fixture\./);
      assert.equal(out.text().match(/~\/\.hermes\/state\.db#/g)?.length, 9);
      assert.match(out.text(), /^10 sessions, /m);
      writeFileSync(h.opencode, Buffer.concat([Buffer.from("SQLite format 3\0"), Buffer.alloc(200, 7)]));
      const err2 = sink();
      assert.equal(await runLibrary(["--no-cache"], { home: h.home, env: {}, stdout: sink().stream, stderr: err2.stream as any }), 2);
      assert.match(err2.text(), /opencode\.db: the store could not be read: /);
    } finally {
      closeStoreDocuments();
      h.done();
    }
  });
});

describe("library: a store's listing is bounded", () => {
  it("lists at most the bound, the newest sessions first, and says it left some out", async () => {
    const h = await storeHome();
    try {
      const root = standardRoots(h.home, {}).find((r) => r.agent === "hermes")!;
      const l = await listStoreSessions(root, 3);
      assert.equal(l.files.length, 3);
      assert.equal(l.truncated, true);
      const times = l.files.map((f) => f.mtimeMs);
      assert.deepEqual(times, [...times].sort((a, b) => b - a));
      assert.equal(l.files[0].path, `${h.hermes}#20260605_155539_d8327b`);
      // the same stamp: the listing is taken again, the store not opened (nor read to tell it: its
      // bytes swapped for others of the same size and time are not seen)
      assert.equal(await listStoreSessions(root, 3, l), l);
      const bytes = readFileSync(h.hermes);
      writeFileSync(h.hermes, Buffer.alloc(bytes.length, 7));
      const same = { ...l, stamp: storeStamp({ kind: "database", path: h.hermes }) };
      const reads0 = databaseReads.count;
      assert.equal(await listStoreSessions(root, 3, same), same, "an unchanged stamp: nothing read");
      assert.equal(databaseReads.count, reads0, "not even to tell the store in the folder");
      writeFileSync(h.hermes, bytes);
      // read before, unreadable now: the sessions as last listed, with the error (read again next time)
      writeFileSync(h.hermes, Buffer.concat([Buffer.from("SQLite format 3\0"), Buffer.alloc(200, 7)]));
      const failed = await listStoreSessions(root, 3, l);
      assert.match(failed.error ?? "", /could not be read/);
      assert.deepEqual(failed.files, l.files);
      assert.equal(failed.stamp, undefined);
      assert.equal((await listStoreSessions(root, 3)).files.length, 0, "never read: nothing listed");
    } finally {
      h.done();
    }
  });

  it("a session read out keeps the listing's time (the next listing compares it), whether or not the store recorded one; one no longer there is an error entry", async () => {
    const h = await storeHome();
    try {
      const root = standardRoots(h.home, {}).find((r) => r.agent === "hermes")!;
      const ref = { ...(await listStoreSessions(root, 1)).files[0].store!, updated: undefined, mtimeMs: 12345 };
      const r = summarizeStoreSession(ref, { prices: shippedPriceTable() });
      assert.equal(r.session.mtimeMs, 12345);
      assert.equal(r.session.agent, "hermes");
      const gone = summarizeStoreSession({ ...ref, id: "no-such-session" }, { prices: shippedPriceTable() });
      assert.match(gone.session.error ?? "", /holds no session no-such-session/);
    } finally {
      closeStoreDocuments();
      h.done();
    }
  });
});
