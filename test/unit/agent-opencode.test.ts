/**
 * OpenCode (1.18; and Kilo CLI, its fork): the real stores of test/corpus/opencode/stores/ (the SQL
 * dump of a real opencode.db written by OpenCode 1.18.33, and the row dumps of two real Kilo CLI
 * 7.3.40 databases) read out by the store reader in the shape `opencode export` prints, read, checked
 * and rendered; the database read as a file while its rows are still in the write-ahead log, and
 * never written; the older storage/ tree; and damaged copies with the defects OpenCode leaves (a
 * tool part left running when the process was killed, a failed response, a compaction, a part type
 * or a record this reading does not know). The reading: formats/opencode/.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { fixAll } from "../../server/src/engine/repair/index.js";
import { type Finding, type Msg, toolCallsOf } from "../../server/src/engine/model/types.js";
import { checkJson, renderJson } from "../../server/src/presentation/report.js";
import { providerVerdicts } from "../../server/src/engine/providers/verdicts.js";
import { documentText, sessionDocument } from "../../server/src/engine/formats/opencode/opencode-store.js";
import { closeOpenedStores, loadStores, openStore, storeAt, storeSessionPath } from "../../server/src/io/session-store.js";
import { withLogApplied } from "../../server/src/io/sqlite-wal.js";
import { storeFolder } from "../../server/src/io/store-folder.js";
import { main } from "../../server/src/cli.js";
import { CORPUS, FIXTURES } from "../helpers/corpus.js";
import { databaseFromDump, realExports, STORES } from "../helpers/opencode-stores.js";

const AGENT = "opencode";
const DB = "lazyagents-opencode-1.18.33.export.json";
const WSL = "superbased-observer-kilo-7.3.40-wsl.export.json";
const WIN = "superbased-observer-kilo-7.3.40-windows.export.json";
const corpus = (name: string) => readFileSync(join(CORPUS, AGENT, name), "utf8");
const codesAt = (findings: readonly Finding[]) => findings.map((f) => `${f.code}@${f.line + 1}`).sort();
const roles = (ms: readonly Msg[]) => {
  const out: Record<string, number> = {};
  for (const m of ms) out[m.role] = (out[m.role] ?? 0) + 1;
  return out;
};
const damaged = (name: string, edit: (doc: any) => void) => {
  const doc = JSON.parse(corpus(name));
  edit(doc);
  return documentText(doc);
};
const toolParts = (doc: any) => doc.messages.flatMap((m: any, i: number) => m.parts.map((p: any, j: number) => ({ p, i, j }))).filter((x: any) => x.p.type === "tool");
const hashes = (dir: string, names: string[]) => names.map((n) => createHash("sha256").update(readFileSync(join(dir, n))).digest("hex"));
const cli = (args: string[]) => {
  let out = "";
  let err = "";
  const status = main(args, (s) => (out += s), (s) => (err += s));
  return { status, out, err };
};

before(() => loadStores());

describe("OpenCode: the real stores", () => {
  it("each corpus export is what the store reader makes of its real store (the database through SQLite, the Kilo row dumps)", async () => {
    const made = await realExports();
    assert.deepEqual([...made.keys()].sort(), [DB, WIN, WSL].sort());
    for (const [name, text] of made) assert.equal(corpus(name), text, name);
  });

  const want: Record<string, { messages: number; before: Record<string, number>; calls: number; provider: string; usage: number }> = {
    [DB]: { messages: 3, before: { user: 1, assistant: 2, toolResult: 1 }, calls: 1, provider: "openai-chat", usage: 2 },
    [WSL]: { messages: 19, before: { user: 7, assistant: 12, toolResult: 5 }, calls: 5, provider: "openai-chat", usage: 12 },
    [WIN]: { messages: 18, before: { user: 6, assistant: 12, toolResult: 6 }, calls: 6, provider: "openai-chat", usage: 12 },
  };
  for (const [name, w] of Object.entries(want))
    it(`${name}: ${w.messages} messages, ${w.calls} tool parts each answered right after its call, no findings`, () => {
      const text = corpus(name);
      const a = analyze(text);
      assert.equal(a.session.format, AGENT);
      assert.equal(a.session.entries.length, w.messages, "one entry per message");
      const lines = text.split("\n");
      // one message per line, the session's info on the first
      a.session.entries.forEach((e, i) => assert.equal(e.line, i + 1, `entry ${e.id} is its message's line`));
      for (const e of a.session.entries) assert.ok(lines[e.line].startsWith(`{"info":{`) && lines[e.line].includes(`"id":${JSON.stringify(e.id)}`), e.id);
      assert.deepEqual(roles(a.before), w.before);
      const calls = a.before.flatMap((m) => toolCallsOf(m));
      assert.equal(calls.length, w.calls);
      a.before.forEach((m, i) => {
        toolCallsOf(m).forEach((c, k) => assert.equal(a.before[i + 1 + k].toolCallId, c.id, `${c.id}'s result right after its step`));
      });
      assert.deepEqual(codesAt(a.findings), []);
      assert.deepEqual(checkJson(name, a).findings, []);
      assert.equal(renderJson(name, a).format, AGENT);
      assert.deepEqual(a.after.map((m) => [m.role, m.toolCallId]), a.before.map((m) => [m.role, m.toolCallId]), "what OpenCode sends: every message");
      assert.equal(a.usage.records.length, w.usage);
      assert.ok(a.usage.totals.input > 0 && a.usage.totals.output > 0);
      const pv = providerVerdicts(a);
      assert.equal(pv.target, w.provider);
      assert.deepEqual(pv.findings.filter((f) => f.rejectedBy.includes(pv.target!)), []);
      assert.equal(fixAll(text).text, text, "an exported document is never repaired");
    });
});

describe("OpenCode: the database, read-only", () => {
  it("check reads every session of a database made from the real dump, and leaves its bytes as they were", async () => {
    const made = await databaseFromDump(join(STORES, "lazyagents-opencode-1.18.33.sql"));
    try {
      const before = readFileSync(made.path);
      const r = cli(["check", "--format", "json", made.path]);
      const files = JSON.parse(r.out).files;
      assert.deepEqual(files.map((f: any) => [f.path, f.format, f.entries, f.findings.length]), [[`${made.path}#ses_f0de500f8ffeXvsiYJDOg5JtrU`, AGENT, 3, 0]]);
      assert.equal(r.status, 0);
      assert.ok(readFileSync(made.path).equals(before), "the database is not written");
      const fix = cli(["fix", made.path]);
      assert.equal(fix.status, 2);
      assert.match(fix.err, /a session database is only read, never written/);
      assert.ok(readFileSync(made.path).equals(before), "fix leaves it alone");
    } finally {
      closeOpenedStores();
      made.done();
    }
  });

  it("rows only in the write-ahead log (the agent still has it open) are read; the files are unchanged; the session killed mid-tool gets its finding", () => {
    const dir = join(FIXTURES, "opencode-wal");
    const names = ["opencode.db", "opencode.db-wal"];
    const before = hashes(dir, names);
    const store = openStore(storeAt(dir)!);
    try {
      assert.deepEqual(store.sessions.map((s) => s.id).sort(), ["ses_f0de500f8ffeXvsiYJDOg5JtrU", "ses_walonly0000000000000000"]);
      const a = analyze(store.document("ses_walonly0000000000000000")!);
      assert.deepEqual(a.findings.map((f) => [f.code, f.severity, f.toolCallId]), [["dangling-call", "warning", "toolu_01SlowBuild"]]);
      assert.match(a.findings[0].message, /^Tool call without a result; OpenCode answers it with a made-up error result, "\[Tool execution was interrupted\]"/);
      const sent = a.after.findIndex((m) => toolCallsOf(m).some((c) => c.id === "toolu_01SlowBuild"));
      assert.deepEqual([a.after[sent + 1].role, a.after[sent + 1].toolCallId, a.after[sent + 1].isError, a.after[sent + 1].content[0].text], ["toolResult", "toolu_01SlowBuild", true, "[Tool execution was interrupted]"]);
      assert.equal(providerVerdicts(a).target, "anthropic");
      assert.deepEqual(providerVerdicts(a).findings.filter((f) => f.rejectedBy.includes("anthropic")), [], "the made-up result answers the call");
    } finally {
      store.close();
    }
    assert.deepEqual(hashes(dir, names), before, "neither file is written");
  });

  it("hostile stores: a FIFO in place of the log is refused without blocking; a session id that is a path names nothing", () => {
    const dir = mkdtempSync(join(tmpdir(), "ti-opencode-fifo-"));
    try {
      copyFileSync(join(FIXTURES, "opencode-wal", "opencode.db"), join(dir, "opencode.db"));
      execFileSync("mkfifo", [join(dir, "opencode.db-wal")]);
      assert.throws(() => openStore(storeAt(dir)!), /opencode\.db-wal is not a regular file/);
      const r = cli(["fix", join(dir, "opencode.db-wal")]);
      assert.notEqual(r.status, 0, "fix of a FIFO ends with a message, it does not block");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const store = openStore(storeAt(join(FIXTURES, "opencode-storage"))!);
    for (const id of ["../session/proj_test", "..", "s_stage0_large/../../session", ""]) assert.equal(store.document(id), undefined, id);
    // a link inside a storage folder that leads out of it is not followed
    const tree = mkdtempSync(join(tmpdir(), "ti-opencode-link-"));
    try {
      cpSync(join(FIXTURES, "opencode-storage", "storage"), join(tree, "storage"), { recursive: true });
      mkdirSync(join(tree, "outside"));
      writeFileSync(join(tree, "outside", "999.json"), JSON.stringify({ id: "p_outside", type: "text", text: "SECRET from outside the store" }));
      symlinkSync(join(tree, "outside"), join(tree, "storage", "part", "m_user_small_link"));
      const linked = openStore(storeAt(join(tree, "storage"))!);
      assert.ok(!linked.document("s_stage0_small")!.includes("SECRET"));
      assert.equal(storeFolder(join(tree, "storage")).read(["part", "m_user_small_link", "999.json"]), undefined, "read through the link: nothing");
      assert.deepEqual(storeFolder(join(tree, "storage")).list(["part", "m_user_small_link"]), [], "listed through the link: nothing");
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });

  it("a forged log asking for a huge database, or with a page size that is no power of two, is not applied beyond what it holds", () => {
    const main = readFileSync(join(FIXTURES, "opencode-wal", "opencode.db"));
    const wal = Buffer.from(readFileSync(join(FIXTURES, "opencode-wal", "opencode.db-wal")));
    const image = withLogApplied(main, wal);
    assert.ok(image.length <= Math.max(main.length, wal.length + main.length), "the real log: the database's size");
    // the last commit frame's database size set to 600,000 pages, its checksum made right again (SQLite's running sum, in the log's byte order)
    const pageSize = wal.readUInt32BE(8);
    const frames = (wal.length - 32) / (24 + pageSize);
    const at = 32 + (frames - 1) * (24 + pageSize);
    const forged = Buffer.from(wal);
    forged.writeUInt32BE(600_000, at + 4);
    const le = (wal.readUInt32BE(0) & 1) === 0;
    let s0 = frames > 1 ? forged.readUInt32BE(at - (24 + pageSize) + 16) : forged.readUInt32BE(24);
    let s1 = frames > 1 ? forged.readUInt32BE(at - (24 + pageSize) + 20) : forged.readUInt32BE(28);
    for (const [off, len] of [[at, 8], [at + 24, pageSize]])
      for (let i = off; i < off + len; i += 8) {
        s0 = (s0 + (le ? forged.readUInt32LE(i) : forged.readUInt32BE(i)) + s1) >>> 0;
        s1 = (s1 + (le ? forged.readUInt32LE(i + 4) : forged.readUInt32BE(i + 4)) + s0) >>> 0;
      }
    forged.writeUInt32BE(s0, at + 16);
    forged.writeUInt32BE(s1, at + 20);
    const big = withLogApplied(main, forged);
    assert.ok(big.length > 0 && big.length <= image.length + pageSize, `no image of 600,000 pages (${big.length} bytes)`);
    const odd = Buffer.from(wal);
    odd.writeUInt32BE(513, 8);
    assert.equal(withLogApplied(main, odd), main, "not a log: the file as it is");
  });

  it("the CLI process: check of the database folder reads the sessions in the log; a session named with # in its id", () => {
    const r = spawnSync(process.execPath, [join(__dirname, "..", "..", "dist", "cli.js"), "check", "--format", "json", join(FIXTURES, "opencode-wal")], { encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(
      JSON.parse(r.stdout).files.map((f: any) => [f.path.slice(f.path.indexOf("#")), f.findings.map((x: any) => x.code)]),
      [
        ["#ses_walonly0000000000000000", ["dangling-call"]],
        ["#ses_f0de500f8ffeXvsiYJDOg5JtrU", []],
      ],
    );
    assert.deepEqual(storeSessionPath(`${join(FIXTURES, "opencode-wal", "opencode.db")}#a#b`), { store: join(FIXTURES, "opencode-wal", "opencode.db"), id: "a#b" });
  });

  it("a store under a folder whose name holds #: each session named <store>#<id> is read; a database over the size read at once is refused with a message, not read", () => {
    const dir = mkdtempSync(join(tmpdir(), "ti-opencode-hash-"));
    try {
      const store = join(dir, "a#b");
      mkdirSync(store);
      mkdirSync(join(dir, "a")); // a path before the # that exists, and is no store
      for (const n of ["opencode.db", "opencode.db-wal"]) copyFileSync(join(FIXTURES, "opencode-wal", n), join(store, n));
      const r = cli(["check", "--format", "json", store]);
      assert.equal(r.err, "");
      assert.deepEqual(JSON.parse(r.out).files.map((f: any) => f.path), [`${store}/opencode.db#ses_walonly0000000000000000`, `${store}/opencode.db#ses_f0de500f8ffeXvsiYJDOg5JtrU`]);
      closeOpenedStores();
      // a sparse file: its size says more than 512 MB, nothing of it is read
      const big = join(dir, "big");
      mkdirSync(big);
      writeFileSync(join(big, "opencode.db"), Buffer.from("SQLite format 3\0", "latin1"));
      truncateSync(join(big, "opencode.db"), 600 * 1024 * 1024);
      assert.throws(() => openStore(storeAt(big)!), /the database and its log are 600 MB, more than the 512 MB read at once/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the older storage/ tree: its sessions, in their files' order, each message's parts", () => {
    const at = storeAt(join(FIXTURES, "opencode-storage"))!;
    assert.deepEqual([at.format, at.kind], [AGENT, "folder"]);
    const store = openStore(at);
    assert.deepEqual(store.sessions.map((s) => s.id), ["s_stage0_large", "s_stage0_small"]);
    const a = analyze(store.document("s_stage0_large")!);
    assert.equal(a.session.format, AGENT);
    assert.deepEqual(a.session.entries.map((e) => e.type), ["user", "assistant", "user", "assistant"]);
    assert.ok(a.before.some((m) => m.role === "toolResult" && m.toolCallId === "call_large_1"));
    assert.equal(store.document("no-such-session"), undefined);
  });
});

describe("OpenCode: damaged copies", () => {
  it("a tool part left running in the last message: pending-call (it may be running now), answered as interrupted if the session goes on", () => {
    const text = damaged(DB, (doc) => {
      const { p } = toolParts(doc)[0];
      p.state = { status: "running", input: p.state.input, time: { start: p.state.time.start } };
      doc.messages.splice(2); // the answer after it never came
    });
    const a = analyze(text);
    assert.deepEqual(a.findings.map((f) => [f.code, f.severity, f.toolCallId, f.path]), [["pending-call", "information", "call_1", ["messages", 1, "parts", 1, "callID"]]]);
    assert.equal(a.before.filter((m) => m.role === "toolResult").length, 0, "Before: the call has no result");
    assert.deepEqual(a.after.slice(-1).map((m) => [m.role, m.toolCallId, m.content[0].text]), [["toolResult", "call_1", "[Tool execution was interrupted]"]]);
  });

  it("a failed response (an API error) is not sent; an aborted one that has output is", () => {
    const failed = analyze(
      damaged(DB, (doc) => {
        doc.messages[2].info.error = { name: "APIError", data: { message: "overloaded", isRetryable: true } };
      }),
    );
    assert.equal(failed.after.length, failed.before.length - 1);
    assert.deepEqual(failed.dropped.map((d) => [d.msg.role, d.by]), [["assistant", { kind: "resume-cut", by: "not-sent", line: failed.session.entries[2].line }]]);
    const aborted = analyze(
      damaged(DB, (doc) => {
        doc.messages[2].info.error = { name: "MessageAbortedError", data: { message: "aborted" } };
      }),
    );
    assert.equal(aborted.after.length, aborted.before.length, "an aborted response with text is sent");
  });

  it("a compaction: what came before its message is not sent; its message, the summary and what follows are", () => {
    const a = analyze(
      damaged(WSL, (doc) => {
        const user = { info: { id: "msg_zz_compact_user", sessionID: doc.info.id, role: "user", time: { created: 1 }, agent: "code", model: { providerID: "kilo", modelID: "kilo-auto/free" } }, parts: [{ id: "prt_zz1", type: "compaction", auto: true }] };
        const summary = {
          info: { id: "msg_zz_compact_summary", sessionID: doc.info.id, role: "assistant", parentID: "msg_zz_compact_user", summary: true, finish: "stop", modelID: "kilo-auto/free", providerID: "kilo", mode: "compaction", time: { created: 2 } },
          parts: [{ id: "prt_zz2", type: "text", text: "We greeted each other and ran a script." }],
        };
        const next = { info: { id: "msg_zz_next", sessionID: doc.info.id, role: "user", time: { created: 3 }, agent: "code", model: { providerID: "kilo", modelID: "kilo-auto/free" } }, parts: [{ id: "prt_zz3", type: "text", text: "go on" }] };
        doc.messages.push(user, summary, next);
      }),
    );
    assert.deepEqual(
      a.after.map((m) => [m.role, m.content?.[0]?.text]),
      [
        ["user", "What did we do so far?"],
        ["assistant", "We greeted each other and ran a script."],
        ["user", "go on"],
      ],
    );
    assert.equal(a.dropped.length, a.before.length - 3);
    assert.ok(a.dropped.every((d) => d.by.kind === "resume-cut" && d.by.by === "compacted"));
  });

  it("a compaction that kept a tail: the compaction's message and summary, the tail, the rest; a tail id not found cuts nothing", () => {
    const withTail = (tailId: string) =>
      analyze(
        damaged(DB, (doc) => {
          const sid = doc.info.id;
          // the first user message is the tail kept (the compaction's message comes after it)
          doc.messages.push(
            { info: { id: "msg_zz_c", sessionID: sid, role: "user", time: { created: 1 }, model: { providerID: "fake", modelID: "fake-model" } }, parts: [{ id: "p1", type: "compaction", auto: true, tail_start_id: tailId }] },
            { info: { id: "msg_zz_s", sessionID: sid, role: "assistant", parentID: "msg_zz_c", summary: true, finish: "stop", modelID: "fake-model", providerID: "fake", time: { created: 2 } }, parts: [{ id: "p2", type: "text", text: "summary" }] },
            { info: { id: "msg_zz_n", sessionID: sid, role: "user", time: { created: 3 }, model: { providerID: "fake", modelID: "fake-model" } }, parts: [{ id: "p3", type: "text", text: "next" }] },
          );
        }),
      );
    const kept = withTail("msg_0f21b031b0014ZxYbhc4DxjZrb");
    assert.deepEqual(
      kept.after.map((m) => m.content?.[0]?.text ?? m.role),
      ["What did we do so far?", "summary", "The command printed fixture.", "next"],
    );
    assert.equal(kept.dropped.length, 3, "the prompt, the call and its result before the tail");
    const notFound = withTail("msg_not_there");
    assert.equal(notFound.after.length, notFound.before.length, "nothing cut");
    assert.deepEqual(notFound.dropped, []);
  });

  it("what each part sends: ignored text not (its message dropped with a reason), a text/plain file not, another model's reasoning as text, a cleared output, an interrupted call's partial output", () => {
    const a = analyze(
      damaged(DB, (doc) => {
        doc.messages[0].parts[0].ignored = true;
        doc.messages[0].parts.push({ id: "prt_f", type: "file", mime: "text/plain", filename: "a.txt", url: "file:///a.txt" });
        const tool = toolParts(doc)[0].p;
        tool.state.time.compacted = 5;
        doc.messages[2].parts.splice(1, 0, { id: "prt_r", type: "reasoning", text: "thinking it over" });
        doc.messages[2].info.modelID = "other-model";
        doc.messages.push(
          { info: { id: "msg_zz_u", sessionID: doc.info.id, role: "user", time: { created: 9 }, model: { providerID: "fake", modelID: "fake-model" } }, parts: [{ id: "p9", type: "text", text: "again" }] },
          {
            info: { id: "msg_zz_a", sessionID: doc.info.id, role: "assistant", parentID: "msg_zz_u", modelID: "fake-model", providerID: "fake", error: { name: "MessageAbortedError", data: { message: "aborted" } }, time: { created: 10 } },
            parts: [{ id: "pa", type: "tool", tool: "bash", callID: "call_2", state: { status: "error", input: { command: "make" }, error: "Tool execution aborted", metadata: { interrupted: true, output: "partial\n" }, time: { start: 1, end: 2 } } }],
          },
        );
      }),
    );
    assert.deepEqual(a.after[0].role, "assistant", "the first user message sends nothing");
    assert.deepEqual(a.dropped.map((d) => [d.msg.role, d.by.kind === "resume-cut" && d.by.by]), [["user", "not-sent"]]);
    assert.equal(a.after.find((m) => m.toolCallId === "call_1")!.content[0].text, "[Old tool result content cleared]");
    assert.deepEqual(a.after.find((m) => m.origin.kind === "entry" && m.origin.entryId === "msg_0f21b031b0014ZxYbhc4DxjZrb")!.content[0], { type: "text", text: "thinking it over" });
    assert.ok(a.before.some((m) => Array.isArray(m.content) && m.content.some((b: any) => b.type === "thinking")), "Before keeps it as reasoning");
    assert.deepEqual([a.after.find((m) => m.toolCallId === "call_2")!.isError, a.after.find((m) => m.toolCallId === "call_2")!.content[0].text], [false, "partial\n"]);
  });

  it("a part type or tool state this reading does not know: one information finding per kind; a record that is not a message: one finding, the rest reads", () => {
    const a = analyze(
      damaged(WSL, (doc) => {
        doc.messages[1].parts.push({ id: "prt_new1", type: "hologram" }, { id: "prt_new2", type: "hologram" });
        toolParts(doc)[0].p.state.status = "queued";
        doc.messages[3].info = { id: doc.messages[3].info.id, data: "{not json" };
      }),
    );
    assert.deepEqual(
      a.findings.map((f) => [f.code, f.severity, f.message.split(".")[0]]).sort(),
      [
        ["unknown-entry", "information", "OpenCode part type `hologram` is not known to this version"],
        ["unknown-entry", "information", "OpenCode tool state `queued` is not known to this version"],
        ["unknown-entry", "warning", "OpenCode message without a user or assistant role"],
      ].sort(),
    );
    assert.equal(a.session.entries.length, 19, "every message kept");
  });

  it("the document's text is JSON whatever the list holds (a hole, an undefined), and a data key `__proto__` stays a key", () => {
    const text = documentText({ info: { id: "s", slug: "x" }, messages: [undefined, { info: { id: "m", role: "user" }, parts: [] }], extra: undefined });
    assert.deepEqual(JSON.parse(text), { info: { id: "s", slug: "x" }, messages: [null, { info: { id: "m", role: "user" }, parts: [] }] });
    const info = sessionDocument({ session: { id: "s", data: '{"__proto__":{"x":1},"title":"t"}' }, messages: [], parts: [] }).info as any;
    assert.deepEqual(Object.keys(info), ["id", "__proto__", "title"]);
    assert.equal(Object.getPrototypeOf(info), Object.prototype);
  });

  it("a session's rows as the database holds them: ids only in columns, data as text; a row whose data does not parse is kept as its text", () => {
    const doc = sessionDocument({
      session: { id: "ses_1", project_id: "global", slug: "s", title: "t", version: "1.18.33", time_created: 5, time_updated: 6 },
      messages: [
        { id: "msg_2", data: '{"role":"assistant","parentID":"msg_1"}' },
        { id: "msg_1", data: '{"role":"user"}' },
        { id: "msg_3", data: "{oops" },
      ],
      parts: [
        { id: "prt_2", message_id: "msg_1", data: '{"type":"text","text":"b"}' },
        { id: "prt_1", message_id: "msg_1", data: '{"type":"text","text":"a"}' },
      ],
    }) as any;
    assert.deepEqual(doc.info, { id: "ses_1", projectID: "global", slug: "s", title: "t", version: "1.18.33", time: { created: 5, updated: 6 } });
    assert.deepEqual(doc.messages.map((m: any) => m.info.id), ["msg_1", "msg_2", "msg_3"], "in the order of their ids");
    assert.deepEqual(doc.messages[0].parts, [
      { id: "prt_1", sessionID: "ses_1", messageID: "msg_1", type: "text", text: "a" },
      { id: "prt_2", sessionID: "ses_1", messageID: "msg_1", type: "text", text: "b" },
    ]);
    assert.deepEqual(doc.messages[2].info, { id: "msg_3", sessionID: "ses_1", data: "{oops" });
  });
});
