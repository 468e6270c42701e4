/**
 * Issue 12: Claude Code sidechain (subagent) lines are grouped under their Task call (or listed
 * with a note), and a parent that lives in a sibling session file resolves (io/sibling-parents.ts);
 * otherwise `broken-parent` says so in plain words, at information severity for Claude Code.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { findParentsInSiblings, resolveSiblingParents } from "../../server/src/io/sibling-parents.js";
import { main } from "../../server/src/cli.js";
import { renderJson } from "../../server/src/presentation/report.js";
import { buildRenderView } from "../../server/src/presentation/view-model.js";
import { corpusText } from "../helpers/corpus.js";

const jsonl = (objs: unknown[]) => objs.map((o) => JSON.stringify(o)).join("\n") + "\n";
const base = { userType: "external", cwd: "/", sessionId: "s", version: "2.0.46" };
const line = (uuid: string, parentUuid: string | null, type: "user" | "assistant", content: unknown, extra: object = {}) => ({
  ...base, uuid, parentUuid, type, isSidechain: false, timestamp: "2025-01-01T00:00:00.000Z", message: type === "assistant" ? { id: `m-${uuid}`, role: "assistant", content } : { role: "user", content }, ...extra,
});

describe("Claude Code sidechains", () => {
  it("the corpus's lines 3-5 are one group under the Task call of line 1, not in the context", () => {
    const a = analyze(corpusText("claude-code/daaain-sidechain-integrated.jsonl"));
    const v = buildRenderView(a, "file:///x.jsonl", null);
    assert.ok(!v.before.some((m) => m.line !== null && [3, 4, 5].includes(m.line)), "sidechain lines are not context");
    const call = v.before.find((m) => m.sidechain)!;
    assert.equal(call.line, 1);
    assert.equal(call.sidechain!.length, 1);
    const g = call.sidechain![0];
    assert.equal(g.toolCallId, "toolu_01JA2mLseQCAW3MdwPE4qWEk");
    assert.equal(g.agentId, "e1c84ba5");
    assert.deepEqual(g.lines, [3, 4, 5]);
    // lines 3 and 4 are one streamed message
    assert.deepEqual(g.messages.map((m) => [m.role, m.line]), [["assistant", 3], ["toolResult", 5]]);
    assert.equal(v.unmatchedSidechain, undefined);
    assert.deepEqual(renderJson("x", a).sidechains, [{ toolCallId: "toolu_01JA2mLseQCAW3MdwPE4qWEk", callLine: 1, agentId: "e1c84ba5", lines: [3, 4, 5] }]);
  });
  it("a missing parent is information in plain words", () => {
    const a = analyze(corpusText("claude-code/daaain-sidechain-integrated.jsonl"));
    const bp = a.findings.filter((f) => f.code === "broken-parent");
    assert.deepEqual(bp.map((f) => [f.line, f.severity]), [[0, "information"], [4, "information"]]);
    assert.match(bp[0].message, /^Parent line not found in this file\. /);
  });
  it("sidechain lines no Task call matches are listed with a note", () => {
    const a = analyze(
      jsonl([
        line("u1", null, "user", "hi"),
        line("a1", "u1", "assistant", [{ type: "text", text: "hello" }]),
        { ...line("s1", null, "user", "sub task"), isSidechain: true, timestamp: "2024-01-01T00:00:00.000Z" },
        { ...line("s2", "s1", "assistant", [{ type: "text", text: "sub answer" }]), isSidechain: true },
      ]),
    );
    const v = buildRenderView(a, "file:///x", null);
    assert.deepEqual(v.before.map((m) => m.line), [1, 2]);
    assert.match(v.unmatchedSidechain!.note, /not part of the context/);
    assert.deepEqual(v.unmatchedSidechain!.groups.map((g) => g.lines), [[3, 4]]);
  });
  it("a subagent's own transcript (every line a sidechain) is its own context", () => {
    const a = analyze(corpusText("claude-code/daaain-subagent-showcol2.jsonl"));
    assert.equal(a.before.length, 4);
    assert.equal(buildRenderView(a, "file:///x", null).unmatchedSidechain, undefined);
  });
});

describe("parents in sibling session files", () => {
  const dir = mkdtempSync(join(tmpdir(), "ti-siblings-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const earlier = jsonl([line("p0", null, "user", "first session"), line("p1", "p0", "assistant", [{ type: "text", text: "ok" }])]);
  // A finished turn (end_turn): the next request adds the user's prompt, so no provider finding.
  const answered = line("c2", "c1", "assistant", [{ type: "text", text: "sure" }]);
  const continued = jsonl([line("c1", "p1", "user", "continue"), { ...answered, message: { ...answered.message, stop_reason: "end_turn" } }]);
  writeFileSync(join(dir, "earlier.jsonl"), earlier);
  writeFileSync(join(dir, "continued.jsonl"), continued);
  writeFileSync(join(dir, "notes.txt"), '"uuid": "zz"');

  it("the io lookup finds the id in a sibling and only there", () => {
    assert.deepEqual([...findParentsInSiblings(join(dir, "continued.jsonl"), ["p1", "zz", "c1"])], [["p1", "earlier.jsonl"]]);
    assert.equal(findParentsInSiblings(join(dir, "continued.jsonl"), ["p1"], { MAX_FILES: 0, MAX_FILE_BYTES: 1e9, MAX_TOTAL_BYTES: 1e9, MAX_CACHED: 1 }).size, 0, "bounded");
  });
  it("the finding goes away when a sibling holds the parent; stays (information) otherwise", () => {
    const a = analyze(continued);
    assert.deepEqual(a.findings.map((f) => [f.code, f.severity]), [["broken-parent", "information"]]);
    assert.deepEqual(resolveSiblingParents(join(dir, "continued.jsonl"), a).findings, []);
    const alone = mkdtempSync(join(tmpdir(), "ti-alone-"));
    try {
      writeFileSync(join(alone, "continued.jsonl"), continued);
      assert.equal(resolveSiblingParents(join(alone, "continued.jsonl"), analyze(continued)).findings.length, 1);
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  });
  it("the CLI resolves it too", () => {
    let out = "";
    const status = main(["check", "--format", "json", join(dir, "continued.jsonl")], (s) => (out += s), () => undefined);
    assert.equal(status, 0);
    assert.deepEqual(JSON.parse(out).files[0].findings, []);
  });
});
