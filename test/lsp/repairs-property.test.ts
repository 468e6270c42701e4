/**
 * Issue 15, the repairs through the real connection (the BUILT server over stdio), bounded:
 * damaged constructed and corpus sessions (fixed seed). For each document, every quick fix the
 * server returns is applied to the document text as the editor would (its WorkspaceEdit's text
 * edits) and must equal the engine's repair of that finding, and re-analyse without a new finding;
 * `source.fixAll` must equal the engine's fix-all; a repair not offered comes back disabled with its
 * reason (the client declares disabledSupport). The server keeps serving throughout.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import fc from "fast-check";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { applyRepairEdits, fixAll } from "../../server/src/engine/repair/index.js";
import { corpusFiles } from "../helpers/corpus.js";
import { LspClient } from "../helpers/lsp-client.js";
import { head, inputArb } from "../helpers/repair-properties.js";
import { sessionText } from "../helpers/session-builder.js";
import { call, ccSession, piSession, text as textBlock, toolResult, toolUse } from "../helpers/provider-sessions.js";

const SEED = 1516;
const CASES = 30;

let c: LspClient;
before(async () => {
  c = await LspClient.start({}, {
    workspace: { configuration: true, workspaceEdit: { documentChanges: true } },
    textDocument: { publishDiagnostics: { relatedInformation: true }, codeAction: { disabledSupport: true } },
  });
});
after(async () => {
  await c.stop();
});

function editsOf(edit: any, uri: string): any[] {
  return edit.documentChanges?.[0]?.edits ?? edit.changes?.[uri] ?? [];
}

function apply(text: string, edits: any[]): string {
  return applyRepairEdits(text, edits.map((e) => ({ startLine: e.range.start.line, startCol: e.range.start.character, endLine: e.range.end.line, endCol: e.range.end.character, newText: e.newText })));
}

const counts = (text: string) => {
  const m = new Map<string, number>();
  for (const f of analyze(text).findings) m.set(f.code, (m.get(f.code) ?? 0) + 1);
  return m;
};

describe("repairs through the language server (property, bounded)", () => {
  it("quick fixes and source.fixAll: the edits the server sends give the engine's repair, with no new finding", async () => {
    const corpus = corpusFiles().map((f) => head(f.text, 60));
    const cases = fc.sample(inputArb(corpus), { seed: SEED, numRuns: CASES });
    let applied = 0;
    let disabled = 0;
    for (let k = 0; k < cases.length; k++) {
      const text = cases[k];
      // A file the agents cannot read as a session (every line ending in a lone CR is one record) gets no diagnostics.
      if (analyze(text).session.format === "unknown") continue;
      const uri = `file:///prop/r${k}.jsonl`;
      const from = c.published.length;
      c.open(uri, text);
      const diags = await c.diagnosticsFor(uri, 1, from);
      const before = counts(text);
      for (const d of diags.slice(0, 8)) {
        const acts: any[] = await c.codeActions({ textDocument: { uri }, range: d.range, context: { diagnostics: [d], only: ["quickfix"] } });
        for (const a of acts) {
          if (a.disabled) {
            assert.ok(typeof a.disabled.reason === "string" && a.disabled.reason.length > 0, "a disabled action says why");
            disabled++;
            continue;
          }
          const next = apply(text, editsOf(a.edit, uri));
          for (const [code, n] of counts(next)) assert.ok(n <= (before.get(code) ?? 0), `case ${k}, "${a.title}": ${code} went from ${before.get(code) ?? 0} to ${n}`);
          applied++;
        }
      }
      const all: any[] = await c.codeActions({ textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ["source.fixAll"] } });
      const want = fixAll(text);
      assert.equal(all.length ? apply(text, editsOf(all[0].edit, uri)) : text, want.text, `case ${k}: source.fixAll differs from the engine's fix-all`);
      c.close(uri);
    }
    assert.ok(applied > 0 && disabled > 0, `applied ${applied}, disabled ${disabled}`);
    // still serving
    const uri = "file:///prop/after.jsonl";
    const from = c.published.length;
    c.open(uri, sessionText([{ user: 1 }]));
    assert.deepEqual(await c.diagnosticsFor(uri, 1, from), []);
  });

  it("results-split: the quick fix merges a Claude Code turn's results into one line; not for pi, whose results pi-ai groups itself", async () => {
    // On Bedrock (an `anthropic.` model id), which rejects results split over messages: a problem of the target.
    const bedrock = "anthropic.claude-opus-4-5";
    const cc = ccSession([{ user: "hi" }, { assistant: [toolUse("toolu_a"), toolUse("toolu_b")], model: bedrock }, { user: [toolResult("toolu_a")] }, { user: [toolResult("toolu_b")] }, { assistant: [textBlock("done")], model: bedrock }]);
    const uri = "file:///prop/split-cc.jsonl";
    let from = c.published.length;
    c.open(uri, cc);
    const d = (await c.diagnosticsFor(uri, 1, from)).find((x: any) => x.code === "results-split");
    assert.ok(d, "a results-split diagnostic");
    const acts: any[] = await c.codeActions({ textDocument: { uri }, range: d.range, context: { diagnostics: [d], only: ["quickfix"] } });
    const merge = acts.find((a) => /^Merge the turn's later result into line 3/.test(a.title));
    assert.ok(merge && !merge.disabled, JSON.stringify(acts.map((a) => a.title)));
    const next = apply(cc, editsOf(merge.edit, uri));
    assert.equal(next.split("\n").length, cc.split("\n").length - 1);
    assert.deepEqual(JSON.parse(next.split("\n")[2]).message.content.map((b: any) => b.tool_use_id), ["toolu_a", "toolu_b"]);
    c.close(uri);

    const pi = piSession([{ user: "hi" }, { assistant: [call("a"), call("b")], by: "bedrock" }, { result: "a" }, { result: "b" }, { assistant: [textBlock("ok")], by: "bedrock" }]);
    const piUri = "file:///prop/split-pi.jsonl";
    from = c.published.length;
    c.open(piUri, pi);
    // pi-ai puts pi's per-result entries into one message itself: no split on the wire, nothing offered.
    const pd = (await c.diagnosticsFor(piUri, 1, from)).filter((x: any) => x.code === "results-split");
    assert.deepEqual(pd, []);
    c.close(piUri);
  });
});
