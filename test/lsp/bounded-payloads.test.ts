/**
 * Issue 11 items 1 and 3: bounded payloads over a real stdio connection to the built server.
 * A session with more than 1,000 findings publishes 1,000, errors first then by line, and the
 * status notification says how many exist; a hover on an id with many occurrences shows a capped
 * table with the total, while references stay complete.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { documentDiagnostics, MAX_DIAGNOSTICS_BYTES, MAX_MESSAGE_CHARS } from "../../server/src/lsp/diagnostics-bound.js";
import { DocModel } from "../../server/src/lsp/model.js";
import { DEFAULT_SETTINGS } from "../../server/src/lsp/settings.js";
import { genericOnly } from "../helpers/provider-diagnostics.js";
import { LspClient } from "../helpers/lsp-client.js";
import { sessionText, type Spec } from "../helpers/session-builder.js";

/** 1,200 turns whose call gets no result before the next user message (dangling-call, warning),
 * then 300 orphan results (orphan-result, error) at the end of the file. */
function manyFindings(): string {
  const specs: Spec[] = [];
  let t = 1;
  for (let i = 0; i < 1200; i++) specs.push({ user: t++ }, { assistant: t++, calls: [`d_${i}`] });
  specs.push({ user: t++ }, { assistant: t++, calls: ["a_1"] }, { result: t++, id: "a_1" });
  for (let i = 0; i < 300; i++) specs.push({ result: t++, id: `zz_${i}` });
  specs.push({ user: t++ });
  return sessionText(specs);
}

describe("bounded diagnostics over stdio", () => {
  let c: LspClient;
  before(async () => {
    c = await LspClient.start({ severityOverrides: {}, collidingId: { enabled: true } });
  });
  after(async () => {
    await c.stop();
  });

  it("a session with more than 1,000 findings publishes 1,000, errors first then by line; the status says capped", async () => {
    const text = manyFindings();
    const total = analyze(text).findings.length;
    assert.ok(total > 1000, `${total} findings`);
    const u = "file:///virtual/many-findings.jsonl";
    const from = c.notifications.length;
    c.open(u, text);
    const d = await c.diagnosticsFor(u, 1);
    assert.equal(d.length, 1000);
    const errors = d.filter((x) => x.severity === 1);
    const st = await c.status(u, from);
    assert.equal(errors.length, st.errors, "every error is kept");
    assert.equal(genericOnly(errors).length, 300);
    assert.ok(genericOnly(errors).every((x) => x.code === "orphan-result"));
    for (let i = 1; i < d.length; i++) {
      const [a, b] = [d[i - 1], d[i]];
      assert.ok(a.severity! < b.severity! || (a.severity === b.severity && a.range.start.line <= b.range.start.line), `ordered at ${i}`);
    }
    // the warnings kept are the first ones by line
    const warnings = d.filter((x) => x.severity === 2);
    assert.equal(warnings.length, 1000 - errors.length);
    assert.equal(genericOnly(warnings)[0].code, "dangling-call");
    // the total counts the provider rules' diagnostics too (information where only other providers reject)
    assert.equal(st.capped?.shown, 1000);
    assert.ok(st.capped!.total >= total, `${st.capped!.total} >= ${total}`);
    assert.ok(st.warnings >= 1200, "the counts cover every diagnostic, published or not");
  });

  it("below the bound: no cap in the status", async () => {
    const u = "file:///virtual/few-findings.jsonl";
    const from = c.notifications.length;
    c.open(u, sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "zz_9" }, { user: 5 }]));
    const d = await c.diagnosticsFor(u, 1);
    assert.equal(genericOnly(d).length, 1);
    const st = await c.status(u, from);
    assert.equal(st.capped, undefined);
  });

  it("hover on an id with 240 occurrences: 20 rows around this one, the total, and a pointer to Find All References; references list all", async () => {
    const specs: Spec[] = [];
    let t = 1;
    for (let i = 0; i < 120; i++) specs.push({ user: t++ }, { assistant: t++, calls: ["bash_0"] }, { result: t++, id: "bash_0" });
    const text = sessionText(specs);
    const u = "file:///virtual/many-occurrences.jsonl";
    c.open(u, text);
    await c.diagnosticsFor(u, 1);
    const lines = text.split("\n");
    const line = lines.findIndex((l, i) => i > 150 && l.includes('"toolCall"'));
    const character = lines[line].indexOf('"bash_0"') + 2;
    const h = await c.request("textDocument/hover", { textDocument: { uri: u }, position: { line, character } });
    const value: string = h.contents.value;
    assert.match(value, /240 occurrences in this file/);
    const rows = value.split("\n").filter((l) => l.startsWith("| [line"));
    assert.equal(rows.length, 20);
    assert.ok(rows.some((r) => r.includes("**(here)**")), "the hovered occurrence is in the table");
    assert.match(value, /Rows \d+–\d+ of 240\. Find All References \(Shift\+F12\) lists all 240\./);
    const refs = await c.request("textDocument/references", { textDocument: { uri: u }, position: { line, character }, context: { includeDeclaration: true } });
    assert.equal(refs.length, 240);
  });
});

describe("documentDiagnostics: the publish stays under 1 MB", () => {
  it("1,199 duplicate-call-id errors with 21 related places each: 1,000 published under 1 MB, related lists dropped last", () => {
    const ids = Array.from({ length: 1200 }, () => "x_1");
    const text = sessionText([{ user: 1 }, { assistant: 2, calls: ids }, { result: 3, id: "x_1" }, { user: 4 }]);
    const uri = "file:///virtual/dups.jsonl";
    const b = documentDiagnostics(new DocModel(analyze(text)), uri, DEFAULT_SETTINGS);
    assert.equal(b.diagnostics.length, 1000);
    assert.ok(b.capped && b.capped.shown === 1000 && b.capped.total > 1000);
    const bytes = Buffer.byteLength(JSON.stringify({ uri, version: 1, diagnostics: b.diagnostics }));
    assert.ok(bytes < MAX_DIAGNOSTICS_BYTES, `${bytes} bytes`);
    assert.equal(b.diagnostics[0].relatedInformation?.length, 21, "the first keep their related places");
    assert.equal(b.diagnostics[999].relatedInformation, undefined, "the last ones go without");
    assert.ok(b.diagnostics.every((d) => d.severity === 1));
  });

  it("a message longer than 2,000 characters is cut", () => {
    const id = `x_${"a".repeat(5000)}`;
    const text = sessionText([{ user: 1 }, { assistant: 2, calls: [id, id] }, { result: 3, id }, { user: 4 }]);
    const b = documentDiagnostics(new DocModel(analyze(text)), "file:///virtual/long.jsonl", DEFAULT_SETTINGS);
    const message = String(b.diagnostics.find((x) => x.code === "duplicate-call-id")!.message);
    assert.equal(message.length, MAX_MESSAGE_CHARS);
    assert.ok(message.endsWith("…"));
    assert.ok(message.startsWith("Tool-call id used twice in one message. `x_aaa"));
  });
});
