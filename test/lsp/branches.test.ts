/**
 * Issue 23 item 4 over a real stdio connection to the built server: the summary lists the
 * session's branches and roots and what the view leaves out; the summary, rows, locate and full
 * text of another branch are asked for by its leaf (`leafId`), and the verdicts follow that branch;
 * a leaf that names no entry gets the active branch.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { FullTextAnswer, LocateAnswer, RowsAnswer, ViewSummary } from "../../server/src/protocol/index.js";
import { LspClient } from "../helpers/lsp-client.js";
import { twoRootsText } from "../helpers/two-roots.js";

const none = { hiddenRoles: [], tool: "", onlyFindings: false, search: "" };

describe("branches and roots over stdio", () => {
  let c: LspClient;
  const uri = "file:///virtual/two-roots.jsonl";
  before(async () => {
    c = await LspClient.start({});
    const from = c.published.length;
    c.open(uri, twoRootsText(3, 2));
    await c.diagnosticsFor(uri, 1, from);
  });
  after(async () => {
    await c.stop();
  });

  it("the summary names the other conversation and its messages", async () => {
    const s = await c.request<ViewSummary>("transcriptInspector/summary", { uri });
    assert.equal(s.rowCount, 4);
    const b = s.branches!;
    assert.equal(b.shownLeaf, b.activeLeaf);
    assert.equal(b.conversationCount, 2);
    assert.equal(b.leftOut.messages, 6);
    assert.deepEqual(b.branches.map((x) => [x.line, x.messages, !!x.shown]), [[10, 4, true], [6, 6, false]]);
  });

  it("another branch by its leaf: summary, rows, locate and full text of that branch", async () => {
    const active = await c.request<ViewSummary>("transcriptInspector/summary", { uri });
    const leafId = active.branches!.branches[1].leafId;
    const s = await c.request<ViewSummary>("transcriptInspector/summary", { uri, leafId });
    assert.notEqual(s.revision, active.revision);
    assert.equal(s.rowCount, 6);
    assert.equal(s.branches!.shownLeaf, leafId);
    assert.equal(s.branches!.activeLeaf, active.branches!.activeLeaf);
    assert.equal(s.branches!.leftOut.messages, 4);
    assert.ok(s.provider, "the verdicts of that branch's next request");
    const rows = await c.request<RowsAnswer>("transcriptInspector/rows", { uri, leafId, revision: s.revision, filters: none, start: 0, count: 10 });
    assert.equal(rows.revision, s.revision);
    assert.deepEqual(rows.rows.map((r) => r.before?.line), [1, 2, 3, 4, 5, 6]);
    const at = await c.request<LocateAnswer>("transcriptInspector/locate", { uri, leafId, revision: s.revision, filters: none, target: { line: 5 } });
    assert.equal(at.index, 4);
    const key = rows.rows[4].before!.key;
    const full = await c.request<FullTextAnswer>("transcriptInspector/fullText", { uri, leafId, revision: s.revision, side: "before", key });
    assert.equal(full.text, "aaaaaaaa-aaaa question 2");
    // the active branch's rows are still there, under their own revision
    const again = await c.request<RowsAnswer>("transcriptInspector/rows", { uri, revision: active.revision, filters: none, start: 0, count: 10 });
    assert.deepEqual(again.rows.map((r) => r.before?.line), [7, 8, 9, 10]);
  });

  it("a leaf that names no entry: the active branch", async () => {
    const s = await c.request<ViewSummary>("transcriptInspector/summary", { uri, leafId: "no-such-leaf" });
    assert.equal(s.rowCount, 4);
    assert.equal(s.branches!.shownLeaf, s.branches!.activeLeaf);
  });
});
