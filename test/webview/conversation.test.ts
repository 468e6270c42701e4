/**
 * Issue 23 in the built page (headless Chromium, the panel's strict CSP): Markdown rendered
 * safely, a tool call and its result as one card with arguments pretty-printed, diffs, changes
 * only, the timeline, honest totals, the grid's semantics and keyboard, the header's size, and
 * axe-core in the four theme kinds. Every page must end with no page error and no CSP violation.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import type { RenderView } from "../../server/src/protocol/index.js";
import { corpusText, fixtureText } from "../helpers/corpus.js";
import { seedRegressionSpecs, sessionText, type Spec } from "../helpers/session-builder.js";
import { type Harness, type OpenPage, render, send, startHarness, type ThemeKind, viewOf, withPage } from "./harness.js";

let h: Harness;

/** A page of `size` in `theme` (the harness's withPage: no page error, no CSP violation). */
const inPage = (fn: (p: OpenPage) => Promise<void>, theme: ThemeKind = "dark", size = { width: 1200, height: 900 }) => withPage(h, fn, { theme, size });

const MD = [
  "# Plan",
  "",
  "Some **bold** and *em* text, `inline code`, a [site](https://example.com/x) and a [trap](javascript:alert(1)).",
  "",
  "<script>window.__pwned = 1</script><img src=x onerror=\"window.__pwned = 2\">",
  "",
  "```ts",
  "const answer: number = 42;",
  "```",
  "",
  "- one",
  "- two \u202Eevil",
].join("\n");

/** A session that shows the conversation view's parts. */
function conversationView(): RenderView {
  const specs: Spec[] = [
    { user: 1, text: MD },
    { assistant: 2, thinking: "secret plan", calls: ["bash_1"], args: { command: "ls -la", description: "list" } },
    { result: 3, id: "bash_1", text: "total 0\nfile.txt" },
    { assistant: 4, text: "done" },
  ];
  return viewOf(sessionText(specs));
}

const cellOf = (page: Page, side: "before" | "after", line: number) => page.locator(`.msg.cell[data-side="${side}"][data-line="${line}"]`);

describe("conversation view (issue 23, built page)", () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  it("renders Markdown safely: elements for the syntax, raw HTML as text, only http(s) links, code highlighted, invisible characters marked", async () => {
    await inPage(async ({ page }) => {
      await render(page, conversationView());
      const cell = cellOf(page, "before", 2);
      await cell.waitFor();
      assert.equal(await cell.locator(".md .md-heading.md-h1").textContent(), "Plan");
      assert.equal(await cell.locator(".md strong").textContent(), "bold");
      assert.equal(await cell.locator(".md em").textContent(), "em");
      assert.equal(await cell.locator(".md code.md-code").textContent(), "inline code");
      assert.deepEqual(await cell.locator(".md a").evaluateAll((as) => as.map((a) => [a.getAttribute("href"), a.textContent])), [["https://example.com/x", "site"]]);
      // markdown-it refuses the javascript: link: it stays text, and no anchor but the https one exists
      assert.match((await cell.locator(".md").textContent()) ?? "", /\[trap\]\(javascript:alert\(1\)\)/);
      // raw HTML is text: no script or img element from the transcript, and nothing ran
      const text = (await cell.locator(".md").textContent()) ?? "";
      assert.match(text, /<script>window\.__pwned = 1<\/script><img src=x/);
      assert.equal(await page.locator("#root script, #root img").count(), 0);
      assert.equal(await page.evaluate(() => (window as any).__pwned), undefined);
      // code highlighted (highlight.js classes from lowlight's tree), invisible control marked
      assert.equal(await cell.locator("pre.code-block[data-lang=ts] .hljs-keyword").first().textContent(), "const");
      assert.equal(await cell.locator(".md li .ctl").textContent(), "U+202E");
      assert.equal(await cell.locator(".md li").count(), 2);
    });
  });

  it("shows a tool call and its result as one collapsible card, arguments pretty-printed, thinking collapsed", async () => {
    await inPage(async ({ page }) => {
      const view = conversationView();
      await render(page, view);
      assert.equal(await page.$eval(".toolbar .count", (e) => Number((e as HTMLElement).dataset.total)), 3, "user, the call with its result, the answer");
      const call = cellOf(page, "before", 3);
      const card = call.locator("details.card");
      assert.equal(await card.count(), 1);
      assert.equal(await card.evaluate((d) => (d as HTMLDetailsElement).open), false, "collapsed");
      assert.match((await card.locator("summary").textContent()) ?? "", /bash\s*ls -la\s*result/);
      const thinking = call.locator("details.thinking");
      assert.equal(await thinking.evaluate((d) => (d as HTMLDetailsElement).open), false, "thinking collapsed");
      await card.locator("summary").click();
      await card.locator(".card-result").waitFor();
      assert.equal(await card.locator(".code-block[aria-label=Arguments]").textContent(), JSON.stringify({ command: "ls -la", description: "list" }, null, 2));
      const result = card.locator('.card-result[data-line="4"]');
      assert.match((await result.textContent()) ?? "", /total 0\s*file\.txt/);
      // the open card survives the row being drawn again (scroll away and back)
      await page.evaluate(() => document.querySelector(".scroller")!.scrollTo(0, 0));
      assert.equal(await card.evaluate((d) => (d as HTMLDetailsElement).open), true);
    });
  });

  it("the editor's cursor on a result's line highlights its call's row and opens the card on it", async () => {
    await inPage(async ({ page }) => {
      await render(page, conversationView());
      const call = cellOf(page, "before", 3);
      const card = call.locator("details.card");
      assert.equal(await card.evaluate((d) => (d as HTMLDetailsElement).open), false, "collapsed");
      await send(page, { type: "revealLine", line: 4 });
      await page.waitForFunction(() => document.querySelector<HTMLDetailsElement>('.msg.cell[data-side="before"][data-line="3"] details.card')?.open === true);
      assert.equal(await call.evaluate((e) => e.classList.contains("highlight")), true, "the call's cell is highlighted");
      assert.equal(await call.evaluate((e) => e.closest(".row")!.classList.contains("highlight")), true, "its row is highlighted");
      await card.locator('.card-result[data-line="4"]').waitFor();
      // the cursor elsewhere: the card closes again (it was not opened by hand)
      await send(page, { type: "revealLine", line: 5 });
      await page.waitForFunction(() => document.querySelector<HTMLDetailsElement>('.msg.cell[data-side="before"][data-line="3"] details.card')?.open === false);
    });
  });

  it("pretty-prints a Codex call's JSON-string arguments and draws apply_patch and Edit as diffs", async () => {
    await inPage(async ({ page }) => {
      await render(page, viewOf(corpusText("codex/daaain-structured.jsonl")));
      for (const s of await page.locator('.msg.cell[data-side="before"] details.card > summary').all()) await s.click();
      const args = await page.locator(".card .code-block[aria-label=Arguments]").allTextContents();
      assert.ok(args.includes(JSON.stringify({ cmd: "find . -maxdepth 1 -type f" }, null, 2)), args.join("\n---\n"));
      const patch = page.locator('.msg.cell[data-side="before"] .card .diff').first();
      assert.match((await patch.locator(".diff-title").textContent()) ?? "", /new file gamma\.txt/);
      assert.deepEqual(await patch.locator(".dl-add").allTextContents(), ["+synthetic\n"]);
    });
    await inPage(async ({ page }) => {
      const view = viewOf(fixtureText("claude-code/edit-call.jsonl"));
      await render(page, view);
      const edit = view.before.find((m) => m.toolNames?.includes("Edit"))!;
      await page.evaluate(async (line) => {
        // scroll until the Edit call's row is drawn
        const sc = document.querySelector(".scroller")!;
        for (let i = 0; i < 200 && !document.querySelector(`.msg.cell[data-side="before"][data-line="${line}"]`); i++) {
          sc.scrollTop += 300;
          await new Promise((r) => requestAnimationFrame(() => r(null)));
        }
      }, edit.line!);
      const card = cellOf(page, "before", edit.line!).locator("details.card").filter({ has: page.locator(":scope > summary .card-tool", { hasText: /^Edit$/ }) }).first();
      await card.locator("summary").click();
      const diff = card.locator(".diff");
      await diff.waitFor();
      assert.match((await diff.locator(".diff-title").textContent()) ?? "", /CLAUDE\.md/);
      assert.ok((await diff.locator(".dl-del").count()) > 0 && (await diff.locator(".dl-add").count()) > 0);
      assert.ok((await diff.locator(".dl-hunk").first().textContent())!.startsWith("@@ -"));
    });
  });

  it("changes only shows what pruning changed and folds the unchanged runs ('N unchanged messages'); a fold opens the full list there", async () => {
    await inPage(async ({ page }) => {
      const view = viewOf(sessionText(seedRegressionSpecs()));
      await render(page, view);
      const total = await page.$eval(".toolbar .count", (e) => Number((e as HTMLElement).dataset.total));
      await page.locator("vscode-checkbox.changes-only").click();
      await page.waitForSelector(".row.fold");
      const shown = await page.$eval(".toolbar .count", (e) => Number((e as HTMLElement).dataset.shown));
      assert.ok(shown < total, `${shown} of ${total}`);
      const folds = await page.$$eval(".row.fold .fold-cell", (els) => els.map((e) => [Number((e as HTMLElement).dataset.foldMessages), e.textContent]));
      assert.ok(folds.length > 0);
      for (const [n, text] of folds) assert.match(String(text), new RegExp(`^${n} unchanged messages?Show them$`));
      // every row shown is a change: a dropped, added or changed message (or a finding)
      const kept = await page.$$eval(".row:not(.fold)", (rows) => rows.map((r) => !!r.querySelector(".msg.dropped, .msg.synthetic, .msg.changed, .finding, .cell.empty")));
      assert.ok(kept.length > 0 && kept.every(Boolean), JSON.stringify(kept));
      const first = await page.$eval(".row.fold", (e) => (e as HTMLElement).dataset.key!);
      await page.locator(".row.fold .fold-show").first().click();
      await page.waitForFunction((t) => Number(document.querySelector<HTMLElement>(".toolbar .count")!.dataset.shown) === t, total);
      assert.equal(await page.locator("vscode-checkbox.changes-only").evaluate((c) => (c as any).checked), false);
      await page.waitForSelector(`.row[data-key="${first.slice("fold:".length)}"]`);
    });
  });

  it("draws the context-size timeline (uPlot, canvas) with ranges; choosing a response shows it in the list", async () => {
    await inPage(async ({ page }) => {
      const view = viewOf(sessionText(seedRegressionSpecs()));
      await render(page, view);
      await page.locator(".timeline-button").click();
      const chart = page.locator(".timeline[role=slider]");
      await chart.locator("canvas").waitFor();
      const points = Number(await chart.getAttribute("data-points"));
      const responses = view.before.filter((m) => m.role === "assistant").length;
      assert.equal(points, responses);
      assert.match((await chart.getAttribute("aria-label")) ?? "", new RegExp(`${responses} responses.*2 chain ranges`));
      // keyboard: the first response, Enter shows its row selected
      await chart.focus();
      await page.keyboard.press("Home");
      assert.match((await chart.getAttribute("aria-valuetext")) ?? "", /^Response 1 of/);
      await page.keyboard.press("Enter");
      const firstLine = view.before.find((m) => m.role === "assistant")!.line!;
      await page.waitForSelector(`.msg.highlight[data-line="${firstLine}"]`);
      // mouse: a click on the plot shows a response too
      const box = (await chart.locator(".u-over").boundingBox())!;
      await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
      const lastLine = view.before.filter((m) => m.role === "assistant").at(-1)!.line!;
      await page.waitForSelector(`.msg.highlight[data-line="${lastLine}"]`);
    });
  });

  it("shows a message's images on a canvas (bytes asked of the server; no image URL, img-src stays closed); other types say why not", async () => {
    const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
    const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=5"/>').toString("base64");
    const lines = sessionText([{ user: 1 }, { assistant: 2, text: "I see it" }]).split("\n");
    const entry = JSON.parse(lines[1]);
    entry.message.content = [{ type: "text", text: "look:" }, { type: "image", mimeType: "image/png", data: PNG }, { type: "image", mimeType: "image/svg+xml", data: SVG }];
    lines[1] = JSON.stringify(entry);
    await inPage(async ({ page, host }) => {
      await render(page, viewOf(lines.join("\n")));
      const cell = cellOf(page, "before", 2);
      const canvas = cell.locator("canvas.image-canvas[role=img]");
      await canvas.waitFor();
      assert.equal(await canvas.getAttribute("data-width"), "1");
      assert.match((await canvas.getAttribute("aria-label")) ?? "", /^image · image\/png · 1 KB, 1×1 px$/);
      const figs = await cell.locator("figure.image-block figcaption").allTextContents();
      assert.match(figs[1], /image\/svg\+xml.*Not shown: image\/svg\+xml/);
      assert.equal(await page.locator("#root img").count(), 0);
      assert.equal(await page.evaluate(() => (window as any).__pwned), undefined);
      // the bytes came as answers to the page's requests (each image in each column), within the bound
      const asked = host.requests.filter((m) => m.type === "fullText" && m.query.image !== undefined);
      assert.equal(asked.length, 4);
      assert.ok(host.sentBytes.every((n) => n < 1024 * 1024));
    });
  });

  it("says honestly what the difference is: 'adds N tokens: M synthetic results', never a negative saving", async () => {
    const view = viewOf(sessionText([{ user: 1 }, { assistant: 2, calls: ["bash_1"] }, { user: 3 }, { assistant: 4, text: "ok" }]));
    assert.ok(view.totals.after.tokens > view.totals.before.tokens);
    await inPage(async ({ page }) => {
      await render(page, view);
      const text = (await page.locator(".total.saving").textContent()) ?? "";
      assert.match(text, new RegExp(`^adds ${view.totals.after.tokens - view.totals.before.tokens} tokens: 1 synthetic result`));
      assert.doesNotMatch(text, /saving|-\d/i);
    });
  });
});

describe("accessibility (issue 23, built page)", () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  /** The seed's chains, an orphan (findings, fix buttons), an unresolved range, Markdown, a card, ids. */
  const orphanFindings = (): RenderView =>
    viewOf(sessionText([...seedRegressionSpecs(), { result: 3170, id: "zz_9" }, { user: 4000, text: "**more** `code`" }, { assistant: 4100, calls: ["read_1"] }, { result: 4150, id: "read_1" }, { chain: { blockId: "b9", start: 123456, final: 123999, dropped: ["nope_1"] } }]));

  it("is a grid with row counts, one Tab stop, arrow keys inside, and cells named by column, role, line, state and findings", async () => {
    await inPage(async ({ page }) => {
      const view = orphanFindings();
      await render(page, view);
      const grid = page.locator("[role=grid]");
      const count = await page.$eval(".toolbar .count", (e) => Number((e as HTMLElement).dataset.shown));
      assert.equal(Number(await grid.getAttribute("aria-rowcount")), count + 1);
      assert.equal(await grid.locator("[role=columnheader]").count(), 3);
      const indices = await grid.locator(".scroller [role=row]").evaluateAll((rs) => rs.map((r) => Number(r.getAttribute("aria-rowindex"))));
      assert.deepEqual(indices.slice(0, 3), [2, 3, 4]);
      // one Tab stop in the whole list
      assert.equal(await grid.locator('[tabindex="0"], a[href]:not([tabindex="-1"]), button:not([tabindex="-1"]), summary:not([tabindex="-1"])').count(), 1);
      // nothing interactive inside another interactive element
      const nested = await page.evaluate(() => {
        const sel = 'button, a[href], summary, [role="button"], [role="link"], input, select';
        return [...document.querySelectorAll(sel)].filter((el) => el.parentElement?.closest(sel)).length;
      });
      assert.equal(nested, 0, "controls nested in controls");
      // a dropped message's cell says what it is and by what; a flagged one its findings
      const dropped = view.before.find((m) => m.droppedBy && m.role === "assistant")!;
      assert.match((await cellOf(page, "before", dropped.line!).locator(".cell-summary").textContent()) ?? "", new RegExp(`^Before: assistant, calls bash, line ${dropped.line}, dropped by ${dropped.droppedBy!.label}`));
      await page.evaluate(() => document.querySelector(".scroller")!.scrollTo(0, 1e6));
      const orphan = view.before.find((m) => m.toolCallId === "zz_9")!;
      const orphanCell = cellOf(page, "before", orphan.line!);
      await orphanCell.waitFor();
      assert.match((await orphanCell.locator(".cell-summary").textContent()) ?? "", /^Before: tool result, of zz, line \d+, dropped by orphan-sweep, \d+ findings?: .*orphan-result \(error\)/);
      // keyboard: Tab reaches the grid once, arrows move, Enter goes into the cell, Escape back
      await page.evaluate(() => document.querySelector(".scroller")!.scrollTo(0, 0));
      const first = page.locator('[role=grid] [tabindex="0"]');
      await first.focus();
      const at = () => page.evaluate(() => {
        const c = document.activeElement!.closest('[role="gridcell"]')!;
        return [Number(c.closest('[role="row"]')!.getAttribute("aria-rowindex")), Number(c.getAttribute("aria-colindex")), document.activeElement === c];
      });
      assert.deepEqual(await at(), [2, 1, true]);
      // the focus moves on the next frame (the row may have to be drawn first)
      const movedTo = (row: number, col: number) =>
        page.waitForFunction(([r, c]) => {
          const cell = document.activeElement?.closest('[role="gridcell"]');
          return cell === document.activeElement && cell?.getAttribute("aria-colindex") === String(c) && cell.closest('[role="row"]')?.getAttribute("aria-rowindex") === String(r);
        }, [row, col]);
      await page.keyboard.press("ArrowDown");
      await movedTo(3, 1);
      await page.keyboard.press("ArrowRight");
      await movedTo(3, 2);
      await page.keyboard.press("Enter");
      assert.deepEqual(await at(), [3, 2, false], "Enter: into the cell's controls");
      await page.keyboard.press("Escape");
      assert.deepEqual(await at(), [3, 2, true]);
      assert.equal(await page.locator('[role=grid] [tabindex="0"]').count(), 1, "the Tab stop followed");
    });
  });

  it("names the search field and every control", async () => {
    await inPage(async ({ page }) => {
      await render(page, orphanFindings());
      assert.equal(await page.locator("vscode-textfield.search").evaluate((t) => t.shadowRoot!.querySelector("input")!.getAttribute("aria-label")), "Search messages");
      const unnamed = await page.evaluate(() => [...document.querySelectorAll("button")].filter((b) => !(b.getAttribute("aria-label") || b.textContent?.trim())).map((b) => b.className));
      assert.deepEqual(unnamed, []);
    });
  });

  const AXE = readFileSync(join(__dirname, "..", "..", "node_modules", "axe-core", "axe.min.js"), "utf8");
  // VS Code 1.139's default theme, Light 2026 (extensions/theme-defaults/themes/2026-light.json)
  const LIGHT_2026 = { foreground: "#202020", "editor-background": "#ffffff", "textCodeBlock-background": "#eaeaea", "textLink-foreground": "#0069cc", "textPreformat-foreground": "#606060", "textPreformat-background": "#ececec" };
  const codeThemes: [string, ThemeKind, Record<string, string>?][] = [["dark", "dark"], ["light", "light"], ["high-contrast", "high-contrast"], ["high-contrast-light", "high-contrast-light"], ["Light 2026", "light", LIGHT_2026]];
  for (const [name, theme, colours] of codeThemes) {
    it(`inline code and highlighted code keep their contrast under the host's default code style in ${name}`, async () => {
      // found by axe-core in the code-server UI suite (High Contrast Light: `inline code` white on
      // light grey, keywords dark blue on dark blue; Light 2026: keywords 4.48:1 on the code block)
      await inPage(
        async ({ page }) => {
          if (colours) await page.evaluate((c) => Object.entries(c).forEach(([k, v]) => document.documentElement.style.setProperty(`--vscode-${k}`, v)), colours);
          await render(page, conversationView());
          await page.locator(".md code.md-code").first().waitFor();
          await page.locator("pre.code-block .hljs-keyword").first().waitFor();
          await page.evaluate(AXE);
          const found = await page.evaluate(async () => {
            const r = await (window as any).axe.run(document, { runOnly: { type: "rule", values: ["color-contrast"] }, resultTypes: ["violations"] });
            return r.violations.flatMap((v: any) => v.nodes.map((n: any) => `${n.target.join(" ")}: ${n.any[0]?.message ?? ""}`));
          });
          assert.deepEqual(found, []);
        },
        theme,
        { width: 1000, height: 800 },
      );
    });

    it(`axe-core finds no WCAG A/AA violation in ${theme} (rows, cards, findings, each panel open)`, async () => {
      await inPage(
        async ({ page }) => {
          await render(page, orphanFindings());
          for (const s of (await page.locator("details.card > summary").all()).slice(0, 2)) await s.click();
          // axe runs through the DevTools protocol (like page.evaluate): the page's CSP does not apply to it
          await page.evaluate(AXE);
          const run = () =>
            page.evaluate(async () => {
              const r = await (window as any).axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] });
              return r.violations.map((v: any) => ({ id: v.id, nodes: v.nodes.slice(0, 4).map((n: any) => `${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1, 2).join(" ")}`) }));
            });
          const result = await run();
          // with each panel open in turn (Filters, Details, Timeline), where the page has them
          for (const button of [".filters-button", ".details-button", ".timeline-button"]) {
            if (!(await page.locator(button).count())) continue;
            await page.locator(button).click();
            for (const v of await run()) if (!result.some((r: { id: string }) => r.id === v.id)) result.push(v);
          }
          assert.deepEqual(result, [], JSON.stringify(result, null, 1));
        },
        theme,
        { width: 1000, height: 800 },
      );
    });
  }
});

describe("layout (issue 23, built page)", () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  it("keeps the header within about 20% of a 620x568 panel", async () => {
    await inPage(
      async ({ page }) => {
        const view = viewOf(sessionText(seedRegressionSpecs()));
        view.totals.recorded = { responses: 42, input: 12_345_678, output: 345_678, cacheRead: 98_765_432, cacheWrite: 1_234_567, reasoning: 4_321, cost: 123.4567 };
        await render(page, view);
        const header = await page.$eval(".header", (e) => e.getBoundingClientRect().height);
        assert.ok(header <= 568 * 0.2 + 2, `header ${header}px of 568`);
      },
      "dark",
      { width: 620, height: 568 },
    );
  });

  it("reaches every filter at 300 px without an inner scroll", async () => {
    await inPage(
      async ({ page }) => {
        await render(page, viewOf(sessionText(seedRegressionSpecs())));
        await page.locator(".filters-button").click();
        const controls = ["vscode-textfield.search", "vscode-checkbox.changes-only", "vscode-checkbox[data-role-filter]", ".tool-filter", "vscode-checkbox.only-findings", ".details-button", ".timeline-button"];
        for (const sel of controls) {
          const boxes = await page.locator(sel).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
          assert.ok(boxes.length > 0, sel);
          for (const b of boxes) assert.ok(b.left >= 0 && b.right <= 300 + 0.5 && b.top >= 0 && b.bottom <= 568, `${sel} at ${JSON.stringify(b)}`);
        }
        const scrolls = await page.evaluate(() => [...document.querySelectorAll(".header, .header *")].filter((e) => e.scrollHeight > e.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(e).overflowY)).length);
        assert.equal(scrolls, 0, "no inner scroll in the header");
      },
      "dark",
      { width: 300, height: 568 },
    );
  });
});
