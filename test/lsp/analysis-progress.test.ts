/**
 * A long session opened in the editor is read in slices (engine/model/parse.ts parseTextSliced,
 * lsp/line-document.ts parseInSlices): between slices the server answers other requests, reports
 * VS Code's work-done progress, and stops a read a newer version supersedes. Every assertion is
 * on the order of events over the real LSP connection, none on time.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { LspClient } from "../helpers/lsp-client.js";
import { sessionText, type Spec } from "../helpers/session-builder.js";

/** About 17 MB: 4,000 calls, each with a 4 KB result (the server reads 2 MB a slice, from 4 MB on). */
function longSession(): string {
  const specs: Spec[] = [{ user: 1, text: "start" }];
  const output = "line of tool output, ".repeat(200);
  for (let i = 0; i < 4000; i++) {
    specs.push({ assistant: 2 + 2 * i, calls: [`bash_${i}`] });
    specs.push({ result: 3 + 2 * i, id: `bash_${i}`, text: output });
  }
  return sessionText(specs);
}

const CAPABILITIES = {
  window: { workDoneProgress: true },
  workspace: { configuration: true },
  textDocument: { publishDiagnostics: { relatedInformation: true }, codeAction: { dataSupport: true, resolveSupport: { properties: ["edit"] } } },
};

/** The `$/progress` values in arrival order, grouped by token. */
function progressByToken(c: LspClient): Map<string, any[]> {
  const out = new Map<string, any[]>();
  for (const n of c.notifications) {
    if (n.method !== "$/progress") continue;
    const k = String(n.params.token);
    let list = out.get(k);
    if (!list) out.set(k, (list = []));
    list.push(n.params.value);
  }
  return out;
}

const readingReports = (values: any[]) => values.filter((v) => v.kind === "report" && /^reading /.test(v.message ?? ""));

describe("a long session is read in slices", () => {
  let text: string;
  let c: LspClient;
  before(async () => {
    text = longSession();
    assert.ok(text.length > 16 << 20, `the session is ${text.length} characters`);
    c = await LspClient.start({}, CAPABILITIES);
  });
  after(async () => {
    await c?.stop();
  });

  it("a hover, a code action and the inspector's summary sent during the read are answered before the diagnostics", async () => {
    const uri = "file:///virtual/long-requests.jsonl";
    const from = c.notifications.length;
    c.open(uri, text);
    // The read has started: a progress report, before any diagnostics (a read in one go publishes first).
    await c.until(() => c.published.some((p) => p.uri === uri) || c.notifications.slice(from).some((n) => n.method === "$/progress" && n.params.value.kind === "report"), 60_000, "a progress report or the diagnostics");
    assert.equal(c.published.filter((p) => p.uri === uri).length, 0, "the diagnostics came before any progress report: the read did not yield");
    const publishedWhenAnswered: Record<string, number> = {};
    const answered = (what: string) => (v: any) => {
      publishedWhenAnswered[what] = c.published.filter((p) => p.uri === uri).length;
      return v;
    };
    const [hover, actions, summary] = await Promise.all([
      c.request("textDocument/hover", { textDocument: { uri }, position: { line: 2, character: 10 } }).then(answered("hover")),
      c.request("textDocument/codeAction", { textDocument: { uri }, range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, context: { diagnostics: [] } }).then(answered("codeAction")),
      c.request("transcriptInspector/summary", { uri }).then(answered("summary")),
    ]);
    assert.deepEqual(publishedWhenAnswered, { hover: 0, codeAction: 0, summary: 0 }, "each request was answered before the diagnostics were published");
    // The hover says what the server is doing; the others are empty until the analysis publishes.
    assert.match((hover as any).contents.value, /Transcript Inspector is reading \d+ MB, \d+%/);
    assert.deepEqual(actions, []);
    assert.equal(summary, null);
    // The read then completes and publishes; a request now is answered from the analysis.
    await c.until(() => c.published.some((p) => p.uri === uri && p.diagnostics.length === 0) && c.notifications.some((n) => n.method === "transcriptInspector/status" && n.params.uri === uri), 120_000, "the diagnostics");
    const s = await c.request<any>("transcriptInspector/summary", { uri });
    assert.ok(s && s.rowCount > 4000, `the summary after the read counts ${s?.rowCount} rows`);
    c.close(uri);
  });

  it("the client sees $/progress begin, reports with a percentage naming what the server waits for, and end", async () => {
    const uri = "file:///virtual/long-progress.jsonl";
    const from = c.notifications.length;
    c.open(uri, text);
    await c.until(() => c.notifications.slice(from).some((n) => n.method === "transcriptInspector/status" && n.params.uri === uri), 120_000, "the status");
    const token = [...progressByToken(c)].find(([, v]) => v.some((x: any) => x.kind === "begin" && /^reading /.test(x.message ?? "")))?.[0];
    assert.ok(token !== undefined, "a work-done progress began with 'reading ...'");
    const values = await c.until(() => {
      const v = progressByToken(c).get(token)!;
      return v.some((x: any) => x.kind === "end") && v;
    }, 60_000, "the progress to end");
    assert.equal(values[0].kind, "begin");
    assert.equal(values[0].title, "Transcript Inspector");
    assert.equal(values[0].cancellable, true);
    assert.equal(values[values.length - 1].kind, "end");
    const reports = values.filter((v: any) => v.kind === "report");
    const reading = readingReports(values);
    assert.ok(reading.length >= 4, `${reading.length} reading reports (one a slice)`);
    for (const r of reading) assert.match(r.message, /^reading 1\d MB, \d+%$/);
    // Percentages never go back, and the steps after the read are named.
    const pcts = reports.map((r: any) => r.percentage);
    for (let i = 1; i < pcts.length; i++) assert.ok(pcts[i] >= pcts[i - 1], `percentages ${pcts.join(", ")}`);
    assert.ok(reports.some((r: any) => /building the context/.test(r.message)), "the analysis after the read is named");
    assert.ok(reports.some((r: any) => /provider verdicts/.test(r.message)), "the provider verdicts are named");
    // The inspector gets the same words.
    const inspector = () => c.notifications.slice(from).filter((n) => n.method === "transcriptInspector/analysisProgress" && n.params.uri === uri).map((n) => n.params);
    const mine = await c.until(() => inspector().some((p) => p.done) && inspector(), 60_000, "the inspector's progress to end");
    assert.ok(mine.some((p) => /^reading 1\d MB, \d+%$/.test(p.message) && typeof p.percentage === "number"));
    assert.equal(mine.filter((p) => p.done).length, 1);
    assert.equal(mine[mine.length - 1].done, true);
    c.close(uri);
  });

  it("an open superseded by a change abandons its read: fewer slices than the text has, no diagnostics for the old version", async () => {
    const uri = "file:///virtual/long-superseded.jsonl";
    const before = new Set(progressByToken(c).keys());
    const from = c.published.length;
    c.open(uri, text, 1);
    const first = await c.until(() => [...progressByToken(c)].find(([k, v]) => !before.has(k) && readingReports(v).length > 0), 60_000, "the first reading report");
    // The agent appends a line: version 2 supersedes the open.
    const lines = text.split("\n").length - 1;
    c.change(uri, 2, [{ range: { start: { line: lines, character: 0 }, end: { line: lines, character: 0 } }, text: '{"type":"custom","customType":"note","id":"zz","parentId":null,"timestamp":"2026-01-02T00:00:00.000Z"}\n' }]);
    await c.until(() => c.published.slice(from).some((p) => p.uri === uri && p.version === 2), 120_000, "diagnostics of version 2");
    const old = progressByToken(c).get(first[0])!;
    assert.equal(old[old.length - 1].kind, "end", "the old read's progress ended");
    const slices = Math.ceil(text.length / (2 << 20));
    const done = readingReports(old).length;
    assert.ok(done < slices - 1, `the old read stopped after ${done} of ${slices} slices`);
    assert.ok(!old.some((v) => /building the context/.test(v.message ?? "")), "the old read did not go on to the analysis");
    assert.equal(c.published.slice(from).filter((p) => p.uri === uri && p.version === 1).length, 0, "nothing was published for version 1");
    c.close(uri);
  });
});
