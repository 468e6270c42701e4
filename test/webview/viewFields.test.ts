/** The webview's readers of packed view fields, saved state and search marks (Node, no browser). */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ViewMessage } from "../../server/src/protocol/index.js";
import { matchRanges } from "../../webview/src/components/SafeText.js";
import { stateFrom } from "../../webview/src/hooks/usePersistedState.js";
import { alignRows, allRoles, filterRows } from "../../server/src/presentation/view-rows.js";
import { emptyFilters } from "../../webview/src/model.js";
import { dropReason, toolNames } from "../../webview/src/viewFields.js";
import { seedRegressionSpecs, sessionText } from "../helpers/session-builder.js";
import { viewOf } from "./harness.js";

const msg = (over: Partial<ViewMessage>): ViewMessage => ({ key: "L1", role: "assistant", line: 1, preview: "", tokens: 1, findings: [], ...over });

describe("viewFields: the one reader of view message fields", () => {
  it("tool names and typed drop reasons, never split from strings", () => {
    assert.deepEqual(toolNames(msg({ toolNames: ["read", "read", "bash"] })), ["read", "read", "bash"]);
    assert.deepEqual(toolNames(msg({})), []);
    assert.deepEqual(dropReason(msg({ droppedBy: { kind: "chain", blockId: "b7", label: "chain:b7" } })), { kind: "chain", blockId: "b7", text: "chain:b7" });
    assert.deepEqual(dropReason(msg({ droppedBy: { kind: "orphan-sweep", label: "orphan-sweep" } })), { kind: "orphan-sweep", blockId: undefined, text: "orphan-sweep" });
    assert.equal(dropReason(msg({})), undefined);
  });
});

describe("webview state and filters", () => {
  it("saved state keeps filters, scroll and selection; an old saved view is dropped", () => {
    const s = stateFrom({ filters: { hiddenRoles: ["user", 3], search: "x", roles: ["old"] }, scrollTop: 120, anchorKey: "b:L3|a:L3", selectedLine: 7, view: { before: new Array(3) } });
    assert.deepEqual(s, { filters: { hiddenRoles: ["user"], tool: "", onlyFindings: false, search: "x" }, scrollTop: 120, anchorKey: "b:L3|a:L3", selectedLine: 7 });
    assert.deepEqual(stateFrom(undefined), { filters: emptyFilters(), scrollTop: 0, anchorKey: undefined, selectedLine: null });
  });

  it("every role box unticked shows no row (never all of them)", () => {
    const rows = alignRows(viewOf(sessionText(seedRegressionSpecs())));
    assert.equal(filterRows(rows, { ...emptyFilters(), hiddenRoles: allRoles(rows) }).length, 0);
    assert.equal(filterRows(rows, emptyFilters()).length, rows.length);
  });

  it("search marks: case-insensitive, every occurrence, nothing for an empty query", () => {
    assert.deepEqual(matchRanges("Needle in a needle", "NEEDLE"), [
      [0, 6],
      [12, 18],
    ]);
    assert.deepEqual(matchRanges("abc", "  "), []);
    assert.deepEqual(matchRanges("aaaa", "aa"), [
      [0, 2],
      [2, 4],
    ]);
  });
});
