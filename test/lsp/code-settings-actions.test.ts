/**
 * Issue 23 item 2: the lightbulb on every diagnostic offers, as ESLint's extension does, "Turn off
 * <code> in this workspace" and "Show documentation for <code>" (commands the client runs), and
 * the setting the first one writes (`severityOverrides[code] = "off"`) really silences the code.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { LspClient } from "../helpers/lsp-client.js";
import { seedRegressionSpecs, sessionText, type Spec } from "../helpers/session-builder.js";

const SPECS: Spec[] = [...seedRegressionSpecs(), { result: 3170, id: "zz_1" }, { user: 4000 }, { assistant: 4100, calls: ["bash_23"] }, { result: 4150, id: "bash_23" }];
const TEXT = sessionText(SPECS);

describe("lightbulb: turn a code off, show its documentation", () => {
  let c: LspClient;
  before(async () => {
    c = await LspClient.start({ severityOverrides: {}, collidingId: { enabled: true } });
  });
  after(async () => {
    await c.stop();
  });

  it("every diagnostic gets both actions, one pair per code, after the repairs, with the client's commands and the code as argument", async () => {
    const u = "file:///virtual/code-settings.jsonl";
    c.open(u, TEXT);
    const d = await c.diagnosticsFor(u, 1);
    assert.ok(d.length > 3);
    for (const diag of d) {
      const acts = await c.codeActions({ textDocument: { uri: u }, range: diag.range, context: { diagnostics: [diag], only: ["quickfix"] } });
      // (the line's other findings get theirs too: the server adds the lines' findings the client did not send)
      const off = acts.filter((a: any) => a.command?.command === "transcriptInspector.turnOffCode" && a.command.arguments[0] === diag.code);
      const docs = acts.filter((a: any) => a.command?.command === "transcriptInspector.showCodeDocs" && a.command.arguments[0] === diag.code);
      assert.equal(off.length, 1, `${diag.code}: one turn-off action`);
      assert.equal(docs.length, 1, `${diag.code}: one documentation action`);
      assert.equal(off[0].title, `Turn off ${diag.code} in this workspace`);
      assert.equal(docs[0].title, `Show documentation for ${diag.code}`);
      assert.deepEqual(off[0].command.arguments, [diag.code]);
      assert.deepEqual(docs[0].command.arguments, [diag.code]);
      assert.equal(off[0].kind, "quickfix");
      assert.equal(off[0].edit, undefined, "the server writes no setting itself");
      assert.deepEqual(off[0].diagnostics.map((x: any) => x.code), [diag.code]);
      // the repairs come first (the preferred fix stays on top), these two after them
      const firstSetting = acts.indexOf(off[0]);
      assert.ok(acts.slice(firstSetting).every((a: any) => a.command || a.disabled), `${diag.code}: no repair after the settings actions`);
    }
  });

  it("two diagnostics of one code: one pair; two codes: a pair each", async () => {
    const u = "file:///virtual/code-settings.jsonl";
    const d = await c.diagnosticsFor(u, 1);
    const pruned = d.filter((x) => x.code === "pruned");
    assert.ok(pruned.length >= 2);
    const orphan = d.find((x) => x.code === "orphan-result")!;
    const range = { start: { line: 0, character: 0 }, end: { line: TEXT.split("\n").length, character: 0 } };
    const acts = await c.codeActions({ textDocument: { uri: u }, range, context: { diagnostics: [pruned[0], pruned[1], orphan], only: ["quickfix"] } });
    const titles = acts.filter((a: any) => a.command && /^(Turn off|Show documentation)/.test(a.title)).map((a: any) => a.title);
    // the codes of the diagnostics sent first, in their order, then those of the other findings on the lines asked about, each once
    assert.deepEqual(titles.slice(0, 4), ["Turn off pruned in this workspace", "Show documentation for pruned", "Turn off orphan-result in this workspace", "Show documentation for orphan-result"]);
    const codes = new Set(d.filter((x) => x.code !== "pruned").map((x) => String(x.code)));
    assert.deepEqual(new Set(titles.filter((t: string) => t.startsWith("Turn off")).map((t: string) => t.replace(/^Turn off (\S+) .*$/, "$1"))), new Set(["pruned", ...codes]));
    assert.equal(new Set(titles).size, titles.length, "one pair per code");
  });

  it("another source's diagnostic (a JSON linter's) gets neither action", async () => {
    const u = "file:///virtual/code-settings.jsonl";
    const foreign = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, message: "x", code: "orphan-result", source: "json" };
    const acts = await c.codeActions({ textDocument: { uri: u }, range: foreign.range, context: { diagnostics: [foreign], only: ["quickfix"] } });
    assert.deepEqual(acts.filter((a: any) => a.command?.command?.startsWith("transcriptInspector.")), []);
  });

  it("the setting the action writes silences the code: its diagnostics go, the others stay", async () => {
    const u = "file:///virtual/code-settings.jsonl";
    const d = await c.diagnosticsFor(u, 1);
    const codes = new Set(d.map((x) => x.code));
    assert.ok(codes.has("orphan-result") && codes.has("pruned"));
    // what the client's turnOffCode writes (extension/src/codeSettings.ts), then didChangeConfiguration as VS Code sends it
    c.settings = { severityOverrides: { "orphan-result": "off" }, collidingId: { enabled: true } };
    let from = c.published.length;
    await c.conn.sendNotification("workspace/didChangeConfiguration", { settings: null });
    const d2 = await c.diagnosticsFor(u, 1, from);
    assert.ok(!d2.some((x) => x.code === "orphan-result"), "orphan-result is off");
    for (const code of codes) if (code !== "orphan-result") assert.ok(d2.some((x) => x.code === code), `${code} stays`);
    // the editor-only hint too
    c.settings = { severityOverrides: { "orphan-result": "off", pruned: "off" }, collidingId: { enabled: true } };
    from = c.published.length;
    await c.conn.sendNotification("workspace/didChangeConfiguration", { settings: null });
    const d3 = await c.diagnosticsFor(u, 1, from);
    assert.ok(!d3.some((x) => x.code === "pruned" || x.code === "orphan-result"));
    assert.ok(d3.length > 0);
  });
});
