/**
 * Issue 11 item 3: the language server follows edits line-wise (engine/incremental/patch-lines.ts)
 * instead of re-reading the whole text. Property (fixed seed, bounded runs, no timing): after any
 * sequence of appends, line edits, inserts, deletions and pastes across line endings, on corpus
 * and constructed sessions, the patched lines equal a fresh `parseText` of the edited text, and
 * the analysis of the patched lines has exactly the findings, context and drops of a fresh
 * `analyze`.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { TextDocument } from "vscode-languageserver-textdocument";
import { analyze, analyzeSession, type Analysis } from "../../server/src/engine/pipeline/analyze.js";
import { patchLines, type TextChange } from "../../server/src/engine/model/patch-lines.js";
import { parseText, type ParsedText } from "../../server/src/engine/model/parse.js";
import { sessionFromLines } from "../../server/src/engine/session/read-session.js";
import { LineDocument } from "../../server/src/lsp/line-document.js";
import { sniffFormat, sniffParsedFormat } from "../../server/src/lsp/store.js";
import { corpusFiles } from "../helpers/corpus.js";
import { sessionText } from "../helpers/session-builder.js";

const SEED = 11;
const RUNS = 150;
const MAX_LINES = 40;

const clip = (text: string) => text.split(/(?<=\n)/).slice(0, MAX_LINES).join("");
const sources: { name: string; text: string }[] = [
  { name: "constructed lf", text: sessionText([{ user: 1 }, { assistant: 2, calls: ["bash_1", "bash_2"] }, { result: 3, id: "bash_1" }, { result: 4, id: "bash_2" }, { user: 5 }, { assistant: 6, calls: ["bash_1"] }, { result: 7, id: "bash_1" }, { result: 8, id: "ghost" }, { user: 9 }]) },
  { name: "constructed crlf", text: sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "a_1" }, { user: 5 }], { eol: "\r\n" }) },
  { name: "bom", text: "\ufeff" + sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }]) },
  ...corpusFiles().map((f) => ({ name: f.name, text: clip(f.text) })),
];

/** Lines whose text an edit inserts: entries that pair, orphan, collide, and broken JSON. */
const snippets = [
  JSON.stringify({ type: "message", id: "zz1", parentId: "e9", timestamp: "2026-01-01T00:00:09.000Z", message: { role: "toolResult", toolCallId: "bash_1", toolName: "bash", content: [{ type: "text", text: "x" }], isError: false, timestamp: 99 } }),
  JSON.stringify({ type: "message", id: "zz2", parentId: "zz1", timestamp: "2026-01-01T00:00:10.000Z", message: { role: "assistant", content: [{ type: "toolCall", id: "bash_1", name: "bash", arguments: {} }], stopReason: "toolUse", api: "anthropic-messages", provider: "anthropic", model: "m", timestamp: 100 } }),
  JSON.stringify({ type: "message", id: "zz3", parentId: "zz2", timestamp: "2026-01-01T00:00:11.000Z", message: { role: "user", content: "hi", timestamp: 101 } }),
  '{"type":"message","id":"broken"',
  "",
  "[1,2]",
];
const pieces = fc.oneof(
  fc.constantFrom(...snippets.map((s) => s + "\n")),
  fc.constantFrom("\n", "\r", "\r\n", "x", '"', "{", "}", "bash_1", "ghost", "\ufeff"),
  fc.string({ maxLength: 6 }),
);
const insertText = fc.array(pieces, { maxLength: 4 }).map((a) => a.join(""));

/** An edit in relative terms, placed on the document when it is applied. */
type Edit = { kind: "append" | "replace"; a: number; b: number; ca: number; cb: number; text: string };
const fraction = (max: number) => fc.integer({ min: 0, max: 1000 }).map((i) => (i / 1000) * max);
const edit = fc.record({ kind: fc.constantFrom<"append" | "replace">("append", "replace", "replace"), a: fraction(1), b: fraction(0.2), ca: fraction(1), cb: fraction(1), text: insertText });

function place(doc: TextDocument, e: Edit): TextChange {
  const n = doc.lineCount;
  if (e.kind === "append") {
    const end = doc.positionAt(doc.getText().length);
    return { range: { start: end, end }, text: e.text };
  }
  const lineLen = (l: number) => {
    const t = doc.getText({ start: { line: l, character: 0 }, end: { line: l + 1, character: 0 } });
    return t.replace(/(\r\n|\r|\n)$/, "").length;
  };
  const l1 = Math.min(n - 1, Math.floor(e.a * n));
  const l2 = Math.min(n - 1, l1 + Math.floor(e.b * n));
  const c1 = Math.floor(e.ca * (lineLen(l1) + 1));
  const c2 = l2 === l1 ? c1 + Math.floor(e.cb * (lineLen(l1) - c1 + 1)) : Math.floor(e.cb * (lineLen(l2) + 1));
  return { range: { start: { line: l1, character: c1 }, end: { line: l2, character: c2 } }, text: e.text };
}

const lineShape = (p: ParsedText) => ({
  bom: p.bom,
  unterminatedLastLine: p.unterminatedLastLine,
  lines: [...p.lines.all()].map((l) => ({ line: l.line, offset: l.offset, text: l.text, eol: l.eol, value: l.value, parseError: l.parseError, tooDeep: l.tooDeep })),
});
const analysisShape = (a: Analysis) => ({
  format: a.session.format,
  findings: a.findings,
  before: a.before.map((m) => [m.role, m.origin]),
  after: a.after.map((m) => [m.role, m.origin]),
  dropped: a.dropped.map((d) => [d.msg.origin, d.by]),
});

describe("line-wise incremental parsing (language server)", () => {
  it("patched lines and their analysis equal a fresh parse and analysis after random edits", () => {
    let patched = 0;
    let batchesSeen = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: sources.length - 1 }), fc.array(fc.array(edit, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }), (si, batches) => {
        const doc = TextDocument.create("file:///t.jsonl", "jsonl", 1, sources[si].text);
        let parsed: ParsedText = parseText(doc.getText());
        let version = 1;
        for (const batch of batches) {
          const changes: TextChange[] = [];
          let d = doc;
          // Each change of a batch is placed on the text as the previous ones left it, as LSP sends them.
          for (const e of batch) {
            const c = place(d, e);
            changes.push(c);
            d = TextDocument.create(d.uri, "jsonl", 0, d.getText());
            TextDocument.update(d, [c], 0);
          }
          TextDocument.update(doc, changes, ++version);
          const p = patchLines(parsed, changes);
          batchesSeen++;
          if (p) patched++;
          parsed = p ?? parseText(doc.getText());
          assert.deepEqual(lineShape(parsed), lineShape(parseText(doc.getText())), `${sources[si].name}: lines after ${JSON.stringify(changes)}`);
        }
        assert.deepEqual(analysisShape(analyzeSession(sessionFromLines(parsed))), analysisShape(analyze(doc.getText())), `${sources[si].name}: analysis`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    assert.ok(patched * 2 > batchesSeen, `most batches are followed line-wise (${patched} of ${batchesSeen})`);
  });

  it("the server's LineDocument keeps the text and lines of the library's TextDocument, whole-text changes and first-line edits included", () => {
    const whole = fc.record({ kind: fc.constant<"whole">("whole"), text: insertText });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: sources.length - 1 }), fc.array(fc.array(fc.oneof(edit, edit, edit, whole), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }), fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), (si, batches, reads) => {
        const ref = TextDocument.create("file:///t.jsonl", "jsonl", 1, sources[si].text);
        const doc = LineDocument.create("file:///t.jsonl", "jsonl", 1, sources[si].text);
        let version = 1;
        batches.forEach((batch, bi) => {
          const changes: TextChange[] = [];
          let d = ref;
          for (const e of batch) {
            const c = e.kind === "whole" ? { text: e.text } : place(d, e);
            changes.push(c);
            d = TextDocument.create(d.uri, "jsonl", 0, d.getText());
            TextDocument.update(d, [c], 0);
          }
          TextDocument.update(ref, changes, ++version);
          LineDocument.update(doc, changes as any, version);
          assert.equal(doc.version, version);
          // Reading the lines or not between batches must not matter.
          if (reads[bi]) assert.deepEqual(lineShape(doc.lines()), lineShape(parseText(ref.getText())));
        });
        assert.deepEqual(lineShape(doc.lines()), lineShape(parseText(ref.getText())));
        assert.equal(doc.getText(), ref.getText());
        assert.equal(doc.lineCount, ref.lineCount);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("the format sniffed from parsed lines is the one sniffed from the text (first 256 KB)", () => {
    const pad = (n: number) => JSON.stringify({ type: "note", text: "x".repeat(n) });
    const user = sessionText([{ user: 1 }]).split("\n")[1];
    const texts = [
      ...corpusFiles().map((f) => f.text),
      "\ufeff" + sources[0].text,
      // the session header only after the sniffed head, or straddling its end
      ...[0, 1, 2, 3].map((k) => `${pad(256 * 1024 - 40 + k * 20)}\n${sources[0].text}`),
      ...[0, 1, 2].map((k) => `${Array.from({ length: 60 }, () => pad(4300 + k * 7)).join("\r\n")}\r\n${sources[1].text}${user}`),
    ];
    for (const t of texts) assert.equal(sniffParsedFormat(parseText(t)), sniffFormat(t));
  });

  it("an append re-parses only the appended line", () => {
    const text = sources[0].text;
    const parsed = parseText(text);
    const values = [...parsed.lines.all()].map((l) => l.value);
    const n = parsed.lines.length;
    const p = patchLines(parsed, [{ range: { start: { line: n, character: 0 }, end: { line: n, character: 0 } }, text: snippets[2] + "\n" }]);
    assert.ok(p);
    assert.equal(p.lines.length, n + 1);
    for (let i = 0; i < n; i++) assert.equal(p.lines.at(i)!.value, values[i], `line ${i} keeps its parse`);
    assert.deepEqual(lineShape(p), lineShape(parseText(text + snippets[2] + "\n")));
  });

  it("gives up (null) on what it cannot follow line-wise: the first line, a whole-text change, a position past the end", () => {
    const parsed = () => parseText(sources[0].text);
    assert.equal(patchLines(parsed(), [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, text: "" }]), null);
    assert.equal(patchLines(parsed(), [{ text: "{}\n" }]), null);
    assert.equal(patchLines(parsed(), [{ range: { start: { line: 99, character: 0 }, end: { line: 99, character: 0 } }, text: "x" }]), null);
  });
});
