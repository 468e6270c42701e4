/**
 * Issue 11 item 5 and issue 12 (reading), in Chromium: the windowed inspector. The harness's fake
 * host answers the page's requests with the server's slicing code (presentation/view-window.ts),
 * as the extension relays them to the language server. No timed assertions: the first paint's
 * time goes to `npm run bench`.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import type { RenderView, ViewMessage } from "../../server/src/protocol/index.js";
import { sessionText, type Spec } from "../helpers/session-builder.js";
import { type Harness, render, startHarness, viewOf, withPage } from "./harness.js";

const MB = 1024 * 1024;
const NEEDLES = [9_001, 41_234, 70_777];

/** A view of `n` messages made directly (the page's side needs no engine; the slicing is the server's). */
function bigView(n: number): RenderView {
  const roles = ["user", "assistant", "toolResult", "assistant"];
  const before: ViewMessage[] = [];
  for (let i = 0; i < n; i++) {
    const role = roles[i % 4];
    const turn = Math.floor(i / 4);
    const m: ViewMessage = { key: `L${i + 2}`, role, line: i + 2, preview: NEEDLES.includes(i) ? `here is the Wombat ${i}` : `${role} message ${i} of turn ${turn}`, tokens: 7, findings: [] };
    if (i % 4 === 1) {
      m.toolNames = ["bash"];
      m.toolCallIds = [`bash_${turn}`];
    }
    if (i % 4 === 2) {
      m.toolNames = ["bash"];
      m.toolCallId = `bash_${turn}`;
    }
    before.push(m);
  }
  const afterCol = before.map((m) => ({ ...m, beforeKey: m.key }));
  return {
    uri: "file:///work/big-session.jsonl",
    version: 1,
    format: "pi",
    pruner: "pi-condense",
    leaf: null,
    before,
    after: afterCol,
    ranges: [],
    totals: { before: { messages: n, tokens: 7 * n }, after: { messages: n, tokens: 7 * n }, tokenizer: "tokenx estimate" },
    findingCounts: {},
  };
}

let h: Harness;
let big: RenderView;

const shown = (page: Page) => page.$eval(".toolbar .count", (e) => Number((e as HTMLElement).dataset.shown));
const rowsInDom = (page: Page) => page.$$eval(".row", (e) => e.length);
const search = (page: Page) => page.locator("vscode-textfield.search input");

describe("inspector: windowed (80,000 messages)", () => {
  before(async () => {
    h = await startHarness();
    big = bigView(80_000);
  });
  after(async () => {
    await h?.close();
  });

  it("the page gets a summary and the rows it asks for, never the whole view; the DOM and every message stay bounded", async () => {
    await withPage(h, async ({ page, host }) => {
      await render(page, big);
      await page.waitForSelector(".row .msg");
      // 80,000 messages, each tool result in its call's card: 60,000 rows
      assert.equal(await shown(page), 60_000);
      // what the host posted: a summary (no messages in it), then answers of at most 200 rows
      assert.equal(host.sent[0].type, "summary");
      assert.ok(host.sent.every((m) => !("view" in m)), "no whole view");
      assert.ok(Math.max(...host.sentBytes) < MB, `largest message ${Math.max(...host.sentBytes)} bytes`);
      const delivered = () => host.sent.reduce((n, m) => n + (m.type === "rows" && m.answer ? m.answer.rows.length : 0), 0);
      assert.ok(delivered() > 0 && delivered() <= 400, `${delivered()} rows delivered for the first screen`);
      // the page asked for them: rows requests, each for a bounded window
      const asked = host.requests.filter((m) => m.type === "rows");
      assert.ok(asked.length > 0 && asked.every((m) => m.type === "rows" && m.query.count <= 200));
      const counts = [await rowsInDom(page)];
      for (const at of [0.5, 1]) {
        await page.locator(".scroller").evaluate((e, f) => {
          e.scrollTop = (e.scrollHeight - e.clientHeight) * f;
        }, at);
        const want = Math.floor(79_999 * at * 0.98);
        await page.waitForFunction((n) => [...document.querySelectorAll<HTMLElement>(".row .msg[data-line]")].some((m) => Number(m.dataset.line) > n), want);
        counts.push(await rowsInDom(page));
      }
      for (const n of counts) assert.ok(n > 0 && n <= 80, `${n} rows in the DOM (${counts})`);
      // the last message is on screen at the end
      await page.waitForSelector('.msg[data-side="before"][data-line="80001"]');
      // scrolling asked for the windows it showed, not for everything in between
      assert.ok(delivered() < 2_000, `${delivered()} rows delivered after two long jumps`);
      assert.ok(Math.max(...host.sentBytes) < MB);
      // the saved state: scroll position, filters, selection and the session: no rows
      await page.waitForFunction(() => JSON.parse(sessionStorage.getItem("__vscodeState") ?? "{}").scrollTop > 0);
      const saved = await page.evaluate(() => sessionStorage.getItem("__vscodeState")!);
      const keys = Object.keys(JSON.parse(saved)).sort();
      assert.ok(keys.every((k) => ["anchorKey", "filters", "scrollTop", "selectedLine", "uri"].includes(k)), keys.join());
      assert.ok(saved.length < 1000, `${saved.length} bytes of state`);
      assert.ok(!saved.includes("preview") && !saved.includes("message 7"), "no message text in the state");
    });
  });

  it("search runs on the host's side: three matches among 80,000, marked, and Enter jumps from one to the next", async () => {
    await withPage(h, async ({ page, host }) => {
      await render(page, big);
      await page.waitForSelector(".row .msg");
      await search(page).fill("wombat");
      await page.waitForFunction(() => Number(document.querySelector<HTMLElement>(".toolbar .count")!.dataset.shown) === 3);
      const asked = host.requests.filter((m) => m.type === "rows" && m.query.filters.search === "wombat");
      assert.ok(asked.length > 0, "the search went to the host with the rows request");
      await page.waitForFunction(() => document.querySelectorAll(".row mark.hit").length === 6).catch(async (e) => {
        throw new Error(`${e}: ${await page.evaluate(() => [...document.querySelectorAll(".row mark.hit")].map((m) => m.closest(".msg")?.className + ":" + m.textContent).join(" / "))}`);
      });
      // each matching row holds its needle (the tool result's in its call's card)
      const lines = await page.$$eval(".row", (rows) => rows.map((r) => [...r.querySelectorAll<HTMLElement>('.msg[data-side="before"]')].map((e) => Number(e.dataset.line))));
      assert.equal(lines.length, 3);
      NEEDLES.forEach((i, n) => assert.ok(lines[n].includes(i + 2), `row ${n} holds line ${i + 2}: ${lines[n]}`));
      for (const [n, i] of NEEDLES.entries()) {
        await search(page).press("Enter");
        await page.waitForFunction((k) => document.querySelector<HTMLElement>(".row.current-match")?.dataset.index === String(k), n);
        const text = await page.$eval(".row.current-match .msg[data-side=before] mark.hit", (e) => e.closest(".msg")!.querySelector(".preview")!.textContent);
        assert.ok(text?.startsWith(`here is the Wombat ${i}`), String(text));
      }
      // clearing the search: every row again
      await search(page).fill("");
      await page.waitForFunction(() => Number(document.querySelector<HTMLElement>(".toolbar .count")!.dataset.shown) === 60_000);
      // a role filter runs on the host's side too
      await page.locator(".filters-button").click();
      await page.locator('vscode-checkbox[data-role-filter="user"]').click();
      await page.waitForFunction(() => Number(document.querySelector<HTMLElement>(".toolbar .count")!.dataset.shown) === 40_000);
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>(".row .msg")].every((m) => m.dataset.role !== "user") && document.querySelectorAll(".row .msg").length > 0);
      // a revealed line far away arrives with its row
      await page.evaluate(() => window.postMessage({ type: "revealLine", line: 60_003 }, "*"));
      await page.waitForSelector('.msg[data-side="before"][data-line="60003"].highlight');
    });
  });
});

describe("inspector: a message's full text and time", () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  it("expand asks the host for the full text: tool arguments as indented JSON; expand again folds it", async () => {
    const specs: Spec[] = [{ user: 1, text: "run it" }, { assistant: 2, calls: ["bash_1"], args: { command: "ls -la", options: { depth: 2, paths: ["a", "b"] } } }, { result: 3, id: "bash_1", text: "done" }];
    const view = viewOf(sessionText(specs));
    await withPage(h, async ({ page, host }) => {
      await render(page, view);
      const cell = page.locator('.msg.cell[data-side="before"][data-role="assistant"]');
      await cell.waitFor();
      assert.equal(await page.locator(".fulltext").count(), 0);
      // drawn: the call is a card
      assert.equal(await cell.locator(":scope > .preview details.card").count(), 1);
      await cell.locator("button.expand").click();
      const pre = cell.locator("pre.fulltext");
      await pre.waitFor();
      const text = (await pre.textContent()) ?? "";
      assert.match(text, /\[tool call\] bash \(bash_1\)\n\{\n {2}"command": "ls -la",\n {2}"options": \{\n {4}"depth": 2,/);
      assert.equal(await cell.locator("button.expand").getAttribute("aria-pressed"), "true");
      const asked = host.requests.filter((m) => m.type === "fullText");
      assert.equal(asked.length, 1);
      assert.deepEqual(asked[0].type === "fullText" && { side: asked[0].query.side, key: asked[0].query.key }, { side: "before", key: view.before[1].key });
      // expanding did not open the line (the button is not the message's click)
      assert.equal((await page.evaluate(() => (window as any).__posted as { type: string }[])).filter((m) => m.type === "openLine").length, 0);
      await cell.locator("button.expand").click();
      await page.waitForFunction(() => document.querySelectorAll("pre.fulltext").length === 0);
      assert.equal(await cell.locator(":scope > .preview").count(), 1);
    });
  });

  it("a very long message shows its first part and says how long it is", async () => {
    const long = "word ".repeat(80_000);
    const view = viewOf(sessionText([{ user: 1, text: long }, { assistant: 2, text: "ok" }]));
    await withPage(h, async ({ page, host }) => {
      await render(page, view);
      const cell = page.locator('.msg[data-side="before"][data-role="user"]');
      await cell.locator("button.expand").click();
      const note = cell.locator(".fulltext-note[data-total-chars]");
      await note.waitFor();
      assert.equal(Number(await note.getAttribute("data-total-chars")), long.length);
      assert.match((await note.textContent()) ?? "", /Shows the first [\d,]+ of 400,000 characters/);
      assert.ok(Math.max(...host.sentBytes) < MB);
    });
  });

  it("a message with a timestamp shows its time; one without shows none", async () => {
    const view = viewOf(sessionText([{ user: 1 }, { assistant: 2, text: "ok" }]));
    const when = "2026-03-04T05:06:07.000Z";
    for (const m of [...view.before, ...view.after]) delete (m as ViewMessage & { timestamp?: string }).timestamp;
    (view.before[0] as ViewMessage & { timestamp?: string }).timestamp = when;
    await withPage(h, async ({ page }) => {
      await render(page, view);
      const time = page.locator('.msg[data-side="before"][data-line] time.time');
      await time.waitFor();
      assert.equal(await time.count(), 1);
      assert.equal(await time.getAttribute("datetime"), when);
      const local = new Date(when);
      const two = (n: number) => String(n).padStart(2, "0");
      // the page and this process share the time zone (the same machine)
      assert.equal(await time.textContent(), `${two(local.getHours())}:${two(local.getMinutes())}:${two(local.getSeconds())}`);
    });
  });
});
