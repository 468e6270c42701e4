/// <reference types="mocha" />
/**
 * Diagnostics through the real VS Code API (vscode.languages.getDiagnostics), published by the
 * language server the extension starts over IPC, on copies of the bundled sample, of corpus
 * sessions, and of sessions constructed here.
 */
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import { seedRegressionSpecs, sessionText } from "../../helpers/session-builder.js";
import { activeExtension, closeAll, codeOf, copyOf, diagnosticsWhere, findings, isPrunedHint, lineCodes, open, scratchFile } from "./helpers.js";

/** Every finding of samples/sample-session.jsonl, as `line:code` (1-based lines). */
const SAMPLE_FINDINGS = [
  "2:leading-non-user",
  "11:broken-parent",
  "12:duplicate-entry-id",
  "13:malformed-line",
  "14:unknown-entry",
  "16:colliding-id",
  "16:id-set-drop-hazard",
  "19:orphan-result",
  "21:duplicate-call-id",
  "23:orphan-result",
  "24:dangling-call",
  "27:orphan-result",
  "29:partial-message",
  "30:error-turn-results",
  "32:pending-call",
  "35:range-id-mismatch",
  "36:unresolved-range",
];

const count = (ds: readonly vscode.Diagnostic[]) => {
  const m: Record<string, number> = {};
  for (const d of findings(ds)) m[codeOf(d)] = (m[codeOf(d)] ?? 0) + 1;
  return m;
};

describe("diagnostics (real VS Code extension host)", function () {
  before(async () => {
    const ext = await activeExtension();
    console.log(`    host: ${vscode.env.appName} ${vscode.version}, uiKind=${vscode.env.uiKind}, node ${process.version}, extension ${ext.packageJSON.version}`);
  });
  afterEach(closeAll);

  it("the sample session opens as JSON Lines and shows every finding with its code", async () => {
    const uri = copyOf("sample-session.jsonl");
    const editor = await open(uri);
    assert.equal(editor.document.languageId, "jsonl");
    const ds = findings(await diagnosticsWhere(uri, "the sample's 17 findings", (d) => findings(d).length >= SAMPLE_FINDINGS.length));
    assert.deepEqual(lineCodes(ds), SAMPLE_FINDINGS);
    for (const d of ds) {
      assert.equal(d.source, "transcript-inspector");
      const code = d.code as { value: string; target: vscode.Uri };
      assert.ok(code.target instanceof vscode.Uri && code.target.toString().endsWith(code.value), `code ${code.value} links its documentation`);
    }
    const sev = (c: string) => ds.find((d) => codeOf(d) === c)!.severity;
    assert.equal(sev("orphan-result"), vscode.DiagnosticSeverity.Error);
    assert.equal(sev("colliding-id"), vscode.DiagnosticSeverity.Information);
    assert.equal(sev("pending-call"), vscode.DiagnosticSeverity.Information);
    // the orphan is drawn on the key of the id it names (so a hover on the id shows its occurrence table first)
    const orphan = ds.find((d) => codeOf(d) === "orphan-result")!;
    assert.equal(editor.document.getText(orphan.range), '"toolCallId"');
    assert.ok(editor.document.lineAt(orphan.range.start.line).text.slice(orphan.range.end.character).startsWith(':"bash_99"'));
  });

  it("what a chain drops on purpose is a faded `pruned` hint pointing at the chain, not a finding", async () => {
    const uri = copyOf("sample-session.jsonl");
    await open(uri);
    const ds = await diagnosticsWhere(uri, "the pruned hints", (d) => d.filter(isPrunedHint).length >= 4);
    const hints = ds.filter(isPrunedHint);
    // chain b5 (line 34) drops lines 4-5, chain b7 (line 35) drops lines 8-9 (see render --format json)
    assert.deepEqual(hints.map((d) => d.range.start.line + 1).sort((a, b) => a - b), [4, 5, 8, 9]);
    for (const h of hints) {
      assert.equal(h.severity, vscode.DiagnosticSeverity.Hint);
      assert.deepEqual(h.tags, [vscode.DiagnosticTag.Unnecessary]);
      assert.match(h.message, /dropped by chain b[57]/);
      const chainLine = h.message.includes("b5") ? 34 : 35;
      assert.equal(h.relatedInformation?.[0]?.location.range.start.line, chainLine - 1);
    }
  });

  it("corpus sessions (pi, Claude Code, Codex) get the findings their content has", async () => {
    const cases: [string, Record<string, number>][] = [
      ["pi/pi-mono-before-compaction-v1.jsonl", { "dangling-call": 1, "partial-message": 7 }],
      ["claude-code/daaain-edge-cases.jsonl", { "broken-parent": 1, "duplicate-entry-id": 2, "malformed-line": 3, "unknown-entry": 3 }],
      ["codex/daaain-malformed.jsonl", { "malformed-line": 1, "resume-refused": 1 }],
      // its first message is the assistant's: only Bedrock and Gemini would reject it, not its target, so
      // that stays in the hover (transcriptInspector.providerFindings: target), as `check` prints it
      ["pi/inspector-error-message.jsonl", { "partial-message": 1 }],
    ];
    for (const [rel, want] of cases) {
      const uri = copyOf(rel);
      await open(uri);
      const total = Object.values(want).reduce((a, b) => a + b, 0);
      const ds = await diagnosticsWhere(uri, `${total} findings in ${rel}`, (d) => findings(d).length >= total);
      assert.deepEqual(count(ds), want, rel);
    }
  });

  it("a constructed session (the seed #8 regression) reports the reused id on the live call", async () => {
    const uri = scratchFile("seed-regression.jsonl", sessionText(seedRegressionSpecs()));
    await open(uri);
    const ds = await diagnosticsWhere(uri, "colliding-id", (d) => findings(d).length >= 2);
    assert.deepEqual(lineCodes(ds), ["11:colliding-id", "11:id-set-drop-hazard"]);
  });

  it("diagnostics follow unsaved edits: an orphan typed into a clean session appears and goes with undo", async () => {
    const text = sessionText([{ user: 1000 }, { assistant: 1100, calls: ["bash_1"] }, { result: 1150, id: "bash_1" }, { assistant: 1200, text: "done" }]);
    const uri = scratchFile("clean.jsonl", text);
    const editor = await open(uri);
    // a clean session has nothing to say; give the server a moment to have published
    await new Promise((r) => setTimeout(r, 1500));
    assert.deepEqual(lineCodes(vscode.languages.getDiagnostics(uri)), []);
    const orphanLine = JSON.stringify({ type: "message", id: "x9", parentId: "e4", timestamp: "2026-01-01T00:00:09.000Z", message: { role: "toolResult", toolCallId: "ghost_1", toolName: "bash", content: [{ type: "text", text: "?" }], isError: false, timestamp: 1300 } });
    assert.ok(await editor.edit((b) => b.insert(new vscode.Position(editor.document.lineCount - 1, 0), orphanLine + "\n")));
    const ds = await diagnosticsWhere(uri, "orphan-result after the edit", (d) => d.some((x) => codeOf(x) === "orphan-result"));
    assert.deepEqual(lineCodes(ds), ["6:orphan-result"]);
    await vscode.commands.executeCommand("undo");
    await diagnosticsWhere(uri, "no diagnostics after undo", (d) => d.length === 0);
    assert.equal(editor.document.getText(), text);
  });

  it("JSON Lines that are not a session stay silent", async () => {
    const uri = scratchFile("data.jsonl", '{"a":1}\n{"b":2}\n{"c":3}\n');
    const editor = await open(uri);
    assert.equal(editor.document.languageId, "jsonl");
    await new Promise((r) => setTimeout(r, 1500));
    assert.deepEqual(vscode.languages.getDiagnostics(uri), []);
  });
});
