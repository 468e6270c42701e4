/**
 * `npm run fuzz`: the repairs' properties (test/helpers/repair-properties.ts) and the never-crash
 * checks, long: constructed and corpus sessions, damaged; every quick fix, fix-all on text and on
 * bytes (some with invalid UTF-8), the CLI in process (check, render, fix --dry-run, fix), and every
 * `--server-every`th case through the built language server (source.fixAll applied to the
 * document must equal the engine's fix-all; a hover afterwards must be answered). Failures do not
 * stop the run: each is counted and its input written to fuzz-failures/. Prints cases, failures,
 * time per MB. Options: --seed N, --runs N, --server-every N (0: no server), --lines N (corpus head),
 * --fields N (type confusion: every field of every entry kind of every format given every JSON
 * type, in batches through every consumer, at most N batches; 0: none), --big N (inputs of many
 * blank, tiny or `{}` lines and one huge line, N each; 0: none), --corpus N (1: the repair properties
 * over every corpus file of both corpora, whole (fix-all's) and its head (every quick fix); 0, the
 * default: none; with --runs 2000 this is "the corpus and 2,000 damaged sessions").
 * The figures: inputs tried, crashes (anything thrown), hangs (an input over --hang-ms, default
 * 60,000), memory over 4x input + 200 MB (resident set after an input), repair property violations.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { main as cli } from "../../server/src/cli.js";
import { applyRepairEdits, fixAll } from "../../server/src/engine/repair/index.js";
import { analyze } from "../../server/src/engine/index.js";
import { allCorpusFiles, corpusFiles } from "../../test/helpers/corpus.js";
import { everyConsumer } from "../../test/helpers/every-consumer.js";
import { batchedCases, formatTemplate, templates } from "../../test/helpers/field-types.js";
import { LspClient } from "../../test/helpers/lsp-client.js";
import { checkEachRepair, checkFixAll, type CheckStats, head, inputArb } from "../../test/helpers/repair-properties.js";

function opt(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
}

const seed = opt("seed", Date.now() % 1_000_000);
const runs = opt("runs", 2000);
const serverEvery = opt("server-every", 10);
const maxLines = opt("lines", 120);
const maxFieldBatches = opt("fields", 400);
const bigEach = opt("big", 2);
const corpusWhole = opt("corpus", 0) > 0;
const hangMs = opt("hang-ms", 60_000);
const MB = 1024 * 1024;

/** Inputs of odd size: many blank lines, many tiny entries, many `{}`, one huge line, one deeply nested unclosed line. */
function bigInputs(n: number, seed: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const k = 200_000 + ((seed + i) % 7) * 50_000;
    out.push("\n".repeat(k * 4));
    out.push('{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/"}\n' + "{}\n".repeat(k));
    out.push('{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/"}\n' + '{"type":"message","id":"x","parentId":null,"timestamp":"t","message":{"role":"user","content":"' + "x".repeat(8 * k) + '"}}\n');
    out.push('{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/"}\n' + "[".repeat(4 * k));
  }
  return out;
}

interface TextEdit {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  newText: string;
}

function applyLsp(text: string, edits: TextEdit[]): string {
  return applyRepairEdits(text, edits.map((e) => ({ startLine: e.range.start.line, startCol: e.range.start.character, endLine: e.range.end.line, endCol: e.range.end.character, newText: e.newText })));
}

async function run(): Promise<number> {
  const corpus = corpusFiles().map((f) => head(f.text, maxLines));
  const cases = fc.sample(fc.tuple(inputArb(corpus), fc.option(fc.nat(), { nil: undefined })), { seed, numRuns: runs });
  const dir = mkdtempSync(join(tmpdir(), "ti-fuzz-"));
  const failDir = join(process.cwd(), "fuzz-failures");
  const stats: CheckStats = { repairs: 0, notOffered: 0, fixAllChanged: 0 };
  const failures = new Map<string, number>();
  let bytes = 0;
  let serverDocs = 0;
  const server = serverEvery > 0 ? await LspClient.start() : undefined;
  const fail = (what: string, k: number, text: string, e: unknown) => {
    const msg = `${what}: ${String((e as Error)?.message ?? e).split("\n")[0]}`;
    failures.set(msg, (failures.get(msg) ?? 0) + 1);
    if (failures.get(msg) === 1) {
      mkdirSync(failDir, { recursive: true });
      writeFileSync(join(failDir, `${seed}-${k}.jsonl`), text);
      process.stdout.write(`FAIL case ${k}: ${msg} (input: fuzz-failures/${seed}-${k}.jsonl)\n`);
    }
  };
  const started = process.hrtime.bigint();
  let inputs = 0;
  let hangs = 0;
  let memoryOver = 0;
  let propertyViolations = 0;
  let crashes = 0;
  /** The resident set before an input, after a collection when `--expose-gc` is on (fuzz.mjs sets it). */
  const gc = (globalThis as { gc?: () => void }).gc;
  let rss0 = process.memoryUsage().rss;
  const before = () => {
    gc?.();
    rss0 = process.memoryUsage().rss;
    return performance.now();
  };
  /** Hang and memory checks of one input (the time it took; the resident set it added over 4x its size + 200 MB). */
  const measure = (what: string, k: number, text: string, t0: number) => {
    inputs++;
    const ms = performance.now() - t0;
    if (ms > hangMs) {
      hangs++;
      fail(`hang (${what})`, k, text, new Error(`${Math.round(ms)} ms`));
    }
    const rss = process.memoryUsage().rss;
    if (rss - rss0 > 4 * Buffer.byteLength(text) + 200 * MB) {
      memoryOver++;
      fail(`memory (${what})`, k, text, new Error(`${Math.round((rss - rss0) / MB)} MB more resident`));
    }
  };
  for (let k = 0; k < cases.length; k++) {
    const [text, bad] = cases[k];
    const t0 = before();
    bytes += Buffer.byteLength(text);
    try {
      checkEachRepair(text, stats);
    } catch (e) {
      propertyViolations++;
      fail("quick fix", k, text, e);
    }
    try {
      checkFixAll(text, stats, bad);
    } catch (e) {
      propertyViolations++;
      fail("fix-all", k, text, e);
    }
    const path = join(dir, `c${k}.jsonl`);
    writeFileSync(path, text);
    for (const args of [["check", path], ["render", "--format", "text", path], ["fix", "--dry-run", path], ["fix", "--no-backup", path]]) {
      try {
        const status = cli(args, () => undefined, () => undefined);
        if (![0, 1, 2].includes(status)) throw new Error(`exit ${status}`);
      } catch (e) {
        crashes++;
        fail(`cli ${args[0]}`, k, text, e);
      }
    }
    // The server stays silent on a file that is no session (README): nothing to wait for.
    if (server && k % serverEvery === 0 && analyze(text).session.format !== "unknown") {
      const uri = `file:///fuzz/c${k}.jsonl`;
      try {
        const from = server.published.length;
        server.open(uri, text);
        await server.diagnosticsFor(uri, 1, from);
        const acts: any[] = await server.request("textDocument/codeAction", { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ["source.fixAll"] } });
        const want = fixAll(text).text;
        // A file-wide repair is computed when chosen (codeAction/resolve), as the editor does.
        const act = acts[0] && !acts[0].edit && acts[0].data ? await server.request("codeAction/resolve", acts[0]) : acts[0];
        const edit = act?.edit;
        const edits: TextEdit[] = edit ? (edit.documentChanges?.[0]?.edits ?? edit.changes?.[uri] ?? []) : [];
        const got = applyLsp(text, edits);
        if (got !== want) throw new Error("source.fixAll differs from the engine's fix-all");
        await server.request("textDocument/hover", { textDocument: { uri }, position: { line: 0, character: 1 } });
        serverDocs++;
      } catch (e) {
        fail("server", k, text, e);
      } finally {
        server.close(uri);
      }
    }
    measure("case", k, text, t0);
  }
  // Type confusion: every field of every entry kind of every format, every JSON type, in batches.
  let fieldBatches = 0;
  const list = templates();
  for (const format of ["pi", "claude-code", "codex"] as const) {
    const tmpl = formatTemplate(format, list);
    for (const b of batchedCases(tmpl)) {
      if (fieldBatches >= maxFieldBatches) break;
      fieldBatches++;
      const t0 = before();
      bytes += Buffer.byteLength(b.text);
      try {
        await everyConsumer(b.text, { quick: true, lines: [...new Set(b.cases.map((c) => c.line))] });
      } catch (e) {
        crashes++;
        fail(`type confusion ${format}`, fieldBatches, b.text, e);
      }
      measure("type confusion", fieldBatches, b.text, t0);
    }
  }
  // The repair properties over every corpus file: fix-all's on the whole file, every quick fix on its head.
  let corpusDone = 0;
  if (corpusWhole)
    for (const f of allCorpusFiles()) {
      const t0 = before();
      corpusDone++;
      bytes += Buffer.byteLength(f.text);
      try {
        checkFixAll(f.text, stats);
      } catch (e) {
        propertyViolations++;
        fail(`corpus fix-all ${f.name}`, corpusDone, f.text, e);
      }
      try {
        checkEachRepair(head(f.text, maxLines), stats);
      } catch (e) {
        propertyViolations++;
        fail(`corpus quick fix ${f.name}`, corpusDone, f.text, e);
      }
      measure("corpus", corpusDone, f.text, t0);
    }
  // Huge and many lines: analysis, check and fix through the CLI.
  let big = 0;
  for (const text of bigInputs(bigEach, seed)) {
    const t0 = before();
    big++;
    bytes += Buffer.byteLength(text);
    const path = join(dir, `big${big}.jsonl`);
    writeFileSync(path, text);
    for (const args of [["check", path], ["fix", "--no-backup", path]]) {
      try {
        const status = cli(args, () => undefined, () => undefined);
        if (![0, 1, 2].includes(status)) throw new Error(`exit ${status}`);
      } catch (e) {
        crashes++;
        fail(`big cli ${args[0]}`, big, text.slice(0, 1000), e);
      }
    }
    measure("big", big, text, t0);
  }
  const secs = Number(process.hrtime.bigint() - started) / 1e9;
  if (server) await server.stop();
  rmSync(dir, { recursive: true, force: true });
  const nFail = [...failures.values()].reduce((x, y) => x + y, 0);
  process.stdout.write(
    [
      `seed ${seed}`,
      `inputs tried ${inputs}: cases ${cases.length}, type-confusion batches ${fieldBatches}, corpus files ${corpusDone}, big inputs ${big} (${(bytes / 1e6).toFixed(2)} MB in all), through the server ${serverDocs}`,
      `crashes ${crashes}, hangs (over ${hangMs} ms) ${hangs}, memory over 4x input + 200 MB ${memoryOver}, repair property violations ${propertyViolations}`,
      `quick fixes checked ${stats.repairs}, not offered (with a reason) ${stats.notOffered}, fix-all changed ${stats.fixAllChanged} files`,
      `failures ${nFail} (${failures.size} distinct)`,
      `time ${secs.toFixed(1)} s, ${(secs / (bytes / 1e6)).toFixed(1)} s per MB of input (every check, CLI and server included)`,
    ].join("\n") + "\n",
  );
  for (const [m, n] of failures) process.stdout.write(`  ${n} x ${m}\n`);
  return nFail === 0 ? 0 : 1;
}

run().then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`fuzz: ${(e as Error).stack ?? e}\n`);
    process.exit(2);
  },
);
