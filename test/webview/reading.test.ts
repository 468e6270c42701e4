/**
 * Issue 12, reading: search marks its matches and Enter jumps from match to match; empty states
 * say what is going on in plain words (no messages; not a session file) with no lasting spinner.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { RenderView } from "../../server/src/protocol/index.js";
import { sessionText, type Spec } from "../helpers/session-builder.js";
import { type Harness, render, send, startHarness, viewOf, withPage } from "./harness.js";

let h: Harness;

const shown = (page: import("playwright-core").Page) => page.$eval(".toolbar .count", (e) => Number((e as HTMLElement).dataset.shown));

describe("inspector: search and empty states", () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  it("search marks every match in the rows and Enter / Shift+Enter move between matching rows", async () => {
    const specs: Spec[] = [];
    for (let i = 0; i < 60; i++) specs.push({ user: i * 10, text: i % 20 === 7 ? `please find the Needle number ${i}` : `plain text ${i}` }, { assistant: i * 10 + 1, text: `reply ${i}` });
    const view = viewOf(sessionText(specs));
    await withPage(
      h,
      async ({ page }) => {
        await page.locator("vscode-textfield.search input").fill("needle");
        await page.waitForFunction(() => Number(document.querySelector<HTMLElement>(".toolbar .count")!.dataset.shown) === 3);
        // every mark holds the matched text (case kept), and every shown row has one
        const marks = await page.$$eval("mark.hit", (els) => els.map((e) => e.textContent));
        assert.ok(marks.length >= 3 && marks.every((t) => t === "Needle"), JSON.stringify(marks));
        assert.ok(await page.$$eval(".row", (rows) => rows.every((r) => r.querySelector("mark.hit"))));
        // Enter: the first match becomes current, then the next, wrapping; Shift+Enter goes back
        const current = () => page.$eval(".row.current-match", (e) => Number((e as HTMLElement).dataset.index)).catch(() => -1);
        const at = () => page.$eval(".match-count", (e) => Number((e as HTMLElement).dataset.matchAt));
        await page.locator("vscode-textfield.search input").press("Enter");
        await page.waitForSelector(".row.current-match");
        assert.equal(await current(), 0);
        assert.equal(await at(), 1);
        await page.locator("vscode-textfield.search input").press("Enter");
        await page.waitForFunction(() => document.querySelector<HTMLElement>(".row.current-match")?.dataset.index === "1");
        await page.locator("vscode-textfield.search input").press("Enter");
        await page.locator("vscode-textfield.search input").press("Enter");
        await page.waitForFunction(() => document.querySelector<HTMLElement>(".row.current-match")?.dataset.index === "0");
        await page.locator("vscode-textfield.search input").press("Shift+Enter");
        await page.waitForFunction(() => document.querySelector<HTMLElement>(".row.current-match")?.dataset.index === "2");
        assert.equal(await at(), 3);
        // the buttons do the same
        await page.locator("button.match-next").click();
        await page.waitForFunction(() => document.querySelector<HTMLElement>(".row.current-match")?.dataset.index === "0");
        // the mark is text: the search string never becomes markup
        await page.locator("vscode-textfield.search input").fill("<b>x</b>");
        await page.waitForFunction(() => Number(document.querySelector<HTMLElement>(".toolbar .count")!.dataset.shown) === 0);
        assert.equal(await page.locator("b").count(), 0);
        assert.match((await page.locator('[data-empty="no-match"]').textContent()) ?? "", /No messages match/);
      },
      { view },
    );
  });

  it("a session without messages says so; the list is empty and nothing spins", async () => {
    const view: RenderView = viewOf(sessionText([]));
    assert.equal(view.before.length, 0);
    await withPage(
      h,
      async ({ page }) => {
        const text = (await page.locator('[data-empty="no-messages"]').textContent()) ?? "";
        assert.match(text, /no messages yet/);
        assert.equal(await page.locator(".codicon-modifier-spin").count(), 0);
        assert.equal(await shown(page), 0);
      },
      { view },
    );
  });

  it("a file that is not a session: the host's message in plain words, no spinner", async () => {
    await withPage(h, async ({ page }) => {
      // before the host answers: a short wait indicator
      assert.equal(await page.locator('[data-empty="waiting"]').count(), 1);
      await send(page, { type: "error", message: "This file is not a session transcript the inspector can read." });
      await page.waitForSelector('[data-empty="error"]');
      assert.match((await page.locator('[data-empty="error"]').textContent()) ?? "", /not a session transcript/);
      assert.equal(await page.locator(".codicon-modifier-spin").count(), 0, "no spinner once the host has answered");
      assert.equal(await page.locator(".error-banner").count(), 0, "one plain message, not a banner over a spinner");
      // a later render (the file became a session) replaces the message
      await render(page, viewOf(sessionText([{ user: 1 }])));
      assert.equal(await page.locator('[data-empty="error"]').count(), 0);
    });
  });
});
