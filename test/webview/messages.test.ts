/**
 * The page's door for host messages (webview/src/vscode.ts): malformed messages stop there, before
 * the app sees them (no crash, no banner, no half-drawn view); well-formed ones go through. The
 * state the page saves holds no view, only the session's URI beside filters and scroll.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { sessionText } from "../helpers/session-builder.js";
import { type Harness, openPage, render, startHarness, viewOf, windowOf } from "./harness.js";

describe("inspector: the page checks what the host posts", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  it("drops malformed host messages and acts on well-formed ones", async () => {
    const view = viewOf(sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "x_1" }]));
    const { page, errors } = await openPage(h);
    try {
      const bad: unknown[] = [
        null,
        "render",
        { type: "render", view },
        { type: "summary" },
        { type: "summary", summary: { ...windowOf(view).summary, roles: null } },
        { type: "summary", summary: { ...windowOf(view).summary, totals: undefined } },
        { type: "rows", id: 1, answer: { revision: 1, count: 1, start: 0, rows: [{ key: "x" }] } },
        { type: "revealLine", line: "4" },
        { type: "error", message: { text: "x" } },
        { type: "bogus" },
      ];
      for (const m of bad) await page.evaluate((x) => window.postMessage(x, "*"), m as any);
      await page.waitForTimeout(300);
      assert.equal(await page.locator(".totals").count(), 0, "no view drawn from a malformed summary or a whole view");
      assert.equal(await page.locator(".error-banner").count(), 0, "no banner from a malformed error");
      assert.deepEqual(errors, [], "no page errors");
      await render(page, view);
      assert.equal(await page.locator(".total[data-total=before] [data-messages]").getAttribute("data-messages"), String(view.totals.before.messages));
      await page.waitForFunction(() => sessionStorage.getItem("__vscodeState") !== null);
      const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem("__vscodeState")!));
      assert.equal(stored.view, undefined);
      assert.equal(stored.uri, view.uri);
    } finally {
      await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
      await page.close();
    }
  });
});
