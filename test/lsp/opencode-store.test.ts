/**
 * Issue 25 item 2: an OpenCode database in the editor, through the built server over a real
 * connection. The extension asks which sessions the store holds (`transcriptInspector/storeSessions`)
 * and one session's JSON document (`transcriptInspector/storeDocument`), read from the database
 * with its write-ahead log, the files never written; the document, opened under the store scheme
 * as the extension opens it, gets its diagnostics, status and the inspector's render like any
 * session document.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { FIXTURES } from "../helpers/corpus.js";
import { LspClient } from "../helpers/lsp-client.js";

const DIR = join(FIXTURES, "opencode-wal");
const FILES = ["opencode.db", "opencode.db-wal"];
const hashes = () => FILES.map((n) => createHash("sha256").update(readFileSync(join(DIR, n))).digest("hex"));
const KILLED = "ses_walonly0000000000000000";

describe("an OpenCode database in the editor", () => {
  let c: LspClient;
  const before0 = hashes();
  before(async () => {
    c = await LspClient.start();
  });
  after(async () => {
    await c.stop();
  });

  it("lists the database's sessions, the one only in the write-ahead log first (the newest)", async () => {
    const r = await c.request("transcriptInspector/storeSessions", { path: DIR });
    assert.equal(r.ok, true);
    assert.deepEqual([r.agent, r.kind, r.path], ["opencode", "database", join(DIR, "opencode.db")]);
    assert.deepEqual(r.sessions.map((s: any) => [s.id, s.title]), [
      [KILLED, "Killed mid-tool"],
      ["ses_f0de500f8ffeXvsiYJDOg5JtrU", "The command printed fixture."],
    ]);
    assert.deepEqual(hashes(), before0, "the files are not written");
  });

  it("a session's document, opened under the store scheme: its diagnostic, its status, the inspector's view", async () => {
    const doc = await c.request("transcriptInspector/storeDocument", { path: join(DIR, "opencode.db"), id: KILLED });
    assert.equal(doc.ok, true);
    const uri = `transcript-inspector-store:/${KILLED}.json?${encodeURIComponent(join(DIR, "opencode.db"))}`;
    const from = c.published.length;
    const nFrom = c.notifications.length;
    c.open(uri, doc.text, 1, "json");
    const d = await c.diagnosticsFor(uri, 1, from);
    assert.deepEqual(
      d.map((x) => [x.code, x.severity]),
      [["dangling-call", 2]],
    );
    const line = doc.text.split("\n")[d[0].range.start.line];
    assert.match(line, /"callID":"toolu_01SlowBuild"/);
    assert.equal(line.slice(d[0].range.start.character, d[0].range.end.character), '"toolu_01SlowBuild"', "on the id, inside the message's line");
    const st = await c.status(uri, nFrom);
    assert.deepEqual([st.isSession, st.format], [true, "opencode"]);
    const view = await c.request("transcriptInspector/render", { uri });
    assert.equal(view.format, "opencode");
    assert.ok(view.after.some((m: any) => m.role === "toolResult" && m.toolCallId === "toolu_01SlowBuild"), "After: the interrupted result OpenCode sends");
    assert.ok(!view.before.some((m: any) => m.role === "toolResult"), "Before: the call has none");
    assert.deepEqual(hashes(), before0, "the files are not written");
  });

  it("a path that is no store, and a session the store does not hold: a message, no crash", async () => {
    const none = await c.request("transcriptInspector/storeSessions", { path: join(FIXTURES, "claude-code") });
    assert.equal(none.ok, false);
    assert.match(none.message, /is not a session store/);
    const missing = await c.request("transcriptInspector/storeDocument", { path: join(DIR, "opencode.db"), id: "ses_nope" });
    assert.deepEqual(missing, { ok: false, message: `${join(DIR, "opencode.db")} holds no session ses_nope` });
  });
});
