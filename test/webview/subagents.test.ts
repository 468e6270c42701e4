/**
 * Issue 23 item 4 in the built page: subagents open in place and open their own file. Claude
 * Code 2.0's subagent lines in the session file are a group under the Task call whose messages
 * show when it opens; a subagent with a transcript of its own lists its first messages (asked of
 * the host when the group opens) and a button opens the file (`openSubagent`); one whose file was
 * not found says where it was looked for. Hostile text stays text; axe-core finds nothing with the
 * groups open in the four theme kinds.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { HostToWebview, RenderView, SubagentAnswer, WebviewToHost } from "../../server/src/protocol/index.js";
import { corpusText } from "../helpers/corpus.js";
import { fakeHostHandler, type Harness, type HostHandler, hostOf, type OpenPage, posted, startHarness, type ThemeKind, viewOf, withPage } from "./harness.js";

let h: Harness;

/** The showcase session (two Agent calls) with the server's marks: showcol2's transcript found, showcol1's not. */
function showcase(): RenderView {
  const view = viewOf(corpusText("claude-code/daaain-minimal-showcase-parallel-agents.jsonl"), "file:///w/55550000-0000-4000-8000-000000000001.jsonl");
  for (const m of view.before) for (const r of m.subagents ?? []) if (r.id === "showcol2") r.file = "agent-showcol2.jsonl";
  return view;
}

const ANSWER: SubagentAnswer = {
  toolCallId: "",
  id: "showcol2",
  uri: "file:///w/55550000-0000-4000-8000-000000000001/subagents/agent-showcol2.jsonl",
  file: "agent-showcol2.jsonl",
  format: "claude-code",
  total: 4,
  messages: [
    { role: "user", preview: "Survey src/jobs <img src=x onerror=\"window.__pwned=1\"> \u202Eevil", line: 1 },
    { role: "assistant", preview: "Reading the folder", line: 2, toolNames: ["Glob"] },
  ],
};

/** The fake host, answering `subagent` with ANSWER (nothing before the page is known: "ready"). */
const subagentHost =
  (page: () => OpenPage["page"] | undefined): HostHandler =>
  async (m: WebviewToHost): Promise<HostToWebview | null> => {
    if (!page()) return null;
    if (m.type === "subagent") return { type: "subagent", id: m.id, answer: { ...ANSWER, toolCallId: m.query.toolCallId } };
    return fakeHostHandler(() => hostOf(page()!))(m);
  };

/** A page of 1100×800 in `theme` showing `view`, with the subagent host (the harness's withPage). */
const inPage = (view: RenderView, fn: (p: OpenPage) => Promise<void>, theme: ThemeKind = "dark") => withPage(h, fn, { theme, size: { width: 1100, height: 800 }, handler: subagentHost, view });

describe("subagents open in place and open their file (issue 23 item 4, built page)", () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  it("Claude Code 2.0: the subagent lines in the file open under the Task call, each line a button", async () => {
    await inPage(viewOf(corpusText("claude-code/daaain-sidechain-integrated.jsonl"), "file:///w/s.jsonl"), async ({ page }) => {
      const group = page.locator('.msg.cell[data-side="before"][data-line="1"] details.subagent.sidechain');
      await group.waitFor();
      assert.equal(await group.evaluate((d) => (d as HTMLDetailsElement).open), false, "closed at first");
      assert.match(await group.locator("summary").innerText(), /subagent · 2 messages \(lines 3–5\)/);
      await group.locator("summary").click();
      const items = group.locator(".subagent-messages li");
      await items.first().waitFor();
      assert.equal(await items.count(), 2);
      assert.deepEqual(await items.evaluateAll((els) => els.map((e) => e.getAttribute("data-line"))), ["3", "5"]);
      await items.first().locator("button.line").click();
      assert.deepEqual((await posted(page)).filter((m) => m.type === "openLine").at(-1), { type: "openLine", line: 3 });
    });
  });

  it("a transcript of its own: its first messages when the group opens, and a button that opens the file", async () => {
    await inPage(showcase(), async ({ page }) => {
      const found = page.locator('details.subagent.own-file[data-subagent="showcol2"]');
      await found.waitFor();
      assert.match(await found.locator("summary").innerText(), /subagent · agent-showcol2\.jsonl/);
      assert.equal((await posted(page)).filter((m) => m.type === "subagent").length, 0, "nothing asked before it opens");
      await found.locator("summary").click();
      const items = found.locator(".subagent-messages li");
      await items.nth(1).waitFor();
      const asked = (await posted(page)).filter((m) => m.type === "subagent") as Extract<WebviewToHost, { type: "subagent" }>[];
      assert.equal(asked.length, 1);
      const callId = asked[0].query.toolCallId;
      assert.match(await items.nth(0).innerText(), /<img src=x onerror="window.__pwned=1">/);
      assert.equal(await items.nth(0).locator(".ctl").innerText(), "U+202E");
      assert.match(await items.nth(1).innerText(), /assistant\s*Glob\s*Reading the folder/);
      assert.match(await found.locator(".content-note").innerText(), /The first 2 of 4 messages\./);
      assert.equal(await page.locator("#root img").count(), 0);
      assert.equal(await page.evaluate(() => (window as any).__pwned), undefined);
      const open = found.locator("button.open-subagent");
      assert.equal(await open.getAttribute("aria-label"), "Open transcript agent-showcol2.jsonl with its inspector");
      await open.click();
      assert.deepEqual((await posted(page)).filter((m) => m.type === "openSubagent"), [{ type: "openSubagent", toolCallId: callId }]);

      const missing = page.locator('details.subagent.own-file[data-subagent="showcol1"]');
      assert.match(await missing.locator("summary").innerText(), /agent-showcol1\.jsonl · not found beside the session/);
      await missing.locator("summary").click();
      assert.match(await missing.locator(".content-note").innerText(), /subagents\/agent-showcol1\.jsonl; it is not there/);
      assert.equal(await missing.locator("button.open-subagent").count(), 0);
    });
  });

  it("the group's controls are reached from the grid: Enter in the cell, then Tab", async () => {
    await inPage(showcase(), async ({ page }) => {
      const summary = page.locator('details.subagent.own-file[data-subagent="showcol2"] > summary');
      await summary.waitFor();
      assert.equal(await summary.getAttribute("tabindex"), "-1", "one Tab stop: the grid's");
      const cell = summary.locator("xpath=ancestor::*[@role='gridcell'][1]");
      await cell.focus();
      await page.keyboard.press("Enter");
      for (let i = 0; i < 12 && !(await summary.evaluate((s) => s === document.activeElement)); i++) await page.keyboard.press("Tab");
      assert.equal(await summary.evaluate((s) => s === document.activeElement), true, "Tab goes round the cell's controls to the group");
      await page.keyboard.press("Enter");
      await page.locator('details.subagent.own-file[data-subagent="showcol2"] .subagent-messages li').first().waitFor();
    });
  });

  const AXE = readFileSync(join(__dirname, "..", "..", "node_modules", "axe-core", "axe.min.js"), "utf8");
  for (const theme of ["dark", "light", "high-contrast", "high-contrast-light"] as ThemeKind[])
    it(`axe-core finds no WCAG A/AA violation with the subagent groups open in ${theme}`, async () => {
      await inPage(
        showcase(),
        async ({ page }) => {
          for (const s of await page.locator("details.subagent > summary").all()) await s.click();
          await page.locator("details.subagent .subagent-messages li").first().waitFor();
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
