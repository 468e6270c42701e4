/**
 * Hermes Agent (NousResearch/hermes-agent): the real `state.db` of test/corpus/hermes/stores/ (the
 * SQL dump of a schema-14 database, 9 sessions) loaded into SQLite and read out by the store reader,
 * one document per session, read, checked and rendered; the database never written (`fix` refuses
 * it); and damaged copies with the defects Hermes leaves in its database (a process killed after
 * the assistant row with `tool_calls` was written and before its `tool` rows; a `tool` row whose
 * call is gone; rows `/rewind` set inactive; consecutive user rows), a role or column this reading
 * does not know, a `tool_calls` that is not JSON. The reading: formats/hermes/.
 */
import assert from "node:assert/strict";
import initSqlJs from "sql.js";
import { loadSqlite } from "../../server/src/io/sqlite-file.js";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { fixAll } from "../../server/src/engine/repair/index.js";
import { type Finding, type Msg, toolCallsOf } from "../../server/src/engine/model/types.js";
import { checkJson, renderJson } from "../../server/src/presentation/report.js";
import { providerVerdicts } from "../../server/src/engine/providers/verdicts.js";
import { HERMES_STORE } from "../../server/src/engine/formats/hermes/hermes-store.js";
import { HERMES_STUB_RESULT } from "../../server/src/engine/formats/hermes/hermes-words.js";
import { closeOpenedStores, loadStores, openStore, storeAt } from "../../server/src/io/session-store.js";
import { openSqliteFile } from "../../server/src/io/sqlite-file.js";
import { main } from "../../server/src/cli.js";
import { CORPUS } from "../helpers/corpus.js";
import { HERMES_DUMP, hermesDatabase, hermesExports } from "../helpers/hermes-stores.js";

const AGENT = "hermes";
const LONG = "20260605_154029_7b8623";
const doc = (id: string) => `${HERMES_DUMP}-${id}.json`;
const corpus = (name: string) => readFileSync(join(CORPUS, AGENT, name), "utf8");
const codes = (findings: readonly Finding[]) => findings.map((f) => [f.code, f.severity, f.line + 1]);
const roles = (ms: readonly Msg[]) => {
  const out: Record<string, number> = {};
  for (const m of ms) out[m.role] = (out[m.role] ?? 0) + 1;
  return out;
};
const cli = (args: string[]) => {
  let out = "";
  let err = "";
  const status = main(args, (s) => (out += s), (s) => (err += s));
  return { status, out, err };
};
/** The session `id` of the real database after `sql` ran on it, as the store reader reads it out. */
async function damagedDoc(sql: string, id = LONG): Promise<string> {
  const made = await hermesDatabase(sql);
  try {
    const db = openSqliteFile(made.path);
    try {
      return HERMES_STORE.documentInDatabase(db, id)!;
    } finally {
      db.close();
    }
  } finally {
    made.done();
  }
}

before(() => loadStores());

describe("Hermes Agent: the real store", () => {
  it("each corpus document is what the store reader makes of the real database (the dump loaded into SQLite)", async () => {
    const made = await hermesExports();
    assert.equal(made.size, 9);
    for (const [name, text] of made) assert.equal(corpus(name), text, name);
  });

  it("the long session: 32 rows, one per line, 10 calls each answered by the next row, no findings; what Hermes sends is every row", () => {
    const text = corpus(doc(LONG));
    const a = analyze(text);
    assert.equal(a.session.format, AGENT);
    assert.equal(a.session.entries.length, 32);
    const lines = text.split("\n");
    a.session.entries.forEach((e, i) => {
      assert.equal(e.line, i + 1, `row ${e.id} is on its own line`);
      assert.ok(lines[e.line].startsWith(`{"id":${e.id},`), e.id);
    });
    assert.deepEqual(roles(a.before), { user: 6, assistant: 16, toolResult: 10 });
    const calls = a.before.flatMap((m) => toolCallsOf(m));
    assert.equal(calls.length, 10);
    assert.deepEqual(calls.map((c) => c.name).filter((n, i, all) => all.indexOf(n) === i), ["write_file", "terminal", "patch"]);
    a.before.forEach((m, i) => toolCallsOf(m).forEach((c) => assert.equal(a.before[i + 1].toolCallId, c.id)));
    assert.deepEqual(a.before[1].content.map((b: any) => b.type), ["thinking", "text"], "reasoning as thinking, then the answer");
    assert.deepEqual(a.findings, []);
    assert.deepEqual(checkJson(doc(LONG), a).findings, []);
    assert.equal(renderJson(doc(LONG), a).format, AGENT);
    assert.deepEqual(a.after.map((m) => [m.role, m.toolCallId]), a.before.map((m) => [m.role, m.toolCallId]));
    const pv = providerVerdicts(a);
    assert.equal(pv.target, "openai-chat", "Nous Portal: Chat Completions");
    assert.deepEqual(pv.findings.filter((f) => f.rejectedBy.includes("openai-chat")), []);
    // the session row's totals: one record at the session's line
    assert.deepEqual([a.usage.records.length, a.usage.totals.input, a.usage.totals.output, a.usage.totals.cacheRead], [1, 49549, 1530, 232960]);
    assert.equal(fixAll(text).text, text, "a document read out of the database is never repaired");
  });

  it("every other session reads with no findings and every call answered", () => {
    const names = [
      "20260605_155053_5bf0bf",
      "20260605_155124_66ff17",
      "20260605_155147_6b91aa",
      "20260605_155224_0ce104",
      "20260605_155339_a20b96",
      "20260605_155411_5a856d",
      "20260605_155424_691e13",
      "20260605_155539_d8327b",
    ];
    for (const id of names) {
      const a = analyze(corpus(doc(id)));
      assert.equal(a.session.format, AGENT, id);
      assert.deepEqual(a.findings, [], id);
      const calls = a.before.flatMap((m) => toolCallsOf(m)).length;
      assert.equal(calls, id === "20260605_155411_5a856d" ? 0 : 1, id);
      assert.equal(a.before.filter((m) => m.role === "toolResult").length, calls, id);
    }
  });
});

describe("Hermes Agent: the database, read-only", () => {
  it("the .hermes folder and state.db name the store; check reads its 9 sessions and leaves the bytes alone; fix refuses", async () => {
    const made = await hermesDatabase();
    try {
      assert.deepEqual(storeAt(made.dir), { format: AGENT, kind: "database", path: made.path });
      const store = openStore(storeAt(made.path)!);
      assert.equal(store.sessions.length, 9);
      assert.equal(store.sessions.find((s) => s.id === LONG)?.title, "General Assistance Conversation Start");
      assert.equal(store.sessions[0].id, "20260605_155539_d8327b", "the last written first");
      store.close();
      const bytes = readFileSync(made.path);
      const r = cli(["check", "--format", "json", made.dir]);
      assert.equal(r.status, 0, r.err);
      const files = JSON.parse(r.out).files;
      assert.equal(files.length, 9);
      assert.ok(files.every((f: any) => f.format === AGENT && f.findings.length === 0));
      assert.ok(readFileSync(made.path).equals(bytes), "check does not write");
      const fix = cli(["fix", made.path]);
      assert.equal(fix.status, 2);
      assert.match(fix.err, /a session database is only read, never written/);
      const fixOne = cli(["fix", `${made.path}#${LONG}`]);
      assert.notEqual(fixOne.status, 0);
      assert.ok(readFileSync(made.path).equals(bytes), "fix does not write");
    } finally {
      closeOpenedStores();
      made.done();
    }
  });

  it("a folder whose state.db is not Hermes's is walked for session files, not taken for a store", () => {
    const dir = mkdtempSync(join(tmpdir(), "ti-not-hermes-"));
    try {
      // an SQLite file named state.db with other tables: a copy of OpenCode's real database
      const made = join(dir, "state.db");
      copyFileSync(join(__dirname, "..", "fixtures", "opencode-wal", "opencode.db"), made);
      mkdirSync(join(dir, "s"));
      writeFileSync(join(dir, "s", "x.jsonl"), "");
      assert.equal(storeAt(dir), undefined);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a state.db with tables of Hermes's names but not its columns (another program's) is not taken for a store: the folder's transcripts are checked", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ti-not-hermes-"));
    try {
      const SQL = await initSqlJs({ wasmBinary: readFileSync(require.resolve("sql.js/dist/sql-wasm.wasm")) });
      const db = new SQL.Database();
      db.run("CREATE TABLE sessions (key TEXT, data TEXT); CREATE TABLE messages (k TEXT, v TEXT); INSERT INTO sessions VALUES ('a', 'b');");
      writeFileSync(join(dir, "state.db"), Buffer.from(db.export()));
      db.close();
      writeFileSync(join(dir, "s.jsonl"), "");
      await loadSqlite();
      assert.equal(storeAt(dir), undefined);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("Hermes Agent: damaged copies", () => {
  it("killed after the assistant row was written, before its tool rows (the user went on): a dangling call, sent with Hermes's stand-in result", async () => {
    const a = analyze(await damagedDoc("DELETE FROM messages WHERE id IN (9, 10);"));
    assert.deepEqual(codes(a.findings), [["dangling-call", "warning", 9]]);
    assert.equal(a.findings[0].toolCallId, "call_bad75bbb4e7b48f9b4dc7ced");
    // row 8 is on line 9 (the session's columns on the first)
    assert.deepEqual(a.findings[0].path, ["messages", 7, "tool_calls", 0, "call_id"]);
    assert.match(a.findings[0].message, /^Tool call without a result; Hermes Agent sends a stand-in result/);
    const at = a.after.findIndex((m) => toolCallsOf(m).some((c) => c.id === "call_bad75bbb4e7b48f9b4dc7ced"));
    assert.deepEqual([a.after[at + 1].role, a.after[at + 1].toolCallId, a.after[at + 1].content[0].text], ["toolResult", "call_bad75bbb4e7b48f9b4dc7ced", HERMES_STUB_RESULT]);
    assert.equal(a.after[at + 2].role, "user");
    assert.deepEqual(providerVerdicts(a).findings.filter((f) => f.rejectedBy.includes("openai-chat")), [], "the stand-in answers the call");
  });

  it("killed in the last turn: the call may still be running (information)", async () => {
    const a = analyze(await damagedDoc("DELETE FROM messages WHERE id IN (31, 32);"));
    assert.deepEqual(codes(a.findings), [["pending-call", "information", 31]]);
  });

  it("a tool row whose call is gone: Hermes drops it on resume (the model never sees it)", async () => {
    const a = analyze(await damagedDoc("DELETE FROM messages WHERE id = 8;"));
    assert.deepEqual(codes(a.findings), [["orphan-result", "information", 9]]);
    assert.deepEqual(a.findings[0].path, ["messages", 7, "tool_call_id"]);
    assert.ok(a.before.some((m) => m.toolCallId === "call_bad75bbb4e7b48f9b4dc7ced"));
    assert.ok(!a.after.some((m) => m.toolCallId === "call_bad75bbb4e7b48f9b4dc7ced"));
    assert.deepEqual(a.dropped.map((d) => d.by), [{ kind: "resume-drop", what: "orphan-result" }]);
  });

  it("rows /rewind set inactive are read (Before) and not sent (After)", async () => {
    const a = analyze(await damagedDoc("UPDATE messages SET active = 0 WHERE id >= 29;"));
    assert.equal(a.before.length, 32);
    assert.equal(a.after.length, 28);
    assert.deepEqual(a.dropped.map((d) => d.by.kind === "resume-cut" && d.by.by), ["rolled-back", "rolled-back", "rolled-back", "rolled-back"]);
    assert.deepEqual(a.findings, []);
  });

  it("consecutive user rows (a turn that wrote no answer) are sent as one", async () => {
    const a = analyze(await damagedDoc(`DELETE FROM messages WHERE id >= 30; INSERT INTO messages (session_id, role, content, timestamp, active) VALUES ('${LONG}', 'user', 'again', 1780674700, 1);`));
    assert.deepEqual(a.before.slice(-2).map((m) => m.role), ["user", "user"]);
    const last = a.after[a.after.length - 1];
    assert.equal(last.role, "user");
    assert.equal(last.content[0].text, "Can you tell me the size of the file that you just created?\n\nagain");
    assert.equal(a.after.length, a.before.length - 1);
  });

  it("a role and a column this reading does not know: one information per kind; nothing of them is sent", async () => {
    const a = analyze(
      await damagedDoc(
        `ALTER TABLE messages ADD COLUMN mood TEXT; INSERT INTO messages (session_id, role, content, timestamp, active) VALUES ('${LONG}', 'session_meta', 'a', 1780674600, 1), ('${LONG}', 'session_meta', 'b', 1780674601, 1), ('${LONG}', 'narrator', 'c', 1780674602, 1); ALTER TABLE sessions ADD COLUMN colour TEXT;`,
      ),
    );
    assert.deepEqual(
      a.findings.map((f) => [f.code, f.severity, f.message.slice(0, f.message.indexOf(" is not known"))]),
      [
        ["unknown-entry", "information", "Hermes Agent session column `colour`"],
        ["unknown-entry", "information", "Hermes Agent message column `mood`"],
        ["unknown-entry", "information", "Hermes Agent message role `session_meta`"],
        ["unknown-entry", "information", "Hermes Agent message role `narrator`"],
      ],
    );
    assert.equal(a.before.length, 32);
    assert.equal(a.after.length, 32);
  });

  it("tool_calls that are not JSON: one warning; Hermes reads no calls, so its result is dropped", async () => {
    const a = analyze(await damagedDoc(`UPDATE messages SET tool_calls = '[{"id": broken' WHERE id = 8;`));
    assert.deepEqual(codes(a.findings), [["unknown-entry", "warning", 9], ["orphan-result", "information", 10]]);
  });

  it("the provider the session row names: anthropic is the Messages API; openai-codex the Responses API", async () => {
    assert.equal(providerVerdicts(analyze(await damagedDoc(`UPDATE sessions SET billing_provider = 'anthropic', model = 'claude-sonnet-4-6';`))).target, "anthropic");
    assert.equal(providerVerdicts(analyze(await damagedDoc(`UPDATE sessions SET billing_provider = 'openai-codex', model = 'gpt-5.5';`))).target, "openai-responses");
  });

  it("hostile documents: not a session, rows that are not objects, a __proto__ column: one finding each, no crash", () => {
    const notSession = analyze('{"id":"x","source":"cli","started_at":1,\n"title":null}\n');
    assert.equal(notSession.session.format, AGENT);
    assert.deepEqual(codes(notSession.findings), [["unknown-entry", "warning", 1]]);
    const text = `{"id":"x","source":"cli","started_at":1,"messages":[\n7,\n{"id":2,"role":"user","content":"hi","__proto__":{"polluted":true}},\n{"id":3,"role":"assistant","content":null,"tool_calls":[null,{"function":{}}]}\n]}\n`;
    const a = analyze(text);
    assert.equal(a.session.entries.length, 3);
    assert.ok(a.findings.some((f) => f.code === "unknown-entry" && f.line === 1));
    assert.ok(a.findings.some((f) => f.message.includes("message column `__proto__`")));
    assert.equal(({} as any).polluted, undefined);
  });
});

describe("Hermes Agent: call ids", () => {
  it("a result naming the call's `id` where its `call_id` differs: kept by the repair, dropped by the sanitizer, the call answered with the stand-in", async () => {
    const a = analyze(
      await damagedDoc(`UPDATE messages SET tool_calls = replace(tool_calls, '"id": "call_bad75bbb4e7b48f9b4dc7ced"', '"id": "fc_other"') WHERE id = 8; UPDATE messages SET tool_call_id = 'fc_other' WHERE id = 9;`),
    );
    assert.deepEqual(codes(a.findings), [["dangling-call", "warning", 9], ["orphan-result", "information", 10]]);
    assert.match(a.findings[1].message, /its id is no call's id/);
    const at = a.after.findIndex((m) => toolCallsOf(m).some((c) => c.id === "call_bad75bbb4e7b48f9b4dc7ced"));
    assert.deepEqual([a.after[at + 1].toolCallId, a.after[at + 1].content[0].text], ["call_bad75bbb4e7b48f9b4dc7ced", HERMES_STUB_RESULT]);
    assert.ok(!a.after.some((m) => m.toolCallId === "fc_other"));
  });
});
