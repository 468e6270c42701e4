/**
 * `npm run bench -- --stores` (issue 25): an OpenCode database and a Hermes Agent `state.db`
 * (store-generate.ts), each
 * - the bare loop (store-baseline.mjs): the file opened in SQLite, every row's `data` parsed;
 * - `check --format json` of the database (every session): CPU and wall against the loop, peak RSS;
 * - the language server (store-lsp-scenario.ts): listing the sessions, one session's document,
 *   opening it until diagnostics, a hover, the inspector's summary (client-observed medians).
 * Nothing asserts; the rows go to the benchmark's table.
 */
import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import { runMeasured } from "./measure";
import { generateHermesStore, generateStore, type StoreInfo } from "./store-generate";
import type { Row } from "./table";

const ROOT = resolve(__dirname, "..", "..");

const STORES: { format: string; label: string; generate: (dir: string, mb: number) => Promise<StoreInfo>; callIdPrefix: string }[] = [
  { format: "opencode", label: "an OpenCode database", generate: generateStore, callIdPrefix: "toolu_" },
  { format: "hermes", label: "a Hermes Agent state.db", generate: generateHermesStore, callIdPrefix: "call_bench" },
];

export async function runStoreBench(o: { mb: number; capMs: number; log(s: string): void }): Promise<{ rows: Row[]; results: unknown }> {
  const rows: Row[] = [];
  const results: Record<string, unknown> = {};
  for (const kind of STORES) {
    const r = await runOneStore(kind, o);
    rows.push(...r.rows);
    results[kind.format] = r.results;
  }
  return { rows, results };
}

async function runOneStore(kind: (typeof STORES)[number], o: { mb: number; capMs: number; log(s: string): void }): Promise<{ rows: Row[]; results: unknown }> {
  const rows: Row[] = [];
  const size = `${o.mb} MB`;
  const row = (what: string, value: string, ratio = "") => rows.push({ size, format: kind.format, ids: "unique", what, value, ratio, target: "", holds: "" });
  const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const msText = (ms: number) => `${ms.toFixed(1)} ms`;
  const x = (r: number) => `${r.toFixed(1)}x`;
  o.log(`stores: generating ${kind.label} of ${o.mb} MB`);
  const store = await kind.generate(join(ROOT, "bench-results", "sessions"), o.mb);
  row(`store: ${kind.label} (sessions, turns; the size is its rows' text)`, `${store.sessions} sessions, ${store.turns.toLocaleString("en-US")} turns, file ${(statSync(store.file).size / 1048576).toFixed(1)} MB`);
  const node = process.execPath;
  o.log("stores: bare loop (open, select, parse every row)");
  const loop = await runMeasured(node, [join(__dirname, "store-baseline.mjs"), store.file], { timeoutMs: o.capMs, node: true, keepStdout: true });
  if (loop.status === "ok") row("store: bare loop (open in SQLite, parse every row), CPU / wall", `${sec(loop.cpuMs!)} CPU, ${sec(loop.wallMs)} wall, peak RSS ${((loop.maxRssBytes ?? 0) / 1048576).toFixed(0)} MB`);
  else row("store: bare loop", `${loop.status}: ${loop.note}`);
  o.log("stores: check of the database");
  const check = await runMeasured(node, [join(ROOT, "dist", "cli.js"), "check", "--format", "json", store.file], { timeoutMs: o.capMs, node: true, okCodes: [0, 1] });
  const checked = `${sec(check.cpuMs ?? 0)} CPU, ${sec(check.wallMs)} wall, peak RSS ${((check.maxRssBytes ?? 0) / 1048576).toFixed(0)} MB`;
  if (check.status !== "ok") row("store: check", `${check.status}: ${check.note}`);
  else if (loop.status === "ok") row("store: check of every session, CPU / wall vs the bare loop", checked, `${x(check.cpuMs! / loop.cpuMs!)} / ${x(check.wallMs / loop.wallMs)}`);
  else row("store: check of every session, CPU / wall (no bare loop to compare)", checked);
  o.log("stores: language server (list, document, open, hover, summary)");
  const lsp = await runMeasured(node, ["--import", "tsx", join(__dirname, "store-lsp-scenario.ts"), store.file, kind.callIdPrefix], { timeoutMs: o.capMs, keepStdout: true });
  let s: any;
  try {
    s = JSON.parse(lsp.stdout!.trim().split("\n").pop()!);
  } catch {}
  if (s) {
    row("store: list the sessions, first request (loads SQLite, reads the database)", msText(s.firstList));
    row("store: list the sessions again (database unchanged; median)", msText(s.list));
    row(`store: one session's document (${(s.chars / 1048576).toFixed(1)} M chars; median)`, msText(s.document));
    row("store: open that document -> diagnostics published", msText(s.open));
    row("store: hover on a call id (median)", msText(s.hover));
    row("store: inspector summary, first (builds the view)", msText(s.firstSummary));
    row("store: inspector summary again (median)", msText(s.summary));
  } else row("store: language server", `${lsp.status}: ${lsp.note}`);
  return { rows, results: { store, loop: { ...loop, stdout: undefined }, check, lsp: s } };
}
