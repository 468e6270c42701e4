/**
 * The session library of the built server (dist/server.js, its library thread and check worker
 * in dist/library-worker.js, SQLite loaded there) on a fake home holding OpenCode's and Hermes
 * Agent's databases in their standard folders: the Sessions view's nodes list the stores'
 * sessions with their agent and summary, each carrying its store; the store document request
 * (the route the editor opens a `transcript-inspector-store:` document by) gives that session's
 * text; the databases are unchanged after.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { LibraryChildrenResult, LibraryNode, LibrarySummary } from "../../server/src/protocol/library.js";
import type { StoreDocumentResult } from "../../server/src/protocol/stores.js";
import { storeHome } from "../helpers/library-stores.js";
import { LspClient } from "../helpers/lsp-client.js";

const sha = (p: string) => createHash("sha256").update(readFileSync(p)).digest("hex");

async function settled(c: LspClient): Promise<LibrarySummary> {
  for (let i = 0; i < 600; i++) {
    const s = await c.request<LibrarySummary | null>("transcriptInspector/library/summary", {});
    if (s && !s.scanning && s.pending === 0 && s.checked > 0 && !s.search.indexing) return s;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the library did not finish");
}

async function sessionNodes(c: LspClient, id?: string): Promise<LibraryNode[]> {
  const out: LibraryNode[] = [];
  const r = await c.request<LibraryChildrenResult>("transcriptInspector/library/children", id ? { id } : {});
  for (const n of r.nodes) {
    if (n.kind === "failing") continue;
    if (n.kind === "session") out.push(n);
    if (n.hasChildren) out.push(...(await sessionNodes(c, n.id)));
  }
  return out;
}

describe("library over LSP: the sessions of the agents' databases", () => {
  let h: Awaited<ReturnType<typeof storeHome>>;
  let cacheDir: string;
  let c: LspClient;
  let hashes: { opencode: string; hermes: string };
  before(async () => {
    h = await storeHome();
    hashes = { opencode: sha(h.opencode), hermes: sha(h.hermes) };
    cacheDir = mkdtempSync(join(tmpdir(), "ti-library-stores-lsp-"));
    c = await LspClient.start();
  });
  after(async () => {
    await c.stop();
    h.done();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it("lists them on the library's worker threads, each with its agent, summary and store; the store route opens one", async () => {
    assert.ok(await c.request("transcriptInspector/library/configure", { enabled: true, home: h.home, workspaceFolders: [], folders: [], cacheDir, provider: "auto" }));
    const s = await settled(c);
    assert.equal(s.sessions, 10);
    assert.equal(s.unreadable, 0);
    assert.deepEqual(s.byAgent.map((a) => [a.key, a.sessions]).sort(), [["hermes", 9], ["opencode", 1]]);
    const nodes = await sessionNodes(c);
    assert.equal(nodes.length, 10);
    const oc = nodes.find((n) => n.session?.agent === "opencode")!;
    assert.equal(oc.label, "The command printed fixture.");
    assert.deepEqual(oc.session!.store, { path: h.opencode, id: "ses_f0de500f8ffeXvsiYJDOg5JtrU" });
    assert.equal(oc.session!.messages, 4);
    assert.ok(nodes.every((n) => n.session?.store && n.session.size > 0 && !n.session.error));
    const doc = await c.request<StoreDocumentResult>("transcriptInspector/storeDocument", { path: oc.session!.store!.path, id: oc.session!.store!.id });
    assert.ok(doc.ok && doc.text.includes("ses_f0de500f8ffeXvsiYJDOg5JtrU"));
    assert.equal(Buffer.byteLength(doc.text), oc.session!.size, "the document the library summarised");
    assert.equal(sha(h.opencode), hashes.opencode);
    assert.equal(sha(h.hermes), hashes.hermes);
    assert.deepEqual(readdirSync(join(h.home, ".hermes")), ["state.db"]);
  });
});
