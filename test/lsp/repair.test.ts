/**
 * Issue 5: the pure repair functions (engine/repair) and the hover escaping, without a server.
 * Every repair is checked by applying its edits and re-analysing.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { applyRepairEdits, fixAllOrphans, makeIdUniqueRepair, removeOrphanRepair } from "../../server/src/engine/repair/index.js";
import { makeAllIdsUnique } from "../../server/src/engine/repair/repairs.js";
import { escapeMarkdown } from "../../server/src/lsp/markdown.js";
import { sniffFormat, sniffParsedFormat } from "../../server/src/lsp/store.js";
import { parseText } from "../../server/src/engine/model/parse.js";
import { entryOf, sessionText, type Spec } from "../helpers/session-builder.js";

const codesAt = (t: string, code: string) => analyze(t).findings.filter((f) => f.code === code).map((f) => f.line);
const L = (t: string) => t.split("\n");

describe("removeOrphanRepair", () => {
  const specs: Spec[] = [{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "x_1" }, { user: 5 }, { assistant: 6, text: "ok" }];
  const t = sessionText(specs);

  it("deletes the line with its ending and re-parents the child's parentId value only", () => {
    const a = analyze(t);
    const r = removeOrphanRepair(a, 4, "x_1")!;
    assert.ok(r);
    assert.deepEqual(r.touched, [4, 5]);
    const next = applyRepairEdits(t, r.edits);
    const want = L(t).filter((_, i) => i !== 4);
    want[4] = want[4].replace('"parentId":"e4"', '"parentId":"e3"');
    assert.deepEqual(L(next), want);
    assert.deepEqual(codesAt(next, "orphan-result"), []);
    assert.deepEqual(codesAt(next, "broken-parent"), []);
    assert.deepEqual(analyze(next).session.branch.map((e) => e.id), ["e1", "e2", "e3", "e5", "e6"]);
  });

  it("offers nothing for a line without an orphan finding, or for the wrong id", () => {
    const a = analyze(t);
    assert.equal(removeOrphanRepair(a, 3, "a_1"), null);
    assert.equal(removeOrphanRepair(a, 4, "nope"), null);
  });

  it("offers nothing when another entry refers to the orphan's id (a label)", () => {
    const label = JSON.stringify({ type: "label", id: "e9", parentId: "e6", timestamp: "2026-01-01T00:00:09.000Z", targetId: "e4", label: "x" });
    const t2 = t + label + "\n";
    assert.equal(removeOrphanRepair(analyze(t2), 4, "x_1"), null);
  });

  it("offers nothing when removing the last entry would switch the active branch", () => {
    // the orphan is the last line, but the line before it is on another branch
    const lines = L(sessionText([{ user: 1 }, { assistant: 2, text: "a" }, { user: 3 }])).filter(Boolean);
    lines.push(JSON.stringify(entryOf({ result: 4, id: "z_1" }, "e9", "e2")));
    const t2 = lines.join("\n") + "\n";
    const a = analyze(t2);
    assert.deepEqual(codesAt(t2, "orphan-result"), [4]);
    assert.equal(a.session.leafId, "e9");
    assert.equal(removeOrphanRepair(a, 4, "z_1"), null);
  });

  it("the last entry without a trailing newline: the previous line ending goes, the file still ends without one", () => {
    const t2 = sessionText([{ user: 1 }, { assistant: 2, text: "a" }, { result: 3, id: "q_1" }]).replace(/\n$/, "");
    const r = removeOrphanRepair(analyze(t2), 3, "q_1")!;
    const next = applyRepairEdits(t2, r.edits);
    assert.equal(next, L(t2).slice(0, 3).join("\n"));
  });

  it("a v1 session with a compaction: offers nothing (line indexes would shift)", () => {
    const v1 = [
      JSON.stringify({ type: "session", id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/" }),
      JSON.stringify({ type: "message", timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: "hi", timestamp: 1 } }),
      JSON.stringify({ type: "message", timestamp: "2026-01-01T00:00:02.000Z", message: { role: "toolResult", toolCallId: "o_1", toolName: "o", content: [], isError: false, timestamp: 2 } }),
    ];
    const plain = v1.join("\n") + "\n";
    const r = removeOrphanRepair(analyze(plain), 2, "o_1");
    assert.ok(r, "v1 without compaction: safe (no parent links on disk)");
    assert.equal(applyRepairEdits(plain, r!.edits), v1.slice(0, 2).join("\n") + "\n");
    const withCompaction = plain + JSON.stringify({ type: "compaction", timestamp: "2026-01-01T00:00:03.000Z", summary: "s", firstKeptEntryIndex: 1, tokensBefore: 1 }) + "\n";
    assert.deepEqual(codesAt(withCompaction, "orphan-result"), [2]);
    assert.equal(removeOrphanRepair(analyze(withCompaction), 2, "o_1"), null);
  });

  // Issue 21: Claude Code is checked on what it sends on resume. 2.1 drops results that answer no
  // call (no finding); 2.0.31 sends them, and the API rejects the request.
  it("Claude Code 2.0: a line holding only that result is removed and its child re-parented; a line with two results is left alone; 2.1 drops them itself", () => {
    // Distinct times: 2.0.31 resumes from the newest line.
    let second = 0;
    const cc = (o: Record<string, unknown>) => JSON.stringify({ sessionId: "s", isSidechain: false, timestamp: `2026-01-01T00:00:0${second++}Z`, ...o });
    const lines = [
      cc({ type: "user", uuid: "u1", parentUuid: null, message: { role: "user", content: "go" } }),
      cc({ type: "assistant", uuid: "a1", parentUuid: "u1", message: { id: "m1", role: "assistant", content: [{ type: "tool_use", id: "t1", name: "Bash", input: {} }], stop_reason: "tool_use" } }),
      cc({ type: "user", uuid: "r1", parentUuid: "a1", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "ok" }] } }),
      cc({ type: "user", uuid: "r2", parentUuid: "r1", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "ghost", content: "?" }] } }),
      cc({ type: "user", uuid: "r3", parentUuid: "r2", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "g2", content: "?" }, { type: "tool_result", tool_use_id: "g3", content: "?" }] } }),
      cc({ type: "assistant", uuid: "a2", parentUuid: "r3", message: { id: "m2", role: "assistant", content: [{ type: "text", text: "done" }], stop_reason: "end_turn" } }),
    ];
    const t2 = lines.join("\n") + "\n";
    assert.deepEqual(codesAt(t2, "orphan-result"), [], "Claude Code 2.1 drops them silently");
    const v20 = { agentVersion: "2.0" };
    const a = analyze(t2, v20);
    assert.equal(a.session.format, "claude-code");
    assert.deepEqual(a.findings.filter((f) => f.code === "orphan-result").map((f) => f.line), [3, 4, 4]);
    assert.equal(removeOrphanRepair(a, 4, "g2"), null, "two results on one line: unsafe");
    const r = removeOrphanRepair(a, 3, "ghost")!;
    const next = applyRepairEdits(t2, r.edits);
    const want = lines.filter((_, i) => i !== 3);
    want[3] = want[3].replace('"parentUuid":"r2"', '"parentUuid":"r1"');
    assert.deepEqual(L(next).slice(0, -1), want);
    const fx = fixAllOrphans(t2, v20);
    assert.equal(fx.removed, 1);
    assert.deepEqual(fixAllOrphans(fx.text, v20).edits, []);
  });

  // Issue 21: Codex is checked on what it sends on resume (docs/research/codex-resume.md R7.2): an
  // output whose call it does not send is dropped there, and the rest is read fine.
  it("Codex: an output that answers no call is dropped by Codex on resume: information `orphan-output`, nothing to remove", () => {
    const cx = (ts: string, payload: unknown) => JSON.stringify({ timestamp: ts, type: "response_item", payload });
    const meta = { id: "0c0de000-0000-4000-8000-000000000001", timestamp: "2026-01-01T00:00:00Z", cwd: "/w", originator: "codex_cli_rs", cli_version: "0.171.0" };
    const lines = [
      JSON.stringify({ timestamp: "2026-01-01T00:00:00Z", type: "session_meta", payload: meta }),
      cx("2026-01-01T00:00:01Z", { type: "message", role: "user", content: [{ type: "input_text", text: "go" }] }),
      cx("2026-01-01T00:00:02Z", { type: "function_call", name: "sh", arguments: "{}", call_id: "c1" }),
      cx("2026-01-01T00:00:03Z", { type: "function_call_output", call_id: "c1", output: "ok" }),
      cx("2026-01-01T00:00:04Z", { type: "function_call_output", call_id: "c9", output: "?" }),
    ];
    const t2 = lines.join("\n") + "\n";
    const a = analyze(t2);
    assert.deepEqual(a.findings.map((f) => [f.code, f.severity, f.line]), [["orphan-output", "information", 4]]);
    assert.match(a.findings[0].message, /^Output that answers no call; Codex drops it on resume\./);
    assert.deepEqual(a.after.map((m) => m.toolCallId ?? m.role), ["user", "assistant", "c1"], "the orphan is not sent");
    assert.equal(removeOrphanRepair(a, 4, "c9"), null, "Codex reads the file fine: no repair is offered");
    assert.deepEqual(fixAllOrphans(t2).edits, []);
  });

  it("error-turn-results are removable too", () => {
    const t2 = sessionText([{ user: 1 }, { assistant: 2, calls: ["e_1"], stopReason: "error" }, { result: 3, id: "e_1" }, { user: 4 }, { assistant: 5, text: "ok" }]);
    const lines = analyze(t2).findings.filter((f) => f.code === "error-turn-results").map((f) => f.line);
    assert.deepEqual(lines, [3]);
    const r = removeOrphanRepair(analyze(t2), 3, "e_1")!;
    const next = applyRepairEdits(t2, r.edits);
    assert.deepEqual(analyze(next).findings.filter((f) => f.code === "error-turn-results"), []);
  });
});

describe("fixAllOrphans", () => {
  it("chained orphans: a fixed point in more than one round, edits against the original text, idempotent", () => {
    const t = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "x_1" }, { result: 5, id: "x_2" }, { result: 6, id: "x_3" }, { user: 7 }]);
    const fx = fixAllOrphans(t);
    assert.equal(fx.removed, 3);
    assert.ok(fx.rounds >= 2, `rounds ${fx.rounds}`);
    assert.equal(applyRepairEdits(t, fx.edits), fx.text);
    const want = L(t).filter((_, i) => ![4, 5, 6].includes(i));
    want[4] = want[4].replace('"parentId":"e6"', '"parentId":"e3"');
    assert.deepEqual(L(fx.text), want);
    assert.deepEqual(fixAllOrphans(fx.text).edits, []);
  });
  it("CRLF stays CRLF", () => {
    const t = sessionText([{ user: 1 }, { result: 2, id: "x_1" }, { user: 3 }], { eol: "\r\n" });
    const fx = fixAllOrphans(t);
    assert.equal(fx.removed, 1);
    assert.equal(fx.text.split("\r\n").length, t.split("\r\n").length - 1);
    assert.ok(!/[^\r]\n/.test(fx.text));
  });
  it("a clean file: no edits", () => {
    assert.deepEqual(fixAllOrphans(sessionText([{ user: 1 }, { assistant: 2, text: "x" }])).edits, []);
  });
});

describe("makeIdUniqueRepair", () => {
  const specs: Spec[] = [{ user: 1 }, { assistant: 2, calls: ["b_1"] }, { result: 3, id: "b_1" }, { user: 4 }, { assistant: 5, calls: ["b_1"] }, { result: 6, id: "b_1" }];
  const t = sessionText(specs);
  it("renames the later call and its result, never the first", () => {
    const a = analyze(t);
    assert.deepEqual(codesAt(t, "colliding-id"), [5]);
    assert.equal(makeIdUniqueRepair(a, t, 2, "b_1"), null, "the first occurrence has no colliding-id finding");
    const r = makeIdUniqueRepair(a, t, 5, "b_1")!;
    const next = applyRepairEdits(t, r.edits);
    L(t).forEach((l, i) => assert.equal(L(next)[i], i === 5 || i === 6 ? l.replace('"b_1"', '"b_1__t2"') : l));
    assert.deepEqual(codesAt(next, "colliding-id"), []);
    assert.deepEqual(codesAt(next, "orphan-result"), []);
  });
  it("picks an id no string of the file holds", () => {
    const t2 = t.replace('"text":"user at 1"', '"text":"b_1__t2"');
    const r = makeIdUniqueRepair(analyze(t2), t2, 5, "b_1")!;
    assert.match(r.edits[0].newText, /"b_1__t2_2"/);
  });
  it("renames pi-condense records of that occurrence (toolCallId + resultTimestamp, id@ts keys), not of the earlier one", () => {
    const index = JSON.stringify(entryOf({ custom: "context-prune-index", data: { toolCalls: [
      { toolCallId: "b_1", resultTimestamp: 3, toolName: "b", args: {}, resultText: "", isError: false },
      { toolCallId: "b_1", resultTimestamp: 6, toolName: "b", args: {}, resultText: "", isError: false },
    ] } }, "e7", "e6"));
    const keys = JSON.stringify(entryOf({ custom: "x-keys", data: { keys: ["b_1@3", "b_1@6"] } }, "e8", "e7"));
    const t2 = t + index + "\n" + keys + "\n";
    const a = analyze(t2);
    const r = makeIdUniqueRepair(a, t2, 5, "b_1")!;
    assert.ok(r);
    const next = L(applyRepairEdits(t2, r.edits));
    assert.equal(next[7], index.replace('"toolCallId":"b_1","resultTimestamp":6', '"toolCallId":"b_1__t2","resultTimestamp":6'));
    assert.equal(next[8], keys.replace('"b_1@6"', '"b_1__t2@6"'));
    L(t2).forEach((l, i) => i < 5 && assert.equal(next[i], l));
  });
  it("offers nothing when a bare reference cannot tell the occurrences apart", () => {
    const legacy = JSON.stringify(entryOf({ customMessage: "context-prune-summary", details: { toolCallIds: ["b_1"] } }, "e7", "e6"));
    const t2 = t + legacy + "\n";
    assert.equal(makeIdUniqueRepair(analyze(t2), t2, 5, "b_1"), null);
  });
  it("a reference spelled with \\u escapes is found as the walk of every value finds it (the text search skips no such line)", () => {
    // the same bare reference as above, with its id and a taken name spelled with escapes in the JSON text
    const legacy = JSON.stringify(entryOf({ customMessage: "context-prune-summary", details: { toolCallIds: ["b_1"] } }, "e7", "e6")).replace('"b_1"', '"b\\u005f1"');
    const t2 = t + legacy + "\n";
    assert.ok(t2.includes("b\\u005f1") && !L(t2)[7].includes("b_1"));
    assert.equal(makeIdUniqueRepair(analyze(t2), t2, 5, "b_1"), null, "the escaped bare reference still makes the rename unsafe");
    const taken = JSON.stringify(entryOf({ user: 7, text: "x" }, "e7", "e6")).replace('"x"', '"b\\u005f1__t2"');
    const t3 = t + taken + "\n";
    assert.match(makeIdUniqueRepair(analyze(t3), t3, 5, "b_1")!.edits[0].newText, /"b_1__t2_2"/, "an escaped taken name is still taken");
  });
  it("a taken name on a line joined to the one before by a lone CR is still taken (the text search walks such records)", () => {
    const joined = JSON.stringify(entryOf({ user: 7, text: "b_1__t2" }, "e7", "e6")).replace(',"parentId"', ',\r"parentId"');
    const t4 = t + joined + "\n";
    assert.ok(t4.includes("\r"));
    assert.match(makeIdUniqueRepair(analyze(t4), t4, 5, "b_1")!.edits[0].newText, /"b_1__t2_2"/);
  });
  it("one quick fix and fix-all read the same lines naming the id", () => {
    const index = JSON.stringify(entryOf({ custom: "x-keys", data: { keys: ["b_1@3", "b_1@6"], other: "b_1__t2" } }, "e7", "e6"));
    const t2 = t + index + "\n";
    const fresh = makeIdUniqueRepair(analyze(t2), t2, 5, "b_1");
    const a = analyze(t2);
    makeAllIdsUnique(a); // walks every value once for all ids (and takes the names it gives)
    const names = (r: unknown) => JSON.parse(JSON.stringify(r).replace(/__t2_\d+/g, "__t2_N"));
    assert.deepEqual(names(makeIdUniqueRepair(a, t2, 5, "b_1")), names(fresh), "the same edits, on the same lines");
    assert.match(fresh!.edits[0].newText, /"b_1__t2_2"/);
  });
  it("a chain's bare id list is left alone (it names the earlier occurrence)", () => {
    const chain = JSON.stringify(entryOf({ chain: { blockId: "b1", start: 1, final: 2, dropped: ["b_1"] } }, "e7", "e6"));
    const t2 = t + chain + "\n";
    const a = analyze(t2);
    const r = makeIdUniqueRepair(a, t2, 5, "b_1")!;
    assert.ok(r);
    assert.deepEqual(r.touched, [5, 6]);
  });
});

describe("makeIdUniqueRepair on Claude Code", () => {
  it("renames the later tool_use, its tool_result and the progress line of that turn", () => {
    const cc = (o: Record<string, unknown>) => JSON.stringify({ sessionId: "s", isSidechain: false, timestamp: "2026-01-01T00:00:00Z", ...o });
    const lines = [
      cc({ type: "user", uuid: "u1", parentUuid: null, message: { role: "user", content: "go" } }),
      cc({ type: "assistant", uuid: "a1", parentUuid: "u1", message: { id: "m1", role: "assistant", content: [{ type: "tool_use", id: "t1", name: "Bash", input: {} }], stop_reason: "tool_use" } }),
      cc({ type: "user", uuid: "r1", parentUuid: "a1", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "ok" }] } }),
      cc({ type: "user", uuid: "u2", parentUuid: "r1", message: { role: "user", content: "again" } }),
      cc({ type: "assistant", uuid: "a2", parentUuid: "u2", message: { id: "m2", role: "assistant", content: [{ type: "tool_use", id: "t1", name: "Bash", input: {} }], stop_reason: "tool_use" } }),
      cc({ type: "progress", uuid: "p1", parentUuid: "a2", toolUseID: "t1", data: { type: "bash_progress" } }),
      cc({ type: "user", uuid: "r2", parentUuid: "p1", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "ok" }] } }),
    ];
    const t2 = lines.join("\n") + "\n";
    const a = analyze(t2);
    assert.deepEqual(a.findings.filter((f) => f.code === "colliding-id").map((f) => f.line), [4]);
    const r = makeIdUniqueRepair(a, t2, 4, "t1")!;
    assert.ok(r);
    const next = L(applyRepairEdits(t2, r.edits));
    lines.forEach((l, i) => assert.equal(next[i], i >= 4 ? l.replace(/"t1"/, '"t1__t2"') : l));
    assert.deepEqual(analyze(next.join("\n")).findings.filter((f) => f.code === "colliding-id"), []);
  });
});

describe("escapeMarkdown", () => {
  it("neutralises HTML and links", () => {
    for (const evil of ["<img src=x onerror=alert(1)>", "[x](javascript:alert(1))", "**b** `c` | d\n# e", "<script>x</script>", "&lt;"]) {
      const e = escapeMarkdown(evil);
      assert.ok(!/[<>]/.test(e), e);
      assert.ok(!/(^|[^\\])[\[\]()`*|#]/.test(e), e);
      assert.ok(!e.includes("\n"));
    }
    assert.equal(escapeMarkdown("[x](javascript:alert(1))"), "\\[x\\]\\(javascript\\:alert\\(1\\)\\)");
    assert.equal(escapeMarkdown("<img>"), "&lt;img&gt;");
    assert.equal(escapeMarkdown("a&b"), "a&amp;b");
  });
});

describe("sniffFormat", () => {
  it("reads only the head of the text", () => {
    assert.equal(sniffFormat(sessionText([{ user: 1 }])), "pi");
    assert.equal(sniffFormat('{"a":1}\n'), "unknown");
    assert.equal(sniffFormat(""), "unknown");
  });
  it("tells a file whose first line is longer than the head: a JSON Lines entry with an image, a one-line JSON document", () => {
    const img = "A".repeat(300 * 1024);
    const l1 = JSON.stringify({ type: "user", uuid: "u1", parentUuid: null, sessionId: "s", timestamp: "2026-01-01T00:00:00Z", message: { role: "user", content: [{ type: "image", source: { type: "base64", data: img } }] } });
    const l2 = JSON.stringify({ type: "assistant", uuid: "u2", parentUuid: "u1", sessionId: "s", timestamp: "2026-01-01T00:00:01Z", message: { role: "assistant", content: [{ type: "text", text: "hi" }] } });
    const jsonl = l1 + "\n" + l2 + "\n";
    assert.equal(sniffFormat(jsonl), "claude-code");
    assert.equal(sniffParsedFormat(parseText(jsonl)), "claude-code");
    const doc = JSON.stringify([{ role: "user", content: [{ type: "text", text: "<task>x</task>" }], ts: 1 }, { role: "assistant", content: [{ type: "text", text: img }], ts: 2 }]);
    assert.equal(sniffFormat(doc), "roo-code");
    assert.equal(sniffParsedFormat(parseText(doc)), "roo-code");
    assert.equal(sniffFormat(JSON.stringify({ a: img }) + "\n"), "unknown");
  });
});
