/**
 * Issue 20, item 3: continuing an analysis is the engine's job (incremental/continue-analysis.ts).
 * These tests say which stages re-ran after an append or an edit, per format (as rust-analyzer's
 * incremental tests assert which queries re-executed), beside the property tests that compare
 * continued analyses with fresh ones.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { continueAnalysis, type ContinuedAnalysis } from "../../server/src/engine/incremental/continue-analysis.js";
import { parseText, type ParsedText } from "../../server/src/engine/model/parse.js";
import { patchLines } from "../../server/src/engine/model/patch-lines.js";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { codexSession, cxCall, cxOut, cxReasoning, cxSay, cxUser } from "../helpers/provider-sessions.js";
import { entryOf, sessionText } from "../helpers/session-builder.js";

/** The document's lines after `text` is appended, patched in place as the language server does. */
function append(parsed: ParsedText, text: string): ParsedText {
  const n = parsed.lines.length;
  return patchLines(parsed, [{ range: { start: { line: n, character: 0 }, end: { line: n, character: 0 } }, text }])!;
}

/** The document's lines after line `line` is replaced by `text` (same line count). */
function edit(parsed: ParsedText, line: number, text: string): ParsedText {
  const l = parsed.lines[line];
  return patchLines(parsed, [{ range: { start: { line, character: 0 }, end: { line, character: l.text.length } }, text }])!;
}

function next(prev: ContinuedAnalysis, parsed: ParsedText): ContinuedAnalysis {
  return continueAnalysis(parsed, {}, { checkpoint: prev.checkpoint, analysis: prev.analysis });
}

/** What a user sees of an analysis: findings, and the columns by origin. */
function shape(a: ContinuedAnalysis["analysis"]) {
  const col = (ms: typeof a.before) => ms.map((m) => `${m.role}@${m.origin.kind === "entry" ? m.origin.line : m.origin.synthetic}:${m.toolCallId ?? ""}`);
  return { format: a.session.format, findings: a.findings.map((f) => `${f.line}:${f.code}:${f.message}`), before: col(a.before), after: col(a.after), usage: a.usage.totals };
}

function join(parsed: ParsedText): string {
  return parsed.lines.map((l) => l.text + l.eol).join("");
}

describe("which stages re-run after a change (issue 20)", () => {
  it("pi: an append reads one line and continues the session, context, occurrences and usage; an edit of a message reads one line", () => {
    const text = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }]);
    let doc = parseText(text);
    let v = continueAnalysis(doc, {});
    assert.equal(v.stages.session, "read");
    doc = append(doc, JSON.stringify(entryOf({ assistant: 4, text: "more" }, "e4", "e3")) + "\n");
    v = next(v, doc);
    assert.deepEqual(v.stages, { session: "appended", context: "extended", occurrences: "extended", usage: "continued", linesRead: 1 });
    assert.deepEqual(shape(v.analysis), shape(analyze(join(doc))));
    doc = edit(doc, 2, JSON.stringify(entryOf({ assistant: 2, calls: ["a_1"], text: "edited" }, "e2", "e1")));
    v = next(v, doc);
    assert.equal(v.stages.session, "edited");
    assert.equal(v.stages.context, "edited");
    assert.equal(v.stages.linesRead, 1);
    assert.deepEqual(shape(v.analysis), shape(analyze(join(doc))));
  });
  it("Codex: an append reads one line and continues the session and the context", () => {
    let doc = parseText(codexSession([cxUser("hi"), cxReasoning("enc"), cxCall("c1"), cxOut("c1")]));
    let v = continueAnalysis(doc, {});
    doc = append(doc, JSON.stringify({ timestamp: "2026-01-01T00:01:00.000Z", type: "response_item", payload: cxSay("done") }) + "\n");
    v = next(v, doc);
    assert.equal(v.stages.session, "appended");
    assert.equal(v.stages.context, "extended");
    assert.equal(v.stages.linesRead, 1);
    assert.deepEqual(shape(v.analysis), shape(analyze(join(doc))));
  });
  it("a change that is neither reads the session in full", () => {
    let doc = parseText(sessionText([{ user: 1 }, { assistant: 2, text: "a" }]));
    let v = continueAnalysis(doc, {});
    doc = edit(doc, 1, JSON.stringify(entryOf({ user: 1 }, "e9", null))); // an entry's id changes
    v = next(v, doc);
    assert.equal(v.stages.session, "read");
    assert.deepEqual(shape(v.analysis), shape(analyze(join(doc))));
  });
});

describe("continued analyses equal fresh ones (property, bounded)", () => {
  const item = fc.oneof(
    fc.constant(cxUser("again")),
    fc.constant(cxSay("ok")),
    fc.constant(cxReasoning("enc")),
    fc.integer({ min: 1, max: 4 }).map((k) => cxCall(`c${k}`)),
    fc.integer({ min: 1, max: 4 }).map((k) => cxOut(`c${k}`)),
    fc.constant({ type: "ghost_snapshot" }),
  );
  it("Codex: random appends, one line or several at a time", () => {
    fc.assert(
      fc.property(fc.array(fc.array(item, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }), (batches) => {
        let doc = parseText(codexSession([cxUser("hi")]));
        let v = continueAnalysis(doc, {});
        let t = 100;
        for (const batch of batches) {
          doc = append(doc, batch.map((p) => JSON.stringify({ timestamp: new Date(Date.UTC(2026, 0, 1, 1, 0, t++)).toISOString(), type: "response_item", payload: p }) + "\n").join(""));
          v = next(v, doc);
          assert.equal(v.stages.session, "appended");
          assert.deepEqual(shape(v.analysis), shape(analyze(join(doc))));
        }
      }),
      { seed: 2020, numRuns: 150 },
    );
  });
});
