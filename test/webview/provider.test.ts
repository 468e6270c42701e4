/**
 * Issue 13 in the inspector: the header's provider badge shows the target provider and its
 * verdict from the server's view, lists every provider's verdict in its select, and choosing
 * another posts `showProvider` (the host re-renders with it); a view without a provider section
 * shows no badge. Labels are the server's, rendered as text.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { providerVerdicts } from "../../server/src/engine/providers/verdicts.js";
import { providerView } from "../../server/src/presentation/provider-view.js";
import { isWebviewToHost } from "../../server/src/protocol/webview.js";
import { ccSession, text, toolResult, toolUse } from "../helpers/provider-sessions.js";
import { type Harness, openPage, posted, render, startHarness, viewOf } from "./harness.js";

// Claude Code (Anthropic): results split over two lines (Bedrock and Gemini reject), an id Anthropic rejects.
const TEXT = ccSession([
  { user: "hi" },
  { assistant: [toolUse("toolu_a"), toolUse("toolu_b")] },
  { user: [toolResult("toolu_a")] },
  { user: [toolResult("toolu_b")] },
  { assistant: [toolUse("call|x")] },
  { user: [toolResult("call|x")] },
  { assistant: [text("done")] },
]);

describe("inspector: the target provider badge", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  it("shows the target and its verdict, and choosing another provider posts showProvider", async () => {
    const a = analyze(TEXT);
    const view = { ...viewOf(TEXT), provider: providerView(providerVerdicts(a)) };
    const { page, errors } = await openPage(h);
    try {
      await render(page, view);
      // the verdict is on the Details button; the badge and its select in the panel
      await page.locator(".details-button").click();
      const badge = page.locator(".provider-badge");
      await badge.waitFor();
      assert.equal(await badge.getAttribute("data-provider"), "anthropic");
      assert.equal(await badge.getAttribute("data-rejects"), "true");
      assert.equal(await badge.locator(".provider-target").textContent(), "Anthropic");
      assert.equal(await badge.locator(".provider-verdict").textContent(), "would reject: 1 problem");
      const options = await page.$$eval("vscode-single-select.provider-select vscode-option", (os) => os.map((o) => o.textContent ?? ""));
      assert.equal(options.length, 9);
      assert.equal(options[0], "Anthropic (detected): rejects, 1 problem");
      assert.ok(options.includes("OpenAI Responses: accepts"), options.join(" | "));

      await page.$eval("vscode-single-select.provider-select", (el: any) => {
        el.value = "openai-responses";
        el.dispatchEvent(new Event("change", { bubbles: true }));
      });
      await page.waitForFunction(() => (window as any).__posted.some((m: any) => m.type === "showProvider"));
      const sent = (await posted(page)).filter((m) => m.type === "showProvider");
      assert.deepEqual(sent, [{ type: "showProvider", provider: "openai-responses" }]);
      assert.ok(isWebviewToHost(sent[0]), "the host's guard accepts it");

      // the host's re-render with that provider
      await render(page, { ...view, provider: providerView(providerVerdicts(a, { target: "openai-responses" })) });
      await page.waitForFunction(() => document.querySelector(".provider-badge")?.getAttribute("data-provider") === "openai-responses");
      assert.equal(await badge.getAttribute("data-rejects"), "false");
      assert.equal(await badge.locator(".provider-verdict").textContent(), "accepts");
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  it("names the provider select's combobox (axe-core finds nothing with the Details panel open)", async () => {
    // found by the code-server UI suite (issue 23): the name was on the custom element only, not
    // on the combobox inside its shadow root, which is what a screen reader reaches
    const { page } = await openPage(h);
    try {
      await render(page, { ...viewOf(TEXT), provider: providerView(providerVerdicts(analyze(TEXT))) });
      await page.locator(".details-button").click();
      await page.locator(".provider-badge").waitFor();
      const name = await page.$eval("vscode-single-select.provider-select", (el) => el.shadowRoot?.querySelector("[role=combobox]")?.getAttribute("aria-label") ?? null);
      assert.equal(name, "See another provider's verdict");
      await page.evaluate(readFileSync(join(__dirname, "..", "..", "node_modules", "axe-core", "axe.min.js"), "utf8"));
      const found = await page.evaluate(async () => {
        const r = await (window as any).axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] });
        return r.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(" ")).join(", ")}`);
      });
      assert.deepEqual(found, []);
    } finally {
      await page.close();
    }
  });

  it("a session whose request is not known (Cursor): the badge says the rules checked nothing, with no verdict to choose", async () => {
    const cursor = readFileSync(join(__dirname, "..", "corpus", "cursor", "reviewstage-luke-0483ba11.jsonl"), "utf8");
    const { page, errors } = await openPage(h);
    try {
      await render(page, { ...viewOf(cursor), provider: providerView(providerVerdicts(analyze(cursor), { target: "bedrock" })) });
      await page.locator(".details-button").click();
      const badge = page.locator(".provider-badge");
      await badge.waitFor();
      assert.equal(await badge.getAttribute("data-not-checked"), "true");
      assert.equal(await badge.locator(".provider-verdict").textContent(), "not checked: what the agent sends is not known");
      assert.equal(await page.locator("vscode-single-select.provider-select").count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  it("no provider section, no badge", async () => {
    const { page } = await openPage(h);
    try {
      await render(page, viewOf(TEXT));
      assert.equal(await page.locator(".provider-badge").count(), 0);
    } finally {
      await page.close();
    }
  });

  it("the host's guard refuses a showProvider that is not a provider name", () => {
    for (const provider of [undefined, 3, "", "Anthropic", "a".repeat(41), "<img>"]) assert.equal(isWebviewToHost({ type: "showProvider", provider }), false, String(provider));
    assert.equal(isWebviewToHost({ type: "showProvider", provider: "auto" }), true);
  });
});
