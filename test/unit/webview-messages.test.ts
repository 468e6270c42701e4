/**
 * The webview message guards (server/src/protocol/webview.ts): the host acts only on well-formed
 * page messages, the page only on well-formed host messages.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { RenderView } from "../../server/src/protocol/view.js";
import { isHostToWebview, isRenderView, isViewFix, isWebviewToHost } from "../../server/src/protocol/webview.js";

const msg = { role: "user", line: 1, preview: "hi", tokens: 1, findings: [] };
const view: RenderView = {
  uri: "file:///s.jsonl",
  version: 1,
  format: "pi",
  pruner: "pi-condense",
  leaf: "e1",
  before: [{ key: "b0", ...msg }],
  after: [{ key: "a0", ...msg }],
  ranges: [],
  totals: { before: { messages: 1, tokens: 1 }, after: { messages: 1, tokens: 1 }, tokenizer: "estimate" },
  findingCounts: {},
};

describe("webview message guards", () => {
  it("accepts every well-formed message", () => {
    for (const m of [{ type: "ready" }, { type: "openLine", line: 3 }, { type: "applyFix", fix: { title: "Remove", kind: "remove-orphan", line: 4, toolCallId: "x_1" } }])
      assert.equal(isWebviewToHost(m), true, JSON.stringify(m));
    for (const m of [{ type: "render", view }, { type: "revealLine", line: 1 }, { type: "error", message: "x" }]) assert.equal(isHostToWebview(m), true, m.type);
    assert.equal(isRenderView(view), true);
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
      { type: "render", view },
    ];
    for (const m of page) assert.equal(isWebviewToHost(m), false, JSON.stringify(m));
    const host: unknown[] = [
      null,
      { type: "render" },
      { type: "render", view: { ...view, before: "x" } },
      { type: "render", view: { ...view, totals: { before: {}, after: {} } } },
      { type: "render", view: { ...view, totals: null } },
      { type: "revealLine", line: -1 },
      { type: "error", message: { toString: () => "x" } },
      { type: "ready" },
    ];
    for (const m of host) assert.equal(isHostToWebview(m), false, JSON.stringify(m));
    assert.equal(isViewFix({ title: "t", kind: 1, line: 1 }), false);
  });
});
