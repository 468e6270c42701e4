/**
 * Issue 5: the built language server over a real JSON-RPC connection (stdio), driven by a real
 * LSP client: diagnostics, hover, navigation, symbols, code lenses, code actions and their edits.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import { corpusText } from "../helpers/corpus.js";
import { applyTextEdits, editsOf, LspClient } from "../helpers/lsp-client.js";
import { seedRegressionSpecs, sessionText, type Spec } from "../helpers/session-builder.js";
import { genericOnly } from "../helpers/provider-diagnostics.js";

// the README shipped beside dist/ (the server computes the link from its install path)
const DOCS = pathToFileURL(join(__dirname, "..", "..", "README.md")).href + "#code-";

/** Seed fixture + an orphan (line 15) with a child (line 16) + a third turn reusing bash_23 (lines 17-18). */
const SPECS: Spec[] = [...seedRegressionSpecs(), { result: 3170, id: "zz_1" }, { user: 4000 }, { assistant: 4100, calls: ["bash_23"] }, { result: 4150, id: "bash_23" }];
const TEXT = sessionText(SPECS);
const lines = (t: string) => t.split("\n");
const sliceOf = (text: string, r: any) => lines(text)[r.start.line].slice(r.start.character, r.end.character);

let n = 0;
const uri = (name: string) => `file:///virtual/${++n}-${name}`;

describe("language server over stdio", () => {
  let c: LspClient;
  before(async () => {
    c = await LspClient.start({ severityOverrides: {}, collidingId: { enabled: true } });
  });
  after(async () => {
    await c.stop();
  });

  /** Opens a document and returns its first diagnostics. */
  async function openDoc(name: string, text: string) {
    const u = uri(name);
    const from = c.published.length;
    c.open(u, text);
    const d = await c.diagnosticsFor(u, 1, from);
    return { u, d };
  }

  /** Sends the full new text as version v and waits for its diagnostics. */
  async function replace(u: string, v: number, text: string) {
    const from = c.published.length;
    c.change(u, v, [{ text }]);
    return c.diagnosticsFor(u, v, from);
  }

  it("initialize: incremental sync and every provider", () => {
    const caps = c.initializeResult.capabilities;
    assert.equal(caps.textDocumentSync.change, 2);
    assert.equal(caps.textDocumentSync.openClose, true);
    for (const k of ["hoverProvider", "definitionProvider", "referencesProvider", "documentHighlightProvider", "documentSymbolProvider", "codeLensProvider"]) assert.ok(caps[k], k);
    assert.deepEqual(caps.codeActionProvider.codeActionKinds, ["quickfix", "source.fixAll.transcriptInspector"]);
    assert.equal(c.initializeResult.serverInfo.name, "transcript-inspector");
  });

  it("diagnostics: codes, ranges on the value, codeDescription, source, related, Unnecessary", async () => {
    const { d: all } = await openDoc("seed.jsonl", TEXT);
    // what the chains drop on purpose: faded hints pointing at their chain entry
    const pruned = all.filter((x) => x.code === "pruned");
    assert.deepEqual(pruned.map((x) => [x.range.start.line, x.severity, x.tags, x.relatedInformation![0].location.range.start.line]), [
      [2, 4, [1], 13],
      [3, 4, [1], 13],
      [6, 4, [1], 14],
      [7, 4, [1], 14],
    ]);
    assert.match(String(pruned[2].message), /dropped by chain b7/);
    const d = genericOnly(all).filter((x) => x.code !== "pruned");
    assert.deepEqual(
      d.map((x) => `${x.range.start.line}:${x.code}`),
      // ordered by severity (errors first), then line
      ["15:orphan-result", "10:id-set-drop-hazard", "17:id-set-drop-hazard", "10:colliding-id"],
    );
    for (const x of d) {
      assert.equal(x.source, "transcript-inspector");
      assert.equal(x.codeDescription!.href, DOCS + x.code);
      assert.equal(x.range.start.line, x.range.end.line);
    }
    // a diagnostic on a tool-call id is drawn on its key (VS Code puts a hover's diagnostics before
    // the server's Markdown: on the id itself its text came before the occurrence table)
    const orphan = d.find((x) => x.code === "orphan-result")!;
    assert.equal(sliceOf(TEXT, orphan.range), '"toolCallId"');
    assert.ok(lines(TEXT)[15].slice(orphan.range.end.character).startsWith(':"zz_1"'), "the key of the id");
    assert.equal(orphan.severity, 1);
    assert.deepEqual(orphan.tags, [1]);
    // one colliding-id per reused id, on its first reuse, as information
    const coll = d.find((x) => x.code === "colliding-id")!;
    assert.equal(coll.range.start.line, 10);
    assert.equal(sliceOf(TEXT, coll.range), '"id"');
    assert.ok(lines(TEXT)[10].slice(coll.range.end.character).startsWith(':"bash_23"'), "the key of the reused id");
    assert.equal(coll.severity, 3);
    assert.equal(coll.tags, undefined);
    // related: the other calls of bash_23, each on the id value
    assert.deepEqual(coll.relatedInformation!.map((r) => r.location.range.start.line), [6, 17]);
    for (const r of coll.relatedInformation!) assert.equal(sliceOf(TEXT, r.location.range), '"bash_23"');
    const hazard = d.find((x) => x.code === "id-set-drop-hazard")!;
    assert.equal(hazard.relatedInformation![0].location.range.start.line, 14, "the chain entry b7");
  });

  it("status and render-changed notifications follow each analysis; render request returns the view", async () => {
    const from = c.notifications.length;
    const { u } = await openDoc("status.jsonl", TEXT);
    const st = await c.status(u, from);
    assert.deepEqual({ format: st.format, pruner: st.pruner, errors: st.errors, warnings: st.warnings }, { format: "pi", pruner: "pi-condense", errors: 1, warnings: 2 });
    assert.ok(st.messagesBefore > st.messagesAfter);
    await c.until(() => c.notifications.slice(from).find((x) => x.method === "transcriptInspector/didChangeRender" && x.params.uri === u), 8000, "render changed");
    const view = await c.request("transcriptInspector/render", { uri: u });
    assert.equal(view.uri, u);
    assert.equal(view.format, "pi");
    assert.deepEqual(view.ranges.map((r: any) => r.blockId), ["b5", "b7"]);
    assert.equal(view.findingCounts["orphan-result"], 1);
  });

  it("corpus files: pi branching gets its findings, Claude Code and Codex are read", async () => {
    const pi = corpusText("pi/inspector-branching.jsonl");
    const { d } = await openDoc("branching.jsonl", pi);
    assert.deepEqual(d.map((x) => `${x.range.start.line}:${x.code}`), ["7:pending-call", "8:unknown-entry"]);
    assert.equal(sliceOf(pi, d[1].range), '"future_entry"');
    for (const name of ["claude-code/daaain-edge-cases.jsonl", "codex/daaain-malformed.jsonl"]) {
      const t = corpusText(name);
      const { d: dd } = await openDoc(name.replace("/", "-"), t);
      assert.ok(dd.some((x) => x.code === "malformed-line"), name);
      for (const x of dd) assert.equal(x.codeDescription!.href, DOCS + x.code);
    }
  });

  it("hover on an id off the active branch says the render does not send it", async () => {
    const pi = corpusText("pi/inspector-branching.jsonl");
    const { u } = await openDoc("offbranch.jsonl", pi);
    const L = lines(pi);
    const h = await c.request("textDocument/hover", { textDocument: { uri: u }, position: { line: 3, character: L[3].indexOf('"call-1"') + 2 } });
    assert.match(h.contents.value, /not in the active branch's context/);
    assert.match(h.contents.value, /\[line 4\].*\[line 5\]/);
    const none = await c.request("textDocument/hover", { textDocument: { uri: u }, position: { line: 3, character: L[3].indexOf('"read"') + 2 } });
    assert.equal(none, null, "a tool name is not an id");
    const kept = await c.request("textDocument/definition", { textDocument: { uri: u }, position: { line: 5, character: L[5].indexOf('"firstKeptEntryId":"e3"') + 21 } });
    assert.equal(kept[0].range.start.line, 3, "firstKeptEntryId -> the kept entry");
  });

  it("a non-session JSONL file gets no diagnostics", async () => {
    const u = uri("data.jsonl");
    const from = c.notifications.length;
    const pubFrom = c.published.length;
    c.open(u, '{"a":1}\n{"b":2}\nnot json\n');
    const st = await c.status(u, from);
    assert.equal(st.format, "unknown");
    const hover = await c.request("textDocument/hover", { textDocument: { uri: u }, position: { line: 0, character: 2 } });
    assert.equal(hover, null);
    const pubs = c.published.slice(pubFrom).filter((p) => p.uri === u);
    assert.ok(pubs.every((p) => p.diagnostics.length === 0));
  });

  it("hover on a call id lists every occurrence in order, with turn, tool, key and fate", async () => {
    const { u } = await openDoc("hover.jsonl", TEXT);
    const col = lines(TEXT)[17].indexOf('"bash_23"') + 3;
    const h = await c.request("textDocument/hover", { textDocument: { uri: u }, position: { line: 17, character: col } });
    const md: string = h.contents.value;
    assert.equal(h.contents.kind, "markdown");
    assert.match(md, /6 occurrences/);
    const rows = md.split("\n").filter((l) => l.startsWith("| [line"));
    assert.equal(rows.length, 6);
    const rowLines = rows.map((r) => Number(/\[line (\d+)\]/.exec(r)![1]));
    assert.deepEqual(rowLines, [7, 8, 11, 12, 18, 19]);
    assert.match(rows[0], /dropped by chain b7/);
    assert.match(rows[1], /dropped by chain b7/);
    assert.match(rows[2], /\| live \|/);
    assert.match(rows[4], /\(here\)/);
    assert.match(rows[4], /\| 6 \|/, "turn 6");
    assert.match(rows[5], /bash\\_23@4150/, "occurrence key");
    assert.match(rows[0], /command:transcriptInspector\.revealLine\?/);
    assert.equal(h.range.start.line, 17);
    // on a result's toolCallId too
    const rcol = lines(TEXT)[18].indexOf('"bash_23"') + 1;
    const h2 = await c.request("textDocument/hover", { textDocument: { uri: u }, position: { line: 18, character: rcol } });
    assert.match(h2.contents.value, /6 occurrences/);
    // an orphan: swept
    const ocol = lines(TEXT)[15].indexOf('"zz_1"') + 2;
    const h3 = await c.request("textDocument/hover", { textDocument: { uri: u }, position: { line: 15, character: ocol } });
    assert.match(h3.contents.value, /swept as orphan/);
    // the table first: the id's diagnostic is on its key, so VS Code shows no diagnostic part on
    // the id; the problems of the id follow the table in this hover
    const md3: string = h3.contents.value;
    assert.ok(md3.indexOf("| line | kind |") < md3.indexOf("Problems of this id here"), md3);
    assert.match(md3, /\*\*error\*\* `orphan-result`: Tool result without its call/);
    const diags = c.published.filter((p) => p.uri === u).at(-1)!.diagnostics as { code: string; range: { start: { line: number; character: number }; end: { character: number } } }[];
    const orphan = diags.find((x) => x.code === "orphan-result")!;
    assert.ok(orphan.range.start.line === 15 && (ocol < orphan.range.start.character || ocol > orphan.range.end.character), "no diagnostic under the id");
  });

  it("hover on a chain entry: its range and what it drops", async () => {
    const { u } = await openDoc("chain-hover.jsonl", TEXT);
    const h = await c.request("textDocument/hover", { textDocument: { uri: u }, position: { line: 14, character: 3 } });
    const md: string = h.contents.value;
    assert.match(md, /Chain b7\*\*: resolved/);
    assert.match(md, /\[line 6\][^\n]*start user/);
    assert.match(md, /Drops 2 messages/);
    assert.match(md, /result bash\\_23/);
    const t = sessionText([{ user: 1 }, { assistant: 2, text: "x" }, { chain: { blockId: "b1", start: 1, final: null, dropped: [] } }]);
    const { u: u2 } = await openDoc("chain-unresolved.jsonl", t);
    const h2 = await c.request("textDocument/hover", { textDocument: { uri: u2 }, position: { line: 3, character: 3 } });
    assert.match(h2.contents.value, /unresolved \(null\\-final\)/);
  });

  it("hover escapes hostile ids and tool names", async () => {
    const evil1 = "<img src=x onerror=alert(1)>";
    const evil2 = "[x](javascript:alert(1))";
    const t = sessionText([{ user: 1 }, { assistant: 2, calls: [evil1, evil2] }, { result: 3, id: evil1 }, { result: 4, id: evil2 }]);
    const { u } = await openDoc("evil.jsonl", t);
    for (const [evil, line] of [[evil1, 3], [evil2, 4]] as const) {
      const col = lines(t)[line].indexOf(JSON.stringify(evil)) + 2;
      const h = await c.request("textDocument/hover", { textDocument: { uri: u }, position: { line, character: col } });
      const md: string = h.contents.value;
      assert.match(md, /2 occurrences/);
      assert.ok(!md.includes("<img"), md);
      assert.ok(!md.includes("<"), "no raw angle bracket");
      assert.ok(!md.includes("](javascript"), md);
      assert.ok(!md.includes("[x]"), md);
    }
  });

  it("definition: result -> call, parentId -> parent, chain timestamps -> boundary messages", async () => {
    const { u } = await openDoc("def.jsonl", TEXT);
    const L = lines(TEXT);
    const res = await c.request("textDocument/definition", { textDocument: { uri: u }, position: { line: 18, character: L[18].indexOf('"bash_23"') + 1 } });
    assert.equal(res.length, 1);
    assert.equal(res[0].range.start.line, 17);
    assert.equal(sliceOf(TEXT, res[0].range), '"bash_23"');
    const par = await c.request("textDocument/definition", { textDocument: { uri: u }, position: { line: 16, character: L[16].indexOf('"e15"') + 1 } });
    assert.equal(par[0].range.start.line, 15);
    const start = await c.request("textDocument/definition", { textDocument: { uri: u }, position: { line: 14, character: L[14].indexOf("2000,") + 1 } });
    assert.equal(start[0].range.start.line, 5);
    const fin = await c.request("textDocument/definition", { textDocument: { uri: u }, position: { line: 14, character: L[14].indexOf("2200,") + 1 } });
    assert.equal(fin[0].range.start.line, 8);
  });

  it("references and document highlights: every call and result of the id", async () => {
    const { u } = await openDoc("refs.jsonl", TEXT);
    const pos = { line: 10, character: lines(TEXT)[10].indexOf('"bash_23"') + 1 };
    const refs = await c.request("textDocument/references", { textDocument: { uri: u }, position: pos, context: { includeDeclaration: true } });
    assert.deepEqual(refs.map((r: any) => r.range.start.line), [6, 7, 10, 11, 17, 18]);
    for (const r of refs) assert.equal(sliceOf(TEXT, r.range), '"bash_23"');
    const hl = await c.request("textDocument/documentHighlight", { textDocument: { uri: u }, position: pos });
    assert.equal(hl.length, 6);
    assert.deepEqual(hl.map((h: any) => h.kind), [3, 2, 3, 2, 3, 2]);
  });

  it("document symbols of a long session: the latest turns, numbered as in full, within the bound", async () => {
    // 2,000 turns of user, assistant with a call, result: 6,000 messages, more than the outline lists.
    const specs: Spec[] = [];
    for (let k = 0; k < 2000; k++) specs.push({ user: 3 * k + 1 }, { assistant: 3 * k + 2, calls: [`bash_${k}`] }, { result: 3 * k + 3, id: `bash_${k}` });
    const { u } = await openDoc("long-outline.jsonl", sessionText(specs));
    const syms = await c.request("textDocument/documentSymbol", { textDocument: { uri: u } });
    const count = syms.reduce((n: number, s: any) => n + 1 + (s.children?.length ?? 0), 0);
    assert.ok(count <= 5001, `at most 5,000 symbols and the note (${count})`);
    assert.match(syms[0].name, /^Earlier turns \(\d[\d,]* not listed\)$/);
    assert.equal(syms[0].range.start.line, 0);
    const turns = syms.filter((s: any) => s.name.startsWith("Turn"));
    const last = turns[turns.length - 1];
    assert.match(last.name, /^Turn 2000: /, "the latest turn is listed, numbered as in the whole session");
    assert.equal(last.range.start.line, 3 * 1999 + 1);
    const hidden = Number(/\((\d[\d,]*) not listed\)/.exec(syms[0].name)![1].replace(/,/g, ""));
    assert.equal(hidden + turns.length, 2000, "listed and not listed turns add up");
    assert.equal(syms[0].range.end.line, turns[0].range.start.line - 1, "the note covers the lines before the first listed turn");
  });

  it("document symbols: turns with children, chains; code lenses on chain entries", async () => {
    const { u } = await openDoc("sym.jsonl", TEXT);
    const syms = await c.request("textDocument/documentSymbol", { textDocument: { uri: u } });
    const turns = syms.filter((s: any) => s.name.startsWith("Turn"));
    assert.equal(turns.length, 4);
    assert.equal(turns[0].range.start.line, 1);
    assert.deepEqual(turns[0].children.map((ch: any) => ch.range.start.line), [2, 3, 4]);
    assert.deepEqual(turns[0].children.map((ch: any) => ch.name), ["assistant (bash bash_18)", "result bash_18 (bash)", "assistant"]);
    assert.match(turns[0].children[0].detail, /line 3, dropped by chain b5/);
    for (const t of turns) for (const ch of t.children) assert.ok(ch.range.start.line >= t.range.start.line && ch.range.end.line <= t.range.end.line);
    const chains = syms.filter((s: any) => s.name.startsWith("Chain"));
    assert.deepEqual(chains.map((s: any) => s.name), ["Chain b5", "Chain b7"]);
    const lenses = await c.request("textDocument/codeLens", { textDocument: { uri: u } });
    assert.deepEqual(lenses.map((l: any) => l.range.start.line), [13, 14]);
    assert.match(lenses[1].command.title, /^b7 drops 2 messages: 1 assistant, 1 tool result \(lines 6–9\)/);
    assert.equal(lenses[1].command.command, "transcriptInspector.revealLine");
    assert.deepEqual(lenses[1].command.arguments, [6, u]);
  });

  it("remove-orphan quickfix: the orphan line goes, its child is re-parented, nothing else changes", async () => {
    const { u, d } = await openDoc("fix.jsonl", TEXT);
    const orphan = d.find((x) => x.code === "orphan-result")!;
    const actions = await c.codeActions({ textDocument: { uri: u }, range: orphan.range, context: { diagnostics: [orphan], only: ["quickfix"] } });
    const remove = actions.find((a: any) => a.title.startsWith("Remove orphan"));
    assert.ok(remove);
    assert.equal(remove.kind, "quickfix");
    assert.equal(remove.diagnostics[0].code, "orphan-result");
    assert.equal(remove.edit.documentChanges[0].textDocument.version, 1);
    const next = applyTextEdits(TEXT, editsOf(remove.edit, u));
    const a = lines(TEXT);
    const b = lines(next);
    assert.equal(b.length, a.length - 1);
    for (let i = 0; i < 15; i++) assert.equal(b[i], a[i]);
    assert.equal(b[15], a[16].replace('"parentId":"e15"', '"parentId":"e14"'));
    for (let i = 17; i < a.length; i++) assert.equal(b[i - 1], a[i]);
    const d2 = await replace(u, 2, next);
    assert.ok(!d2.some((x) => x.code === "orphan-result"));
    assert.ok(!d2.some((x) => x.code === "broken-parent"));
    // the tree stays whole: the child's branch still reaches the root
    const view = await c.request("transcriptInspector/render", { uri: u });
    assert.equal(view.before[0].line, 2);
  });

  it("fix-all as source.fixAll reaches a fixed point; a second fix-all offers nothing", async () => {
    // two orphans in a row, the second a child of the first, plus one at the end of the file
    const specs: Spec[] = [{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "x_1" }, { result: 5, id: "x_2" }, { user: 6 }, { assistant: 7, text: "ok" }, { result: 8, id: "y_1" }];
    const t = sessionText(specs);
    const { u, d } = await openDoc("fixall.jsonl", t);
    assert.deepEqual(d.filter((x) => x.code === "orphan-result").map((x) => x.range.start.line), [4, 5, 8]);
    const actions = await c.codeActions({ textDocument: { uri: u }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ["source.fixAll"] } });
    assert.equal(actions.length, 1);
    assert.equal(actions[0].kind, "source.fixAll.transcriptInspector");
    const next = applyTextEdits(t, editsOf(actions[0].edit, u));
    const kept = lines(t).filter((_, i) => ![4, 5, 8].includes(i));
    const got = lines(next);
    assert.equal(got.length, kept.length);
    assert.equal(got[4], kept[4].replace('"parentId":"e5"', '"parentId":"e3"'), "re-parented past both removed entries");
    got.forEach((l, i) => i !== 4 && assert.equal(l, kept[i]));
    assert.ok(next.endsWith("\n"));
    const d2 = await replace(u, 2, next);
    assert.deepEqual(d2.filter((x) => x.code === "orphan-result" || x.code === "broken-parent"), []);
    const again = await c.codeActions({ textDocument: { uri: u }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ["source.fixAll"] } });
    assert.deepEqual(again, []);
  });

  it("code actions compute no file-wide repair: fix-all is offered at once and computed when resolved (issue 23)", async () => {
    const specs: Spec[] = [{ user: 1 }];
    for (let k = 0; k < 30; k++) specs.push({ assistant: 10 + 3 * k, calls: ["bash_1"] }, { result: 11 + 3 * k, id: "bash_1" });
    specs.push({ result: 500, id: "ghost_1" }, { user: 501 }, { assistant: 502, text: "ok" });
    const t = sessionText(specs);
    const { u, d } = await openDoc("lightbulb.jsonl", t);
    const orphan = d.find((x) => x.code === "orphan-result")!;
    const raw: any[] = await c.request("textDocument/codeAction", { textDocument: { uri: u }, range: orphan.range, context: { diagnostics: [orphan] } });
    const fileWide = raw.filter((a) => /Fix all/.test(a.title));
    assert.ok(fileWide.length > 0, JSON.stringify(raw.map((a) => a.title)));
    for (const a of fileWide) {
      assert.equal(a.edit, undefined, `${a.title}: computed on the code-action path`);
      assert.equal(a.data.uri, u);
    }
    const src: any[] = await c.request("textDocument/codeAction", { textDocument: { uri: u }, range: orphan.range, context: { diagnostics: [], only: ["source.fixAll"] } });
    assert.equal(src.length, 1);
    assert.equal(src[0].edit, undefined);
    const resolved = await c.request("codeAction/resolve", src[0]);
    const next = applyTextEdits(t, editsOf(resolved.edit, u));
    assert.ok(!next.includes('"ghost_1"'), "resolving computes the repair");
  });

  it("make-id-unique renames every later reuse of the id and its result, and the finding goes (it used to move to the next reuse: fuzz seed 63001)", async () => {
    const { u, d } = await openDoc("unique.jsonl", TEXT);
    const coll = d.find((x) => x.code === "colliding-id" && x.range.start.line === 10)!;
    const actions = await c.codeActions({ textDocument: { uri: u }, range: coll.range, context: { diagnostics: [coll] } });
    const mk = actions.find((a: any) => a.title.startsWith("Rename"));
    assert.ok(mk, JSON.stringify(actions.map((a: any) => a.title)));
    assert.match(mk.title, /^Rename the 2 later uses of `bash_23` \(turns 5, \d+\) and their results to unique ids$/);
    // offered at once, its edits made when chosen (a rename walks the whole file for the id's names):
    // the request answers with its data, the resolve (the helper above resolves as VS Code does) with the edit
    const raw: any[] = await c.request("textDocument/codeAction", { textDocument: { uri: u }, range: coll.range, context: { diagnostics: [coll] } });
    const offered = raw.find((a) => a.title === mk.title)!;
    assert.equal(offered.edit, undefined);
    assert.deepEqual({ ...offered.data, uri: undefined }, { uri: undefined, version: 1, kind: "make-id-unique", line: 10, toolCallId: "bash_23" });
    const edits = editsOf(mk.edit, u);
    assert.deepEqual(edits.map((e: any) => e.range.start.line).sort((x: number, y: number) => x - y), [10, 11, 17, 18]);
    const next = applyTextEdits(TEXT, edits);
    const a = lines(TEXT);
    const b = lines(next);
    assert.equal(b.length, a.length);
    a.forEach((l, i) => {
      if (i === 10 || i === 11) assert.equal(b[i], l.replace('"bash_23"', '"bash_23__t5"'));
      else if (i === 17 || i === 18) assert.match(b[i], /"bash_23__t\d+"/);
      else assert.equal(b[i], l);
    });
    const d2 = await replace(u, 2, next);
    assert.ok(!d2.some((x) => x.code === "colliding-id" && String(x.message).includes("bash_23")), "no reuse of bash_23 collides any more");
  });

  it("a CRLF file stays CRLF after a fix", async () => {
    const t = TEXT.replace(/\n/g, "\r\n");
    const { u, d } = await openDoc("crlf.jsonl", t);
    const orphan = d.find((x) => x.code === "orphan-result")!;
    assert.equal(sliceOf(t.replace(/\r/g, ""), orphan.range), '"toolCallId"');
    const actions = await c.codeActions({ textDocument: { uri: u }, range: orphan.range, context: { diagnostics: [orphan], only: ["quickfix"] } });
    const next = applyTextEdits(t, editsOf(actions[0].edit, u));
    assert.ok(!/[^\r]\n/.test(next), "every line ending is CRLF");
    assert.equal(next.split("\r\n").length, t.split("\r\n").length - 1);
    const d2 = await replace(u, 2, next);
    assert.ok(!d2.some((x) => x.code === "orphan-result"));
  });

  it("incremental didChange: an inserted orphan line is found, deleting it clears it", async () => {
    const t = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }]);
    const { u, d } = await openDoc("incr.jsonl", t);
    assert.deepEqual(d.map((x) => x.code), []);
    const extra = JSON.stringify({ type: "message", id: "e9", parentId: "e3", timestamp: "2026-01-01T00:00:09.000Z", message: { role: "toolResult", toolCallId: "ghost_1", toolName: "ghost", content: [], isError: false, timestamp: 9 } }) + "\n";
    const end = { line: 4, character: 0 };
    let from = c.published.length;
    c.change(u, 2, [{ range: { start: end, end }, text: extra }]);
    const d2 = await c.diagnosticsFor(u, 2, from);
    assert.deepEqual(d2.map((x) => `${x.range.start.line}:${x.code}`), ["4:orphan-result"]);
    // two quick edits (debounced into one analysis): remove the line again
    from = c.published.length;
    c.change(u, 3, [{ range: { start: { line: 4, character: 0 }, end: { line: 4, character: 10 } }, text: "" }]);
    c.change(u, 4, [{ range: { start: { line: 4, character: 0 }, end: { line: 5, character: 0 } }, text: "" }]);
    const d3 = await c.diagnosticsFor(u, 4, from);
    assert.deepEqual(d3, []);
    assert.ok(!c.published.slice(from).some((p) => p.uri === u && p.version === 3), "debounced: version 3 was never published");
  });

  it("fixEdit request applies a webview ViewFix", async () => {
    const { u } = await openDoc("viewfix.jsonl", TEXT);
    const r = await c.request("transcriptInspector/fixEdit", { uri: u, fix: { title: "x", kind: "remove-orphan", line: 16, toolCallId: "zz_1" } });
    const next = applyTextEdits(TEXT, r.changes[u]);
    assert.equal(lines(next).length, lines(TEXT).length - 1);
    const none = await c.request("transcriptInspector/fixEdit", { uri: u, fix: { title: "x", kind: "remove-orphan", line: 3, toolCallId: "bash_18" } });
    assert.equal(none, null);
    const mk = await c.request("transcriptInspector/fixEdit", { uri: u, fix: { title: "x", kind: "make-id-unique", line: 11, toolCallId: "bash_23" } });
    assert.equal(mk.changes[u].length, 4, "both later reuses, each call with its result");
  });
});

describe("the server's life", () => {
  it("ends when its client goes: stdin closed without shutdown", async () => {
    const { spawn } = await import("node:child_process");
    const { SERVER } = await import("../helpers/lsp-client.js");
    const child = spawn(process.execPath, [SERVER, "--stdio"], { stdio: ["pipe", "ignore", "ignore"] });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    child.stdin!.end();
    const code = await Promise.race([exited, new Promise<string>((r) => setTimeout(() => r("still running"), 30_000))]);
    if (code === "still running") child.kill();
    assert.equal(code, 0);
  });
});

describe("settings from workspace/configuration", () => {
  let c: LspClient;
  before(async () => {
    c = await LspClient.start({ severityOverrides: { "orphan-result": "hint", "id-set-drop-hazard": "off", pruned: "off" }, collidingId: { enabled: false } });
  });
  after(async () => {
    await c.stop();
  });
  it("severity overrides, off, and the colliding-id switch", async () => {
    const u = "file:///virtual/settings.jsonl";
    c.open(u, TEXT);
    const d = await c.diagnosticsFor(u, 1);
    assert.deepEqual(genericOnly(d).map((x) => `${x.range.start.line}:${x.code}:${x.severity}`), ["15:orphan-result:4"]);
  });
  it("didChangeConfiguration re-reads the settings and re-publishes", async () => {
    const u = "file:///virtual/settings.jsonl";
    c.settings = {};
    const from = c.published.length;
    await c.conn.sendNotification("workspace/didChangeConfiguration", { settings: null });
    const d = await c.diagnosticsFor(u, 1, from);
    assert.equal(genericOnly(d).filter((x) => x.code !== "pruned").length, 4);
    assert.equal(d.filter((x) => x.code === "pruned").length, 4, "the pruned hints are back with default settings");
  });
});
