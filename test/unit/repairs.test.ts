/**
 * Issue 15: each repair on each format, shaped as the format writes records; where a repair is
 * not offered, the reason; `fix --only` and the per-repair summary; the temp file of `fix` is
 * not the predictable name a planted symlink could catch.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { readForFix, writeFileSafely } from "../../server/src/cli/write-file-safely.js";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { applyRepairEdits, fixAll, REPAIRS, whyNot } from "../../server/src/engine/repair/index.js";
import { fixAllWith } from "../../server/src/engine/repair/fix-all.js";
import { PLANS } from "../../server/src/engine/repair/registry.js";
import { claudeCodeText } from "../helpers/claude-code-builder.js";
import { sessionText, type Spec } from "../helpers/session-builder.js";

const ROOT = resolve(__dirname, "..", "..");
const CLI = join(ROOT, "dist", "cli.js");
const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 60_000 });
let dir = "";
let n = 0;
const file = (text: string) => {
  const p = join(dir, `r${++n}.jsonl`);
  writeFileSync(p, text);
  return p;
};
before(() => {
  const b = spawnSync(process.execPath, [join(ROOT, "scripts", "build.mjs")], { cwd: ROOT, encoding: "utf8" });
  assert.equal(b.status, 0, b.stderr);
  dir = mkdtempSync(join(tmpdir(), "ti-repairs-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

const lines = (t: string) => t.split("\n").filter((l) => l !== "");
const codes = (t: string) => analyze(t).findings.map((f) => `${f.line}:${f.code}`);

/** The one quick fix of `kind` for the first finding of `code`, applied. */
function quickFix(t: string, code: string, kind: keyof typeof REPAIRS): string {
  const a = analyze(t);
  const f = a.findings.find((x) => x.code === code);
  assert.ok(f, `no ${code} in ${codes(t)}`);
  const r = REPAIRS[kind].one!(a, f.line, f.toolCallId, false);
  assert.ok(r, `${kind} not offered: ${whyNot(kind, a, f.line, f.toolCallId, false)}`);
  return applyRepairEdits(t, r.edits);
}

describe("insert the missing result of a dangling or pending call", () => {
  it("pi: a toolResult entry saying the call was interrupted, parentId chain re-linked", () => {
    const t = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1", "b_1"] }, { result: 3, id: "a_1" }, { user: 4 }, { assistant: 5, text: "ok" }]);
    assert.deepEqual(codes(t), ["2:dangling-call"]);
    const next = quickFix(t, "dangling-call", "insert-missing-result");
    const l = lines(next);
    assert.equal(l.length, lines(t).length + 1);
    const added = JSON.parse(l[4]);
    assert.equal(added.type, "message");
    assert.equal(added.parentId, "e3");
    assert.match(added.id, /^[0-9a-f]{8}$/);
    assert.deepEqual({ ...added.message, content: undefined }, { role: "toolResult", toolCallId: "b_1", toolName: "b", isError: true, timestamp: 3, content: undefined });
    assert.match(added.message.content[0].text, /interrupted/);
    assert.equal(JSON.parse(l[5]).parentId, added.id, "the user message now follows the inserted result");
    assert.deepEqual(codes(next), []);
    assert.deepEqual(lines(t).filter((_, i) => i !== 4), l.filter((_, i) => i !== 4 && i !== 5), "no other line changed");
  });
  it("pi: a pending call at the end gets its result as the new last entry", () => {
    const t = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }]);
    const next = quickFix(t, "pending-call", "insert-missing-result");
    assert.deepEqual(codes(next), []);
    assert.equal(JSON.parse(lines(next)[3]).parentId, "e2");
  });
  // Issue 21: Claude Code leaves a call without a result out on resume (dangling-call in its words); the result line keeps it.
  it("Claude Code: a user line with one error tool_result block, parentUuid re-linked", () => {
    const base = { isSidechain: false, userType: "external", cwd: "/w", sessionId: "s1", version: "2.0.46" };
    const t = [
      { ...base, parentUuid: null, type: "user", message: { role: "user", content: "go" }, uuid: "u1", timestamp: "2026-01-01T00:00:01Z" },
      { ...base, parentUuid: "u1", type: "assistant", message: { id: "msg_1", type: "message", role: "assistant", model: "m", content: [{ type: "tool_use", id: "toolu_1", name: "Bash", input: {} }], stop_reason: "tool_use" }, uuid: "a1", timestamp: "2026-01-01T00:00:02Z" },
      { ...base, parentUuid: "a1", type: "user", message: { role: "user", content: "stop" }, uuid: "u2", timestamp: "2026-01-01T00:00:03Z" },
      { ...base, parentUuid: "u2", type: "assistant", message: { id: "msg_2", type: "message", role: "assistant", model: "m", content: [{ type: "text", text: "ok" }], stop_reason: "end_turn" }, uuid: "a2", timestamp: "2026-01-01T00:00:04Z" },
    ].map((x) => JSON.stringify(x)).join("\n") + "\n";
    assert.deepEqual(codes(t), ["1:dangling-call"]);
    const next = quickFix(t, "dangling-call", "insert-missing-result");
    const l = lines(next).map((x) => JSON.parse(x));
    assert.equal(l.length, 5);
    assert.equal(l[2].type, "user");
    assert.equal(l[2].parentUuid, "a1");
    assert.match(l[2].uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.deepEqual(l[2].message, { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "[Request interrupted by user for tool use]", is_error: true }] });
    assert.equal(l[2].sessionId, "s1");
    assert.equal(l[3].parentUuid, l[2].uuid);
    assert.deepEqual(codes(next), []);
  });
  // Issue 21: Codex answers a call without an output with a made-up "aborted" output on resume
  // (docs/research/codex-resume.md R7.1); the repair writes that output into the file, byte for
  // byte as Codex writes a rollout line.
  it("Codex: a function_call_output with the output \"aborted\"", () => {
    const t = [
      { timestamp: "2026-01-01T00:00:00Z", type: "session_meta", payload: { id: "0c0de000-0000-4000-8000-000000000001", timestamp: "2026-01-01T00:00:00Z", cwd: "/w", originator: "codex_cli_rs", cli_version: "0.171.0" } },
      { timestamp: "2026-01-01T00:00:01Z", type: "response_item", payload: { type: "message", role: "user", content: [{ type: "input_text", text: "go" }] } },
      { timestamp: "2026-01-01T00:00:02Z", type: "response_item", payload: { type: "function_call", name: "shell", arguments: "{}", call_id: "call_1" } },
      { timestamp: "2026-01-01T00:00:03Z", type: "response_item", payload: { type: "message", role: "user", content: [{ type: "input_text", text: "stop" }] } },
    ].map((x) => JSON.stringify(x)).join("\n") + "\n";
    assert.deepEqual(codes(t), ["2:dangling-call"]);
    const next = quickFix(t, "dangling-call", "insert-missing-result");
    assert.equal(lines(next)[3], '{"timestamp":"2026-01-01T00:00:02Z","type":"response_item","payload":{"type":"function_call_output","call_id":"call_1","output":"aborted"}}');
    assert.deepEqual(codes(next), []);
  });
  it("not offered when two calls of the turn share the id, and the reason says so", () => {
    const t = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1", "a_1"] }]);
    const a = analyze(t);
    const f = a.findings.find((x) => x.code === "pending-call")!;
    assert.equal(REPAIRS["insert-missing-result"].one!(a, f.line, f.toolCallId, false), null);
    assert.match(whyNot("insert-missing-result", a, f.line, f.toolCallId, false)!, /share the id/);
  });
});

describe("results out of place", () => {
  const late: Spec[] = [{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { user: 3 }, { result: 4, id: "a_1" }, { assistant: 5, text: "ok" }];
  it("a result after another message moves back to its call's turn, links re-made", () => {
    const t = sessionText(late);
    assert.deepEqual(codes(t), ["2:dangling-call", "4:orphan-result"]);
    const next = quickFix(t, "orphan-result", "move-result");
    const l = lines(next).map((x) => JSON.parse(x));
    assert.deepEqual(l.map((x) => x.id), ["test-session", "e1", "e2", "e4", "e3", "e5"]);
    assert.deepEqual(l.slice(1).map((x) => x.parentId), [null, "e1", "e2", "e4", "e3"]);
    assert.deepEqual(codes(next), []);
  });
  it("not offered when the call's turn ended in an error (pi-ai leaves it out): remove it instead", () => {
    const t = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"], stopReason: "error" }, { user: 3 }, { result: 4, id: "a_1" }, { assistant: 5, text: "ok" }]);
    const a = analyze(t);
    const f = a.findings.find((x) => x.code === "orphan-result" || x.code === "error-turn-results")!;
    assert.equal(REPAIRS["move-result"].one!(a, f.line, f.toolCallId, false), null);
  });
  it("a duplicate result is dropped, the first kept", () => {
    const t = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1", text: "first" }, { result: 4, id: "a_1", text: "second" }, { assistant: 5, text: "ok" }]);
    const next = quickFix(t, "orphan-result", "drop-duplicate-result");
    assert.ok(next.includes('"first"') && !next.includes('"second"'));
    assert.deepEqual(codes(next), []);
  });
});

describe("the tree", () => {
  const t = sessionText([{ user: 1 }, { assistant: 2, text: "x" }, { user: 3 }, { assistant: 4, text: "y" }]);
  it("a broken parent becomes a root, as pi's loader treats it (the render does not change)", () => {
    const broken = t.replace('"parentId":"e2"', '"parentId":"gone"');
    const next = quickFix(broken, "broken-parent", "relink-parent");
    assert.equal(next, t.replace('"parentId":"e2"', '"parentId":null'));
    assert.deepEqual(codes(next), []);
    assert.deepEqual(analyze(next).after.map((m) => m.origin), analyze(broken).after.map((m) => m.origin));
  });
  it("a 2-cycle is cut at the link that points forward in the file", () => {
    const cyc = t.replace('"parentId":null', '"parentId":"e2"');
    assert.deepEqual(codes(cyc), ["1:broken-parent", "2:broken-parent"]);
    const next = quickFix(cyc, "broken-parent", "break-parent-cycle");
    assert.equal(next, t);
  });
  it("a malformed line is removed; two entries glued on one line are not (the reason says why)", () => {
    const l = lines(t);
    const bad = [...l.slice(0, 3), "{oops", ...l.slice(3)].join("\n") + "\n";
    assert.equal(quickFix(bad, "malformed-line", "remove-malformed-line"), t);
    const glued = [...l.slice(0, 3), l[3] + l[4], ...l.slice(5)].join("\n") + "\n";
    const a = analyze(glued);
    const f = a.findings.find((x) => x.code === "malformed-line")!;
    assert.match(whyNot("remove-malformed-line", a, f.line, undefined, false)!, /glued/);
  });
});

describe("fix-all and `fix --only`", () => {
  const many = () =>
    sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1", "b_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "a_1" }, { user: 5 }, { result: 6, id: "b_1" }, { assistant: 7, calls: ["c_1"] }, { user: 8 }, { assistant: 9, calls: ["d_1"] }]).replace("\n", "\n{oops\n");
  it("fix-all reaches a fixed point and says per repair what it did", () => {
    const r = fixAll(many());
    // The last turn's call is still running (information): fix-all leaves it alone.
    assert.deepEqual(codes(r.text), ["9:pending-call"]);
    assert.deepEqual([...r.done.keys()].sort(), ["drop-duplicate-result", "insert-missing-result", "move-result", "remove-malformed-line"]);
    assert.equal(fixAll(r.text).edits.length, 0);
  });
  it("fix-all reads a round's findings once, not once per kind it tries (the provider findings are a pass over the session, the list a copy)", () => {
    let calls = 0;
    const r = fixAllWith(PLANS, many(), {}, { extraFindings: () => (calls++, []) });
    // One read per analysis: each round's, and the final one that says why what is left stays.
    assert.equal(calls, r.rounds + 1 + 1);
  });
  it("the CLI summary names each repair; --only limits them; an unknown code exits 2 with the list", () => {
    const p = file(many());
    const r = cli("fix", "--no-backup", p);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /removed 1 malformed line, moved 1 result back to their call's turn, dropped 1 duplicate result, inserted the missing results of 1 turn/);
    const q = file(many());
    const only = cli("fix", "--no-backup", "--only", "malformed-line", q);
    assert.match(only.stdout, /: removed 1 malformed line$/m);
    assert.ok(readFileSync(q, "utf8").includes('"b_1"'));
    const bad = cli("fix", "--only", "orphan-result,nope", q);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /no repair for nope; codes fix repairs: .*malformed-line.*orphan-result/);
  });
});

describe("fix writes in place", () => {
  it("writes no temp file: a symlink planted at the old temp name is never written through", () => {
    const p = file(sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "x_1" }]));
    const victim = join(dir, "victim.txt");
    writeFileSync(victim, "keep me");
    symlinkSync(victim, `${p}.ti-fix-${process.pid}`);
    const read = readForFix(p);
    assert.ok(read.ok);
    const w = writeFileSafely(read.file, Buffer.from("fixed\n"), { backup: false });
    assert.ok(w.ok);
    assert.equal(readFileSync(victim, "utf8"), "keep me");
    assert.equal(readFileSync(p, "utf8"), "fixed\n");
  });
});

describe("a repair keeps what the file holds (issues 21 and 22)", () => {
  it("pi: a result written after the next turn began is moved back to its call's turn, not replaced by a made-up one", () => {
    const t = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1", "b_1"] }, { result: 3, id: "a_1" }, { assistant: 4, text: "go on" }, { result: 5, id: "b_1", text: "slow output" }, { user: 6 }, { assistant: 7, text: "done" }]);
    const r = fixAll(t);
    assert.deepEqual([...r.done.keys()], ["move-result"]);
    assert.ok(r.text.includes("slow output"), "the late result's output is kept");
    assert.ok(!/interrupted/.test(r.text), "no made-up result");
    assert.deepEqual(codes(r.text), []);
    const a = analyze(r.text);
    assert.deepEqual(a.before.filter((m) => m.role === "toolResult").map((m) => m.toolCallId), ["a_1", "b_1"]);
  });
  it("the orphan removal is not offered for a result whose call the file holds; the reason names the call's line", () => {
    const t = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { assistant: 3, text: "go on" }, { result: 4, id: "a_1" }]);
    const a = analyze(t);
    const f = a.findings.find((x) => x.code === "orphan-result")!;
    assert.match(whyNot("remove-orphan", a, f.line, f.toolCallId, false)!, /its call is on line 3/);
  });
  it("Claude Code: fix-all makes up no result for parallel calls whose results sit on sibling branches", () => {
    const t = claudeCodeText([{ calls: ["toolu_a", "toolu_b", "toolu_c"], prompt: true }, { calls: [] }]);
    const r = fixAll(t);
    assert.equal(r.done.get("insert-missing-result") ?? 0, 0);
    assert.ok(!/Request interrupted/.test(r.text));
  });
  it("Claude Code: no stand-in for a pending call whose turn's other result Claude Code does not read as answering its call (fuzz seed 5101 case 645: the stand-in turned an information into a warning)", () => {
    const t = readFileSync(resolve("test/fixtures/claude-code/stand-in-beside-unread-result.jsonl"), "utf8");
    const a = analyze(t);
    const f = a.findings.find((x) => x.code === "pending-call" && x.toolCallId === "toolu_20")!;
    assert.ok(f, "the pending call is found");
    assert.ok(a.findings.some((x) => x.code === "dangling-call" && x.toolCallId === "toolu_21"), "its sibling's result is not read as answering it");
    assert.match(whyNot("insert-missing-result", a, f.line, f.toolCallId, false)!, /result of `toolu_21`, a call of the same turn, is in the file but Claude Code does not read it/);
    const r = fixAll(t);
    assert.ok(!/toolu_20[^\n]*Request interrupted|Request interrupted[^\n]*toolu_20/.test(r.text), "fix-all makes up no result for it either");
  });
  for (const [seed, id, file] of [
    ["50003 case 485", "toolu_31", "child-before-parent-50003"],
    ["50004 case 2376", "toolu_21", "child-before-parent-50004"],
    ["60001 case 1015", "toolu_00", "parent-after-call-60001"],
    ["60006 case 2137", "toolu_00", "parent-after-call-60006"],
  ] as const)
    it(`Claude Code: no made-up result for a turn with a parent link that points forward in the file (fuzz seed ${seed})`, () => {
      const t = readFileSync(resolve(`test/fixtures/claude-code/${file}.jsonl`), "utf8");
      const a = analyze(t);
      const f = a.findings.find((x) => x.code === "dangling-call" && x.toolCallId === id)!;
      assert.ok(f, "the dangling call is found");
      assert.match(whyNot("insert-missing-result", a, f.line, f.toolCallId, false)!, /^line \d+ names line \d+, later in the file, as its parent: where Claude Code would read a new result cannot be told/);
      const r = fixAll(t);
      assert.ok(!r.text.includes(`"tool_use_id":"${id}"`) || t.includes(`"tool_use_id":"${id}"`), "fix-all makes up no result for it");
      const before = codes(t).filter((c) => c.endsWith(":dangling-call")).length;
      const after = codes(fixAll(t).text).filter((c) => c.endsWith(":dangling-call")).length;
      assert.ok(after <= before, `fix-all adds no dangling call (${before} -> ${after})`);
    });
});

describe("a removal never leaves a line that does not parse as a cut-off last line (fuzz seed 60017 case 3014)", () => {
  // The file ends without a line ending; its last line is a late result, after a line that does not parse.
  const t = (() => {
    const lines = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { user: 3 }, { result: 4, id: "a_1" }]).replace(/\n$/, "").split("\n");
    lines.splice(lines.length - 1, 0, "[1,2");
    return lines.join("\n");
  })();
  it("the late result is not moved (the reason names the line) and fix-all leaves the malformed line skipped, not cut off", () => {
    const a = analyze(t);
    const f = a.findings.find((x) => x.code === "orphan-result")!;
    assert.ok(f, "the late result is an orphan");
    assert.ok(a.findings.some((x) => x.code === "malformed-line"));
    assert.match(whyNot("move-result", a, f.line, f.toolCallId, false)!, /^line \d+ does not parse and would end the file without its line ending/);
    assert.match(whyNot("remove-orphan", a, f.line, f.toolCallId, false) ?? "line 0 does not parse", /does not parse|its call is on line/);
    const r = fixAll(t);
    assert.ok(!codes(r.text).some((c) => c.endsWith(":partial-message")), "no cut-off last line after fix-all");
  });
});

describe("an entry that names itself as its parent (fuzz seed 61011 case 1491)", () => {
  const t = [
    '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/"}',
    '{"type":"message","id":"r1","parentId":"r1","timestamp":"2026-01-01T00:00:02.000Z","message":{"role":"toolResult","toolCallId":"call-a","toolName":"a","content":[{"type":"text","text":"out"}],"isError":true,"timestamp":2}}',
    '{"type":"message","id":"u2","parentId":"r1","timestamp":"2026-01-01T00:00:03.000Z","message":{"role":"user","content":[{"type":"text","text":"go on"}],"timestamp":3}}',
    '{"type":"message","id":"a3","parentId":"u2","timestamp":"2026-01-01T00:00:04.000Z","message":{"role":"assistant","content":[{"type":"text","text":"ok"}],"provider":"acme","model":"alpha","stopReason":"stop","timestamp":4}}',
  ].join("\n") + "\n";
  it("removing it as an orphan makes its children roots, as the loader read it, instead of leaving them a parent that is gone", () => {
    const a = analyze(t);
    const f = a.findings.find((x) => x.code === "orphan-result")!;
    assert.ok(f, "the result is an orphan");
    const r = REPAIRS["remove-orphan"].one!(a, f.line, f.toolCallId, false);
    assert.ok(r, "the removal is offered");
    const fixed = applyRepairEdits(t, r.edits);
    assert.ok(fixed.includes('"id":"u2","parentId":null'), "its child becomes a root");
    assert.deepEqual(codes(fixed).filter((c) => c.endsWith(":broken-parent")), [], "no parent left that is gone");
  });
});

describe("renaming reused ids in fix-all is one pass (issue 23: the lightbulb froze the server)", () => {
  const reused = (turns: number) => {
    const specs: Spec[] = [{ user: 1 }];
    for (let k = 0; k < turns; k++) specs.push({ assistant: 10 + 3 * k, calls: ["bash_1"] }, { result: 11 + 3 * k, id: "bash_1" });
    specs.push({ assistant: 9999, text: "done" });
    return sessionText(specs);
  };
  it("renames every reuse of an id in one round, whatever the number of turns (work counted, not timed)", () => {
    const r = fixAll(reused(40), {}, { codes: new Set(["colliding-id"]) });
    assert.equal(r.done.get("make-id-unique"), 39);
    assert.equal(r.rounds, 1, "one round renames them all; the next round finds nothing");
    assert.deepEqual(codes(r.text), []);
    assert.equal(new Set(analyze(r.text).occurrences.occurrences.map((o) => o.id)).size, 40);
  });
  it("plain fix-all leaves reused ids alone: `colliding-id` is information", () => {
    assert.equal(fixAll(reused(5)).done.size, 0);
  });
});

describe("make-id-unique renames every later use of the id (fuzz seed 63001 case 1872)", () => {
  // One colliding-id finding per id, on its first reuse: three uses of `t_1`, the last one answered.
  const specs: Spec[] = [{ user: 1 }, { assistant: 2, calls: ["t_1"] }, { user: 3 }, { assistant: 4, calls: ["t_1"] }, { user: 5 }, { assistant: 6, calls: ["t_1"] }, { result: 7, id: "t_1" }, { user: 8 }];
  const text = sessionText(specs);
  const colliding = (t: string) => analyze(t).findings.filter((f) => f.code === "colliding-id");

  it("the quick fix on the finding renames the second and the third use and the finding goes (it moved to the third use)", () => {
    const [f] = colliding(text);
    assert.ok(f, "a colliding-id finding");
    const r = REPAIRS["make-id-unique"].one!(analyze(text), f.line, f.toolCallId, false)!;
    assert.ok(r, "offered");
    assert.match(r.title, /^Rename the 2 later uses of `t_1` \(turns \d+, \d+\) and their results to unique ids$/);
    const next = applyRepairEdits(text, r.edits);
    assert.deepEqual(colliding(next), [], "no use of t_1 collides any more");
    const lines = next.split("\n");
    assert.match(lines[2], /"t_1"/, "the first use keeps its id");
    assert.match(lines[4], /"t_1__t\d+"/);
    assert.match(lines[6], /"t_1__t\d+"/);
    assert.equal(lines[6].match(/"(t_1__t\d+)"/)![1], lines[7].match(/"(t_1__t\d+)"/)![1], "the third call and its result get the same new id");
  });

  it("all or nothing: when one later use cannot be renamed (two calls with the id in one message), none is", () => {
    const twice: Spec[] = [{ user: 1 }, { assistant: 2, calls: ["t_1"] }, { user: 3 }, { assistant: 4, calls: ["t_1"] }, { user: 5 }, { assistant: 6, calls: ["t_1", "t_1"] }, { user: 8 }];
    const t = sessionText(twice);
    const [f] = colliding(t);
    assert.equal(REPAIRS["make-id-unique"].one!(analyze(t), f.line, f.toolCallId, false), null);
    assert.match(whyNot("make-id-unique", analyze(t), f.line, f.toolCallId, false)!, /not safe/);
  });
});

describe("removing an entry never makes a child name itself as its parent (fuzz seed 64011 case 2201)", () => {
  it("a child with the id of the parent it would move to (a duplicate id): the removal is not offered, with the reason", () => {
    // Line 4 and line 5 both have the id e3; line 4 names e4 (line 6, the result removed) as its parent,
    // and e4 names e3: re-linked to e3, line 4 would name itself.
    const t = readFileSync(resolve("test/fixtures/repairs/duplicate-id-child-64011.jsonl"), "utf8");
    const a = analyze(t);
    const f = a.findings.find((x) => x.code === "error-turn-results" && x.line === 5)!;
    assert.ok(f, "the result on line 6 is found");
    assert.equal(REPAIRS["remove-orphan"].one!(a, f.line, f.toolCallId, false), null);
    assert.match(whyNot("remove-orphan", a, f.line, f.toolCallId, false)!, /^line 4 has the id `e3` of the parent it would move to \(a duplicate id\)/);
    const before = codes(t).filter((c) => c.endsWith(":broken-parent")).length;
    const after = codes(fixAll(t).text).filter((c) => c.endsWith(":broken-parent")).length;
    assert.ok(after <= before, `fix-all adds no broken parent (${before} -> ${after})`);
  });
});

describe("no new line is written with a lone CR ending (fuzz seed 66100 case 520)", () => {
  it("a file whose lines mostly end with a lone CR: inserting a result is not offered, and fix-all adds no malformed line", () => {
    const t = readFileSync(resolve("test/fixtures/repairs/lone-cr-insert-66100.jsonl"), "utf8");
    const a = analyze(t);
    const f = a.findings.find((x) => x.code === "pending-call")!;
    assert.ok(f, "the pending call is found");
    assert.equal(REPAIRS["insert-missing-result"].one!(a, f.line, f.toolCallId, false), null);
    assert.match(whyNot("insert-missing-result", a, f.line, f.toolCallId, false)!, /^the file's lines end with a lone CR, which the agent does not read as a line ending/);
    const before = codes(t).filter((c) => c.endsWith(":malformed-line")).length;
    const after = codes(fixAll(t).text).filter((c) => c.endsWith(":malformed-line")).length;
    assert.ok(after <= before, `fix-all adds no malformed line (${before} -> ${after})`);
  });
});
