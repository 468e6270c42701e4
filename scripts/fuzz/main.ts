/**
 * `npm run fuzz`: the repairs' properties (test/helpers/repair-properties.ts) and the never-crash
 * checks, long: constructed and corpus sessions, damaged; every quick fix, fix-all on text and on
 * bytes (some with invalid UTF-8), the CLI in process (check, render, fix --dry-run, fix), and every
 * `--server-every`th case through the built language server (source.fixAll applied to the
 * document must equal the engine's fix-all; a hover afterwards must be answered). Failures do not
 * stop the run: each is counted and its input written to fuzz-failures/. Prints cases, failures,
 * time per MB. Options: --seed N, --runs N, --server-every N (0: no server), --lines N (corpus head).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { main as cli } from "../../server/src/cli.js";
import { applyRepairEdits, fixAll } from "../../server/src/engine/repair/index.js";
import { corpusFiles } from "../../test/helpers/corpus.js";
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
  for (let k = 0; k < cases.length; k++) {
    const [text, bad] = cases[k];
    bytes += Buffer.byteLength(text);
    try {
      checkEachRepair(text, stats);
    } catch (e) {
      fail("quick fix", k, text, e);
    }
    try {
      checkFixAll(text, stats, bad);
    } catch (e) {
      fail("fix-all", k, text, e);
    }
    const path = join(dir, `c${k}.jsonl`);
    writeFileSync(path, text);
    for (const args of [["check", path], ["render", "--format", "text", path], ["fix", "--dry-run", path], ["fix", "--no-backup", path]]) {
      try {
        const status = cli(args, () => undefined, () => undefined);
        if (![0, 1, 2].includes(status)) throw new Error(`exit ${status}`);
      } catch (e) {
        fail(`cli ${args[0]}`, k, text, e);
      }
    }
    if (server && k % serverEvery === 0) {
      const uri = `file:///fuzz/c${k}.jsonl`;
      try {
        const from = server.published.length;
        server.open(uri, text);
        await server.diagnosticsFor(uri, 1, from);
        const acts: any[] = await server.request("textDocument/codeAction", { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ["source.fixAll"] } });
        const want = fixAll(text).text;
        const edit = acts[0]?.edit;
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
  }
  const secs = Number(process.hrtime.bigint() - started) / 1e9;
  if (server) await server.stop();
  rmSync(dir, { recursive: true, force: true });
  const nFail = [...failures.values()].reduce((x, y) => x + y, 0);
  process.stdout.write(
    [
      `seed ${seed}`,
      `cases ${cases.length} (${(bytes / 1e6).toFixed(2)} MB), through the server ${serverDocs}`,
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
