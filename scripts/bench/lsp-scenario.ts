/**
 * One language-server scenario over a real stdio connection to the built `dist/server.js`
 * (test/helpers/lsp-client.ts): open -> first diagnostics, append one line -> diagnostics,
 * edit one middle line -> diagnostics, hover on the session's hover id; diagnostics message
 * bytes and the server's RSS. Every time is client-observed (it includes JSON-RPC transfer and
 * any debounce the server applies to changes).
 *   node --import tsx scripts/bench/lsp-scenario.ts META.json CAP_MS
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { LspClient, type Published } from "../../test/helpers/lsp-client";
import { hoverCharacterOf, type SessionMeta } from "./generate";
import { median, procPeakRss } from "./measure";
import { bytesOf, capped, emit, watchServer } from "./scenario-io";

/** The baseline loop on the text in memory: split + JSON.parse + orphan loop. */
export function baselineLoop(text: string): number {
  const calls = new Set<string>();
  let orphans = 0;
  for (const line of text.split("\n")) {
    if (!line) continue;
    const e = JSON.parse(line);
    const m = e?.type === "message" ? e.message : null;
    if (!m) continue;
    if (m.role === "assistant" && Array.isArray(m.content)) {
      for (const c of m.content) if (c?.type === "toolCall") calls.add(c.id);
    } else if (m.role === "toolResult" && !calls.has(m.toolCallId)) orphans++;
  }
  return orphans;
}

function lineAt(text: string, n: number): string {
  let at = 0;
  for (let i = 0; i < n; i++) at = text.indexOf("\n", at) + 1;
  const end = text.indexOf("\n", at);
  return text.slice(at, end < 0 ? text.length : end);
}

/** One user-message line appended after `parentId` (its id names the line it lands on). */
function appended(line: number, parentId: string): string {
  return (
    JSON.stringify({
      type: "message",
      id: `e-bench-${line}`,
      parentId,
      timestamp: "2027-01-01T00:00:00.000Z",
      message: { role: "user", content: [{ type: "text", text: "one more line, appended by the benchmark" }], timestamp: 1798761600000 },
    }) + "\n"
  );
}

async function main() {
  const meta = JSON.parse(readFileSync(process.argv[2], "utf8")) as SessionMeta;
  const cap = Number(process.argv[3] ?? 120000);
  const text = readFileSync(meta.file, "utf8");
  const base: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    baselineLoop(text);
    base.push(performance.now() - t);
  }
  emit("baseline-in-memory", { status: "ok", ms: median(base) });

  // The server logs its own time per publish (server.ts): the targets are about server time.
  process.env.TRANSCRIPT_INSPECTOR_TIMINGS = "1";
  const client = await LspClient.start({});
  const loggedMs = (version: number): { ms: number } | undefined => {
    for (const n of client.notifications) {
      const m = n.method === "window/logMessage" ? /^timing: publish (\S+) v(\d+) ([\d.]+) ms$/.exec(String(n.params?.message ?? "")) : null;
      if (m && m[1] === uri && Number(m[2]) === version) return { ms: Number(m[3]) };
    }
    return undefined;
  };
  /** The server's own time for the publish of `version` (logged right after its diagnostics). */
  const serverMs = async (version: number): Promise<number | undefined> => (await client.until(() => loggedMs(version), 10_000, `timing v${version}`).catch(() => undefined))?.ms;
  const { died, reason } = watchServer(client);
  const uri = pathToFileURL(meta.file).href;
  const pid = client.child.pid!;
  const waitDiag = (version: number, from: number) =>
    client.until(() => client.published.slice(from).find((p: Published) => p.uri === uri && (p.version ?? 0) >= version), cap + 1000, `diagnostics v${version}`);
  const diagFigures = (p: Published) => ({
    bytes: bytesOf(p),
    diagnostics: p.diagnostics.length,
    related: p.diagnostics.reduce((n, d) => n + (d.relatedInformation?.length ?? 0), 0),
  });
  const step = async (name: string, f: () => Promise<Record<string, unknown>>): Promise<boolean> => {
    try {
      const r = await capped(f(), cap, died);
      emit(name, { status: "ok", ...r, rss: procPeakRss(pid) });
      return true;
    } catch (e) {
      const r = reason();
      emit(name, (e as Error).message === "cap" ? { status: "timeout", note: "exceeded the step's time cap" } : r);
      return false;
    }
  };
  let ok = await step("open", async () => {
    const from = client.published.length;
    const t = performance.now();
    client.open(uri, text, 1);
    const p = await waitDiag(1, from);
    return { ms: performance.now() - t, serverMs: await serverMs(1), ...diagFigures(p) };
  });
  if (ok)
    ok = await step("append", async () => {
      const newLine = appended(meta.lines, meta.lastId);
      const from = client.published.length;
      const t = performance.now();
      client.change(uri, 2, [{ range: { start: { line: meta.lines, character: 0 }, end: { line: meta.lines, character: 0 } }, text: newLine }]);
      const p = await waitDiag(2, from);
      return { ms: performance.now() - t, serverMs: await serverMs(2), ...diagFigures(p) };
    });
  if (ok)
    ok = await step("edit-middle", async () => {
      const old = lineAt(text, meta.middleLine);
      const edited = old.replace('"text":"', '"text":"edited by the benchmark: ');
      const from = client.published.length;
      const t = performance.now();
      client.change(uri, 3, [{ range: { start: { line: meta.middleLine, character: 0 }, end: { line: meta.middleLine, character: old.length } }, text: edited }]);
      const p = await waitDiag(3, from);
      return { ms: performance.now() - t, serverMs: await serverMs(3), ...diagFigures(p) };
    });
  // The same two edits again, each followed at once by a request: the answer needs the analysis of
  // the new text, without waiting for the server's debounce of diagnostics.
  const probe = async (version: number, change: { range: any; text: string }) => {
    const t = performance.now();
    client.change(uri, version, [change]);
    await client.request("textDocument/documentSymbol", { textDocument: { uri } });
    return { ms: performance.now() - t };
  };
  if (ok)
    ok = await step("append-probe", () => probe(4, { range: { start: { line: meta.lines + 1, character: 0 }, end: { line: meta.lines + 1, character: 0 } }, text: appended(meta.lines + 1, `e-bench-${meta.lines}`) }));
  if (ok) {
    const old = lineAt(text, meta.middleLine).replace('"text":"', '"text":"edited by the benchmark: ');
    ok = await step("edit-probe", () => probe(5, { range: { start: { line: meta.middleLine, character: 0 }, end: { line: meta.middleLine, character: old.length } }, text: old.replace("edited by the benchmark", "edited again by the benchmark") }));
  }
  if (ok)
    await step("hover", async () => {
      await waitDiag(5, 0); // the probes' own republish is not part of the hover
      const character = hoverCharacterOf(lineAt(text, meta.hoverLine), meta.hoverId);
      const times: number[] = [];
      let bytes: number | null = 0;
      let lines = 0;
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        const h = await client.request("textDocument/hover", { textDocument: { uri }, position: { line: meta.hoverLine, character } });
        times.push(performance.now() - t);
        bytes = bytesOf(h);
        const v = h?.contents?.value ?? (typeof h?.contents === "string" ? h.contents : "");
        lines = typeof v === "string" ? v.split("\n").length : 0;
      }
      return { ms: median(times), firstMs: times[0], bytes, hoverLines: lines, id: meta.hoverId, occurrences: meta.hoverOccurrences };
    });
  // An agent appends line after line, a user edits one line after another: the server's time
  // for five more of each (median), after the first ones above warmed the code up.
  const series = async (name: string, first: number, change: (i: number) => { range: any; text: string }) =>
    step(name, async () => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const v = first + i;
        const from = client.published.length;
        client.change(uri, v, [change(i)]);
        await waitDiag(v, from);
        const ms = await serverMs(v);
        if (ms !== undefined) times.push(ms);
      }
      return { ms: median(times), serverMs: median(times), runs: times.length };
    });
  if (ok) {
    let at = meta.lines + 2;
    let parent = `e-bench-${meta.lines + 1}`;
    ok = await series("append-series", 6, () => {
      const line = appended(at, parent);
      parent = `e-bench-${at}`;
      const c = { range: { start: { line: at, character: 0 }, end: { line: at, character: 0 } }, text: line };
      at++;
      return c;
    });
  }
  if (ok) {
    let now = lineAt(text, meta.middleLine).replace('"text":"', '"text":"edited again by the benchmark: ');
    ok = await series("edit-series", 11, (i) => {
      const next = now.replace(/edited (again )?by the benchmark[^:]*:/, `edited by the benchmark ${i}:`);
      const c = { range: { start: { line: meta.middleLine, character: 0 }, end: { line: meta.middleLine, character: now.length } }, text: next };
      now = next;
      return c;
    });
  }
  emit("server-rss", { status: "ok", rss: procPeakRss(pid) });
  await Promise.race([client.stop(), new Promise((r) => setTimeout(r, 5000))]);
  if (client.child.exitCode === null) client.child.kill("SIGKILL");
  process.exit(0);
}

main().catch((e) => {
  emit("error", { status: "crash", note: String((e as Error)?.message ?? e) });
  process.exit(1);
});
