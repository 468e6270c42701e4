/**
 * Issue 6, security: transcripts are hostile. Tool output, tool names, ids, block ids and host
 * error text holding HTML, scripts, a javascript: link and bidi controls must render as inert
 * literal text: nothing runs, nothing is created from content, nothing navigates.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { sessionText, type Spec } from "../helpers/session-builder.js";
import { type Harness, openPage, posted, render, send, startHarness, viewOf } from "./harness.js";

const IMG = `<img src=x onerror="window.__pwned=1">`;
const SCRIPT = `<script>window.__pwned=2</script>`;
const LINK = `[x](javascript:window.__pwned=3)`;
const ANCHOR = `<a href="javascript:window.__pwned=4">click</a>`;
const RLO = "\u202E";
const BIDI = `${RLO}gpj.exe${"\u202C"}`;
const HOSTILE_ID = `${IMG}_1`;
const HOSTILE_TEXT = `${IMG} ${SCRIPT} ${LINK} ${ANCHOR} ${BIDI} end`;

function hostileSpecs(): Spec[] {
  return [
    { user: 1000, text: `${SCRIPT} please ${LINK}` },
    { assistant: 1100, calls: [HOSTILE_ID], args: { command: `echo '${IMG}'`, note: BIDI } },
    { result: 1150, id: HOSTILE_ID, tool: `${SCRIPT}tool`, text: HOSTILE_TEXT },
    { assistant: 1200, text: `done ${ANCHOR}` },
    { result: 1300, id: `${SCRIPT}${RLO}_9`, text: `orphan ${IMG}` },
    { chain: { blockId: `${IMG}`, start: 1000, final: 1200, dropped: [HOSTILE_ID], compressedAt: 9_000_001, rangeSummaryText: `summary ${SCRIPT} ${LINK}` } },
  ];
}

describe("inspector: hostile transcript content renders inert", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  it("no script runs, no element is created from content, nothing navigates, text shows literally", async () => {
    const view = viewOf(sessionText(hostileSpecs()));
    // the server really carries the hostile strings into the view
    const all = JSON.stringify(view);
    for (const s of [IMG, SCRIPT, LINK, RLO]) assert.ok(all.includes(JSON.stringify(s).slice(1, -1)), `view carries ${JSON.stringify(s)}`);

    const { page, errors, consoleErrors } = await openPage(h);
    try {
      const url = page.url();
      const scriptsBefore = await page.evaluate(() => document.scripts.length);
      await render(page, view);
      await send(page, { type: "error", message: `host said ${IMG} ${SCRIPT}` });
      await page.waitForSelector(".error-banner");
      // open every message's line (openLine round trips) and every card, search for the hostile text, reveal lines
      const lines = page.locator(".msg.cell[data-line] > .head button.line");
      for (let i = 0; i < (await lines.count()); i++) await lines.nth(i).click();
      const cards = page.locator("details.card > summary");
      for (let i = 0; i < (await cards.count()); i++) await cards.nth(i).click();
      await page.locator("vscode-textfield.search input").fill(IMG);
      await page.waitForFunction(() => Number(document.querySelector<HTMLElement>(".toolbar .count")!.dataset.shown) > 0);
      await page.locator("vscode-textfield.search input").fill("");
      await send(page, { type: "revealLine", line: 4 });
      await page.waitForSelector(".msg.highlight");
      await page.waitForTimeout(300);

      assert.equal(await page.evaluate(() => (window as any).__pwned), undefined, "no hostile script ran");
      assert.equal(page.url(), url, "nothing navigated");
      assert.equal(await page.evaluate(() => document.querySelectorAll("img, iframe, object, embed, a, link[rel=import], base, form").length), 0, "no img/a/iframe/... elements");
      assert.equal(await page.evaluate(() => document.scripts.length), scriptsBefore, "no script element added");
      assert.equal(await page.evaluate(() => document.querySelectorAll("[onerror], [onclick], [onload], [href^='javascript' i], [src='x']").length), 0, "no inline handlers or javascript: URLs");

      // literal text: the preview of the hostile tool result shows the markup as characters
      const resultCell = page.locator('.msg[data-side="before"][data-line="4"]');
      const text = (await resultCell.textContent()) ?? "";
      for (const s of [IMG, SCRIPT, LINK, ANCHOR]) assert.ok(text.includes(s), `shown literally: ${s}`);
      assert.ok(text.includes(`${SCRIPT}tool`), "tool name literal");
      assert.ok(text.includes(HOSTILE_ID), "tool call id literal");
      // bidi controls are shown as visible markers, not applied
      assert.ok((await resultCell.locator(".ctl").allTextContents()).includes("U+202E"));
      const rendered = await page.evaluate(() => document.body.innerText);
      const raw = await page.evaluate(() => {
        const out: string[] = [];
        const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let n = w.nextNode(); n; n = w.nextNode()) if (n.textContent!.includes("\u202E")) out.push(`${n.parentElement?.tagName}.${n.parentElement?.className} in ${n.parentElement?.parentElement?.className}: ${JSON.stringify(n.textContent).slice(0, 80)}`);
        return out;
      });
      assert.ok(!rendered.includes("\u202E"), `no raw RLO in the rendered text: ${raw.join(" | ")}`);
      assert.ok(rendered.includes("U+202Egpj.exeU+202C") || rendered.includes("U+202E gpj.exe U+202C") || /U\+202E\s*gpj\.exe\s*U\+202C/.test(rendered));
      // the orphan's hostile id, the error banner and the chain's block id are literal too
      assert.match((await page.locator(".error-banner").textContent()) ?? "", new RegExp(`host said ${IMG.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
      const band = view.ranges[0];
      assert.equal(band.blockId, IMG);
      const blockTexts = await page.locator(".band-label, .chip, .unresolved-item").allTextContents();
      assert.ok(blockTexts.some((t) => t.includes(IMG)), `block id literal in ${JSON.stringify(blockTexts)}`);

      // posted messages are only the protocol's, with numbers for lines
      for (const m of await posted(page)) {
        assert.ok(["ready", "openLine", "applyFix", "rows", "locate", "fullText"].includes(m.type), m.type);
        if (m.type === "openLine") assert.equal(typeof m.line, "number");
      }
      const violations = await page.evaluate(() => (window as any).__cspViolations as unknown[]);
      assert.deepEqual(violations, [], "no CSP violations (nothing tried to load or run)");
      assert.deepEqual(errors, [], "no page errors");
      assert.deepEqual(consoleErrors.filter((e) => /Content Security Policy|Refused/i.test(e)), []);
    } finally {
      await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
      await page.close();
    }
  });

  it("canary: the harness would catch markup injected as HTML (CSP blocks and reports it)", async () => {
    const { page } = await openPage(h);
    try {
      await page.evaluate((html) => {
        const d = document.createElement("div");
        d.innerHTML = html;
        document.body.appendChild(d);
      }, `${IMG}<span onclick="window.__pwned=9">x</span>`);
      await page.locator("span[onclick]").click();
      await page.waitForFunction(() => (window as any).__cspViolations.length > 0);
      assert.equal(await page.evaluate(() => (window as any).__pwned), undefined, "the strict CSP blocks inline handlers");
      assert.equal(await page.evaluate(() => document.querySelectorAll("img").length), 1, "an injected element is detectable");
    } finally {
      await page.close();
    }
  });
});
