/**
 * Profiles the language server's own work (no JSON-RPC) on one generated session: open, append
 * one line, edit a middle line (each timed with the document's own update), each followed by the
 * diagnostics the server publishes (with the provider findings folded in, bounded, as `publish`). Prints wall and CPU time per step. Run with
 * `node --cpu-prof --cpu-prof-dir=DIR --import tsx scripts/bench/lsp-profile.ts META.json` and
 * open the .cpuprofile in Chrome DevTools (or summarise it with scripts/bench/profile-top.mjs).
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { diagnostics } from "../../server/src/lsp/diagnostics";
import { DEFAULT_SETTINGS } from "../../server/src/lsp/settings";
import { LineDocument } from "../../server/src/lsp/line-document";
import { Store } from "../../server/src/lsp/store";
import { ProviderTargets } from "../../server/src/lsp/provider-targets";
import { boundDiagnostics } from "../../server/src/lsp/diagnostics-bound";
import { appendedLine, type SessionMeta } from "./generate";

const meta = JSON.parse(readFileSync(process.argv[2], "utf8")) as SessionMeta;
const text = readFileSync(meta.file, "utf8");
const uri = pathToFileURL(meta.file).href;
const store = new Store();
const providers = new ProviderTargets();
/** What the server's publish computes for a state: diagnostics with provider findings, bounded. */
const stageMs: Record<string, number[]> = { diagnostics: [], providers: [], bound: [] };
const published = (st: ReturnType<Store["get"]>) => {
  if (!st.model) return [];
  let t = performance.now();
  const base = diagnostics(st.model, uri, DEFAULT_SETTINGS);
  stageMs.diagnostics.push(performance.now() - t);
  t = performance.now();
  const folded = providers.diagnostics(st, DEFAULT_SETTINGS, base);
  stageMs.providers.push(performance.now() - t);
  t = performance.now();
  const bound = boundDiagnostics(folded, uri).diagnostics;
  stageMs.bound.push(performance.now() - t);
  return bound;
};
const doc = LineDocument.create(uri, "jsonl", 1, text);
const step = (name: string, version: number, before: () => void = () => undefined) => {
  const t = performance.now();
  const cpu = process.cpuUsage();
  before();
  const st = store.get(uri, version, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS);
  const d = published(st);
  const c = process.cpuUsage(cpu);
  console.log(`${name}: ${(performance.now() - t).toFixed(1)} ms wall, ${((c.user + c.system) / 1000).toFixed(1)} ms CPU, ${d.length} diagnostics`);
};
step("open", 1);
const first = appendedLine(meta, meta.lines, meta.lastId, "appended");
const append = first.line;
const change = (changes: any[], version: number) => LineDocument.update(doc, changes, version);
step("append", 2, () => change([{ range: { start: { line: meta.lines, character: 0 }, end: { line: meta.lines, character: 0 } }, text: append }], 2));
const old = doc.lines().lines.at(meta.middleLine)!.text;
step("edit-middle", 3, () => change([{ range: { start: { line: meta.middleLine, character: 0 }, end: { line: meta.middleLine, character: old.length } }, text: old.replace('"text":"', '"text":"edited: ') }], 3));
// An agent appends line after line: the median of ten more appends, each extending the branch.
{
  const times: number[] = [];
  const cpus: number[] = [];
  let parent = first.id;
  for (let i = 0; i < 10; i++) {
    const at = doc.lines().lines.length;
    const next = appendedLine(meta, at, parent, "appended");
    const line = next.line;
    parent = next.id;
    const t = performance.now();
    const cpu = process.cpuUsage();
    change([{ range: { start: { line: at, character: 0 }, end: { line: at, character: 0 } }, text: line }], 4 + i);
    const tg = performance.now();
    const st = store.get(uri, 4 + i, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS);
    (stageMs.analysis ??= []).push(performance.now() - tg);
    published(st);
    times.push(performance.now() - t);
    const c = process.cpuUsage(cpu);
    cpus.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const last10 = (k: string) => stageMs[k].slice(-10);
  console.log(`  stages (median of the ten): analysis ${med(last10("analysis")).toFixed(1)} ms, engine diagnostics ${med(last10("diagnostics")).toFixed(1)} ms, provider findings ${med(last10("providers")).toFixed(1)} ms, bound ${med(last10("bound")).toFixed(1)} ms`);
  console.log(`append x10 (each one line): median ${times[5].toFixed(1)} ms wall (min ${times[0].toFixed(1)}, max ${times[9].toFixed(1)}), median ${cpus[5].toFixed(1)} ms CPU (min ${cpus[0].toFixed(1)})`);
}
