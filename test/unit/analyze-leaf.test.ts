/**
 * Issue 23 item 4, the engine side: `AnalyzeOptions.leafId` analyses the branch that ends at
 * another leaf than the active one (the inspector's branch and root picker asks for it).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/index.js";
import { corpusText } from "../helpers/corpus.js";

describe("AnalyzeOptions.leafId: the branch that ends at another leaf", () => {
  const text = corpusText("pi/inspector-branching.jsonl");

  it("analyses the branch of the leaf asked for; the session's own leaf stays the default", () => {
    const active = analyze(text);
    assert.equal(active.session.leafId, "e8");
    const other = analyze(text, { leafId: "e6" });
    assert.equal(other.session.leafId, "e6");
    assert.deepEqual(other.session.branch.map((e) => e.id).slice(-2), ["e5", "e6"]);
    assert.notDeepEqual(other.before.map((m) => m.origin), active.before.map((m) => m.origin));
    // the file's lines and entries are the same
    assert.equal(other.session.entries.length, active.session.entries.length);
  });

  it("an id that names no entry leaves the active branch", () => {
    assert.equal(analyze(text, { leafId: "no-such-entry" }).session.leafId, "e8");
  });
});
