/**
 * Issue 23, server side of the conversation view (Node): the content blocks a row carries
 * (Markdown text, arguments pretty-printed, edits and patches), tool call and result in one card,
 * changes only with the unchanged runs folded, the context-size timeline and the totals'
 * breakdown. The webview draws these; nothing here runs in the page.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MAX_FULL_TEXT_BYTES, MAX_ROWS_BYTES, type RowFilters, type ViewBlock, type ViewRow } from "../../server/src/protocol/index.js";
import { isHostToWebview } from "../../server/src/protocol/webview.js";
import { rowMessages } from "../../server/src/presentation/view-rows.js";
import { corpusText, fixtureText } from "../helpers/corpus.js";
import { seedRegressionSpecs, sessionText, type Spec } from "../helpers/session-builder.js";
import { viewOf, windowOf } from "./harness.js";

const ALL: RowFilters = { hiddenRoles: [], tool: "", onlyFindings: false, search: "" };
const rowsOf = (w: ReturnType<typeof windowOf>, filters: RowFilters = ALL) => {
  const out: ViewRow[] = [];
  for (let start = 0; ; ) {
    const a = w.rowsAnswer({ revision: w.revision, filters, start, count: 200 });
    out.push(...a.rows);
    start += a.rows.length;
    if (start >= a.count || a.rows.length === 0) return out;
  }
};
const blocks = (rows: ViewRow[]) => rows.flatMap((r) => rowMessages(r).flatMap(({ m }) => m.content?.blocks ?? []));
const calls = (rows: ViewRow[]) => blocks(rows).filter((b): b is Extract<ViewBlock, { type: "toolCall" }> => b.type === "toolCall");

describe("conversation view: content blocks", () => {
  it("a Codex call's JSON-string arguments arrive parsed and indented; apply_patch as a patch", () => {
    const w = windowOf(viewOf(corpusText("codex/daaain-structured.jsonl")));
    const cs = calls(rowsOf(w));
    const exec = cs.find((c) => c.name === "exec_command")!;
    assert.equal(exec.args, JSON.stringify({ cmd: "find . -maxdepth 1 -type f" }, null, 2));
    const patch = cs.find((c) => c.name === "apply_patch")!;
    assert.equal(patch.patch?.kind, "apply");
    assert.match(patch.patch!.text, /^\*\*\* Begin Patch\n\*\*\* Add File: gamma\.txt\n\+synthetic/);
  });

  it("a Claude Code Edit arrives as an edit (old and new text), its path not repeated in the arguments", () => {
    const w = windowOf(viewOf(fixtureText("claude-code/edit-call.jsonl")));
    const edit = calls(rowsOf(w)).find((c) => c.name === "Edit")!;
    assert.equal(edit.edits?.length, 1);
    assert.equal(edit.edits![0].path, "/home/dev/project/CLAUDE.md");
    assert.ok(edit.edits![0].before.length > 0 && edit.edits![0].after !== edit.edits![0].before);
    assert.doesNotMatch(edit.args, /old_string|new_string|file_path/);
  });

  it("assistant and user text is Markdown; a tool result is plain, or a diff when it is one; thinking is its own block", () => {
    const diff = "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new\n";
    const specs: Spec[] = [{ user: 1, text: "# Title\n\n**bold**" }, { assistant: 2, thinking: "let me think", calls: ["bash_1"] }, { result: 3, id: "bash_1", text: diff }, { assistant: 4, text: "done" }];
    const rows = rowsOf(windowOf(viewOf(sessionText(specs))));
    const bs = blocks(rows);
    assert.deepEqual(bs.find((b) => b.type === "text" && b.text.startsWith("# Title")), { type: "text", text: "# Title\n\n**bold**", format: "markdown" });
    assert.ok(bs.some((b) => b.type === "thinking" && b.text === "let me think"));
    assert.ok(bs.some((b) => b.type === "text" && b.format === "diff" && b.text === diff));
  });

  it("a row's content is bounded (MAX_ROW_CONTENT_CHARS) and says so; the full content comes on request, bounded", () => {
    const big = "word ".repeat(200_000);
    const rows = rowsOf(windowOf(viewOf(sessionText([{ user: 1, text: big }, { assistant: 2, text: "ok" }]))));
    const text = rows[0].before!.content!;
    assert.equal(text.cut, true);
    const b = text.blocks[0] as Extract<ViewBlock, { type: "text" }>;
    assert.equal(b.totalChars, big.length);
    assert.ok(b.text.length <= 4000);
    const w = windowOf(viewOf(sessionText([{ user: 1, text: "\u0001".repeat(400_000) }])));
    const full = w.fullTextAnswer({ revision: w.revision, side: "before", key: w.rows[0].before!.key, content: true })!;
    assert.equal(full.text, "");
    assert.ok(Buffer.byteLength(JSON.stringify(full)) <= MAX_FULL_TEXT_BYTES + 1024, "full content within its bound");
    assert.ok(isHostToWebview({ type: "fullText", id: 1, answer: full }));
  });
});

describe("conversation view: images", () => {
  it("an image block carries its type, size and place; its bytes come on request, only for drawn types within the bound", () => {
    const lines = sessionText([{ user: 1 }]).split("\n");
    const entry = JSON.parse(lines[1]);
    const big = "A".repeat(MAX_FULL_TEXT_BYTES);
    entry.message.content = [{ type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" }, { type: "image", mimeType: "image/svg+xml", data: "PHN2Zy8+" }, { type: "image", mimeType: "image/png", data: big }];
    lines[1] = JSON.stringify(entry);
    const w = windowOf(viewOf(lines.join("\n")));
    const key = w.rows[0].before!.key;
    const bs = rowsOf(w)[0].before!.content!.blocks;
    assert.deepEqual(bs[0], { type: "image", ref: 0, mimeType: "image/png", bytes: 8 });
    const ask = (image: number) => w.fullTextAnswer({ revision: w.revision, side: "before", key, image })!.image;
    assert.deepEqual(ask(0), { mimeType: "image/png", data: "iVBORw0KGgo=", bytes: 8 });
    assert.deepEqual(ask(1), { mimeType: "image/svg+xml", bytes: 6 }, "not a drawn type: no bytes");
    assert.equal(ask(2)!.data, undefined, "over the bound: no bytes");
    assert.equal(ask(7), undefined, "no such block");
    assert.ok(isHostToWebview({ type: "fullText", id: 1, answer: w.fullTextAnswer({ revision: w.revision, side: "before", key, image: 0 }) }));
    assert.ok(!isHostToWebview({ type: "fullText", id: 1, answer: { revision: w.revision, key, side: "before", text: "", image: { mimeType: "image/png", data: "<svg>", bytes: 5 } } }), "bytes that are not base64 are refused");
  });
});

describe("conversation view: call and result in one card", () => {
  it("results right after their call go into the call's row; each answer stays within its bound", () => {
    const specs: Spec[] = [{ user: 1 }, { assistant: 2, calls: ["read_1", "read_2"] }, { result: 3, id: "read_1" }, { result: 4, id: "read_2" }, { assistant: 5, text: "done" }];
    const w = windowOf(viewOf(sessionText(specs)));
    assert.equal(w.summary.rowCount, 3, "user, the card (call + 2 results), the answer");
    const card = rowsOf(w)[1];
    assert.deepEqual(card.results!.map((p) => [p.before?.toolCallId, p.after?.toolCallId]), [["read_1", "read_1"], ["read_2", "read_2"]]);
    assert.equal(card.results![0].before!.content!.blocks[0].type, "text");
    // locating a result's line finds its card
    assert.equal(w.locate({ revision: w.revision, filters: ALL, target: { line: 5 } }).index, 1);
    // a search that matches the result only shows the card
    const found = rowsOf(w, { ...ALL, search: "output of read_2" });
    assert.deepEqual(found.map((r) => r.key), [card.key]);
    assert.ok(isHostToWebview({ type: "rows", id: 1, answer: w.rowsAnswer({ revision: w.revision, filters: ALL, start: 0, count: 10 }) }));
  });

  it("an orphan result (no call in the row before) keeps its own row", () => {
    const specs: Spec[] = [{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "zz_9" }];
    const w = windowOf(viewOf(sessionText(specs)));
    const rows = rowsOf(w);
    assert.equal(rows[1].results?.length, 1);
    assert.equal(rows[2].before?.toolCallId, "zz_9");
  });

  it("answers stay under MAX_ROWS_BYTES with content on a corpus session", () => {
    const w = windowOf(viewOf(corpusText("pi/pi-mono-large-session-v1.jsonl")));
    for (let start = 0; start < w.summary.rowCount; ) {
      const a = w.rowsAnswer({ revision: w.revision, filters: ALL, start, count: 200 });
      assert.ok(a.rows.length === 1 || Buffer.byteLength(JSON.stringify(a.rows)) <= MAX_ROWS_BYTES);
      start += a.rows.length;
    }
  });
});

describe("conversation view: changes only", () => {
  it("shows the rows pruning changed and folds each unchanged run into one row with its message count", () => {
    const w = windowOf(viewOf(sessionText(seedRegressionSpecs())));
    const all = rowsOf(w);
    const changes = rowsOf(w, { ...ALL, changesOnly: true });
    const folds = changes.filter((r) => r.fold);
    const shown = changes.filter((r) => !r.fold);
    assert.ok(folds.length > 0 && shown.length > 0 && changes.length < all.length);
    for (const r of shown) assert.ok(rowMessages(r).some(({ side, m }) => (side === "before" ? !!m.droppedBy || m.findings.length > 0 : !!m.synthetic || !!m.changed || m.findings.length > 0)) || rowMessages(r).length % 2 === 1 || r.results?.some((p) => !p.before || !p.after) || !r.before || !r.after, `${r.key} changed`);
    // every row is either shown or inside exactly one fold, in order
    assert.equal(folds.reduce((n, f) => n + f.fold!.rows, 0) + shown.length, all.length);
    const firstFold = folds[0].fold!;
    assert.equal(firstFold.firstKey, all[all.findIndex((r) => r.key === firstFold.firstKey)].key);
    assert.ok(firstFold.messages >= firstFold.rows);
    assert.ok(isHostToWebview({ type: "rows", id: 1, answer: w.rowsAnswer({ revision: w.revision, filters: { ...ALL, changesOnly: true }, start: 0, count: 50 }) }));
  });
});

describe("conversation view: timeline and totals", () => {
  it("one point per response, context growing in Before, chain ranges as row spans, within its bound", () => {
    const view = viewOf(sessionText(seedRegressionSpecs()));
    const w = windowOf(view);
    const t = w.summary.timeline!;
    const responses = w.rows.filter((r) => r.before?.role === "assistant" || r.after?.role === "assistant").length;
    assert.equal(t.responses, responses);
    assert.equal(t.row.length, responses);
    for (let i = 1; i < t.before.length; i++) assert.ok(t.before[i] >= t.before[i - 1], "Before only grows");
    const upTo = (side: "before" | "after", row: number) => w.rows.slice(0, row).flatMap(rowMessages).filter((x) => x.side === side).reduce((n, x) => n + x.m.tokens, 0);
    assert.equal(t.before.at(-1), upTo("before", t.row.at(-1)!));
    assert.equal(t.after.at(-1), upTo("after", t.row.at(-1)!));
    assert.notDeepEqual(t.after, t.before, "the chains change After");
    assert.deepEqual(t.ranges.map((r) => r.blockId), ["b5", "b7"]);
    for (const r of t.ranges) assert.ok(w.rows[r.first].band === r.blockId && w.rows[r.last].band === r.blockId);
    assert.ok(isHostToWebview({ type: "summary", summary: w.summary }));
  });

  it("marks compactions: Claude Code's compact boundary (its own row), Codex's replacement history", () => {
    const claude = windowOf(viewOf(fixtureText("claude-code/compact-boundary.jsonl")));
    const marks = claude.summary.timeline!.marks;
    assert.deepEqual(marks.map((m) => m.label), ["compaction"]);
    const at = marks[0].row;
    assert.equal(claude.rows[at - 1].before?.droppedBy?.kind, "resume-cut");
    assert.equal(claude.rows[at].compaction?.line, 5, "the mark is the compaction's row");
    assert.notEqual(claude.rows[at + 1].before?.droppedBy?.kind, "resume-cut");
    assert.equal(marks[0].line, 5);
    const codex = windowOf(viewOf(fixtureText("codex/compacted-replacement-history.jsonl")));
    // Codex: where After puts the replacement history, and where the context resumes after the compaction
    assert.deepEqual(codex.summary.timeline!.marks.map((m) => m.label), ["replacement history", "compaction"]);
  });

  it("the totals say where the difference comes from (dropped, added by kind, changed)", () => {
    const view = viewOf(sessionText(seedRegressionSpecs()));
    const b = view.totals.breakdown!;
    assert.equal(b.dropped.messages, view.before.filter((m) => m.droppedBy).length);
    assert.equal(b.dropped.tokens, view.before.filter((m) => m.droppedBy).reduce((n, m) => n + m.tokens, 0));
    assert.deepEqual(b.added.map((a) => a.kind), ["chain-summary"]);
    assert.equal(b.added[0].messages, view.after.filter((m) => m.synthetic === "chain-summary").length);
    // before - after = dropped - added + (changed before - changed after)
    const added = b.added.reduce((n, a) => n + a.tokens, 0);
    const changed = b.changed.reduce((n, c) => n + c.tokensBefore - c.tokensAfter, 0);
    assert.equal(view.totals.before.tokens - view.totals.after.tokens, b.dropped.tokens - added + changed);
  });
});
