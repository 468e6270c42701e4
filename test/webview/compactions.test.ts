/**
 * Issue 26 item 6, in the built page (a real Chromium): a compaction is a row of its own where it
 * happened, saying who compacted, what left the context and the tokens before and after; its line
 * opens in the editor; a screen reader reads the whole sentence; hostile text in it stays text;
 * axe-core finds nothing in the four theme kinds.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fixtureText } from "../helpers/corpus.js";
import { type Harness, type OpenPage, render, send, startHarness, type ThemeKind, viewOf, withPage } from "./harness.js";

let h: Harness;
const AXE = readFileSync(join(__dirname, "..", "..", "node_modules", "axe-core", "axe.min.js"), "utf8");

/** A page of 1000×800 in `theme` (the harness's withPage: no page error, no CSP violation). */
const inPage = (fn: (p: OpenPage) => Promise<void>, theme: ThemeKind = "dark") => withPage(h, fn, { theme, size: { width: 1000, height: 800 } });

describe("compaction rows (issue 26, built page)", () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  it("a Claude Code compact boundary is a row after what it took out: trigger, tokens before -> after, the sentence; its line opens", async () => {
    await inPage(async ({ page, host }) => {
      const view = viewOf(fixtureText("claude-code/compact-boundary.jsonl"));
      const c = view.compactions![0];
      await render(page, view);
      const row = page.locator(".row.compaction");
      await row.waitFor();
      assert.equal(await row.count(), 1);
      assert.equal(await row.getAttribute("data-key"), "c:L5");
      // the rows before it are the four the compaction took out
      const index = Number(await row.getAttribute("data-index"));
      assert.equal(index, 4);
      assert.equal(await page.locator(".row[data-index='3'] .msg.dropped[data-side='before']").count(), 1);
      assert.equal((await row.locator(".compaction-title").textContent())?.trim(), "Compaction (manual)");
      assert.match(String(await row.locator(".compaction-tokens").textContent()), /^51,234 → [\d,]+ tokens$/);
      assert.equal(await row.locator(".compaction-detail").textContent(), c.summary);
      // one grid cell spanning the columns; its hidden text is the sentence a screen reader reads
      const cell = row.locator('[role="gridcell"]');
      assert.equal(await cell.count(), 1);
      assert.equal(await cell.getAttribute("aria-colspan"), "3");
      assert.equal(await cell.locator(".visually-hidden").first().textContent(), c.summary);
      // the editor's cursor on its line selects the row
      await send(page, { type: "revealLine", line: 5 });
      await page.waitForSelector(".row.compaction.highlight");
      await cell.locator("button.line").click();
      await page.waitForFunction(() => (window as any).__posted?.some((m: any) => m.type === "openLine" && m.line === 5));
      assert.ok(host.requests.some((m) => m.type === "openLine" && m.line === 5), "the host got openLine 5");
    });
  });

  it("hostile text in a compaction (markup, a bidi override) stays text and is marked", async () => {
    await inPage(async ({ page }) => {
      const text = fixtureText("claude-code/compact-boundary.jsonl").replace('"trigger":"manual"', '"trigger":"<img src=x onerror=\\"window.__pwned=1\\">\\u202eauto"');
      await render(page, viewOf(text));
      const row = page.locator(".row.compaction");
      await row.waitFor();
      assert.equal(await row.locator("img").count(), 0);
      assert.equal(await page.evaluate(() => (window as any).__pwned), undefined);
      assert.match(String(await row.locator(".compaction-title").textContent()), /<img src=x/);
      assert.ok((await row.locator(".compaction-title .ctl").count()) > 0, "the bidi override is marked");
    });
  });

  for (const theme of ["dark", "light", "high-contrast", "high-contrast-light"] as ThemeKind[])
    it(`axe-core finds no WCAG A/AA violation with compaction rows in ${theme}`, async () => {
      await inPage(async ({ page }) => {
        await render(page, viewOf(fixtureText("codex/compacted-twice.jsonl")));
        await page.locator(".row.compaction").first().waitFor();
        assert.equal(await page.locator(".row.compaction").count(), 2);
        await page.evaluate(AXE);
        const result = await page.evaluate(async () => {
          const r = await (window as any).axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] });
          return r.violations.map((v: any) => ({ id: v.id, nodes: v.nodes.slice(0, 4).map((n: any) => `${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1, 2).join(" ")}`) }));
        });
        assert.deepEqual(result, [], JSON.stringify(result, null, 1));
      }, theme);
    });
});
