/**
 * Issue 6: the inspector webview, built (dist/webview/main.js + main.css), in headless Chromium
 * under the extension panel's strict CSP, with a stand-in host API. Views come from real
 * analyses (a corpus session and constructed sessions).
 */
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import type { RenderView } from "../../server/src/protocol/index.js";
import { shareViewMessages } from "../../server/src/presentation/view-model.js";
import { alignRows } from "../../server/src/presentation/view-rows.js";
import { corpusText } from "../helpers/corpus.js";
import { seedRegressionSpecs, sessionText, type Spec } from "../helpers/session-builder.js";
import { actions, type Harness, render, send, startHarness, viewOf, withPage } from "./harness.js";

const SCREENSHOTS = join(__dirname, "screenshots");

let h: Harness;

const rowsShown = (page: Page) => page.$eval(".toolbar .count", (e) => Number((e as HTMLElement).dataset.shown));
/** Line of the first message whose row is (partly) inside the scroller's viewport. */
/** The file line of the first row showing more than a pixel (the rule the page saves its scroll anchor by). */
const firstVisible = (page: Page) =>
  page.evaluate(() => {
    const top = document.querySelector(".scroller")!.getBoundingClientRect().top;
    const rows = [...document.querySelectorAll<HTMLElement>(".row")].filter((r) => r.getBoundingClientRect().bottom > top + 1).sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
    return rows[0]?.querySelector<HTMLElement>(".msg[data-line]")?.dataset.line ?? null;
  });
const msgSel = (side: "before" | "after", line: number) => `.msg[data-side="${side}"][data-line="${line}"]`;

const seed = () => viewOf(sessionText(seedRegressionSpecs()));
const orphanSpecs: Spec[] = [{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "zz_9" }];

describe("inspector webview (built page, headless Chromium, strict CSP)", () => {
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h?.close();
});

describe("inspector: seed regression session (chains b5 and b7)", () => {
  it("posts ready, then draws labelled bands for b5 and b7 across both columns", async () => {
    const view = seed();
    assert.deepEqual(
      view.ranges.filter((r) => r.resolved).map((r) => r.blockId),
      ["b5", "b7"],
    );
    await withPage(h, async ({ page }) => {
      const first = await actions(page);
      assert.deepEqual(first[0], { type: "ready" });
      await render(page, view);
      for (const id of ["b5", "b7"]) {
        const labels = await page.$$eval(`.row[data-band="${id}"] .band-label`, (els) => els.map((e) => e.textContent));
        assert.deepEqual(labels, [id], `one label for band ${id}`);
        const range = view.ranges.find((r) => r.blockId === id)!;
        const inBand = view.before.filter((m) => m.blockId === id).map((m) => m.line);
        const drawn = await page.$$eval(`.row[data-band="${id}"] .msg[data-side="before"]`, (els) => els.map((e) => Number((e as HTMLElement).dataset.line)));
        assert.deepEqual(drawn, inBand, `before messages inside ${id}`);
        // the band's first row is the range start, and the synthetic summary is inside the band (after column)
        const startLine = view.before.find((m) => m.key === range.startKey)!.line;
        const firstRowLine = await page.$eval(`.row[data-band="${id}"].band-start .msg[data-side="before"]`, (e) => Number((e as HTMLElement).dataset.line));
        assert.equal(firstRowLine, startLine);
        const summary = await page.$eval(`.row[data-band="${id}"] .msg[data-side="after"].synthetic`, (e) => e.textContent ?? "");
        assert.match(summary, /synthetic · chain summary/);
        assert.match(summary, new RegExp(`compressed-chain id="${id}"`));
        // the tint is a real color (theme variable resolved), and the label is visible
        const bg = await page.$eval(`.row[data-band="${id}"]`, (e) => getComputedStyle(e).backgroundColor);
        assert.notEqual(bg, "rgba(0, 0, 0, 0)");
        // the chip in the ranges bar
        assert.match(await page.$eval(`.chip[data-range="${id}"]`, (e) => e.textContent ?? ""), new RegExp(`${id} · ${range.dropped} dropped`));
      }
    });
  });

  it("strikes dropped messages through with their reason (chain:b5, chain:b7)", async () => {
    const view = seed();
    await withPage(h, async ({ page }) => {
      await render(page, view);
      const dropped = view.before.filter((m) => m.droppedBy);
      assert.ok(dropped.length >= 4);
      for (const m of dropped) {
        const cell = page.locator(msgSel("before", m.line!));
        assert.equal(await cell.getAttribute("class").then((c) => c?.includes("dropped")), true);
        assert.equal(await cell.locator(":scope > .tags .tag-dropped").getAttribute("data-dropped-by"), m.droppedBy!.label);
        assert.match((await cell.locator(":scope > .tags .tag-dropped").textContent()) ?? "", new RegExp(`dropped · ${m.droppedBy!.label}`));
        const deco = await cell.locator(":scope > .preview").evaluate((e) => getComputedStyle(e).textDecorationLine);
        assert.equal(deco, "line-through");
      }
      assert.deepEqual([...new Set(dropped.map((m) => m.droppedBy!.label))].sort(), ["chain:b5", "chain:b7"]);
      // kept messages are not struck
      const kept = view.before.find((m) => !m.droppedBy)!;
      const deco = await page.locator(msgSel("before", kept.line!)).locator(":scope > .preview").evaluate((e) => getComputedStyle(e).textDecorationLine);
      assert.equal(deco, "none");
      // changed (thinking-stripped) copies are marked in the after column
      const changed = view.after.filter((m) => m.changed);
      for (const m of changed) assert.equal(await page.locator(msgSel("after", m.line!)).locator(":scope > .tags .tag-changed").getAttribute("data-changed"), m.changed);
      // findings flagged with code and severity
      // findings flagged with code and severity, once per row (not again under the after copy)
      const flagged = view.before.find((m) => m.findings.length)!;
      const row = page.locator(".row").filter({ has: page.locator(msgSel("before", flagged.line!)) });
      const codes = await row.locator(".finding").evaluateAll((els) => els.map((e) => `${(e as HTMLElement).dataset.code}/${(e as HTMLElement).dataset.severity}`));
      assert.deepEqual(
        codes,
        flagged.findings.map((f) => `${f.code}/${f.severity}`),
      );
      assert.equal(await row.locator(".msg .finding").count(), 0, "findings sit under the row, not inside a column");
    });
  });

  it("shows totals equal to view.totals, the saving and the estimate label", async () => {
    const view = seed();
    await withPage(h, async ({ page }) => {
      await render(page, view);
      const read = (which: string) =>
        page.$eval(`.total[data-total="${which}"]`, (e) => ({
          messages: Number((e.querySelector("[data-messages]") as HTMLElement).dataset.messages),
          tokens: Number((e.querySelector("[data-tokens]") as HTMLElement).dataset.tokens),
          text: e.textContent ?? "",
        }));
      const b = await read("before");
      const a = await read("after");
      assert.equal(b.messages, view.totals.before.messages);
      assert.equal(b.tokens, view.totals.before.tokens);
      assert.equal(a.messages, view.totals.after.messages);
      assert.equal(a.tokens, view.totals.after.tokens);
      assert.match(b.text.replace(/,/g, ""), new RegExp(`${view.totals.before.messages} messages · ${view.totals.before.tokens} tokens`));
      assert.match(a.text.replace(/,/g, ""), new RegExp(`${view.totals.after.messages} messages · ${view.totals.after.tokens} tokens`));
      const saving = await page.$eval('.total[data-total="saving"]', (e) => ({ tokens: Number((e as HTMLElement).dataset.tokens), pct: Number((e as HTMLElement).dataset.percent) }));
      const saved = view.totals.before.tokens - view.totals.after.tokens;
      assert.equal(saving.tokens, saved);
      assert.equal(saving.pct, Math.round((saved / view.totals.before.tokens) * 1000) / 10);
      assert.match(await page.$eval(".totals .estimate", (e) => e.textContent ?? ""), new RegExp(`estimate · ${view.totals.tokenizer}`));
    });
  });
});

describe("inspector: corpus session pi/pi-mono-large-session-v1.jsonl", () => {
  let view: RenderView;
  before(() => {
    view = viewOf(corpusText("pi/pi-mono-large-session-v1.jsonl"), "file:///corpus/pi-mono-large-session-v1.jsonl");
  });

  it("renders virtualized rows and totals from the real analysis", async () => {
    await withPage(h, async ({ page }) => {
      await render(page, view);
      const total = await page.$eval(".toolbar .count", (e) => Number((e as HTMLElement).dataset.total));
      assert.equal(total, alignRows(view).length, "a row per aligned pair, results in their call's card");
      const inDom = await page.$$eval(".row", (els) => els.length);
      assert.ok(inDom > 5 && inDom < 120, `virtualized: ${inDom} rows in the DOM of ${total}`);
      assert.equal(await page.$eval('.total[data-total="before"] [data-tokens]', (e) => Number((e as HTMLElement).dataset.tokens)), view.totals.before.tokens);
      assert.equal(await page.$eval('.total[data-total="after"] [data-messages]', (e) => Number((e as HTMLElement).dataset.messages)), view.totals.after.messages);
      // finding counts from the view
      for (const [code, n] of Object.entries(view.findingCounts)) assert.match(await page.$eval(`.fcount[data-code="${code}"]`, (e) => e.textContent ?? ""), new RegExp(`${code}\\s*${n}`));
    });
  });

  it("role filter, tool filter, only-with-findings and search reduce the rows", async () => {
    await withPage(h, async ({ page }) => {
      await render(page, view);
      const all = await rowsShown(page);
      await page.locator(".filters-button").click();
      // role: every box starts ticked; untick all but toolResult
      const roleBoxes = await page.$$eval("vscode-checkbox[data-role-filter]", (els) => els.map((e) => [(e as HTMLElement).dataset.roleFilter!, (e as any).checked as boolean] as const));
      assert.ok(roleBoxes.length >= 3 && roleBoxes.every(([, on]) => on), `all roles ticked: ${JSON.stringify(roleBoxes)}`);
      const others = roleBoxes.map(([r]) => r).filter((r) => r !== "toolResult");
      for (const r of others) await page.locator(`vscode-checkbox[data-role-filter="${r}"]`).click();
      await page.waitForFunction((n) => Number(document.querySelector<HTMLElement>(".toolbar .count")!.dataset.shown) < n, all);
      // results sit in their call's card: a row shows when one of its messages is a tool result
      const toolRows = await rowsShown(page);
      assert.ok(toolRows > 0 && toolRows < all, `${toolRows} rows with tool results of ${all}`);
      const roles = await page.$$eval(".row", (rows) => rows.map((r) => [...r.querySelectorAll<HTMLElement>(".msg")].map((m) => m.dataset.role)));
      for (const rs of roles) assert.ok(rs.includes("toolResult"), `row with roles ${rs}`);
      // unticking the last box shows nothing, and says why (not everything: no ambiguity)
      await page.locator('vscode-checkbox[data-role-filter="toolResult"]').click();
      await page.waitForSelector('[data-empty="no-roles"]');
      assert.equal(await rowsShown(page), 0);
      assert.equal(await page.locator(".row").count(), 0);
      for (const [r] of roleBoxes) await page.locator(`vscode-checkbox[data-role-filter="${r}"]`).click();
      await page.waitForFunction((n) => Number(document.querySelector<HTMLElement>(".toolbar .count")!.dataset.shown) === n, all);

      // search
      const needle = view.before.find((m) => m.role === "toolResult" && m.toolCallId)!.toolCallId!;
      await page.locator("vscode-textfield.search input").fill(needle);
      await page.waitForFunction((n) => Number(document.querySelector<HTMLElement>(".toolbar .count")!.dataset.shown) < n, all);
      const found = await rowsShown(page);
      assert.ok(found >= 1 && found <= 4, `${found} rows for ${needle}`);
      const texts = await page.$$eval(".row", (rows) => rows.map((r) => r.textContent ?? ""));
      for (const t of texts) assert.ok(t.includes(needle));
      await page.locator("vscode-textfield.search input").fill("");
      await page.waitForFunction((n) => Number(document.querySelector<HTMLElement>(".toolbar .count")!.dataset.shown) === n, all);

      // only with findings
      await page.locator("vscode-checkbox.only-findings").click();
      await page.waitForFunction((n) => Number(document.querySelector<HTMLElement>(".toolbar .count")!.dataset.shown) < n, all);
      const withFindings = view.before.filter((m) => m.findings.length).length;
      assert.ok((await rowsShown(page)) >= withFindings);
      assert.ok(await page.$$eval(".row", (rows) => rows.every((r) => r.querySelector(".finding"))));
      await page.locator("vscode-checkbox.only-findings").click();

      // tool filter (the select's value, set the way a user choice sets it)
      await page.waitForFunction((n) => Number(document.querySelector<HTMLElement>(".toolbar .count")!.dataset.shown) === n, all);
      await page.$eval("vscode-single-select.tool-filter", (el: any) => {
        el.value = "edit";
        el.dispatchEvent(new Event("change", { bubbles: true }));
      });
      await page.waitForFunction((n) => Number(document.querySelector<HTMLElement>(".toolbar .count")!.dataset.shown) < n, all);
      const tools = await page.$$eval(".row", (rows) => rows.map((r) => [...r.querySelectorAll(".head .tool")].map((t) => t.textContent ?? "").join(",")));
      for (const t of tools) assert.match(t, /\bedit\b/);
    });
  });

  it("clicking a message posts openLine with its line; revealLine scrolls to and highlights it", async () => {
    await withPage(h, async ({ page }) => {
      await render(page, view);
      const first = page.locator(".msg.cell[data-side='before'][data-line]").nth(2);
      const line = Number(await first.getAttribute("data-line"));
      // the line is a button (the cell itself is no button: it holds controls)
      await first.locator(":scope > .head button.line").click();
      const msgs = await actions(page);
      assert.deepEqual(msgs.at(-1), { type: "openLine", line });
      // the host's echo (cursor moved to that line) highlights without scrolling the clicked row away
      const top0 = await page.locator(".scroller").evaluate((e) => e.scrollTop);
      await send(page, { type: "revealLine", line });
      await page.waitForSelector(`${msgSel("before", line)}.highlight`);
      await page.waitForTimeout(150);
      assert.equal(await page.locator(".scroller").evaluate((e) => e.scrollTop), top0);
      // keyboard: ArrowDown moves to the next message of the column, Enter goes to its first control (the line), Enter opens it
      await page.keyboard.press("ArrowDown");
      // the focus moves on the next frame, once the row is in view
      await page.waitForFunction((l) => (document.activeElement as HTMLElement | null)?.dataset.line !== String(l), line).catch(() => undefined);
      const next = Number(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.line));
      assert.ok(next > line, `focus moved from L${line} to L${next}`);
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      assert.deepEqual((await actions(page)).at(-1), { type: "openLine", line: next });

      // reveal a line far down the list (not in the DOM yet: virtualized)
      const target = view.before[Math.floor(view.before.length * 0.8)];
      assert.equal(await page.locator(msgSel("before", target.line!)).count(), 0);
      await send(page, { type: "revealLine", line: target.line! });
      const cell = page.locator(msgSel("before", target.line!));
      await cell.waitFor();
      await page.waitForFunction((sel) => document.querySelector(sel)?.classList.contains("highlight"), msgSel("before", target.line!));
      const box = await cell.boundingBox();
      const scroller = await page.locator(".scroller").boundingBox();
      assert.ok(box && scroller && box.y >= scroller.y - 1 && box.y + 10 <= scroller.y + scroller.height, `revealed row is in view: ${JSON.stringify([box, scroller])}`);
      // only that message is highlighted
      assert.equal(await page.locator(".msg.highlight[data-side='before']").count(), 1);
    });
  });

  it("a live re-render (the file grew) keeps the scroll position and the highlight", async () => {
    await withPage(h, async ({ page }) => {
      await render(page, view);
      const target = view.before[300];
      await send(page, { type: "revealLine", line: target.line! });
      await page.waitForSelector(`${msgSel("before", target.line!)}.highlight`);
      await page.waitForTimeout(200);
      const visible = await firstVisible(page);
      // an agent appended to the file: the server sends a new render with more messages
      const grown: RenderView = structuredClone(view);
      shareViewMessages(view, grown);
      grown.version = 2;
      const extra = { ...structuredClone(view.before.at(-1)!), key: "L99999", line: 99999, preview: "appended" };
      grown.before.push(extra);
      grown.after.push(structuredClone(extra));
      grown.totals.before.messages++;
      grown.totals.after.messages++;
      await render(page, grown);
      await page.waitForFunction((n) => Number(document.querySelector<HTMLElement>('.total[data-total="before"] [data-messages]')!.dataset.messages) === n, grown.totals.before.messages);
      await page.waitForTimeout(200);
      assert.equal(await firstVisible(page), visible);
      assert.ok(await page.locator(`${msgSel("before", target.line!)}.highlight`).count());
      await page.evaluate(() => sessionStorage.clear());
    });
  });

  it("state (filters, search, scroll, selection) survives a reload via setState/getState; the view is sent again, never stored", async () => {
    await withPage(h, async ({ page }) => {
      await render(page, view);
      await page.locator("vscode-textfield.search input").fill("bash");
      await page.locator(".filters-button").click();
      await page.locator('vscode-checkbox[data-role-filter="user"]').click();
      await page.waitForFunction(() => document.querySelector<HTMLElement>(".toolbar .count")!.dataset.shown !== document.querySelector<HTMLElement>(".toolbar .count")!.dataset.total);
      await page.locator(".scroller").evaluate((e) => {
        e.scrollTop = 900;
      });
      await page.waitForFunction(() => {
        const s = JSON.parse(sessionStorage.getItem("__vscodeState") ?? "null");
        return s && s.scrollTop === 900 && s.filters.search === "bash";
      });
      const shownBefore = await rowsShown(page);
      await page.waitForTimeout(300);
      const visibleBefore = await firstVisible(page);
      assert.ok(visibleBefore);
      // the saved state is filters, scroll position, selection and the session's URI: never the view
      const saved = await page.evaluate(() => JSON.parse(sessionStorage.getItem("__vscodeState")!));
      assert.deepEqual(Object.keys(saved).sort(), ["anchorKey", "filters", "scrollTop", "selectedLine", "uri"]);
      assert.equal(saved.uri, view.uri, "the session's URI is, for the panel serializer");
      assert.ok(JSON.stringify(saved).length < 1000, `${JSON.stringify(saved).length} bytes of state`);
      await page.reload();
      // after a reload the page says ready again and the host answers with a fresh render
      await page.waitForFunction(() => (window as any).__posted?.some((m: any) => m.type === "ready"));
      await render(page, view);
      assert.equal(await rowsShown(page), shownBefore);
      assert.equal(await page.locator("vscode-textfield.search").evaluate((e: any) => e.value), "bash");
      assert.equal(await page.locator('vscode-checkbox[data-role-filter="user"]').evaluate((e: any) => e.checked), false);
      assert.equal(await page.locator('vscode-checkbox[data-role-filter="assistant"]').evaluate((e: any) => e.checked), true);
      // the same rows are in view (the virtualizer may re-anchor the offset by a few pixels as it measures)
      await page.waitForFunction(() => document.querySelector(".scroller")!.scrollTop > 600);
      await page.waitForTimeout(300);
      assert.equal(await firstVisible(page), visibleBefore);
      assert.deepEqual((await actions(page))[0], { type: "ready" });
      assert.equal(await page.$eval('.total[data-total="before"] [data-tokens]', (e) => Number((e as HTMLElement).dataset.tokens)), view.totals.before.tokens);
      await page.evaluate(() => sessionStorage.clear());
    });
  });
});

describe("inspector: unresolved ranges", () => {
  it("lists an unresolved chain range with its block id, line and reason", async () => {
    const specs: Spec[] = [...seedRegressionSpecs(), { chain: { blockId: "b9", start: 123456, final: 123999, dropped: ["nope_1"] } }];
    const view = viewOf(sessionText(specs));
    const un = view.ranges.filter((r) => !r.resolved);
    assert.equal(un.length, 1, JSON.stringify(view.ranges));
    await withPage(h, async ({ page }) => {
      await render(page, view);
      const item = page.locator('.unresolved-item[data-range="b9"]');
      const text = (await item.textContent()) ?? "";
      assert.ok(text.includes("b9") && text.includes(`L${un[0].line}`) && text.includes(un[0].reason!), text);
      // unresolved ranges draw no band
      assert.equal(await page.locator('.row[data-band="b9"]').count(), 0);
      assert.equal(await page.locator(".band-label").count(), 2);
    });
  });
});

describe("inspector: fixes", () => {
  it("a fix button on a flagged orphan result posts applyFix with the server's fix", async () => {
    const view = viewOf(sessionText(orphanSpecs));
    const orphan = view.before.find((m) => m.findings.some((f) => f.code === "orphan-result"))!;
    assert.ok(orphan, "the view flags the orphan");
    await withPage(h, async ({ page }) => {
      await render(page, view);
      // The fixes are planned when the row is answered (view-model.ts withFixes), not with the view.
      const fixes = orphan.findings.find((f) => f.code === "orphan-result")!.fixes;
      assert.ok(fixes.length > 0);
      // the finding and its buttons show once, under the row (the after column has no second copy)
      const cell = page.locator(".row").filter({ has: page.locator(msgSel("before", orphan.line!)) });
      assert.equal(await cell.locator('.finding[data-code="orphan-result"]').count(), 1);
      assert.equal(await cell.locator('button.fix[data-fix-kind="remove-orphan"]').count(), 1);
      assert.equal(await cell.locator('.finding[data-code="orphan-result"]').getAttribute("data-severity"), "error");
      assert.match((await cell.locator(".finding").textContent()) ?? "", /orphan-result/);
      const n = (await actions(page)).length;
      await cell.locator('button.fix[data-fix-kind="remove-orphan"]').click();
      let msgs = await actions(page);
      assert.equal(msgs.length, n + 1, "one message: the fix, not also openLine");
      assert.deepEqual(msgs.at(-1), { type: "applyFix", fix: fixes.find((f) => f.kind === "remove-orphan") });
      await cell.locator('button.fix[data-fix-kind="fix-all-orphans"]').click();
      msgs = await actions(page);
      assert.deepEqual(msgs.at(-1), { type: "applyFix", fix: fixes.find((f) => f.kind === "fix-all-orphans") });
    });
  });
});

describe("inspector: large sessions keep a bounded DOM", () => {
  /** Rows in the DOM after rendering `turns` turns (4 messages each), at the top, the middle and the end. */
  async function domRows(turns: number): Promise<{ messages: number; counts: number[] }> {
    const specs: Spec[] = [];
    for (let i = 0; i < turns; i++) specs.push({ user: i * 10 }, { assistant: i * 10 + 1, calls: [`bash_${i}`] }, { result: i * 10 + 2, id: `bash_${i}` }, { assistant: i * 10 + 3, text: `done ${i}` });
    const view = viewOf(sessionText(specs));
    const counts: number[] = [];
    await withPage(h, async ({ page }) => {
      await render(page, view);
      await page.waitForSelector(".row");
      counts.push(await page.$$eval(".row", (e) => e.length));
      for (const at of [0.5, 1]) {
        await page.locator(".scroller").evaluate((e, f) => {
          e.scrollTop = (e.scrollHeight - e.clientHeight) * f;
        }, at);
        await page.waitForFunction((n) => [...document.querySelectorAll<HTMLElement>(".row")].some((r) => Number(r.dataset.index) > n), Math.floor(view.before.length * at * 0.5));
        counts.push(await page.$$eval(".row", (e) => e.length));
      }
      // a search narrows the list; the DOM holds only matching rows
      await page.locator("vscode-textfield.search input").fill(`bash_${turns - 1}`);
      await page.waitForFunction(() => Number(document.querySelector<HTMLElement>(".toolbar .count")!.dataset.shown) <= 3);
      counts.push(await page.$$eval(".row", (e) => e.length));
      await page.evaluate(() => sessionStorage.clear());
    });
    return { messages: view.before.length, counts };
  }

  it("rows in the DOM stay bounded from 400 to 12,000 messages, wherever the list is scrolled", async () => {
    const small = await domRows(100);
    const large = await domRows(3000);
    assert.ok(large.messages >= 12000 && small.messages >= 400);
    // the viewport (900 px) holds ~16 rows of 58 px, plus the overscan on each side
    const bound = 80;
    for (const n of [...small.counts, ...large.counts]) assert.ok(n > 0 && n <= bound, `${n} rows in the DOM (bound ${bound}): small ${small.counts}, large ${large.counts}`);
    // 30 times the messages, not more rows in the DOM
    assert.ok(Math.max(...large.counts) <= Math.max(...small.counts) + 5, `small ${small.counts}, large ${large.counts}`);
  });
});

describe("inspector: screenshot", () => {
  it("saves test/webview/screenshots/inspector.png (Dark+)", async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const specs: Spec[] = [...seedRegressionSpecs(), { result: 3170, id: "zz_9" }];
    const view = viewOf(sessionText(specs), "file:///work/sessions/seed-regression.jsonl");
    await withPage(h, async ({ page }) => {
      await page.setViewportSize({ width: 1400, height: 1080 });
      await render(page, view);
      await page.locator(msgSel("before", 11)).locator(":scope > .head button.line").click();
      await page.waitForSelector(".msg.highlight");
      await page.mouse.move(0, 0);
      await page.evaluate(() => document.fonts.ready);
      // the codicon font comes from main.css's relative url() and loads under font-src (no fallback)
      const faces = await page.evaluate(() => [...(document.fonts as any as Iterable<FontFace>)].filter((f) => f.family.replace(/["']/g, "") === "codicon").map((f) => f.status));
      assert.deepEqual(faces, ["loaded"], "codicon font loaded under font-src");
      const glyphFont = await page.$eval(".msg .codicon", (e) => getComputedStyle(e, "::before").fontFamily);
      assert.match(glyphFont, /codicon/);
      await page.screenshot({ path: join(SCREENSHOTS, "inspector.png") });
      await page.evaluate(() => sessionStorage.clear());
    });
  });

  it("saves test/webview/screenshots/inspector-corpus.png (a real pi session)", async () => {
    const view = viewOf(corpusText("pi/pi-mono-large-session-v1.jsonl"), "file:///corpus/pi-mono-large-session-v1.jsonl");
    await withPage(h, async ({ page }) => {
      await render(page, view);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: join(SCREENSHOTS, "inspector-corpus.png") });
      await page.evaluate(() => sessionStorage.clear());
    });
  });
});
describe("inspector: a Claude Code session (issue 12)", () => {
  it("the header says what After models, and the sidechain lines show under their Task call", async () => {
    const view = viewOf(corpusText("claude-code/daaain-sidechain-integrated.jsonl"), "file:///corpus/daaain-sidechain-integrated.jsonl");
    await withPage(h, async ({ page }) => {
      await render(page, view);
      const meta = page.locator(".details-panel .meta").first();
      // After is Claude Code's own reading: what 2.1.112 sends on resume (no pruner is involved).
      assert.equal(await meta.getAttribute("data-after-model"), "agent-resume");
      assert.match((await meta.textContent()) ?? "", /claude-code · resume \(2\.1\.112\)/);
      assert.match((await meta.getAttribute("title")) ?? "", /After: what Claude Code 2\.1\.112 sends on resume/);
      assert.doesNotMatch((await meta.textContent()) ?? "", /pi-condense/);
      const tag = page.locator(`${msgSel("before", 1)} .tag-sidechain`);
      assert.equal(await tag.getAttribute("data-sidechain"), "3,4,5");
      assert.match((await tag.textContent()) ?? "", /subagent · 2 messages \(lines 3–5\)/);
    });
  });
  it("recorded usage: a tag per response (before column only) and the session's recorded totals in the header", async () => {
    const view = viewOf(corpusText("claude-code/daaain-sidechain-integrated.jsonl"), "file:///corpus/daaain-sidechain-integrated.jsonl");
    await withPage(h, async ({ page }) => {
      await render(page, view);
      const first = page.locator(`${msgSel("before", 1)} .tag-usage`);
      assert.equal(await first.textContent(), "recorded: 3 in · 365 out · cache 141,272 write");
      assert.match((await first.getAttribute("title")) ?? "", /\(not an estimate\); model claude-sonnet-4-5-20250929/);
      assert.equal(await page.locator(`${msgSel("before", 6)} .tag-usage`).textContent(), "recorded: 3 in · 190 out · cache 141,272 read · 2,952 write");
      assert.equal(await page.locator(`${msgSel("before", 2)} .tag-usage`).count(), 0, "a tool result has no usage");
      assert.equal(await page.locator('.msg[data-side="after"] .tag-usage').count(), 0, "once per row: not in the After column");
      const rec = page.locator(".details-panel .recorded");
      assert.equal(await rec.getAttribute("data-responses"), "3");
      assert.equal(await rec.textContent(), "recorded · 9 in · 738 out · cache 141.3K read · 164.1K write");
      assert.match((await rec.getAttribute("title")) ?? "", /recorded over 3 responses .*not an estimate: 9 in · 738 out · cache 141,272 read · 164,054 write/);
      // beside the estimate, which stays labelled as one
      assert.match((await page.locator(".details-panel .estimate").textContent()) ?? "", /estimate/);
    });
  });
  it("recorded usage is escaped, and a session without any shows none", async () => {
    const view = viewOf(corpusText("claude-code/daaain-sidechain-integrated.jsonl"), "file:///corpus/daaain-sidechain-integrated.jsonl");
    const m = view.before.find((x) => x.usage)!;
    m.usage = { ...m.usage!, model: '<img src=x onerror="window.__pwned=1">' };
    await withPage(h, async ({ page }) => {
      await render(page, view);
      assert.match((await page.locator(`${msgSel("before", m.line!)} .tag-usage`).getAttribute("title")) ?? "", /<img src=x/);
      assert.equal(await page.evaluate(() => (window as any).__pwned), undefined);
      assert.equal(await page.locator(".tag-usage img").count(), 0);
    });
    const plain = viewOf(corpusText("pi/pi-mono-large-session-v1.jsonl"));
    for (const x of [...plain.before, ...plain.after]) delete x.usage;
    delete plain.totals.recorded;
    await withPage(h, async ({ page }) => {
      await render(page, plain);
      assert.equal(await page.locator(".tag-usage").count(), 0);
      assert.equal(await page.locator(".details-panel .recorded").count(), 0);
    });
  });
});
describe("inspector: OpenClaw's trajectory, a recorded After (issue 25)", () => {
  const session = corpusText("openclaw/openclaw-run-oc-mock-session-1.jsonl");
  const trajectory = corpusText("openclaw/openclaw-run-oc-mock-session-1.trajectory.jsonl");
  /** The trajectory with its last `context.compiled` record's `call13` named `id`. */
  const withId = (id: string) => {
    const lines = trajectory.split("\n");
    const i = lines.map((l) => l.includes('"type":"context.compiled"')).lastIndexOf(true);
    lines[i] = lines[i].replace('"id":"call13"', `"id":${JSON.stringify(id)}`);
    return lines.join("\n");
  };
  const uri = "file:///corpus/openclaw-run-oc-mock-session-1.jsonl";
  it("Details says the record agrees with the After column, and the After column shows the ids OpenClaw sent", async () => {
    const view = viewOf(session, uri, { recording: { text: trajectory, name: "openclaw-run-oc-mock-session-1.trajectory.jsonl" } });
    await withPage(h, async ({ page }) => {
      await render(page, view);
      const note = page.locator(".details-panel .recorded-note");
      assert.equal(await note.getAttribute("data-recorded"), "agrees");
      assert.match((await note.textContent()) ?? "", /OpenClaw's trajectory agrees with the After column: the 16 messages OpenClaw compiled when line 25 was the last entry/);
      assert.match((await note.getAttribute("title")) ?? "", /openclaw-run-oc-mock-session-1\.trajectory\.jsonl, line 31/);
      // The recorded After itself: folded, then opened from the keyboard (the Details panel first).
      await page.locator(".details-button").click();
      const list = page.locator(".details-panel .recorded-list");
      assert.equal(await list.getAttribute("open"), null);
      await list.locator("summary").focus();
      await page.keyboard.press("Enter");
      assert.equal(await list.getAttribute("open"), "");
      const items = list.locator("li");
      assert.equal(await items.count(), 16);
      assert.match((await items.nth(1).textContent()) ?? "", /^assistant call1 \(exec\), call2 \(read\) I'll run two tools in parallel\.$/);
      assert.match((await items.nth(7).textContent()) ?? "", /^toolResult call12 second-turn/);
    });
  });
  it("a record that differs says where, as text: an id holding markup stays text", async () => {
    const view = viewOf(session, uri, { recording: { text: withId('<img src=x onerror="window.__hit=1">'), name: "t.trajectory.jsonl" } });
    await withPage(h, async ({ page }) => {
      await render(page, view);
      const note = page.locator(".details-panel .recorded-note");
      assert.equal(await note.getAttribute("data-recorded"), "differs");
      assert.match((await note.textContent()) ?? "", /differs from the After column\. .*agrees on the first 10; message 11: the record's calls are `<img src=x onerror="window\.__hit=1"> \(exec\)`/);
      assert.equal(await page.locator(".details-panel img").count(), 0);
      assert.equal(await page.evaluate(() => (window as any).__hit), undefined);
    });
  });
  const AXE = readFileSync(join(__dirname, "..", "..", "node_modules", "axe-core", "axe.min.js"), "utf8");
  for (const theme of ["dark", "light", "high-contrast", "high-contrast-light"] as const)
    it(`axe-core finds no WCAG A/AA violation with the recorded After open in ${theme}`, async () => {
      const view = viewOf(session, uri, { recording: { text: withId("call_1"), name: "t.trajectory.jsonl" } });
      await withPage(
        h,
        async ({ page }) => {
          await render(page, view);
          await page.locator(".details-button").click();
          await page.locator(".details-panel .recorded-list summary").click();
          await page.evaluate(AXE);
          const violations = await page.evaluate(async () => {
            const r = await (window as any).axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] });
            return r.violations.map((v: any) => ({ id: v.id, nodes: v.nodes.slice(0, 4).map((n: any) => n.target.join(" ")) }));
          });
          assert.deepEqual(violations, [], JSON.stringify(violations, null, 1));
        },
        { theme },
      );
    });
  it("no trajectory: no note", async () => {
    const view = viewOf(session, uri);
    await withPage(h, async ({ page }) => {
      await render(page, view);
      assert.equal(await page.locator(".details-panel .recorded-note").count(), 0);
    });
  });
});
});
