/**
 * Issue 23 item 4 in the built page (headless Chromium, the panel's strict CSP): a Claude Code
 * file with two root conversations shows only the second; the header says what is left out
 * ("6 messages of this file not shown: 1 other conversation"), the Branches panel lists every
 * conversation and branch with counts, and a button shows another (the page asks the host for
 * it with `showBranch`; the host answers with that branch's summary). Hostile text in a prompt
 * stays text; axe-core finds nothing with the panel open in the four theme kinds.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { analyze } from "../../server/src/engine/index.js";
import type { RenderView, WebviewToHost } from "../../server/src/protocol/index.js";
import { buildRenderView } from "../../server/src/presentation/view-model.js";
import { twoRootsText } from "../helpers/two-roots.js";
import { fakeHostHandler, type Harness, hostOf, type OpenPage, posted, send, startHarness, type ThemeKind, windowOf, withPage } from "./harness.js";

let h: Harness;

/** A host that answers `showBranch` as the extension and server do: the summary of that branch's view. */
function branchHost(text: string) {
  const views = new Map<string, RenderView>();
  const active = analyze(text);
  const viewFor = (leafId: string | null) => {
    const key = leafId ?? "";
    let v = views.get(key);
    if (!v) views.set(key, (v = buildRenderView(leafId ? analyze(text, { leafId }) : active, "file:///test/two.jsonl", 1, active.session.leafId)));
    return v;
  };
  return { viewFor, handler: (page: () => OpenPage["page"] | undefined) => {
    const rest = fakeHostHandler(() => hostOf(page()!));
    return async (m: WebviewToHost) => {
      if (!page()) return null; // "ready", before the page is known
      if (m.type !== "showBranch") return rest(m);
      const host = hostOf(page()!);
      host.window = windowOf(viewFor(m.leafId));
      return { type: "summary" as const, summary: host.window.summary };
    };
  } };
}

/** A page of 1000×800 in `theme` showing `text`'s branch, its host answering `showBranch` (the harness's withPage). */
function inPage(text: string, fn: (p: OpenPage, host: ReturnType<typeof branchHost>) => Promise<void>, theme: ThemeKind = "dark"): Promise<void> {
  const bh = branchHost(text);
  return withPage(h, (p) => fn(p, bh), { theme, size: { width: 1000, height: 800 }, handler: bh.handler, view: bh.viewFor(null) });
}

describe("hidden parts: branches and roots (issue 23 item 4, built page)", () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  it("says what the view leaves out, lists every conversation with counts, and shows the one picked", async () => {
    await inPage(twoRootsText(3, 2), async ({ page }) => {
      const note = page.locator(".branch-note");
      await note.waitFor();
      assert.equal(await note.getAttribute("data-left-out"), "6");
      assert.match((await note.innerText()).replace(/\s+/g, " "), /6 messages of this file not shown: 1 other conversation\./);
      assert.equal(await page.locator(".toolbar .count").innerText(), "4 of 4 rows");

      await note.locator("button.branch-open").click();
      const panel = page.locator("#panel-branches");
      await panel.waitFor();
      assert.equal(await page.locator(".branches-button").getAttribute("aria-expanded"), "true");
      const convs = panel.locator("section.conversation");
      assert.equal(await convs.count(), 2);
      assert.match(await convs.nth(0).locator("h3").innerText(), /Conversation 1 · from line 7 · 1 branch · shown/);
      assert.match(await convs.nth(1).locator("h3").innerText(), /Conversation 2 · from line 1 · 1 branch/);
      const shown = panel.locator("li.branch.shown");
      assert.equal(await shown.getAttribute("aria-current"), "true");
      assert.match(await shown.innerText(), /4 messages, lines 7–10/);
      const other = convs.nth(1).locator("li.branch");
      assert.match((await other.innerText()).replace(/\s+/g, " "), /6 messages not shown, from line 1, ends at line 6.*aaaaaaaa-aaaa question 2/);
      const show = other.locator("button.branch-show");
      assert.equal(await show.getAttribute("aria-label"), "Show the branch ending at line 6: 6 messages not shown, from line 1, ends at line 6");

      await show.click();
      await page.waitForFunction(() => document.querySelector(".branch-note")?.getAttribute("data-other-branch") === "true");
      const sent = (await posted(page)).filter((m) => m.type === "showBranch");
      assert.equal(sent.length, 1);
      assert.equal((sent[0] as { leafId: string }).leafId, "aaaaaaaa-aaaa-0000-4000-8000-000000000006");
      await page.locator(".toolbar .count", { hasText: "6 of 6 rows" }).waitFor();
      assert.match((await page.locator(".branch-note").innerText()).replace(/\s+/g, " "), /Another branch than the agent's \(it resumes the branch ending at line 10\)\. 4 messages of this file not shown: 1 other conversation\./);
      assert.equal(await page.locator('.msg.cell[data-side="before"][data-line="1"]').count(), 1, "the first conversation's rows");

      // back to the agent's branch
      await page.locator(".branch-note button.branch-back").click();
      await page.locator(".toolbar .count", { hasText: "4 of 4 rows" }).waitFor();
      const back = (await posted(page)).filter((m) => m.type === "showBranch").at(-1) as { leafId: string | null };
      assert.equal(back.leafId, null);
    });
  });

  it("draws a hostile prompt as text", async () => {
    const hostile = twoRootsText(2, 1).replace("aaaaaaaa-aaaa question 1", "<img src=x onerror=\\\"window.__pwned=1\\\"> \\u202Eevil");
    await inPage(hostile, async ({ page }) => {
      await page.locator(".branches-button").click();
      const prompt = page.locator("#panel-branches .branch-prompt").last();
      await prompt.waitFor();
      assert.match(await prompt.innerText(), /<img src=x onerror="window.__pwned=1">/);
      assert.equal(await prompt.locator(".ctl").innerText(), "U+202E");
      assert.equal(await page.locator("#root img").count(), 0);
      assert.equal(await page.evaluate(() => (window as any).__pwned), undefined);
    });
  });

  it("a linear session has no branch note and no Branches button", async () => {
    const bh = branchHost(twoRootsText(0, 2));
    await withPage(
      h,
      async ({ page }) => {
        await page.locator(".toolbar .count").waitFor();
        assert.equal(await page.locator(".branch-note, .branches-button").count(), 0);
        await send(page, { type: "revealLine", line: 1 });
      },
      { view: bh.viewFor(null) },
    );
  });

  const AXE = readFileSync(join(__dirname, "..", "..", "node_modules", "axe-core", "axe.min.js"), "utf8");
  for (const theme of ["dark", "light", "high-contrast", "high-contrast-light"] as ThemeKind[])
    it(`axe-core finds no WCAG A/AA violation with the Branches panel open in ${theme}`, async () => {
      await inPage(
        twoRootsText(3, 2),
        async ({ page }) => {
          await page.locator(".branches-button").click();
          await page.locator("#panel-branches li.branch").first().waitFor();
          await page.evaluate(AXE);
          const violations = await page.evaluate(async () => {
            const r = await (window as any).axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] });
            return r.violations.map((v: any) => ({ id: v.id, nodes: v.nodes.slice(0, 4).map((n: any) => `${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1, 2).join(" ")}`) }));
          });
          assert.deepEqual(violations, [], JSON.stringify(violations, null, 1));
        },
        theme,
      );
    });
});
