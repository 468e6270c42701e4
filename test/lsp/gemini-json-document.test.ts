/**
 * Issue 25 item 2: a Gemini CLI chat of one JSON document (`session-*.json`, before 0.40) opened as
 * VS Code opens it (languageId `json`, the extension's selector `**\/session-*.json`) through the
 * built server: diagnostics on the JSON text at the value's line and columns (the same as `check`),
 * hovers and references on the call ids, code actions that answer without an edit the format does
 * not offer (a document is never repaired line by line), the status the status bar shows; a real
 * Gemini chat (test/corpus/gemini-cli) too. A `session-*.json` that is no Gemini session gets no
 * diagnostics and no hover.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { analyze, pathPlace } from "../../server/src/engine/index.js";
import { checkJson } from "../../server/src/presentation/report.js";
import { corpusText, fixtureText } from "../helpers/corpus.js";
import { LspClient } from "../helpers/lsp-client.js";
import { genericOnly, isProviderOnly } from "../helpers/provider-diagnostics.js";

const CALL_ID = "write_file-1761077079637-de5db03a65079";
/** The legacy document with its first call's result gone: a dangling call on the call's own line. */
const DANGLING = fixtureText("gemini-cli/legacy-document.json").replace('"result": [', '"result": null, "was": [');
const uri = (name: string) => `file:///home/u/.gemini/tmp/98f54143/chats/${name}`;

describe("a Gemini CLI JSON session opened with languageId json", () => {
  let c: LspClient;
  before(async () => {
    c = await LspClient.start();
  });
  after(async () => {
    await c.stop();
  });

  async function openJson(name: string, text: string) {
    const u = uri(name);
    const from = c.published.length;
    const nFrom = c.notifications.length;
    c.open(u, text, 1, "json");
    const d = await c.diagnosticsFor(u, 1, from);
    const st = await c.status(u, nFrom);
    return { u, d, st };
  }

  it("diagnostics land on the JSON text where `check` puts them: the call id's line and columns", async () => {
    const { d, st } = await openJson("session-2025-10-21T20-04-99ebeb3d.json", DANGLING);
    assert.equal(st.isSession, true);
    assert.equal(st.format, "gemini-cli");
    const cli = checkJson("x.json", analyze(DANGLING)).findings;
    assert.ok(cli.some((f) => f.code === "dangling-call"));
    // the generic findings as `check` gives them; the target provider's own (count-mismatch: Gemini's API
    // wants as many responses as calls) at the same place
    assert.ok(d.some(isProviderOnly));
    for (const x of d.filter(isProviderOnly)) assert.deepEqual(x.range, d.find((y) => y.code === "dangling-call")!.range);
    assert.deepEqual(
      genericOnly(d).map((x) => `${x.code}@${x.range.start.line + 1}:${x.range.start.character + 1}-${x.range.end.character + 1}`).sort(),
      cli.map((f) => `${f.code}@${f.line}:${f.column}-${f.endColumn}`).sort(),
    );
    const dangling = d.find((x) => x.code === "dangling-call")!;
    const line = DANGLING.split("\n")[dangling.range.start.line];
    assert.equal(line.trim(), `"id": "${CALL_ID}",`);
    assert.equal(line.slice(dangling.range.start.character, dangling.range.end.character), `"${CALL_ID}"`);
    assert.equal(st.errors + st.warnings > 0, true, "the status bar counts it");
  });

  it("hover and references on a call id; code actions answer and offer no line edit of the document", async () => {
    const text = fixtureText("gemini-cli/legacy-document.json");
    const { u, d } = await openJson("session-2025-10-21T20-04-hover.json", text);
    assert.deepEqual(d, []);
    const lines = text.split("\n");
    const callLine = lines.findIndex((l) => l.includes(`"id": "${CALL_ID}"`));
    const resultLine = lines.findIndex((l, i) => i > callLine && l.includes(`"id": "${CALL_ID}"`));
    assert.ok(callLine > 0 && resultLine > callLine);
    const at = (line: number) => ({ textDocument: { uri: u }, position: { line, character: lines[line].indexOf(CALL_ID) + 3 } });
    const h = await c.request("textDocument/hover", at(callLine));
    assert.ok(h, "a hover on the call's id");
    assert.equal(h.contents.kind, "markdown");
    assert.match(h.contents.value, /2 occurrences/);
    assert.match(h.contents.value, /^\*\*Tool-call id\*\* write\\_file\\-1761077079637\\-de5db03a65079: 2 occurrences/);
    // the table links the lines of the ids themselves, not the first line of their message
    assert.deepEqual([...h.contents.value.matchAll(/\[line (\d+)\]/g)].map((m: RegExpMatchArray) => Number(m[1])), [callLine + 1, resultLine + 1]);
    assert.equal(h.range.start.line, callLine, "the hover's range is the id on its own line");
    assert.equal(lines[callLine].slice(h.range.start.character, h.range.end.character), `"${CALL_ID}"`);
    const def = await c.request("textDocument/definition", at(resultLine));
    assert.deepEqual(def.map((l: any) => l.range.start.line), [callLine], "a result's id goes to its call's id");
    const refs = await c.request("textDocument/references", { ...at(resultLine), context: { includeDeclaration: true } });
    assert.deepEqual(refs.map((r: any) => r.range.start.line).sort((a: number, b: number) => a - b), [callLine, resultLine]);
    // a dangling call's code actions: what they offer does not rewrite the document's lines
    const { u: u2, d: d2 } = await openJson("session-2025-10-21T20-04-actions.json", DANGLING);
    const dangling = d2.find((x) => x.code === "dangling-call")!;
    const actions = await c.codeActions({ textDocument: { uri: u2 }, range: dangling.range, context: { diagnostics: [dangling] } });
    assert.ok(Array.isArray(actions));
    for (const a of actions) {
      const edits = a.edit?.changes?.[u2] ?? a.edit?.documentChanges?.flatMap((x: any) => (x.textDocument?.uri === u2 ? x.edits : [])) ?? [];
      assert.deepEqual(edits, [], `${a.title}: no edit of the document`);
    }
    const symbols = await c.request("textDocument/documentSymbol", { textDocument: { uri: u } });
    assert.ok(Array.isArray(symbols) && symbols.length > 0);
  });

  it("a document cut short: where it stops parsing, and that Gemini CLI refuses it", async () => {
    const text = fixtureText("gemini-cli/legacy-document-cut.json");
    const { d, st } = await openJson("session-2025-10-21T20-04-cut.json", text);
    assert.equal(st.isSession, true);
    assert.deepEqual(d.map((x) => `${x.code}@${x.range.start.line + 1}`).sort(), ["malformed-line@61", "resume-refused@1"]);
  });

  it("a real Gemini CLI chat (test/corpus/gemini-cli): a session, its call ids hovered", async () => {
    const text = corpusText("gemini-cli/ai-sessions-pomodoro-2.5-pro.json");
    const { u, d, st } = await openJson("session-2025-09-01T10-00-pomodoro.json", text);
    assert.equal(st.isSession, true);
    assert.equal(st.format, "gemini-cli");
    assert.equal(genericOnly(d).length, checkJson("x.json", analyze(text)).findings.length);
    const a = analyze(text);
    const occ = a.occurrences.occurrences.filter((x) => x.callLine !== null && x.callPath);
    assert.ok(occ.length > 0, "the chat has tool calls");
    for (const o of occ.slice(0, 10)) {
      // the id's own line in the document (the occurrence's line is its message's first line)
      const p = pathPlace(a.session.lines, o.callLine!, o.callPath);
      const h = await c.request("textDocument/hover", { textDocument: { uri: u }, position: { line: p.line, character: p.start + 1 } });
      assert.ok(h, `hover on ${o.id} at ${p.line + 1}:${p.start + 1}`);
      assert.match(h.contents.value, /occurrences? in this file/);
    }
  });

  it("a session-*.json that is no Gemini session: no diagnostics, no hover, not a session", async () => {
    const u = uri("session-notes.json");
    const from = c.notifications.length;
    const pubFrom = c.published.length;
    const text = JSON.stringify({ sessionName: "notes", messages: [{ id: "a", text: "hi" }], items: [1, 2, 3] }, null, 2);
    c.open(u, text, 1, "json");
    const st = await c.status(u, from);
    assert.equal(st.isSession, false);
    assert.equal(st.format, "unknown");
    const hover = await c.request("textDocument/hover", { textDocument: { uri: u }, position: { line: 3, character: 8 } });
    assert.equal(hover, null);
    const lenses = await c.request("textDocument/codeLens", { textDocument: { uri: u } });
    assert.ok(lenses === null || lenses.length === 0);
    const pubs = c.published.slice(pubFrom).filter((p) => p.uri === u);
    assert.ok(pubs.every((p) => p.diagnostics.length === 0));
  });
});
