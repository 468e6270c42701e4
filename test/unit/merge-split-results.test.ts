/**
 * The results-split repair (Claude Code): one turn's tool results moved into the first of its
 * user lines of results, the later lines removed, the next line re-linked. Not offered for pi,
 * nor where the run is ambiguous (a non-result block between, a branch, the id named elsewhere).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { providerVerdicts } from "../../server/src/engine/providers/verdicts.js";
import { applyRepairEdits, fixAll, REPAIRS, whyNot } from "../../server/src/engine/repair/index.js";
import { corpusFiles } from "../helpers/corpus.js";
import { call, ccSession, piSession, text, toolResult, toolUse } from "../helpers/provider-sessions.js";
import { checkProviderRepairs } from "../helpers/repair-properties.js";

const BEDROCK = "us.anthropic.claude-sonnet-4-5-v1:0";
const split = (model?: string) =>
  ccSession([
    { user: "hi" },
    { assistant: [toolUse("toolu_a"), toolUse("toolu_b"), toolUse("toolu_c")], ...(model ? { model } : {}) },
    { user: [toolResult("toolu_a")] },
    { user: [toolResult("toolu_b")] },
    { user: [toolResult("toolu_c")] },
    { assistant: [text("done")], ...(model ? { model } : {}) },
  ]);
const splitFindings = (s: string, target?: "bedrock") => providerVerdicts(analyze(s), { target }).findings.filter((f) => f.code === "results-split");

describe("merge-split-results", () => {
  it("the findings of one run share one repair, whichever line it is asked on", () => {
    const s = split();
    const a = analyze(s);
    const [b, c] = splitFindings(s);
    const p1 = REPAIRS["merge-split-results"].plan!(a, b.line, b.toolCallId, false);
    const p2 = REPAIRS["merge-split-results"].plan!(a, c.line, c.toolCallId, false);
    assert.ok(!("reason" in p1) && !("reason" in p2));
    assert.deepEqual([...p1.plan.remove].sort(), [3, 4]);
    assert.deepEqual([...p2.plan.remove].sort(), [3, 4]);
  });

  it("moves the later results into the first line, removes the later lines, re-links the next line", () => {
    const s = split();
    const a = analyze(s);
    const f = splitFindings(s).find((x) => x.toolCallId === "toolu_c")!;
    assert.equal(f.line, 4);
    const r = REPAIRS["merge-split-results"].one!(a, f.line, f.toolCallId, false)!;
    assert.match(r.title, /^Merge the turn's 2 later results into line 3/);
    const out = applyRepairEdits(s, r.edits);
    const lines = out.split("\n");
    const old = s.split("\n");
    assert.equal(lines.length, old.length - 2);
    assert.deepEqual(lines.slice(0, 2), old.slice(0, 2));
    const first = JSON.parse(lines[2]);
    assert.deepEqual(first.message.content.map((b: { tool_use_id: string }) => b.tool_use_id), ["toolu_a", "toolu_b", "toolu_c"]);
    assert.equal(first.uuid, "u3");
    assert.equal(lines[3], old[5].replace('"parentUuid":"u5"', '"parentUuid":"u3"'));
    assert.deepEqual(splitFindings(out, "bedrock"), []);
    assert.deepEqual(analyze(out).findings, []);
  });

  it("keeps the properties on a constructed session (Anthropic and Bedrock targets) and the corpus files where the finding occurs", () => {
    assert.equal(checkProviderRepairs(split()), 2);
    assert.equal(checkProviderRepairs(split(), "bedrock"), 2);
    let files = 0;
    for (const f of corpusFiles()) {
      if (!f.name.startsWith("claude-code/") || splitFindings(f.text).length === 0) continue;
      files++;
      assert.ok(checkProviderRepairs(f.text) > 0, f.name);
    }
    assert.ok(files > 0, "no corpus file has a results-split finding");
  });

  it("fix-all merges only where results-split is an error for the session's provider, and `--only results-split` always", () => {
    const anthropic = split();
    assert.equal(fixAll(anthropic).done.size, 0);
    const only = fixAll(anthropic, {}, { codes: new Set(["results-split"]) });
    assert.equal(only.done.get("merge-split-results"), 1);
    assert.deepEqual(splitFindings(only.text, "bedrock"), []);
    const bedrock = split(BEDROCK);
    const r = fixAll(bedrock);
    assert.equal(r.done.get("merge-split-results"), 1);
    assert.deepEqual(splitFindings(r.text), []);
    assert.equal(fixAll(r.text).done.size, 0);
  });

  it("is not offered for pi, and says why", () => {
    const s = piSession([{ user: "hi" }, { assistant: [call("a"), call("b")], by: "bedrock" }, { result: "a" }, { result: "b" }, { assistant: [text("ok")], by: "bedrock" }]);
    const a = analyze(s);
    // pi-ai groups the results itself: the request has no split, and the repair refuses pi lines.
    assert.deepEqual(splitFindings(s, "bedrock"), []);
    assert.match(whyNot("merge-split-results", a, 4, "b", false) ?? "", /^pi writes one toolResult entry per result/);
  });

  it("is not offered when a non-result block lies between, the run branches, or a removed line's id is named elsewhere", () => {
    const mixed = ccSession([{ user: "hi" }, { assistant: [toolUse("toolu_a"), toolUse("toolu_b")] }, { user: [toolResult("toolu_a"), text("note")] }, { user: [toolResult("toolu_b")] }]);
    const fm = splitFindings(mixed)[0];
    assert.ok(fm);
    assert.match(whyNot("merge-split-results", analyze(mixed), fm.line, fm.toolCallId, false)!, /not a line of results only/);

    const base = split().trimEnd().split("\n");
    // A second child of the second result line: a branch inside the run.
    const branched = [...base.slice(0, 4), JSON.stringify({ type: "user", uuid: "x1", parentUuid: "u4", sessionId: "cc", message: { role: "user", content: "other" } }), ...base.slice(4)].join("\n") + "\n";
    const fb = splitFindings(branched).find((x) => x.toolCallId === "toolu_c")!;
    assert.match(whyNot("merge-split-results", analyze(branched), fb.line, fb.toolCallId, false)!, /branches inside the run/);

    const named = [...base, JSON.stringify({ type: "summary", summary: "s", leafUuid: "u5" })].join("\n") + "\n";
    const fn = splitFindings(named).find((x) => x.toolCallId === "toolu_c")!;
    assert.match(whyNot("merge-split-results", analyze(named), fn.line, fn.toolCallId, false)!, /names the id of a line the merge would remove/);
  });
});
