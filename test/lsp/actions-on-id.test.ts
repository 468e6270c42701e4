/**
 * Issue 23 item 7: a diagnostic on a tool-call id is drawn on the key of its property, so the id's
 * hover shows its occurrence table first. With the cursor on the id itself, VS Code sends no
 * diagnostic with the code-action request (none overlaps the cursor): the server takes the
 * findings of the lines asked about from its own list (what its diagnostics show), so the id's
 * repairs, a provider finding's repair and the per-code actions are still offered there; the
 * hover lists the id's problems as the diagnostics show them (a severity override applied, a code
 * turned off left out).
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { LspClient } from "../helpers/lsp-client.js";
import { seedRegressionSpecs, sessionText, type Spec } from "../helpers/session-builder.js";
import { ccSession, toolResult, toolUse, text } from "../helpers/provider-sessions.js";

const SPECS: Spec[] = [...seedRegressionSpecs(), { result: 3170, id: "zz_1" }, { user: 4000 }, { assistant: 4100, calls: ["bash_23"] }, { result: 4150, id: "bash_23" }];
const TEXT = sessionText(SPECS);
const LINES = TEXT.split("\n");

/** A cursor (an empty range) inside the first quoted `id` on `line`, and that it is not in any of `diags`' ranges. */
function cursorOnId(line: number, id: string) {
  const character = LINES[line].indexOf(`"${id}"`) + 2;
  assert.ok(character > 1, `${id} on line ${line}`);
  return { start: { line, character }, end: { line, character } };
}

describe("the lightbulb and the hover on a tool-call id", () => {
  let c: LspClient;
  before(async () => {
    c = await LspClient.start({ severityOverrides: {}, collidingId: { enabled: true } });
  });
  after(async () => {
    await c.stop();
  });

  it("with the cursor on the id and no diagnostic sent: the repairs and the per-code actions of the id's findings", async () => {
    const u = "file:///virtual/actions-on-id.jsonl";
    c.open(u, TEXT);
    const d = await c.diagnosticsFor(u, 1);
    const orphan = d.find((x) => x.code === "orphan-result" && x.range.start.line === 15)!;
    const range = cursorOnId(15, "zz_1");
    assert.ok(range.start.character > orphan.range.end.character, "the diagnostic is on the key, before the id");
    const acts = await c.codeActions({ textDocument: { uri: u }, range, context: { diagnostics: [], triggerKind: 2 } });
    const titles = acts.map((a: any) => a.title);
    const fix = acts.find((a: any) => a.title === "Remove orphan tool result `zz_1`");
    assert.ok(fix, titles.join("; "));
    assert.equal(fix.kind, "quickfix");
    assert.deepEqual(fix.diagnostics.map((x: any) => [x.code, x.range]), [["orphan-result", orphan.range]], "the action names the server's own diagnostic");
    assert.ok(titles.includes("Turn off orphan-result in this workspace"), titles.join("; "));
    assert.ok(titles.includes("Show documentation for orphan-result"), titles.join("; "));
    // the reused id: its rename
    const reuse = await c.codeActions({ textDocument: { uri: u }, range: cursorOnId(10, "bash_23"), context: { diagnostics: [] } });
    assert.ok(reuse.some((a: any) => /^Rename .*`bash_23`/.test(a.title)), reuse.map((a: any) => a.title).join("; "));
    assert.ok(reuse.some((a: any) => a.title === "Turn off colliding-id in this workspace"));
  });

  it("a provider finding's repair with no diagnostic sent (the target rejects it)", async () => {
    c.settings = { provider: "gemini" };
    await c.conn.sendNotification("workspace/didChangeConfiguration", { settings: null });
    const u = "file:///virtual/actions-on-id-provider.jsonl";
    const t = ccSession([{ user: "hi" }, { assistant: [toolUse("toolu_a"), toolUse("toolu_b")] }, { user: [toolResult("toolu_a")] }, { user: [toolResult("toolu_b")] }, { assistant: [text("done")] }]);
    c.open(u, t);
    const d = await c.diagnosticsFor(u, 1);
    const split = d.find((x) => x.code === "results-split");
    assert.ok(split, JSON.stringify(d.map((x) => x.code)));
    const line = split.range.start.line;
    const acts = await c.codeActions({ textDocument: { uri: u }, range: { start: { line, character: 0 }, end: { line, character: 0 } }, context: { diagnostics: [] } });
    const merge = acts.find((a: any) => /^Merge the turn.s later result/.test(a.title));
    assert.ok(merge?.edit, acts.map((a: any) => a.title).join("; "));
    assert.ok(acts.some((a: any) => a.title === "Turn off results-split in this workspace"));
    c.settings = { severityOverrides: {}, collidingId: { enabled: true } };
    await c.conn.sendNotification("workspace/didChangeConfiguration", { settings: null });
  });

  it("the hover lists the id's problems as the diagnostics show them: an override applied, a code turned off left out", async () => {
    const u = "file:///virtual/actions-on-id-hover.jsonl";
    const at = { textDocument: { uri: u }, position: cursorOnId(15, "zz_1").start };
    c.open(u, TEXT);
    await c.diagnosticsFor(u, 1);
    let md: string = (await c.request("textDocument/hover", at)).contents.value;
    assert.ok(md.indexOf("| line | kind |") < md.indexOf("Problems of this id here"), md);
    assert.match(md, /\*\*error\*\* `orphan-result`/);
    c.settings = { severityOverrides: { "orphan-result": "warning" }, collidingId: { enabled: true } };
    let from = c.published.length;
    await c.conn.sendNotification("workspace/didChangeConfiguration", { settings: null });
    await c.diagnosticsFor(u, 1, from);
    md = (await c.request("textDocument/hover", at)).contents.value;
    assert.match(md, /\*\*warning\*\* `orphan-result`/, md);
    c.settings = { severityOverrides: { "orphan-result": "off" }, collidingId: { enabled: true } };
    from = c.published.length;
    await c.conn.sendNotification("workspace/didChangeConfiguration", { settings: null });
    await c.diagnosticsFor(u, 1, from);
    md = (await c.request("textDocument/hover", at)).contents.value;
    assert.doesNotMatch(md, /`orphan-result`/, md);
    assert.match(md, /\| line \| kind \|/, "the table stays");
    c.settings = { severityOverrides: {}, collidingId: { enabled: true } };
    await c.conn.sendNotification("workspace/didChangeConfiguration", { settings: null });
  });
});
