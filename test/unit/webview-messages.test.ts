/**
 * The webview message guards (server/src/protocol/webview.ts): the host acts only on well-formed
 * page messages, the page only on well-formed host messages.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ViewSummary } from "../../server/src/protocol/view-window.js";
import { isHostToWebview, isViewFix, isViewSummary, isWebviewToHost } from "../../server/src/protocol/webview.js";

const msg = { key: "L1", role: "user", line: 1, preview: "hi", tokens: 1, findings: [] };
const summary: ViewSummary = {
  uri: "file:///s.jsonl",
  version: 1,
  revision: 3,
  format: "pi",
  pruner: "pi-condense",
  ranges: [],
  rangeCount: 0,
  totals: { before: { messages: 1, tokens: 1 }, after: { messages: 1, tokens: 1 }, tokenizer: "estimate" },
  findingCounts: {},
  roles: ["user"],
  tools: [],
  rowCount: 1,
};
const filters = { hiddenRoles: ["user"], tool: "", onlyFindings: false, search: "x" };
const row = { key: "b:L1|a:L1", before: msg, after: { ...msg, timestamp: "2026-01-01T00:00:00Z" } };

describe("webview message guards", () => {
  it("accepts every well-formed message", () => {
    for (const m of [
      { type: "ready" },
      { type: "refresh" },
      { type: "openLine", line: 3 },
      { type: "applyFix", fix: { title: "Remove", kind: "remove-orphan", line: 4, toolCallId: "x_1" } },
      { type: "rows", id: 1, query: { revision: 3, filters, start: 0, count: 100 } },
      { type: "locate", id: 2, query: { revision: 3, filters, target: { line: 4 } } },
      { type: "locate", id: 3, query: { revision: 3, filters, target: { rowKey: "b:L1|" } } },
      { type: "locate", id: 4, query: { revision: 3, filters, target: { messageKey: "L1" } } },
      { type: "fullText", id: 5, query: { revision: 3, side: "before", key: "L1" } },
    ])
      assert.equal(isWebviewToHost(m), true, JSON.stringify(m));
    for (const m of [
      { type: "summary", summary },
      { type: "rows", id: 1, answer: { revision: 3, count: 1, start: 0, rows: [row] } },
      { type: "rows", id: 1, answer: null },
      { type: "located", id: 2, answer: { revision: 3, index: -1 } },
      { type: "located", id: 2, answer: { revision: 3, index: 0, row } },
      { type: "fullText", id: 5, answer: { revision: 3, key: "L1", side: "after", text: "x", totalChars: 9 } },
      { type: "revealLine", line: 1 },
      { type: "error", message: "x" },
    ])
      assert.equal(isHostToWebview(m), true, JSON.stringify(m));
    assert.equal(isViewSummary(summary), true);
  });

  it("rejects what is not one, without throwing", () => {
    const page: unknown[] = [
      undefined,
      null,
      "ready",
      [],
      { type: "Ready" },
      { type: "openLine" },
      { type: "openLine", line: "3" },
      { type: "openLine", line: 0 },
      { type: "openLine", line: 2.5 },
      { type: "openLine", line: Number.NaN },
      { type: "applyFix" },
      { type: "applyFix", fix: { title: "t", kind: "remove-orphan" } },
      { type: "applyFix", fix: { title: "t", kind: "remove-orphan", line: 1, toolCallId: 7 } },
      { type: "render", view: {} },
      { type: "rows", query: { revision: 3, filters, start: 0, count: 100 } },
      { type: "rows", id: -1, query: { revision: 3, filters, start: 0, count: 100 } },
      { type: "rows", id: 1, query: { revision: 3, filters: { ...filters, hiddenRoles: "user" }, start: 0, count: 100 } },
      { type: "rows", id: 1, query: { revision: 3, filters, start: -5, count: 100 } },
      { type: "locate", id: 2, query: { revision: 3, filters, target: { line: 0 } } },
      { type: "locate", id: 2, query: { revision: 3, filters, target: { line: 4, rowKey: "x" } } },
      { type: "fullText", id: 5, query: { revision: 3, side: "middle", key: "L1" } },
    ];
    for (const m of page) assert.equal(isWebviewToHost(m), false, JSON.stringify(m));
    const host: unknown[] = [
      null,
      { type: "render", view: {} },
      { type: "summary" },
      { type: "summary", summary: { ...summary, roles: "user" } },
      { type: "summary", summary: { ...summary, totals: { before: {}, after: {} } } },
      { type: "summary", summary: { ...summary, totals: null } },
      { type: "rows", id: 1, answer: { revision: 3, count: 1, start: 0, rows: [{ key: "x" }] } },
      { type: "rows", id: 1, answer: { revision: 3, count: 1, start: 0, rows: [{ key: "x", before: { ...msg, findings: null } }] } },
      { type: "rows", answer: null },
      { type: "located", id: 2, answer: { revision: 3, index: -2 } },
      { type: "fullText", id: 5, answer: { revision: 3, key: "L1", side: "after", text: 7 } },
      { type: "revealLine", line: -1 },
      { type: "error", message: { toString: () => "x" } },
      { type: "ready" },
    ];
    for (const m of host) assert.equal(isHostToWebview(m), false, JSON.stringify(m));
    assert.equal(isViewFix({ title: "t", kind: 1, line: 1 }), false);
  });
});
