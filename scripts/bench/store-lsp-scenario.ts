/**
 * The store bench's language-server steps (client-observed, through the built server): the
 * sessions of a database listed (`transcriptInspector/storeSessions`: the first loads SQLite and
 * reads the database; the next ones find it unchanged), one session's document read
 * (`storeDocument`), opened under the store scheme until its diagnostics are published, a hover on
 * a call id, the inspector's summary. Prints one JSON line of medians (ms).
 *   node --import tsx scripts/bench/store-lsp-scenario.ts DB [CALL_ID_PREFIX]
 */
import { LspClient } from "../../test/helpers/lsp-client";

const RUNS = 5;
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = async <T>(f: () => Promise<T>): Promise<[number, T]> => {
  const t = performance.now();
  const r = await f();
  return [performance.now() - t, r];
};

void (async () => {
  const db = process.argv[2];
  const c = await LspClient.start();
  try {
    const [first, listed] = await time(() => c.request("transcriptInspector/storeSessions", { path: db }));
    const again: number[] = [];
    for (let i = 0; i < RUNS; i++) again.push((await time(() => c.request("transcriptInspector/storeSessions", { path: db })))[0]);
    // a generated session (the dump's own, the newest, is a few lines)
    const id = (listed.sessions.find((s: { id: string }) => s.id.startsWith("ses_bench") || s.id.includes("_b0")) ?? listed.sessions[0]).id;
    const docs: number[] = [];
    let text = "";
    for (let i = 0; i < RUNS; i++) {
      const [ms, r] = await time(() => c.request("transcriptInspector/storeDocument", { path: listed.path, id }));
      docs.push(ms);
      text = r.text;
    }
    const uri = `transcript-inspector-store:/${id}.json?${encodeURIComponent(listed.path)}`;
    const from = c.published.length;
    const [open] = await time(async () => {
      c.open(uri, text, 1, "json");
      return c.diagnosticsFor(uri, 1, from);
    });
    const lines = text.split("\n");
    // a call id: OpenCode's `callID` (toolu_…), Hermes's `tool_calls` id (call_bench…)
    const prefix = process.argv[3] ?? "toolu_";
    const line = lines.findIndex((l) => l.includes(`"${prefix}`));
    const character = lines[line].indexOf(`"${prefix}`) + 2;
    const hovers: number[] = [];
    for (let i = 0; i < RUNS; i++) hovers.push((await time(() => c.request("textDocument/hover", { textDocument: { uri }, position: { line, character } })))[0]);
    // the first summary builds the inspector's view; the next ones find it kept
    const [firstSummary] = await time(() => c.request("transcriptInspector/summary", { uri }));
    const summaries: number[] = [];
    for (let i = 0; i < RUNS; i++) summaries.push((await time(() => c.request("transcriptInspector/summary", { uri })))[0]);
    console.log(JSON.stringify({ sessions: listed.sessions.length, chars: text.length, firstList: first, list: med(again), document: med(docs), open, hover: med(hovers), firstSummary, summary: med(summaries) }));
  } finally {
    await c.stop();
  }
})();
