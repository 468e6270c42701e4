/**
 * GitHub Copilot CLI (issue 25): the constructed sessions of test/fixtures/copilot-cli (written by
 * scripts/agent-fixtures/copilot-cli.mjs), and what the real CLI 1.0.102 sent when it resumed each
 * of them (test/fixtures/peer-copilot-cli, recorded by scripts/record-peers-agents.mjs): the After
 * column is compared with every recording, message for message.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { formatProfile } from "../../server/src/engine/formats/registry.js";
import { fixAll, REPAIRS, whyNot } from "../../server/src/engine/repair/index.js";
import { type Finding, type Msg, toolCallsOf } from "../../server/src/engine/model/types.js";
import { textOf } from "../../server/src/engine/formats/message-text.js";
import { recordedUsage } from "../../server/src/engine/session/recorded-usage.js";
import { parseText, type ParsedText } from "../../server/src/engine/model/parse.js";
import { patchLines } from "../../server/src/engine/model/patch-lines.js";
import { continueAnalysis, type ContinuedAnalysis } from "../../server/src/engine/incremental/continue-analysis.js";
import { checkJson, renderJson } from "../../server/src/presentation/report.js";
import { rawObjects } from "../helpers/corpus.js";
import { editLine } from "../helpers/patch-doc.js";

const FIXTURES = join(__dirname, "..", "fixtures");

function fixture(agent: string, name: string): string {
  return readFileSync(join(FIXTURES, agent, name), "utf8");
}

function fixtureNames(agent: string): string[] {
  return readdirSync(join(FIXTURES, agent)).filter((f) => f.endsWith(".jsonl")).sort();
}

/** The recording of the real CLI resuming `file` (test/fixtures/peer-<agent>/<file>.json), if there is one. */
function peerRecording(agent: string, file: string): any | undefined {
  const p = join(FIXTURES, `peer-${agent}`, `${file}.json`);
  return existsSync(p) ? JSON.parse(readFileSync(p, "utf8")) : undefined;
}

/** `code@line` (1-based) of findings, sorted. */
function codesAt(findings: readonly Finding[], keep: (f: Finding) => boolean = () => true): string[] {
  return findings
    .filter(keep)
    .map((f) => `${f.code}@${f.line + 1}`)
    .sort();
}

const AGENT = "copilot-cli";

function appendText(parsed: ParsedText, text: string): ParsedText {
  const n = parsed.lines.length;
  return patchLines(parsed, [{ range: { start: { line: n, character: 0 }, end: { line: n, character: 0 } }, text }])!;
}

function next(prev: ContinuedAnalysis, parsed: ParsedText): ContinuedAnalysis {
  return continueAnalysis(parsed, {}, { checkpoint: prev.checkpoint, analysis: prev.analysis });
}

function joined(parsed: ParsedText): string {
  return [...parsed.lines.all()].map((l) => l.text + l.eol).join("");
}

/** What a user sees of an analysis: findings, the columns by origin, the usage. */
function shape(a: ContinuedAnalysis["analysis"]) {
  const col = (ms: readonly Msg[]) => ms.map((m) => `${m.role}@${m.origin.kind === "entry" ? m.origin.line : m.origin.synthetic}:${m.toolCallId ?? ""}:${textOf(m.content).length}`);
  return { format: a.session.format, findings: a.findings.map((f) => `${f.line}:${f.code}:${f.severity}:${f.message}`), before: col(a.before), after: col(a.after), usage: a.usage.totals };
}

const sha = (t: string) => createHash("sha1").update(t).digest("hex").slice(0, 12);

/** Call ids as they compare: an id of the file as is, another (a renamed one) by its order of first appearance. */
function idNamer(fileCallIds: Set<string>): (id: string) => string {
  const fresh = new Map<string, string>();
  return (id) => {
    if (fileCallIds.has(id)) return id;
    if (!fresh.has(id)) fresh.set(id, `(renamed ${fresh.size + 1})`);
    return fresh.get(id)!;
  };
}

/**
 * What the real CLI sent, per message: role, calls, the result's call, made up or not, and the
 * text (its SHA-1 as the recording keeps it, and its length).
 */
function recordedShape(rec: any, fileCallIds: Set<string>): string[] {
  const name = idNamer(fileCallIds);
  const messages: any[] = rec.main.messages.filter((m: any) => m.role !== "system");
  messages.pop(); // the new prompt ("continue")
  return messages.map((m) => {
    if (m.role === "tool") {
      const made = m.line === null && (rec.main.resultsNotFromFile as any[]).some((r) => r.tool_call_id === m.tool_call_id);
      return `tool ${name(m.tool_call_id)}${made ? " made-up" : ""} ${m.textLength}:${m.textSha1}`;
    }
    const calls = (m.tool_calls ?? []).map((c: any) => name(c.id));
    return `${m.role}${calls.length ? ` [${calls.join(",")}]` : ""} ${m.textLength}:${m.textSha1}`;
  });
}

/** The same for the After column. */
function afterShape(after: Msg[], fileCallIds: Set<string>): string[] {
  const name = idNamer(fileCallIds);
  return after.map((m) => {
    const text = Array.isArray(m.content) ? m.content.filter((b: any) => b?.type === "text").map((b: any) => b.text).join("") : textOf(m.content);
    if (m.role === "toolResult") {
      const made = m.origin.kind === "synthetic" && m.origin.synthetic === "synthetic-tool-result";
      return `tool ${name(String(m.toolCallId))}${made ? " made-up" : ""} ${text.length}:${sha(text)}`;
    }
    const calls = toolCallsOf(m).map((c) => name(c.id));
    return `${m.role === "assistant" ? "assistant" : "user"}${calls.length ? ` [${calls.join(",")}]` : ""} ${text.length}:${sha(text)}`;
  });
}

function fileCallIds(text: string): Set<string> {
  const ids = new Set<string>();
  for (const { value } of rawObjects(text)) for (const r of value?.data?.toolRequests ?? []) if (typeof r?.toolCallId === "string") ids.add(r.toolCallId);
  return ids;
}

describe("Copilot CLI: constructed sessions", () => {
  const expected: Record<string, string[]> = {
    "basic.jsonl": [],
    "call-without-result-end.jsonl": ["dangling-call@4"],
    "call-without-result-mid.jsonl": ["dangling-call@4"],
    "compaction.jsonl": [],
    "compaction-failed.jsonl": [],
    "compaction-twice.jsonl": [],
    "context-cleared.jsonl": [],
    "duplicate-call-id.jsonl": ["colliding-id@9"],
    "failed-result.jsonl": [],
    "orphan-result.jsonl": ["orphan-result@16"],
    "parallel-results-out-of-order.jsonl": [],
    "parent-gone.jsonl": [],
    "refused-missing-field.jsonl": ["unknown-entry@8"],
    "refused-non-uuid-id.jsonl": ["unknown-entry@4"],
    "subagent-events.jsonl": [],
    "system-and-reasoning.jsonl": [],
    "truncated-last-line.jsonl": ["partial-message@12"],
    "transformed-content.jsonl": [],
    "unknown-event.jsonl": ["unknown-entry@13"],
  };
  it("every fixture has its expectation", () => assert.deepEqual(fixtureNames(AGENT), Object.keys(expected).sort()));
  for (const [name, codes] of Object.entries(expected))
    it(`${name}: ${codes.length ? codes.join(", ") : "no findings"}`, () => {
      const a = analyze(fixture(AGENT, name));
      assert.equal(a.session.format, AGENT);
      assert.deepEqual(codesAt(a.findings), codes);
      assert.equal(renderJson(name, a).format, AGENT);
      assert.deepEqual(checkJson(name, a).findings.map((f) => `${f.code}@${f.line}`).sort(), codes);
    });

  it("a call id used again in a later turn: the rename renames that turn's call, start and completion, and leaves the first turn's", () => {
    const text = fixture(AGENT, "duplicate-call-id.jsonl");
    const a = analyze(text);
    const f = a.findings.find((x) => x.code === "colliding-id")!;
    // the first turn's tool.execution_start names the id too: it belongs to that turn, not a reference to rename or to refuse
    const r = REPAIRS["make-id-unique"].one!(a, f.line, f.toolCallId, false);
    assert.ok(r, `not offered: ${whyNot("make-id-unique", a, f.line, f.toolCallId, false)}`);
    const lines = text.split("\n");
    const touched = [...new Set(r.edits.map((e) => e.startLine))].sort((x, y) => x - y);
    assert.deepEqual(touched.map((l) => JSON.parse(lines[l]).type), ["assistant.message", "tool.execution_start", "tool.execution_complete"]);
    assert.ok(touched.every((l) => l >= f.line), "nothing of the first turn");
    let next = text;
    for (const e of [...r.edits].sort((x, y) => y.startLine - x.startLine || y.startCol - x.startCol)) {
      const ls = next.split("\n");
      ls[e.startLine] = ls[e.startLine].slice(0, e.startCol) + e.newText + ls[e.startLine].slice(e.endCol);
      next = ls.join("\n");
    }
    const b = analyze(next);
    assert.deepEqual(codesAt(b.findings), [], "the repaired file analyses clean");
    assert.equal(b.after.filter((m) => m.role === "toolResult").length, a.after.filter((m) => m.role === "toolResult").length, "every result still answers its call");
  });

  it("an unknown event type: one information finding per type, the line kept", () => {
    const a = analyze(fixture(AGENT, "unknown-event.jsonl"));
    const drift = a.findings.filter((f) => f.code === "unknown-entry");
    assert.equal(drift.length, 1);
    assert.equal(drift[0].severity, "information");
    assert.match(drift[0].message, /Copilot CLI event `foo\.bar` is not known to this version/);
    assert.equal(a.session.entries.filter((e) => e.type === "foo.bar").length, 2);
  });

  it("sub-agent events: not in the conversation, grouped under the call that ran them", () => {
    const a = analyze(fixture(AGENT, "subagent-events.jsonl"));
    assert.ok(!a.before.some((m) => toolCallsOf(m).some((c) => c.id === "sub_1")));
    const side = formatProfile(AGENT)!.sidechains!(a.session);
    assert.equal(side.groups.length, 1);
    assert.equal(side.groups[0].toolCallId, "call_1");
    assert.equal(side.groups[0].callLine, 3);
    assert.equal(side.groups[0].messages.length, 3);
  });

  it("recorded usage: each usage record on the assistant message after it", () => {
    const text = fixture(AGENT, "basic.jsonl");
    const u = recordedUsage(AGENT, parseText(text).lines.held);
    assert.deepEqual(u.records.map((r) => [r.line, r.input, r.output, r.cacheRead]), [[3, 80, 5, 20], [9, 100, 2, 20]]);
    const a = analyze(text);
    const render = renderJson("basic.jsonl", a);
    assert.deepEqual(render.before.filter((m: any) => m.usage).map((m: any) => [m.line, m.usage.output]), [[5, 5], [11, 2]]);
  });

  it("a failed tool run is an error result with the error's message", () => {
    const a = analyze(fixture(AGENT, "failed-result.jsonl"));
    const r = a.before.find((m) => m.role === "toolResult")!;
    assert.equal(r.isError, true);
    assert.equal(textOf(r.content), "no such file");
  });

  it("the killed-mid-call session, repaired: the inserted line is what the CLI would send, and nothing is made up any more", () => {
    const text = fixture(AGENT, "call-without-result-mid.jsonl");
    const fixed = fixAll(text);
    assert.equal(fixed.done.get("insert-missing-result"), 1);
    const b = analyze(fixed.text);
    assert.deepEqual(codesAt(b.findings), []);
    const inserted = JSON.parse(fixed.text.split("\n")[6]);
    assert.equal(inserted.type, "tool.execution_complete");
    assert.match(inserted.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(inserted.parentId, JSON.parse(fixed.text.split("\n")[5]).id, "it follows the line before it");
    assert.equal(inserted.data.error.message, "The execution of this tool, or a previous tool was interrupted.");
    assert.ok(!b.after.some((m) => m.origin.kind === "synthetic"));
  });

  it("a result whose call is gone: removed on request, the rest byte for byte", () => {
    const text = fixture(AGENT, "orphan-result.jsonl");
    const fixed = fixAll(text, {}, { codes: new Set(["orphan-result"]) });
    assert.equal(fixed.done.get("remove-orphan"), 1);
    const lines = text.split("\n");
    assert.equal(fixed.text, [...lines.slice(0, 15), ...lines.slice(16)].join("\n"));
  });

  it("appends, one line or three at a time, continue the analysis to what a fresh analysis gives", () => {
    for (const name of fixtureNames(AGENT))
      for (const step of [1, 3]) {
        const text = fixture(AGENT, name);
        const all = text.split(/(?<=\n)/);
        let doc = parseText(all[0]);
        let v = continueAnalysis(doc, {});
        const stages = new Set<string>();
        for (let k = 1; k < all.length; k += step) {
          doc = appendText(doc, all.slice(k, k + step).join(""));
          v = next(v, doc);
          stages.add(v.stages.session);
          assert.deepEqual(shape(v.analysis), shape(analyze(joined(doc))), `${name}, after line ${Math.min(k + step, all.length)}`);
        }
        if (name !== "truncated-last-line.jsonl") assert.ok(stages.has("appended"), `${name}: appends continue (${[...stages]})`);
      }
  });

  it("an edit in place of a message continues the session; an edit that fixes the refused line reads it again", () => {
    let doc = parseText(fixture(AGENT, "basic.jsonl"));
    let v = continueAnalysis(doc, {});
    const user = JSON.parse(doc.lines.at(1)!.text);
    user.data.transformedContent = user.data.content = "list all files";
    doc = editLine(doc, 1, JSON.stringify(user));
    v = next(v, doc);
    assert.equal(v.stages.session, "edited");
    assert.deepEqual(shape(v.analysis), shape(analyze(joined(doc))));

    doc = parseText(fixture(AGENT, "refused-non-uuid-id.jsonl"));
    v = continueAnalysis(doc, {});
    const bad = JSON.parse(doc.lines.at(3)!.text);
    bad.id = "0e0c1d3c-5a8e-4a44-9a43-2c2f0f6a8b11";
    doc = editLine(doc, 3, JSON.stringify(bad));
    v = next(v, doc);
    assert.deepEqual(shape(v.analysis), shape(analyze(joined(doc))));
    assert.deepEqual(codesAt(v.analysis.findings), []);
  });
});

describe("Copilot CLI: After is what the real CLI 1.0.102 sends on resume", () => {
  it("every constructed session has its recording", () => {
    assert.deepEqual(fixtureNames(AGENT).filter((name) => peerRecording(AGENT, name) === undefined), []);
  });
  for (const name of fixtureNames(AGENT)) {
    const rec = peerRecording(AGENT, name);
    it(name, () => {
      const text = fixture(AGENT, name);
      const a = analyze(text);
      if (!rec.main) {
        // Refused: the analysis says so on the line the CLI names.
        const m = /line (\d+): (.*?)\)/.exec(rec.run.stderrHead);
        assert.ok(m, rec.run.stderrHead);
        const refusal = a.findings.find((f) => f.code === "unknown-entry" && f.severity === "error");
        assert.ok(refusal && refusal.line + 1 === Number(m![1]), `refused at line ${m![1]}`);
        assert.ok(refusal!.message.includes(m![2]), refusal!.message);
        return;
      }
      const ids = fileCallIds(text);
      assert.deepEqual(afterShape(a.after, ids), recordedShape(rec, ids));
    });
  }
});
