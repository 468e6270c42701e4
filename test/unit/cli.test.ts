/** The CLI contract (`check` and `render`), run as a real process on the built dist/cli.js. */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { corpusPath } from "../helpers/corpus.js";
import { seedRegressionSpecs, sessionText } from "../helpers/session-builder.js";

const ROOT = resolve(__dirname, "..", "..");
const CLI = join(ROOT, "dist", "cli.js");
let dir = "";
const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });

before(() => {
  const b = spawnSync(process.execPath, [join(ROOT, "scripts", "build.mjs")], { cwd: ROOT, encoding: "utf8" });
  assert.equal(b.status, 0, b.stderr);
  dir = mkdtempSync(join(tmpdir(), "ti-cli-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

describe("check", () => {
  it("json: the contract shape, 1-based positions on the value, exit 1 on errors", () => {
    const p = file("orphan.jsonl", sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "zz_9" }]));
    const r = cli("check", "--format", "json", p);
    assert.equal(r.status, 1);
    const out = JSON.parse(r.stdout);
    assert.equal(out.files.length, 1);
    const f = out.files[0];
    assert.deepEqual([f.path, f.format, f.entries], [p, "pi", 4]);
    const orphan = f.findings.find((x: any) => x.code === "orphan-result");
    assert.deepEqual(Object.keys(orphan).sort(), ["code", "column", "endColumn", "endLine", "line", "message", "severity", "toolCallId"].sort());
    assert.equal(orphan.line, 5);
    const text = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "zz_9" }]).split("\n")[4];
    assert.equal(text.slice(orphan.column - 1, orphan.endColumn - 1), '"zz_9"');
    assert.equal(orphan.severity, "error");
  });
  it("a truncated middle line is reported and findings after it still are", () => {
    const lines = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { user: 4 }, { result: 5, id: "q_1" }]).split("\n");
    lines[3] = lines[3].slice(0, 25);
    const r = cli("check", "--format", "json", file("trunc.jsonl", lines.join("\n")));
    const codes = JSON.parse(r.stdout).files[0].findings.map((x: any) => [x.line, x.code]);
    // the cut line held entry e3: e4 now names a missing parent, and q_1 is still found
    assert.deepEqual(codes, [[4, "malformed-line"], [5, "broken-parent"], [6, "orphan-result"]]);
  });
  it("text: one compiler-style line per finding", () => {
    const p = file("seed.jsonl", sessionText(seedRegressionSpecs()));
    const r = cli("check", p);
    assert.equal(r.status, 0, "warnings only");
    const lines = r.stdout.trim().split("\n");
    assert.match(lines.pop()!, /^\d+ warnings?(, \d+ information)? in 1 file$/, "a summary line closes the output");
    assert.ok(lines.length >= 2);
    for (const l of lines) assert.match(l, new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:\\d+:\\d+ (error|warning|information|hint) [a-z-]+ .+`));
    assert.ok(lines.some((l) => / information colliding-id /.test(l)));
  });
  it("several files, and clean corpus files exit 0", (t) => {
    const pi = corpusPath("pi/inspector-branching.jsonl");
    if (!pi) return t.skip("the shared corpus (../shared/corpus) is not here");
    const r = cli("check", "--format", "json", pi, corpusPath("codex/daaain-structured.jsonl")!);
    assert.equal(r.status, 0);
    assert.deepEqual(JSON.parse(r.stdout).files.map((f: any) => f.format), ["pi", "codex"]);
  });
  it("exit 2 with one line on stderr for bad usage and unreadable files", () => {
    for (const args of [["check"], ["check", "--format", "xml", "x"], ["frobnicate"], ["check", join(dir, "missing.jsonl")], ["check", mkdtempSync(join(tmpdir(), "ti-empty-"))]]) {
      const r = cli(...args);
      assert.equal(r.status, 2, args.join(" "));
      assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
      assert.doesNotMatch(r.stderr, /at .*\.js:\d+/);
    }
  });
});

describe("render", () => {
  it("json: before/after/dropped with 1-based lines and synthetic markers", () => {
    const p = file("seed-r.jsonl", sessionText(seedRegressionSpecs()));
    const r = cli("render", "--format", "json", p);
    const out = JSON.parse(r.stdout);
    assert.equal(out.path, p);
    assert.equal(out.leaf, "e14");
    assert.equal(out.pruner, "pi-condense");
    assert.deepEqual(out.before.map((m: any) => m.line), [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    assert.deepEqual(out.after.map((m: any) => m.synthetic ?? m.line), [2, "chain-summary", 5, 6, "chain-summary", 9, 10, 11, 12, 13]);
    assert.deepEqual(out.dropped, [
      { line: 3, by: "chain:b5", role: "assistant" },
      { line: 4, by: "chain:b5", role: "toolResult" },
      { line: 7, by: "chain:b7", role: "assistant" },
      { line: 8, by: "chain:b7", role: "toolResult" },
    ]);
    for (const m of out.after) assert.equal(typeof m.role, "string");
  });
});

describe("fix", () => {
  for (const eol of ["\n", "\r\n"]) {
    it(`removes orphans losslessly and idempotently (${eol === "\n" ? "LF" : "CRLF"})`, async () => {
      const { readFileSync } = await import("node:fs");
      const text = sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "zz_9" }, { user: 5 }, { assistant: 6 }], { eol });
      const p = file(`fix-${eol.length}.jsonl`, text);
      const dry = cli("fix", "--dry-run", p);
      assert.match(dry.stdout, /would remove 1 orphan/);
      assert.equal(readFileSync(p, "utf8"), text, "dry run writes nothing");
      const r = cli("fix", p);
      assert.equal(r.status, 0, r.stdout);
      const fixed = readFileSync(p, "utf8");
      const before = text.split(eol);
      const after = fixed.split(eol);
      assert.equal(after.length, before.length - 1);
      assert.deepEqual(after.slice(0, 4), before.slice(0, 4), "lines before the orphan untouched");
      // the orphan's child (e5) is re-parented to the orphan's parent (e3); only that value changes
      assert.equal(after[4], before[5].replace('"parentId":"e4"', '"parentId":"e3"'));
      assert.deepEqual(after.slice(5), before.slice(6));
      assert.ok(!fixed.replace(/\r\n/g, "").includes("\n") || eol === "\n", "line ends kept");
      const check = JSON.parse(cli("check", "--format", "json", p).stdout);
      assert.deepEqual(check.files[0].findings, [], "the repaired file re-analyses clean");
      cli("fix", p);
      assert.equal(readFileSync(p, "utf8"), fixed, "idempotent");
    });
  }
});
