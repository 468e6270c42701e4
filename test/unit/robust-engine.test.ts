/**
 * Issue 15 ("nothing breaks the tools"): engine-level defects, each with the input that broke it.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { splitLines } from "../../server/src/engine/model/lines.js";
import { findingRange } from "../../server/src/engine/model/positions.js";
import { fixAll, fixAllOrphans, REPAIRS, whyNot } from "../../server/src/engine/repair/index.js";
import { findingJson } from "../../server/src/presentation/report.js";
import { buildRenderView } from "../../server/src/presentation/view-model.js";
import { escapeMarkdown } from "../../server/src/lsp/markdown.js";
import { entryOf, sessionText, type Spec } from "../helpers/session-builder.js";

const deep = (n: number) => "[".repeat(n) + "]".repeat(n);

describe("deep nesting", () => {
  const base = () => sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "zz_9" }, { user: 5 }]).split("\n");
  it("a line nested 10,000 levels deep with a finding: the line is reported and analysis goes on", () => {
    const lines = base();
    lines[4] = lines[4].replace('"toolCallId"', `"deep":${deep(10000)},"toolCallId"`);
    const text = lines.join("\n");
    const a = analyze(text);
    const f = a.findings.find((x) => x.line === 4)!;
    assert.equal(f.code, "malformed-line");
    assert.match(f.message, /nested more than 1000 levels deep/);
    for (const x of a.findings) findingJson(a.session.lines, x);
    assert.ok(a.findings.some((x) => x.line === 5 && x.code === "broken-parent"), "the lines after it are analysed");
    fixAllOrphans(text);
  });
  it("a line nested 900 levels deep with a finding: its range falls back to the whole line, no overflow", () => {
    const lines = base();
    lines[4] = lines[4].replace('"toolCallId"', `"deep":${deep(900)},"toolCallId"`);
    const a = analyze(lines.join("\n"));
    const orphan = a.findings.find((f) => f.code === "orphan-result")!;
    assert.ok(orphan);
    const r = findingRange(a.session.lines, orphan);
    assert.deepEqual(r, { start: 0, end: lines[4].length });
    assert.equal(fixAllOrphans(lines.join("\n")).removed, 1);
  });
  it("an errored call whose arguments nest 100,000 deep: analysis and the inspector view do not overflow", () => {
    const t = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"], args: { x: "@@" } }, { result: 3, id: "a_1", isError: true }, { user: 4 }, { assistant: 5, text: "k" }, { user: 6 }, { assistant: 7, text: "k" }, { user: 8 }]).replace('"@@"', deep(100000));
    const a = analyze(t);
    buildRenderView(a, "file:///x.jsonl", 1);
    assert.ok(a.findings.some((f) => f.line === 2 && f.code === "malformed-line"));
  });
});

describe("line splitting agrees with LSP (\\n, \\r\\n, lone \\r)", () => {
  it("splitLines", () => {
    assert.deepEqual(
      splitLines("a\rb\r\nc\r\r\nd\ne").map((l) => [l.text, l.eol]),
      [["a", "\r"], ["b", "\r\n"], ["c", "\r"], ["", "\r\n"], ["d", "\n"], ["e", ""]],
    );
    assert.deepEqual(splitLines("").length, 0);
    assert.deepEqual(splitLines("x\r").map((l) => [l.text, l.eol]), [["x", "\r"]]);
  });

  // pi, Claude Code and Codex split records at LF only: a lone CR is JSON whitespace inside one.
  const specs: Spec[] = [{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "x_1" }, { user: 5 }, { assistant: 6, text: "ok" }];
  it("a file whose lines end in a lone CR is one record to the agents: not read as a session, fix changes nothing", () => {
    const t = sessionText(specs).split("\n").join("\r");
    const a = analyze(t);
    assert.equal(a.session.format, "unknown");
    assert.equal(fixAll(t).text, t);
  });
  it('lines ending in "\\r\\r\\n": each entry is read (the extra CR is whitespace), on the editor\'s line; repairs that would cut through a record are refused with why', () => {
    const t = sessionText(specs).split("\n").join("\r\r\n");
    const a = analyze(t);
    const f = a.findings.find((x) => x.code === "orphan-result")!;
    assert.ok(f, "the orphan is found");
    const lspLines = t.split(/\r\n|\r|\n/);
    assert.match(lspLines[f.line], /"x_1"/, "the finding's line is LSP's line");
    assert.equal(REPAIRS["remove-orphan"].one!(a, f.line, "x_1", false), null);
    assert.match(whyNot("remove-orphan", a, f.line, "x_1", false)!, /lone CR/);
    assert.equal(fixAll(t).text, t);
  });
});

describe("acp sidecar field types", () => {
  const t = sessionText([{ user: 1 }, { assistant: 2, text: "ok" }]);
  const invalid = (sidecar: string) => analyze(t, { acpSidecar: { text: sidecar, name: "s.jsonl.acp.json" } }).findings.filter((f) => f.code === "acp-sidecar-invalid");
  for (const s of [
    '{"blocks":[],"messageRefs":{"byRef":{"m1":5}}}',
    '{"blocks":[],"messageRefs":{"byRaw":{"e1":null}}}',
    '{"blocks":[],"messageRefs":5}',
    '{"blocks":[{"blockId":"b1","effectiveMessageIds":[1],"summary":"s"}]}',
    '{"blocks":[{"blockId":"b1","effectiveMessageIds":[],"directMessageIds":"x"}]}',
    '{"blocks":[{"blockId":"b1","effectiveMessageIds":[],"summary":7}]}',
    '{"blocks":[{"blockId":"b1","effectiveMessageIds":[],"active":"yes"}]}',
    '{"blocks":[{"blockId":"b1","effectiveMessageIds":[],"tier":"1"}]}',
  ])
    it(`wrong field types are a finding, not a crash: ${s}`, () => {
      const f = invalid(s);
      assert.equal(f.length, 1);
    });
  it("a sidecar read error given by the caller is the finding", () => {
    const f = analyze(t, { acpSidecar: { text: "", name: "s.jsonl.acp.json", error: "not a regular file" } }).findings.filter((x) => x.code === "acp-sidecar-invalid");
    assert.equal(f.length, 1);
    assert.match(f[0].message, /not a regular file/);
  });
});

describe("parent cycles", () => {
  it("a 2-cycle a->b->a gets a broken-parent finding on its entries", () => {
    const lines = [
      entryOf({ user: 1 }, "e1", null),
      { ...entryOf({ assistant: 2, text: "x" }, "a", "b") },
      { ...entryOf({ user: 3 }, "b", "a") },
      entryOf({ assistant: 4, text: "ok" }, "e4", "e1"),
    ];
    const t = `{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/"}\n` + lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
    const f = analyze(t).findings.filter((x) => x.code === "broken-parent");
    assert.deepEqual(f.map((x) => x.line).sort(), [2, 3]);
    assert.match(f[0].message, /cycle/);
  });
});

describe("hover text marks bidi and zero-width characters", () => {
  it("U+202E, U+2066, U+200B, U+FEFF are shown as visible marks", () => {
    const s = escapeMarkdown("a\u202Eb\u2066c\u200Bd\uFEFFe\u0007f");
    assert.ok(!/[\u202E\u2066\u200B\uFEFF\u0007]/.test(s), s);
    assert.match(s, /U\\\+202E/);
  });
});
