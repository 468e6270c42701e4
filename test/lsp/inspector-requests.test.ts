/**
 * Issue 11 item 5: the windowed inspector's requests over a real stdio connection to the built
 * server: a summary without rows, bounded row windows that follow the filters, search run on the
 * server, a row's place, one message's full text, and a new revision after an edit.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { MAX_ROWS_BYTES, MAX_ROWS_PER_REQUEST, type FullTextAnswer, type LocateAnswer, type RowsAnswer, type ViewSummary } from "../../server/src/protocol/index.js";
import { LspClient } from "../helpers/lsp-client.js";
import { sessionText, type Spec } from "../helpers/session-builder.js";

const none = { hiddenRoles: [], tool: "", onlyFindings: false, search: "" };
const TURNS = 600;
const specs: Spec[] = [];
for (let i = 0; i < TURNS; i++) specs.push({ user: i * 10, text: i === 517 ? "find the Quokka here" : `question ${i}` }, { assistant: i * 10 + 1, calls: [`bash_${i}`] }, { result: i * 10 + 2, id: `bash_${i}` }, { assistant: i * 10 + 3, text: `done ${i}` });
const TEXT = sessionText(specs);

describe("windowed inspector requests over stdio", () => {
  let c: LspClient;
  const uri = "file:///virtual/windowed.jsonl";
  before(async () => {
    c = await LspClient.start({});
    const from = c.published.length;
    c.open(uri, TEXT);
    await c.diagnosticsFor(uri, 1, from);
  });
  after(async () => {
    await c.stop();
  });

  it("summary: totals, filter choices and the row count, no rows; null for a file that is not a session", async () => {
    const s = await c.request<ViewSummary>("transcriptInspector/summary", { uri });
    // a row per turn's user, call (its result in the call's card) and answer
    assert.equal(s.rowCount, TURNS * 3, `${s.rowCount} rows`);
    assert.equal(s.totals.before.messages, TURNS * 4);
    assert.deepEqual(s.roles, ["assistant", "toolResult", "user"]);
    assert.deepEqual(s.tools, ["bash"]);
    assert.equal(s.version, 1);
    assert.ok(Number.isInteger(s.revision) && s.revision > 0);
    assert.equal("before" in s || "after" in s || "rows" in s, false, "a summary carries no messages");
    // small whatever the session's length: the context-size timeline is its largest part (a point per response, at most MAX_TIMELINE_POINTS)
    assert.equal(s.timeline?.responses, TURNS * 2);
    const { timeline: _t, ...rest } = s;
    assert.ok(JSON.stringify(rest).length < 4096, `${JSON.stringify(rest).length} bytes`);
    assert.ok(JSON.stringify(s).length < 64 * 1024, `${JSON.stringify(s).length} bytes with the timeline`);
    const other = "file:///virtual/notes.jsonl";
    c.open(other, '{"a":1}\n{"b":2}\n');
    assert.equal(await c.request("transcriptInspector/summary", { uri: other }), null);
  });

  it("rows and locate without filters (or with odd ones) answer as with none (issue 22: null after a TypeError)", async () => {
    const s = await c.request<ViewSummary>("transcriptInspector/summary", { uri });
    const want = await c.request<RowsAnswer>("transcriptInspector/rows", { uri, revision: s.revision, filters: none, start: 0, count: 5 });
    const bare = await c.request<RowsAnswer>("transcriptInspector/rows", { uri, revision: s.revision, start: 0, count: 5 });
    assert.deepEqual(bare, want);
    const odd = await c.request<RowsAnswer>("transcriptInspector/rows", { uri, revision: s.revision, filters: { hiddenRoles: "user", search: 5 }, start: "0", count: 5 });
    assert.deepEqual(odd, want);
    const at = await c.request<LocateAnswer>("transcriptInspector/locate", { uri, revision: s.revision, target: { line: 3 } });
    assert.equal(at.index, 1);
    assert.equal((await c.request<LocateAnswer>("transcriptInspector/locate", { uri, revision: s.revision })).index, -1);
  });

  it("rows: a bounded window, the same rows as the whole list's slice, and the filtered count", async () => {
    const s = await c.request<ViewSummary>("transcriptInspector/summary", { uri });
    const first = await c.request<RowsAnswer>("transcriptInspector/rows", { uri, revision: s.revision, filters: none, start: 0, count: 50 });
    assert.equal(first.revision, s.revision);
    assert.equal(first.count, s.rowCount);
    assert.equal(first.rows.length, 50);
    assert.equal(first.rows[0].before?.line, 2);
    // asking for more than the bound returns the bound
    const big = await c.request<RowsAnswer>("transcriptInspector/rows", { uri, revision: s.revision, filters: none, start: 100, count: 100000 });
    assert.equal(big.rows.length, MAX_ROWS_PER_REQUEST);
    assert.equal(big.start, 100);
    assert.ok(Buffer.byteLength(JSON.stringify(big.rows)) <= MAX_ROWS_BYTES);
    // consecutive windows join without gaps or repeats
    const next = await c.request<RowsAnswer>("transcriptInspector/rows", { uri, revision: s.revision, filters: none, start: 50, count: 50 });
    assert.equal(next.rows[0].key !== first.rows[49].key, true);
    const keys = new Set([...first.rows, ...next.rows].map((r) => r.key));
    assert.equal(keys.size, 100);
    // past the end: none
    const past = await c.request<RowsAnswer>("transcriptInspector/rows", { uri, revision: s.revision, filters: none, start: s.rowCount + 5, count: 10 });
    assert.deepEqual(past.rows, []);
    // a role filter runs on the server: only user rows
    const users = await c.request<RowsAnswer>("transcriptInspector/rows", { uri, revision: s.revision, filters: { ...none, hiddenRoles: ["assistant", "toolResult"] }, start: 0, count: 20 });
    assert.equal(users.count, TURNS);
    assert.ok(users.rows.every((r) => r.before?.role === "user"));
  });

  it("search: the server finds the rows, the count is the total of matches, locate finds a row's place", async () => {
    const s = await c.request<ViewSummary>("transcriptInspector/summary", { uri });
    const hit = await c.request<RowsAnswer>("transcriptInspector/rows", { uri, revision: s.revision, filters: { ...none, search: "quokka" }, start: 0, count: 100 });
    assert.equal(hit.count, 1);
    assert.match(hit.rows[0].before!.preview, /Quokka/);
    const ids = await c.request<RowsAnswer>("transcriptInspector/rows", { uri, revision: s.revision, filters: { ...none, search: "bash_59" }, start: 0, count: 100 });
    // bash_59 and bash_590..599: a call and its result each, one card (row) each
    assert.equal(ids.count, 11);
    const line = hit.rows[0].before!.line!;
    const at = await c.request<LocateAnswer>("transcriptInspector/locate", { uri, revision: s.revision, filters: none, target: { line } });
    assert.equal(at.index, 517 * 3);
    assert.equal(at.row?.before?.line, line);
    const key = await c.request<LocateAnswer>("transcriptInspector/locate", { uri, revision: s.revision, filters: { ...none, search: "quokka" }, target: { rowKey: hit.rows[0].key } });
    assert.equal(key.index, 0);
    const gone = await c.request<LocateAnswer>("transcriptInspector/locate", { uri, revision: s.revision, filters: { ...none, search: "quokka" }, target: { line: 2 } });
    assert.equal(gone.index, -1);
  });

  it("fullText: a tool call's arguments as indented JSON; null for an unknown key", async () => {
    const s = await c.request<ViewSummary>("transcriptInspector/summary", { uri });
    const rows = await c.request<RowsAnswer>("transcriptInspector/rows", { uri, revision: s.revision, filters: none, start: 0, count: 4 });
    const call = rows.rows.find((r) => r.before?.role === "assistant" && r.before.toolCallIds)!.before!;
    const full = await c.request<FullTextAnswer>("transcriptInspector/fullText", { uri, revision: s.revision, side: "before", key: call.key });
    assert.match(full.text, /\[tool call\] bash \(bash_0\)\n\{\n {2}"command": /);
    assert.equal(full.totalChars, undefined);
    assert.equal(await c.request("transcriptInspector/fullText", { uri, revision: s.revision, side: "before", key: "nope" }), null);
  });

  it("a long message's full text is cut with its whole length; the answer stays under 1 MB", async () => {
    const u = "file:///virtual/long.jsonl";
    const long = "x\u0001".repeat(400_000);
    c.open(u, sessionText([{ user: 1, text: long }, { assistant: 2, text: "ok" }]));
    const s = await c.request<ViewSummary>("transcriptInspector/summary", { uri: u });
    const rows = await c.request<RowsAnswer>("transcriptInspector/rows", { uri: u, revision: s.revision, filters: none, start: 0, count: 10 });
    const full = await c.request<FullTextAnswer>("transcriptInspector/fullText", { uri: u, revision: s.revision, side: "before", key: rows.rows[0].before!.key });
    assert.equal(full.totalChars, long.length);
    assert.ok(full.text.length > 0 && full.text.length < long.length);
    assert.ok(long.startsWith(full.text));
    assert.ok(Buffer.byteLength(JSON.stringify(full)) < 1024 * 1024, `${Buffer.byteLength(JSON.stringify(full))} bytes`);
  });

  it("an edit makes a new revision; rows asked for the old one come from the new one, saying so", async () => {
    const s1 = await c.request<ViewSummary>("transcriptInspector/summary", { uri });
    const added = sessionText([...specs, { user: 99999, text: "appended" }]);
    c.change(uri, 2, [{ text: added }]);
    await c.until(() => c.notifications.some((n) => n.method === "transcriptInspector/didChangeRender" && n.params.version === 2), 15000, "re-render");
    const old = await c.request<RowsAnswer>("transcriptInspector/rows", { uri, revision: s1.revision, filters: none, start: 0, count: 5 });
    assert.notEqual(old.revision, s1.revision);
    const s2 = await c.request<ViewSummary>("transcriptInspector/summary", { uri });
    assert.equal(s2.revision, old.revision);
    assert.equal(s2.totals.before.messages, s1.totals.before.messages + 1);
    // the same state answers again from the same window: the same revision
    assert.equal((await c.request<ViewSummary>("transcriptInspector/summary", { uri })).revision, s2.revision);
  });
});
