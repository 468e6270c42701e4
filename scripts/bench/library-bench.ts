/**
 * `npm run bench -- --library` (issue 26): a library of generated sessions (default 1,000, about
 * 2 GB: pi sessions of 1, 2 and 3 MB laid out as pi keeps them, each with its own header, project
 * and day) under a fake home, then:
 * - the bare loop over the same files (read, split, JSON.parse every line): CPU, wall, peak RSS;
 * - the first scan: `library --json --jobs 2` with an empty cache: CPU and wall against the loop,
 *   peak RSS;
 * - the second start: the same command with that cache: CPU, wall, and how many sessions it read;
 * - the language server started on that cache (dist/server.js, its library on one worker thread):
 *   configured until settled, its RSS, the Sessions view's messages (what the extension host holds
 *   is what the tree has expanded), and search latency on the index (client-observed, median).
 * Nothing asserts; the rows go to the benchmark's table.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
import { generateSession } from "./generate";
import { runMeasured } from "./measure";
import type { Row } from "./table";

const ROOT = resolve(__dirname, "..", "..");
const MB = 1024 * 1024;

export interface LibraryBenchOptions {
  sessions: number;
  capMs: number;
  log(s: string): void;
  keep: boolean;
}

/** Writes `count` sessions (copies of a few generated ones, each with a header of its own) under home/.pi/agent/sessions. */
function layLibrary(home: string, count: number, log: (s: string) => void): { bytes: number; files: number } {
  const bases = join(ROOT, "bench-results", "sessions");
  const sources = [1, 2, 3].flatMap((mb) => (["reused", "unique"] as const).map((mode) => generateSession(bases, mode, mb).file));
  const root = join(home, ".pi", "agent", "sessions");
  const marker = join(home, `.laid-${count}`);
  let bytes = 0;
  if (existsSync(marker)) return JSON.parse(readFileSync(marker, "utf8"));
  rmSync(home, { recursive: true, force: true });
  const buf = Buffer.allocUnsafe(4 * MB);
  for (let i = 0; i < count; i++) {
    const src = sources[i % sources.length];
    const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 10) * 86_400_000 + (i % 10) * 3_600_000).toISOString();
    const project = `/bench/project-${i % 25}`;
    const dir = join(root, `--${project.slice(1).replace(/\//g, "-")}--`);
    mkdirSync(dir, { recursive: true });
    const id = `bench-${String(i).padStart(4, "0")}`;
    const out = openSync(join(dir, `${day.replace(/[:.]/g, "-")}_${id}.jsonl`), "w");
    const fd = openSync(src, "r");
    try {
      // the source's header line is replaced by this session's own
      let first = true;
      for (;;) {
        const k = readSync(fd, buf, 0, buf.length, null);
        if (k <= 0) break;
        let from = 0;
        if (first) {
          from = buf.indexOf(10) + 1;
          const header = JSON.stringify({ type: "session", version: 3, id, timestamp: day, cwd: project }) + "\n";
          writeSync(out, header);
          bytes += header.length;
          first = false;
        }
        writeSync(out, buf, from, k - from);
        bytes += k - from;
      }
    } finally {
      closeSync(fd);
      closeSync(out);
    }
    if ((i + 1) % 100 === 0) log(`library: ${i + 1}/${count} sessions laid (${(bytes / MB / 1024).toFixed(2)} GB)`);
  }
  const r = { bytes, files: count };
  writeFileSync(marker, JSON.stringify(r));
  return r;
}


const sec = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(ms >= 10_000 ? 1 : 2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`);
const bytesText = (b: number) => (b >= MB * 1024 ? `${(b / MB / 1024).toFixed(2)} GB` : b >= MB ? `${(b / MB).toFixed(1)} MB` : `${(b / 1024).toFixed(1)} KB`);
const x = (r: number) => `${r.toFixed(2)}x`;

export async function runLibraryBench(o: LibraryBenchOptions): Promise<{ rows: Row[]; results: Record<string, unknown> }> {
  const base = join(ROOT, "bench-results", "library");
  const home = join(base, "home");
  const cache = join(base, "cache");
  o.log(`library: laying ${o.sessions} sessions under ${home}`);
  const lib = layLibrary(home, o.sessions, o.log);
  const size = `${o.sessions} sessions`;
  const rows: Row[] = [];
  const row = (what: string, value: string, ratio = "") => rows.push({ size, format: "pi", ids: "mixed", what, value, ratio, target: "", holds: "" });
  row("library: session files, bytes (pi sessions of 1-3 MB)", `${lib.files} files, ${bytesText(lib.bytes)}`);
  const sessionsDir = join(home, ".pi", "agent", "sessions");
  const node = process.execPath;
  const cli = join(ROOT, "dist", "cli.js");

  o.log("library: bare loop (read, split, parse every line)");
  const loop = await runMeasured(node, [join(__dirname, "library-baseline.mjs"), sessionsDir], { timeoutMs: o.capMs, node: true, keepStdout: true });
  row("library: bare loop over the files (read+split+parse), CPU / wall", loop.status === "ok" ? `${sec(loop.cpuMs!)} CPU, ${sec(loop.wallMs)} wall, peak RSS ${bytesText(loop.maxRssBytes ?? 0)}` : `${loop.status}: ${loop.note}`);

  rmSync(cache, { recursive: true, force: true });
  o.log("library: first scan (library --json --jobs 2, empty cache)");
  const first = await runMeasured(node, [cli, "library", "--json", "--jobs", "2", "--cache", cache, sessionsDir], { timeoutMs: o.capMs, node: true, keepStdout: true, okCodes: [0, 1] });
  const firstJson = first.status === "ok" ? JSON.parse(first.stdout!) : undefined;
  if (first.status === "ok" && loop.status === "ok")
    row("library: first scan (2 worker threads), CPU / wall vs the bare loop", `${sec(first.cpuMs!)} CPU, ${sec(first.wallMs)} wall, ${firstJson.summary.read} read`, `${x(first.cpuMs! / loop.cpuMs!)} / ${x(first.wallMs / loop.wallMs)}`);
  else row("library: first scan", `${first.status}: ${first.note}`);
  if (first.maxRssBytes) row("library: first scan peak RSS (main thread and workers)", bytesText(first.maxRssBytes));
  if (firstJson) row("library: search index (documents, characters, sessions; bound)", `${firstJson.summary.search.documents.toLocaleString("en-US")} documents, ${(firstJson.summary.search.chars / MB).toFixed(1)} M chars, ${firstJson.summary.search.sessions} sessions; bound ${(firstJson.summary.search.budgetChars / MB).toFixed(0)} M chars${firstJson.summary.search.full ? " (full)" : ""}`);
  const cacheBytes = ["library-search.json"].map((f) => join(cache, f)).filter(existsSync).reduce((n, f) => n + readFileSync(f).length, 0);
  row("library: cache on disk (search index + summaries)", bytesText(cacheBytes + dirBytes(cache, "library-sessions-")));

  o.log("library: second start (same cache)");
  const second = await runMeasured(node, [cli, "library", "--json", "--jobs", "2", "--cache", cache, sessionsDir], { timeoutMs: o.capMs, node: true, keepStdout: true, okCodes: [0, 1] });
  const secondJson = second.status === "ok" ? JSON.parse(second.stdout!) : undefined;
  if (second.status === "ok" && loop.status === "ok") row("library: second start (cache), CPU / wall vs the bare loop", `${sec(second.cpuMs!)} CPU, ${sec(second.wallMs)} wall, ${secondJson.summary.read} sessions read`, `${x(second.cpuMs! / loop.cpuMs!)} / ${x(second.wallMs / loop.wallMs)}`);
  else row("library: second start", `${second.status}: ${second.note}`);
  if (second.maxRssBytes) row("library: second start peak RSS", bytesText(second.maxRssBytes));

  o.log("library: language server on the cache (configure, view, search)");
  const lsp = await runMeasured(node, ["--import", "tsx", join(__dirname, "library-lsp-scenario.ts"), home, cache], { timeoutMs: o.capMs, keepStdout: true });
  let lspJson: any;
  try {
    lspJson = JSON.parse(lsp.stdout!.trim().split("\n").pop()!);
  } catch {}
  if (lspJson) {
    row("library: language server start on the cache -> settled (client-observed)", `${sec(lspJson.settledMs)}, ${lspJson.read} sessions read`);
    row("library: language server RSS after settling (peak)", `${bytesText(lspJson.rss)} (${bytesText(lspJson.peakRss)})`);
    row("library: Sessions view messages (roots + one level of every group)", `${lspJson.viewMessages} messages, ${bytesText(lspJson.viewBytes)}, largest ${bytesText(lspJson.viewLargest)}`);
    for (const q of lspJson.search) row(`library: search "${q.query}" (median of ${q.runs}, client-observed)`, `${sec(q.ms)}, ${q.total.toLocaleString("en-US")} matches`);
  } else row("library: language server", `${lsp.status}: ${lsp.note}`);
  if (!o.keep) rmSync(cache, { recursive: true, force: true });
  return { rows, results: { lib, loop, first: { ...first, stdout: undefined, summary: firstJson?.summary }, second: { ...second, stdout: undefined, summary: secondJson?.summary }, lsp: lspJson } };
}

function dirBytes(dir: string, prefix: string): number {
  try {
    return readdirSync(dir)
      .filter((f) => f.startsWith(prefix))
      .reduce((n, f) => n + statSync(join(dir, f)).size, 0);
  } catch {
    return 0;
  }
}
