/**
 * Issue 12: the inspector's layout holds from 400 px to full width. At 420, 620 and 1000 px, in
 * headless Chromium: no two label boxes intersect (the header's and those of the rows in view),
 * no label spills out of its column, id chips keep both ends readable, and every row shows its
 * findings and fix buttons once. Screenshots of each width go to test/webview/screenshots/.
 */
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import type { RenderView } from "../../server/src/protocol/index.js";
import { seedRegressionSpecs, sessionText, type Spec } from "../helpers/session-builder.js";
import { type Harness, openPage, render, startHarness, viewOf } from "./harness.js";

const SCREENSHOTS = join(__dirname, "screenshots");
const WIDTHS = [420, 620, 1000];

/** Every finding code the product knows: the strip that used to show 9 of 15 and break at hyphens. */
const ALL_CODES = ["malformed-line", "unknown-entry", "broken-parent", "duplicate-entry-id", "unresolved-range", "range-id-mismatch", "colliding-id", "duplicate-call-id", "id-set-drop-hazard", "orphan-result", "leading-non-user", "pending-call", "partial-message", "dangling-call", "error-turn-results", "first-user-pinned", "acp-dangling-ref", "acp-sidecar-invalid"];

const LONG_ID = "toolu_01HXk9RwQm3pLzT7vYbNc2Ae_1";

/** The seed's chains, an orphan (a finding with two fix buttons), long ids, five calls in one message. */
function layoutView(): RenderView {
  const specs: Spec[] = [
    ...seedRegressionSpecs(),
    { result: 3170, id: "zz_9" },
    { user: 4000, text: "a user message with a fairly long line of text that has to wrap inside its narrow column without spilling over" },
    { assistant: 4100, calls: [LONG_ID, "read_1", "read_2", "read_3", "bash_4"] },
    { result: 4150, id: LONG_ID, text: "x".repeat(400) },
    { result: 4160, id: "read_1" },
    { result: 4170, id: "read_2" },
    { result: 4180, id: "read_3" },
    { result: 4190, id: "bash_4" },
    { assistant: 4200, text: "done" },
  ];
  const view = viewOf(sessionText(specs), "file:///work/sessions/layout.jsonl");
  view.findingCounts = Object.fromEntries(ALL_CODES.map((c, i) => [c, (i * 7) % 23 + 1]));
  // every message with its time (the view model's optional `timestamp`)
  for (const m of [...view.before, ...view.after]) (m as { timestamp?: string }).timestamp = new Date(Date.UTC(2026, 0, 1, 12, 0, 0) + (m.line ?? 0) * 61_000).toISOString();
  // recorded usage (the view model's optional `usage` and `totals.recorded`) with wide figures
  for (const m of [...view.before, ...view.after]) if (m.role === "assistant") m.usage = { input: 123_456, output: 7_890, cacheRead: 1_234_567, cacheWrite: 98_765, cost: 1.2345, model: "claude-sonnet-4-5" };
  view.totals.recorded = { responses: 42, input: 12_345_678, output: 345_678, cacheRead: 98_765_432, cacheWrite: 1_234_567, reasoning: 4_321, cost: 123.4567 };
  return view;
}

/** Selectors of the labelled elements whose boxes must not intersect. */
const LABELS = [
  ".totals .total",
  ".totals .estimate",
  ".totals .meta",
  ".totals .recorded",
  ".totals > .codicon",
  ".toolbar .search-group",
  ".toolbar vscode-checkbox",
  ".toolbar .tool-filter",
  ".toolbar .count",
  ".toolbar button",
  ".ranges .label",
  ".ranges .chip",
  ".ranges .fcount",
  ".ranges .fcount-toggle",
  ".ranges .unresolved-item",
  ".colhead",
  ".row .band-label",
  ".row .head .who",
  ".row .head .tool",
  ".row .head .id",
  ".row .head .line",
  ".row .head .tokens",
  ".row .head .time",
  ".row .head .expand",
  ".row .fulltext",
  ".row .tag",
  ".row .finding-label",
  ".row .fmsg",
  ".row button.fix",
  ".row details.card > summary",
  ".row .code-block",
];

/** Pairs of labels whose boxes intersect, and labels wider than their cell. */
async function layoutProblems(page: Page) {
  // tsx keeps function names with a `__name` helper that the page does not have
  await page.evaluate("globalThis.__name = (f) => f");
  return page.evaluate((selectors) => {
    const scroller = document.querySelector(".scroller")!.getBoundingClientRect();
    const describe = (e: Element) => {
      const row = e.closest<HTMLElement>(".row");
      const cell = e.closest<HTMLElement>(".cell");
      const where = row ? `row ${row.dataset.index}${cell ? ` ${cell.dataset.side}` : ""}` : "header";
      return `${where} ${e.tagName.toLowerCase()}.${[...e.classList].join(".")} "${(e.textContent ?? "").trim().slice(0, 30)}"`;
    };
    const els: Element[] = [];
    for (const sel of selectors) for (const e of document.querySelectorAll(sel)) if (!els.includes(e)) els.push(e);
    const visible = els.filter((e) => {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      // rows: only those inside the scroller's viewport
      return !e.closest(".row") || (r.bottom > scroller.top && r.top < scroller.bottom);
    });
    // a row's labels as far as the scroller shows them (the part scrolled under the header is clipped);
    // the header scrolls too (max-height 40vh): its labels as far as it shows them
    const header = document.querySelector(".header")?.getBoundingClientRect();
    const boxes = visible
      .map((e) => {
        const r = e.getBoundingClientRect();
        const clip = e.closest(".row") ? scroller : e.closest(".header") ? header : undefined;
        if (!clip) return { e, r };
        const top = Math.max(r.top, clip.top);
        const bottom = Math.min(r.bottom, clip.bottom);
        return { e, r: new DOMRect(r.left, top, r.width, Math.max(0, bottom - top)) };
      })
      .filter((b) => b.r.height > 0);
    const overlaps: string[] = [];
    const EPS = 0.5;
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        if (a.e.contains(b.e) || b.e.contains(a.e)) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > EPS && h > EPS) overlaps.push(`${describe(a.e)} × ${describe(b.e)} (${w.toFixed(1)}×${h.toFixed(1)} px)`);
      }
    const spills: string[] = [];
    for (const { e, r } of boxes) {
      const box = e.closest(".cell, .findings, .colhead, .gutter") ?? document.querySelector(".app")!;
      const c = box.getBoundingClientRect();
      if (r.left < c.left - EPS || r.right > c.right + EPS) spills.push(`${describe(e)} [${r.left.toFixed(0)}-${r.right.toFixed(0)}] outside [${c.left.toFixed(0)}-${c.right.toFixed(0)}]`);
    }
    // id chips keep both ends: the clipped head shows a few characters, the tail all of its own
    const narrowIds = [...document.querySelectorAll<HTMLElement>(".row .id .id-head")].filter((e) => e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().width < 20).map(describe);
    return { overlaps, spills, narrowIds, labels: boxes.length };
  }, LABELS);
}

describe("inspector layout at 420, 620 and 1000 px (headless Chromium)", () => {
  let h: Harness;
  let view: RenderView;
  before(async () => {
    h = await startHarness();
    view = layoutView();
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  after(async () => {
    await h?.close();
  });

  for (const width of WIDTHS) {
    it(`${width} px: no two labels intersect, none spills out of its column; screenshot kept`, async () => {
      const { page, errors } = await openPage(h);
      try {
        await page.setViewportSize({ width, height: 900 });
        await render(page, view);
        await page.evaluate(() => document.fonts.ready);
        await page.waitForSelector(".row");
        await page.waitForTimeout(100);
        let problems = await layoutProblems(page);
        assert.ok(problems.labels > 40, `${problems.labels} labels checked`);
        // the header leaves most of the panel to the rows
        const header = await page.$eval(".header", (e) => e.getBoundingClientRect().height);
        assert.ok(header <= 900 * 0.4 + 1, `header ${header} px high`);
        await page.screenshot({ path: join(SCREENSHOTS, `inspector-${width}.png`) });
        // and the rest of the list: scroll to the end (the long ids, the five calls, the orphan)
        const all = [problems];
        await page.locator(".scroller").evaluate((e) => {
          e.scrollTop = e.scrollHeight;
        });
        await page.waitForTimeout(150);
        problems = await layoutProblems(page);
        all.push(problems);
        await page.screenshot({ path: join(SCREENSHOTS, `inspector-${width}-end.png`) });
        // a message expanded to its full text (the long result) stays inside its column
        await page.locator('.row .msg[data-side="before"][data-role="toolResult"] button.expand').last().click();
        await page.waitForSelector(".row pre.fulltext");
        await page.waitForTimeout(100);
        all.push(await layoutProblems(page));
        for (const [phase, p] of all.entries()) {
          assert.deepEqual(p.overlaps, [], `overlapping labels at ${width} px (${["top", "end", "expanded"][phase]})`);
          assert.deepEqual(p.spills, [], `labels outside their column at ${width} px`);
          assert.deepEqual(p.narrowIds, [], `id chips shrunk to a character or two at ${width} px`);
        }
        // the finding-count strip: the most frequent codes, and every code once expanded, each on one line
        assert.equal(await page.locator(".fcount").count(), 5);
        await page.locator(".details-button").click();
        await page.locator(".fcount-toggle").click();
        assert.equal(await page.locator(".fcount").count(), ALL_CODES.length);
        const heights = await page.$$eval(".fcount", (els) => els.map((e) => e.getBoundingClientRect().height));
        assert.ok(Math.max(...heights) < 2 * Math.min(...heights), `a code broke over two lines: ${heights}`);
        assert.deepEqual((await layoutProblems(page)).overlaps, [], `overlapping labels with every code shown at ${width} px`);
        // each finding card and fix button once per row
        const perRow = await page.$$eval(".row", (rows) => rows.map((r) => [...r.querySelectorAll<HTMLElement>(".finding")].map((f) => `${f.dataset.code}@${f.dataset.line}`)));
        for (const cards of perRow) assert.equal(new Set(cards).size, cards.length, `a finding shown twice in one row: ${cards}`);
        assert.deepEqual(errors, []);
      } finally {
        await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
        await page.close();
      }
    });
  }
});
