/**
 * Issue 5 on the corpus: every corpus file through the built server. Diagnostics match the
 * engine's findings one to one, every diagnostic range lies on its line, hovers answer on every
 * tool-call id site, symbols/code lenses/code actions answer without error, and an orphan
 * injected into real sessions is removed by fix-all with every other line byte-identical.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { locate } from "../../server/src/engine/model/positions.js";
import { providerVerdicts } from "../../server/src/engine/providers/verdicts.js";
import { corpusFiles, corpusText } from "../helpers/corpus.js";
import { LspClient } from "../helpers/lsp-client.js";

describe("corpus through the server", () => {
  let c: LspClient;
  before(async () => {
    c = await LspClient.start();
  });
  after(async () => {
    await c.stop();
  });

  for (const f of corpusFiles()) {
    it(`${f.name}: diagnostics, hovers, symbols, lenses, actions`, async () => {
      const uri = `file:///corpus/${f.name}`;
      const from = c.published.length;
      c.open(uri, f.text);
      const d = await c.diagnosticsFor(uri, 1, from);
      const a = analyze(f.text);
      // the engine's findings one to one, plus the target's rejections no generic finding of the same code and place carries
      // (what only other providers reject stays in the hover: transcriptInspector.providerFindings is `target`)
      const pv = providerVerdicts(a);
      const providerOnly = pv.findings.filter((p) => pv.target !== null && p.rejectedBy.includes(pv.target)).filter((p) => !a.findings.some((g) => (g.code === p.code || (g.code === "error-turn-results" && p.code === "orphan-result")) && (g.line === p.line || p.code === "colliding-id") && (p.toolCallId === undefined || g.toolCallId === p.toolCallId)));
      assert.equal(d.length, a.findings.length + providerOnly.length);
      const places = d.map((x) => `${x.code}|${x.range.start.line}|${x.range.start.character}|${(x.data as any)?.toolCallId ?? ""}`);
      assert.equal(new Set(places).size, places.length, "one diagnostic per problem and place");
      const lines = f.text.split("\n").map((l) => l.replace(/\r$/, ""));
      for (const x of d) {
        assert.equal(x.range.start.line, x.range.end.line);
        assert.ok(x.range.end.character <= lines[x.range.start.line].length, `${x.code} on ${x.range.start.line}`);
      }
      // hover on up to 40 id sites
      const sites: { line: number; ch: number; id: string }[] = [];
      for (const o of a.occurrences.occurrences) {
        if (o.callLine !== null && o.callPath) sites.push({ line: o.callLine, ch: locate(a.session.lines.at(o.callLine)!, o.callPath).start + 1, id: o.id });
        if (o.resultLine !== null && o.resultPath) sites.push({ line: o.resultLine, ch: locate(a.session.lines.at(o.resultLine)!, o.resultPath).start + 1, id: o.id });
      }
      for (const s of sites.slice(0, 40)) {
        const h = await c.request("textDocument/hover", { textDocument: { uri }, position: { line: s.line, character: s.ch } });
        assert.ok(h, `hover at ${s.line}:${s.ch}`);
        const n = a.occurrences.byId.get(s.id)!.reduce((k, o) => k + (o.callLine !== null ? 1 : 0) + (o.resultLine !== null ? 1 : 0), 0) +
          a.occurrences.unpaired.filter((u) => u.id === s.id && u.line !== null).length;
        assert.match(h.contents.value, new RegExp(`: ${n} occurrence`));
        const refs = await c.request("textDocument/references", { textDocument: { uri }, position: { line: s.line, character: s.ch }, context: { includeDeclaration: true } });
        assert.equal(refs.length, n);
      }
      const syms = await c.request("textDocument/documentSymbol", { textDocument: { uri } });
      assert.ok(Array.isArray(syms));
      const lenses = await c.request("textDocument/codeLens", { textDocument: { uri } });
      assert.equal(lenses.length, a.prune.chains.resolved.length + a.prune.chains.unresolved.length);
      const all = { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } };
      const acts = await c.codeActions({ textDocument: { uri }, range: all, context: { diagnostics: d } });
      assert.ok(Array.isArray(acts));
      c.close(uri);
    });
  }

  // Issue 21: Claude Code is checked on what it sends on resume, and it drops a result that answers no call.
  it("an orphan injected into a real Claude Code transcript: Claude Code drops it silently on resume, so no diagnostic and nothing to fix", async () => {
    const text = corpusText("claude-code/daaain-todowrite-examples.jsonl");
    const lines = text.split("\n");
    const a = analyze(text);
    // inject after the first main-thread entry that has a child
    const parent = a.session.entries.find((e) => a.session.entries.some((x) => x.parentId === e.id) && e.raw.isSidechain !== true)!;
    const child = a.session.entries.find((x) => x.parentId === parent.id)!;
    const orphan = JSON.stringify({ type: "user", uuid: "injected-orphan", parentUuid: parent.id, isSidechain: false, sessionId: parent.raw.sessionId, timestamp: parent.raw.timestamp, message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_ghost", content: "?" }] } });
    const childText = lines[child.line];
    const reparented = childText.replace(`"parentUuid": ${JSON.stringify(parent.id)}`, `"parentUuid": "injected-orphan"`).replace(`"parentUuid":${JSON.stringify(parent.id)}`, `"parentUuid":"injected-orphan"`);
    assert.notEqual(reparented, childText);
    const injected = [...lines.slice(0, parent.line + 1), orphan, ...lines.slice(parent.line + 1)];
    injected[child.line + 1] = reparented;
    const t = injected.join("\n");
    const uri = "file:///corpus/injected-claude.jsonl";
    const from = c.published.length;
    c.open(uri, t);
    const d = await c.diagnosticsFor(uri, 1, from);
    assert.ok(!d.some((x) => x.code === "orphan-result"), JSON.stringify(d.map((x) => x.code)));
    const after = analyze(t);
    assert.deepEqual(after.findings, [], "Claude Code reads the file fine");
    assert.ok(after.before.some((m) => m.origin.kind === "entry" && m.origin.line === parent.line + 1), "the orphan is in the conversation");
    assert.ok(!after.after.some((m) => m.origin.kind === "entry" && m.origin.line === parent.line + 1), "and not in what is sent");
    const acts = await c.codeActions({ textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ["source.fixAll"] } });
    assert.equal(acts.length, 0);
  });

  it("an orphan in a v1 session with compactions: nothing is offered (indexes would shift)", async () => {
    const text = corpusText("pi/pi-mono-before-compaction-v1.jsonl");
    const lines = text.split("\n");
    const at = lines.length - 2;
    const orphan = JSON.stringify({ type: "message", timestamp: "2026-01-01T00:00:00.000Z", message: { role: "toolResult", toolCallId: "ghost_1", toolName: "ghost", content: [], isError: false, timestamp: 1 } });
    const t = [...lines.slice(0, at), orphan, ...lines.slice(at)].join("\n");
    const uri = "file:///corpus/v1-orphan.jsonl";
    const from = c.published.length;
    c.open(uri, t);
    const d = await c.diagnosticsFor(uri, 1, from);
    const o = d.find((x) => x.code === "orphan-result" && x.range.start.line === at);
    assert.ok(o, JSON.stringify(d.map((x) => `${x.range.start.line}:${x.code}`)));
    const acts = await c.codeActions({ textDocument: { uri }, range: o!.range, context: { diagnostics: [o] } });
    // no repair (only the lightbulb's turn-off and documentation commands, which edit nothing)
    assert.deepEqual(acts.filter((x: any) => /orphan/i.test(x.title) && !/^(Turn off|Show documentation for) orphan-result/.test(x.title)), []);
    assert.ok(acts.every((x: any) => !x.edit && !x.data));
  });
});
