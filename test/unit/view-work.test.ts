/**
 * Issue 24: the inspector computes nothing the user did not ask for. Arranging the view and its
 * summary plans no repair; the rows answered plan the fixes of their own findings only. Work is
 * counted (the engine's repairWork counter), never timed.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { repairWork } from "../../server/src/engine/repair/registry.js";
import { continueAnalysis } from "../../server/src/engine/incremental/continue-analysis.js";
import { parseText } from "../../server/src/engine/model/parse.js";
import { patchLines } from "../../server/src/engine/model/patch-lines.js";
import type { Msg } from "../../server/src/engine/model/types.js";
import { messageText } from "../../server/src/engine/index.js";
import { estimateTokens } from "../../server/src/presentation/message-size.js";
import { buildRenderView, viewWork } from "../../server/src/presentation/view-model.js";
import { ViewWindow } from "../../server/src/presentation/view-window.js";
import { entryOf, sessionText, type Spec } from "../helpers/session-builder.js";

describe("the inspector's view computes no repair nobody asked for (issue 24)", () => {
  // 300 turns reusing one id (a colliding-id finding) and an orphan result in every tenth turn.
  const specs: Spec[] = [{ user: 1 }];
  for (let k = 0; k < 300; k++) {
    specs.push({ assistant: 10 + 4 * k, calls: ["bash_1"] }, { result: 11 + 4 * k, id: "bash_1" });
    if (k % 10 === 0) specs.push({ result: 12 + 4 * k, id: `ghost_${k}` });
  }
  specs.push({ assistant: 99999, text: "done" });
  const a = analyze(sessionText(specs));

  it("arranging the view and its summary plans no repair", () => {
    assert.ok(a.findings.filter((f) => f.code === "orphan-result").length >= 30);
    const before = repairWork.plans;
    const w = new ViewWindow(buildRenderView(a, "file:///s.jsonl", 1), 1);
    assert.ok(w.summary.rowCount > 300);
    assert.equal(repairWork.plans, before, "no repair planned for the summary");
  });
  it("a slice of rows plans the fixes of the findings in it, and shows them", () => {
    const w = new ViewWindow(buildRenderView(a, "file:///s.jsonl", 1), 1);
    const before = repairWork.plans;
    const answer = w.rowsAnswer({ start: 0, count: 20, filters: { hiddenRoles: [], hiddenTools: [], onlyFindings: false, search: "" } } as any);
    const shown = answer.rows.flatMap((r: any) => [r, ...(r.results ?? [])]).flatMap((p: any) => [...(p.before?.findings ?? []), ...(p.after?.findings ?? [])]);
    const planned = repairWork.plans - before;
    assert.ok(planned > 0, "the rows' fixes are planned");
    assert.ok(planned <= 8 * new Set(shown).size + 8, `planned ${planned} for ${shown.length} findings shown`);
    assert.ok(shown.some((f: any) => f.fixes.length > 0), "a shown finding carries its fixes");
    assert.ok(planned < a.findings.length, "not every finding of the session");
  });
});

describe("the inspector measures each message's text once (issue 24)", () => {
  const specs: Spec[] = [{ user: 1 }];
  for (let k = 0; k < 200; k++) specs.push({ assistant: 10 + 3 * k, calls: [`bash_${k}`] }, { result: 11 + 3 * k, id: `bash_${k}`, text: `output ${k} `.repeat(k % 7) });
  specs.push({ assistant: 99999, text: "done" });
  const text = sessionText(specs);

  const distinct = (a: { before: readonly Msg[]; after: readonly Msg[] }) => {
    const all = new Set<Msg>();
    for (const m of a.before) all.add(m);
    for (const m of a.after) all.add(m);
    return all.size;
  };

  it("a message in both columns is measured once, a second view measures nothing, and the figures are the text's", () => {
    const a = analyze(text);
    const shared = a.after.filter((m) => a.before.includes(m)).length;
    assert.ok(shared > 300, `${shared} messages pass unchanged to the after column`);
    const before = viewWork.measured;
    const view = buildRenderView(a, "file:///m.jsonl", 1);
    assert.equal(viewWork.measured - before, distinct(a), "each distinct message measured once");
    const again = viewWork.measured;
    buildRenderView(a, "file:///m.jsonl", 1);
    assert.equal(viewWork.measured, again, "nothing measured again");
    a.before.forEach((m, i) => {
      assert.equal(view.before[i].tokens, estimateTokens(messageText(m)));
      assert.equal(view.before[i].chars, messageText(m).length);
    });
    a.after.forEach((m, i) => assert.equal(view.after[i].tokens, estimateTokens(messageText(m))));
  });

  it("after an append, the next version's view measures only the new messages; after an edit, the edited one too", () => {
    let doc = parseText(text);
    let v = continueAnalysis(doc, {});
    buildRenderView(v.analysis, "file:///m.jsonl", 1);
    const n = doc.lines.length;
    doc = patchLines(doc, [{ range: { start: { line: n, character: 0 }, end: { line: n, character: 0 } }, text: JSON.stringify(entryOf({ user: 100001, text: "one more" }, "e9999", JSON.parse(doc.lines.at(n - 1)!.text).id)) + "\n" }])!;
    v = continueAnalysis(doc, {}, { checkpoint: v.checkpoint, analysis: v.analysis });
    assert.equal(v.stages.session, "appended");
    const before = viewWork.measured;
    const view = buildRenderView(v.analysis, "file:///m.jsonl", 2);
    const measured = viewWork.measured - before;
    assert.ok(measured >= 1 && measured <= 4, `${measured} messages measured after appending one (of ${distinct(v.analysis)})`);
    assert.equal(view.before[view.before.length - 1].preview, "one more");
    // an edit in place of a result's text: the edited message is measured again, with its new text
    const line = 5;
    const edited = doc.lines.at(line)!.text.replace(/"output of bash_1"|"(output 1 )+"/, '"changed output"');
    assert.notEqual(edited, doc.lines.at(line)!.text);
    doc = patchLines(doc, [{ range: { start: { line, character: 0 }, end: { line, character: doc.lines.at(line)!.text.length } }, text: edited }])!;
    v = continueAnalysis(doc, {}, { checkpoint: v.checkpoint, analysis: v.analysis });
    const after = buildRenderView(v.analysis, "file:///m.jsonl", 3);
    assert.ok(after.before.some((m) => m.line === line + 1 && m.preview === "changed output"), "the edited message shows its new text");
    const fresh = buildRenderView(analyze([...doc.lines.all()].map((l) => l.text + l.eol).join("")), "file:///m.jsonl", 3);
    assert.deepEqual(after.before.map((m) => [m.preview, m.tokens, m.chars]), fresh.before.map((m) => [m.preview, m.tokens, m.chars]));
    assert.deepEqual(after.after.map((m) => [m.preview, m.tokens, m.chars]), fresh.after.map((m) => [m.preview, m.tokens, m.chars]));
  });
});
