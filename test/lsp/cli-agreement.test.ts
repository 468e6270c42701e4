/**
 * Issue 23: `check` and the editor say the same thing. Every corpus file and the sample go through
 * `check --format json` (its default `--provider auto`; in process, one file at a time, for its
 * exit status) and the built language server (default settings, over stdio): the same findings
 * (code, 1-based line, severity), and check's exit status is 1 exactly when the editor shows an
 * error. The editor's `pruned` hints (what a pruner drops on purpose, editor only) are not
 * findings. The built CLI run once over all the files prints what the in-process runs printed.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, it } from "node:test";
import { main } from "../../server/src/cli.js";
import { allCorpusFiles, type CorpusFile } from "../helpers/corpus.js";
import { LspClient } from "../helpers/lsp-client.js";

const ROOT = resolve(__dirname, "..", "..");
const CLI = join(ROOT, "dist", "cli.js");
const SAMPLE = join(ROOT, "samples", "sample-session.jsonl");
const SEVERITY = ["", "error", "warning", "information", "hint"];

/** `check` in process: exit status and output. */
function check(...args: string[]): { status: number; stdout: string } {
  let stdout = "";
  const status = main(args, (s) => (stdout += s), () => undefined);
  return { status, stdout };
}

const key = (code: string, line: number, severity: string) => `${line}|${code}|${severity}`;

describe("check agrees with the editor on every corpus file and the sample", () => {
  let c: LspClient;
  before(async () => {
    c = await LspClient.start({});
  });
  after(async () => {
    await c.stop();
  });

  const files: CorpusFile[] = [...allCorpusFiles(), { name: "sample-session.jsonl", path: SAMPLE, text: readFileSync(SAMPLE, "utf8") }];
  const printed: unknown[] = [];
  for (const f of files) {
    it(f.name, async () => {
      // The file's own path: the server and the CLI both look beside it (sibling sessions, an acp-kernel sidecar).
      const uri = pathToFileURL(f.path).href;
      const from = c.published.length;
      const fromStatus = c.notifications.length;
      c.open(uri, f.text);
      // A file that is not a session gets a status and no diagnostics.
      const status = await c.status(uri, fromStatus);
      const diagnostics = status.isSession ? await c.diagnosticsFor(uri, 1, from) : [];
      c.close(uri);
      const editor = diagnostics.filter((d) => d.code !== "pruned").map((d) => key(String(d.code), d.range.start.line + 1, SEVERITY[d.severity ?? 4]));
      const r = check("check", "--format", "json", f.path);
      const file = JSON.parse(r.stdout).files[0];
      printed.push(file);
      const checked = file.findings.map((x: { code: string; line: number; severity: string }) => key(x.code, x.line, x.severity));
      assert.deepEqual(checked.slice().sort(), editor.slice().sort());
      assert.equal(r.status, editor.some((k) => k.endsWith("|error")) ? 1 : 0, "exit 1 exactly when the editor shows an error");
    });
  }

  it("the built CLI prints the same", () => {
    const r = spawnSync(process.execPath, [CLI, "check", "--format", "json", ...files.map((f) => f.path)], { encoding: "utf8", maxBuffer: 1 << 28 });
    assert.deepEqual(JSON.parse(r.stdout).files, printed);
  });
});
