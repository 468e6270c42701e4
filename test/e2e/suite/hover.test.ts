/// <reference types="mocha" />
/** Hover on a tool-call id (vscode.executeHoverProvider): every occurrence of the id in the file. */
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import { activeExtension, closeAll, copyOf, diagnosticsWhere, hoverText, open, positionOf } from "./helpers.js";

/** 1-based lines where `id` is a tool call's id or a tool result's toolCallId (independent of the server). */
function occurrenceLines(doc: vscode.TextDocument, id: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < doc.lineCount; i++) {
    let v: any;
    try {
      v = JSON.parse(doc.lineAt(i).text);
    } catch {
      continue;
    }
    const m = v?.message;
    if (!m) continue;
    const calls = Array.isArray(m.content) ? m.content.filter((c: any) => c?.type === "toolCall" && c.id === id) : [];
    if (calls.length || m.toolCallId === id) out.push(i + 1);
  }
  return out;
}

describe("hover (real VS Code extension host)", () => {
  before(activeExtension);
  afterEach(closeAll);

  it("a reused tool-call id lists all its occurrences, marking the one under the cursor", async () => {
    const uri = copyOf("sample-session.jsonl");
    const { document: doc } = await open(uri);
    await diagnosticsWhere(uri, "the sample analysed", (d) => d.length > 0);
    const lines = occurrenceLines(doc, "bash_23");
    assert.ok(lines.length >= 4, `bash_23 occurs on lines ${lines}`);
    const at = positionOf(doc, 15, "bash_23"); // line 16: the second call with this id
    const text = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>("vscode.executeHoverProvider", uri, at));
    assert.match(text, new RegExp(`Tool-call id\\*\\* bash\\\\?_23: ${lines.length} occurrences in this file`));
    const rows = text.split("\n").filter((l) => l.startsWith("| [line "));
    assert.equal(rows.length, lines.length, text);
    assert.deepEqual(rows.map((r) => Number(/\[line (\d+)\]/.exec(r)![1])), lines);
    const here = rows.filter((r) => r.includes("(here)"));
    assert.equal(here.length, 1);
    assert.match(here[0], /\[line 16\]/);
    // the line links run the extension's reveal command
    assert.match(rows[0], /command:transcriptInspector\.revealLine/);
  });

  it("hovering the result of an orphan says it is unpaired", async () => {
    const uri = copyOf("sample-session.jsonl");
    const { document: doc } = await open(uri);
    await diagnosticsWhere(uri, "the sample analysed", (d) => d.length > 0);
    const text = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>("vscode.executeHoverProvider", uri, positionOf(doc, 18, "bash_99")));
    assert.match(text, /bash\\?_99: 1 occurrence in this file/);
    assert.match(text, /result \(unpaired\)/);
  });

  it("hovering plain text gives no tool-call hover", async () => {
    const uri = copyOf("sample-session.jsonl");
    const { document: doc } = await open(uri);
    await diagnosticsWhere(uri, "the sample analysed", (d) => d.length > 0);
    const pos = positionOf(doc, 2, "Run the test suite and fix what fails.");
    const text = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>("vscode.executeHoverProvider", uri, pos));
    assert.doesNotMatch(text, /Tool-call id/);
  });
});
