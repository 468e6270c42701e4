/**
 * Issue 24: the inspector computes nothing the user did not ask for. Arranging the view and its
 * summary plans no repair; the rows answered plan the fixes of their own findings only. Work is
 * counted (the engine's repairWork counter), never timed.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { repairWork } from "../../server/src/engine/repair/registry.js";
import { buildRenderView } from "../../server/src/presentation/view-model.js";
import { ViewWindow } from "../../server/src/presentation/view-window.js";
import { sessionText, type Spec } from "../helpers/session-builder.js";

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
