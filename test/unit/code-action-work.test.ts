/**
 * Issue 23 item 1: code actions never block. VS Code asks for them whenever the cursor rests on a
 * line; on a line without findings the answer costs a binary search of the findings, not the
 * repair index of the whole session (its first build took 134 ms of a 179 ms light bulb on a
 * 100 MB session). Work is counted, never timed.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { repairIndexWork } from "../../server/src/engine/repair/repair-index.js";
import { type ActionDoc, codeActions } from "../../server/src/lsp/actions.js";
import { DocModel } from "../../server/src/lsp/model.js";
import { sessionText, type Spec } from "../helpers/session-builder.js";

describe("the light bulb computes only for the findings on its line (issue 23)", () => {
  // 200 clean turns, and an orphan result in every twentieth.
  const specs: Spec[] = [{ user: 1 }];
  for (let k = 0; k < 200; k++) {
    specs.push({ assistant: 10 + 4 * k, calls: [`bash_${k}`] }, { result: 11 + 4 * k, id: `bash_${k}` });
    if (k % 20 === 0) specs.push({ result: 12 + 4 * k, id: `ghost_${k}` });
  }
  const text = sessionText(specs);
  const doc = (): ActionDoc => {
    const a = analyze(text);
    return { uri: "file:///s.jsonl", version: 1, text, model: new DocModel(a), options: {} };
  };
  const at = (line: number) => ({ start: { line, character: 0 }, end: { line, character: 0 } });

  it("a line without findings: no actions and no repair index built", () => {
    const d = doc();
    const clean = d.model.a.session.entries.find((e) => !d.model.a.findings.some((f) => f.line === e.line))!.line;
    const before = repairIndexWork.builds;
    assert.deepEqual(codeActions(d, at(clean), undefined, [], true), []);
    assert.equal(repairIndexWork.builds, before, "the repair index was built for a line with nothing to repair");
  });

  it("a line without findings does not read the document's text (a synced document joins it when read: 0.3 s at 100 MB)", () => {
    const d = doc();
    let reads = 0;
    const counted: ActionDoc = { ...d, bom: false, get text() {
      reads++;
      return text;
    } };
    const clean = d.model.a.session.entries.find((e) => !d.model.a.findings.some((f) => f.line === e.line))!.line;
    assert.deepEqual(codeActions(counted, at(clean), undefined, [], true), []);
    assert.equal(reads, 0, "the text was read to answer a light bulb with nothing to offer");
  });

  it("a line with an orphan result: its removal is offered (the repair reads the index then)", () => {
    const d = doc();
    const orphans = d.model.a.findings.filter((f) => f.code === "orphan-result");
    assert.equal(orphans.length, 10);
    for (const o of orphans) {
      const titles = codeActions(d, at(o.line), undefined, [], true).map((x) => x.title);
      assert.ok(titles.some((t) => /^Remove orphan tool result/.test(t)), `line ${o.line + 1}: ${titles.join(" | ")}`);
    }
  });

  it("the findings of a range of lines, as a walk over every finding finds them", () => {
    const d = doc();
    const a = d.model.a;
    for (let i = 1; i < a.findings.length; i++) assert.ok(a.findings[i - 1].line <= a.findings[i].line, "the analysis's findings are in line order");
    const lastLine = a.session.lines.length - 1;
    const all = codeActions(d, { start: { line: 0, character: 0 }, end: { line: lastLine, character: 0 } }, undefined, [], true).filter((x) => /^Remove orphan/.test(x.title));
    assert.equal(all.length, 10, "one removal per orphan over the whole file");
  });
});
