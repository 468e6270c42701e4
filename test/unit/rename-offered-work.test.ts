/**
 * Issue 23 item 1: a code action never blocks. The rename of a reused id (make-id-unique) must look
 * at every string of the file that names the id; the lightbulb offers it with its title only, and
 * the walk happens when the action is chosen (codeAction/resolve). Work is counted (the engine's
 * renameWork counter), never timed.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { renameWork } from "../../server/src/engine/repair/repairs.js";
import { codeActions, resolveCodeAction } from "../../server/src/lsp/actions.js";
import { DocModel } from "../../server/src/lsp/model.js";
import { sessionText, type Spec } from "../helpers/session-builder.js";

describe("the lightbulb on a reused id walks nothing; choosing the rename does (issue 23)", () => {
  const specs: Spec[] = [{ user: 1 }];
  for (let k = 0; k < 200; k++) specs.push({ assistant: 10 + 3 * k, calls: ["bash_1"] }, { result: 11 + 3 * k, id: "bash_1" });
  specs.push({ assistant: 99999, text: "done" });
  const text = sessionText(specs);
  const a = analyze(text);
  const doc = { uri: "file:///w.jsonl", version: 1, text, model: new DocModel(a), options: {} };
  const f = a.findings.find((x) => x.code === "colliding-id")!;

  it("the code action carries the rename's title and data, and no file walk was made", () => {
    const before = renameWork.walks;
    const range = { start: { line: f.line, character: 0 }, end: { line: f.line, character: 0 } };
    const actions = codeActions(doc, range, undefined, [], true, true);
    const rename = actions.find((x) => x.title.startsWith("Rename"))!;
    assert.ok(rename, actions.map((x) => x.title).join("; "));
    assert.match(rename.title, /^Rename the 199 later uses of `bash_1` \(turns 2, 3, 4, 5, 6, …\) and their results to unique ids$/);
    assert.equal(rename.edit, undefined);
    assert.deepEqual(rename.data, { uri: doc.uri, version: 1, kind: "make-id-unique", line: f.line, toolCallId: "bash_1" });
    assert.equal(renameWork.walks, before, "the lightbulb walked the file");
  });

  it("resolving it walks the file once and gives the rename's edits, under the same title", async () => {
    const range = { start: { line: f.line, character: 0 }, end: { line: f.line, character: 0 } };
    const rename = codeActions(doc, range, undefined, [], true, true).find((x) => x.title.startsWith("Rename"))!;
    const before = renameWork.walks;
    const resolved = await resolveCodeAction(doc, rename, true, () => false);
    assert.equal(renameWork.walks, before + 1);
    assert.equal(resolved.title, rename.title);
    const edits = (resolved.edit!.documentChanges![0] as { edits: unknown[] }).edits;
    assert.equal(edits.length, 2 * 199, "each later call and its result renamed");
  });
});
