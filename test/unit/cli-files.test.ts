/**
 * Issues 11 (item 2) and 12 (CLI): the JSON streamed in pieces is the text the previous
 * `JSON.stringify` made; files are read line by line (the only read path, exercised with tiny
 * chunks and a tiny line limit); `check DIR` recurses in a deterministic order on worker threads;
 * help, version, summary line and files that are not session transcripts.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { FORMAT_PROFILES } from "../../server/src/engine/formats/registry.js";
import { resolveSiblingParents } from "../../server/src/io/sibling-parents.js";
import { ByteLineScanner, splitByteLines } from "../../server/src/engine/model/lines.js";
import { parseText } from "../../server/src/engine/model/parse.js";
import type { LineList } from "../../server/src/engine/model/line-list.js";
import { sessionFromLines } from "../../server/src/engine/session/read-session.js";
import { checkJson, renderJson } from "../../server/src/presentation/report.js";
import { optionsFor } from "../../server/src/cli/session-file.js";
import { jsonChunks } from "../../server/src/cli/json-stream.js";
import { Progress } from "../../server/src/cli/progress.js";
import { runInWorkers } from "../../server/src/cli/check-workers.js";
import type { FileOutcome } from "../../server/src/cli/check-file.js";
import { readLines } from "../../server/src/io/read-session-lines.js";
import { corpusFiles } from "../helpers/corpus.js";
import { sessionText } from "../helpers/session-builder.js";

const ROOT = resolve(__dirname, "..", "..");
const CLI = join(ROOT, "dist", "cli.js");
const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 120_000 });
let dir = "";
const ORPHAN = () => sessionText([{ user: 1 }, { assistant: 2, calls: ["a_1"] }, { result: 3, id: "a_1" }, { result: 4, id: "x_1" }]);
const CLEAN = () => sessionText([{ user: 1 }, { assistant: 2, text: "ok" }]);

before(() => {
  const b = spawnSync(process.execPath, [join(ROOT, "scripts", "build.mjs")], { cwd: ROOT, encoding: "utf8" });
  assert.equal(b.status, 0, b.stderr);
  dir = mkdtempSync(join(tmpdir(), "ti-cli-files-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

function put(rel: string, text: string | Buffer): string {
  const p = join(dir, rel);
  mkdirSync(join(p, ".."), { recursive: true });
  writeFileSync(p, text);
  return p;
}

/** A reader over a buffer, `chunk` bytes per read. */
function chunkedReader(buf: Buffer, chunk: number): (into: Buffer) => number {
  let at = 0;
  return (into) => {
    const k = Math.min(chunk, into.length, buf.length - at);
    buf.copy(into, 0, at, at + k);
    at += k;
    return k;
  };
}

const lineView = (list: LineList) =>
  [...list.all()].map((l) => ({ line: l.line, offset: l.offset, text: l.text, eol: l.eol, value: l.value, parseError: l.parseError }));

describe("reading line by line", () => {
  const samples: [string, Buffer][] = [
    ["LF", Buffer.from('{"a":1}\n{"b":2}\n')],
    ["CRLF, lone CR, CR CR LF, blank lines", Buffer.from('{"a":1}\r\n\r{"b":"x"}\r\r\n\n{"c":3}')],
    ["BOM and no final ending", Buffer.from('\ufeff{"a":"é"}\n{"b":"日本"}')],
    ["only a BOM", Buffer.from("\ufeff")],
    ["empty", Buffer.alloc(0)],
    ["a final CR", Buffer.from('{"a":1}\r')],
    ["invalid UTF-8 and a malformed line", Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xe2, 0x82]), Buffer.from('"}\n{oops\n{"z":1}\n')])],
  ];
  for (const [name, buf] of samples)
    it(`the same lines, offsets and parses as parseText on the whole text: ${name}`, () => {
      const whole = parseText(buf.toString("utf8"));
      for (const chunk of [1, 2, 3, 5, 7, 64, 1 << 20]) {
        const r = readLines(chunkedReader(buf, chunk), { chunkBytes: chunk });
        assert.equal(r.bytes, buf.length);
        assert.deepEqual(lineView(r.parsed.lines), lineView(whole.lines), `chunks of ${chunk}`);
        assert.equal(r.parsed.bom, whole.bom);
        assert.equal(r.parsed.unterminatedLastLine, whole.unterminatedLastLine);
      }
    });

  it("the byte scanner fed in pieces finds the spans splitByteLines finds", () => {
    const buf = Buffer.from("a\r\nb\rc\n\r\r\nd\r");
    for (const step of [1, 2, 3, 4]) {
      const spans: unknown[] = [];
      const s = new ByteLineScanner((start, end, next) => spans.push({ start, end, next }));
      for (let i = 0; i < buf.length; i += step) s.push(buf.subarray(i, i + step));
      s.end();
      assert.deepEqual(spans, splitByteLines(buf), `step ${step}`);
    }
  });

  it("a line longer than a string can hold (the limit made tiny here) is one malformed line; the lines after it are read", () => {
    const text = sessionText([{ user: 1 }, { assistant: 2, text: "ok" }, { user: 3 }]).split("\n");
    text.splice(2, 0, `{"pad":"${"x".repeat(400)}"}`);
    const buf = Buffer.from(text.join("\n"));
    const r = readLines(chunkedReader(buf, 16), { chunkBytes: 16, maxLineBytes: 300 });
    const long = r.parsed.lines.at(2)!;
    assert.equal(long.text, "");
    assert.match(long.parseError ?? "", /longer than the 300 bytes a string can hold/);
    const view = (ls: typeof r.parsed.lines) => [...ls.all()].filter((l) => l.line !== 2).map((l) => ({ line: l.line, text: l.text, eol: l.eol, value: l.value }));
    assert.deepEqual(view(r.parsed.lines), view(parseText(buf.toString("utf8")).lines));
    const session = sessionFromLines(r.parsed);
    const f = session.findings.filter((x) => x.code === "malformed-line");
    assert.deepEqual(f.map((x) => x.line), [2]);
    assert.equal(session.entries.length, 3);
  });
});

describe("JSON written in pieces", () => {
  it("jsonChunks joins to JSON.stringify at every depth", () => {
    const v = { a: [1, { b: undefined, c: "x\u2028" }, undefined, null], d: undefined, e: { f: [[]] }, "1": true };
    for (const depth of [0, 1, 2, 3, 5]) assert.equal([...jsonChunks(v, depth)].join(""), JSON.stringify(v));
  });

  it("check --format json and render on the corpus: identical to the previous output (one JSON.stringify of the report)", () => {
    const files = corpusFiles();
    assert.ok(files.length > 0);
    const expected = JSON.stringify({ files: files.map((f) => checkJson(f.path, resolveSiblingParents(f.path, analyze(f.text, optionsFor(f.path))))) }) + "\n";
    const r = cli("check", "--format", "json", ...files.map((f) => f.path));
    assert.equal(r.stdout, expected);
    for (const f of files) assert.equal(cli("render", f.path).stdout, JSON.stringify(renderJson(f.path, resolveSiblingParents(f.path, analyze(f.text, { ...optionsFor(f.path), rules: false })))) + "\n", f.name);
  });
});

describe("check DIR", () => {
  it("recurses into *.jsonl files in sorted order, follows a folder link once (no loop), and the order does not depend on the threads", () => {
    const root = join(dir, "tree");
    put("tree/b/2.jsonl", CLEAN());
    put("tree/b/10.jsonl", ORPHAN());
    put("tree/a.jsonl", CLEAN());
    put("tree/c/deep/x.jsonl", ORPHAN());
    put("tree/notes.txt", "not a jsonl");
    symlinkSync(root, join(root, "c", "loop"));
    const r = cli("check", "--format", "json", root);
    assert.equal(r.status, 1, r.stderr);
    const paths = JSON.parse(r.stdout).files.map((f: any) => f.path.slice(root.length + 1));
    assert.deepEqual(paths, ["a.jsonl", "b/10.jsonl", "b/2.jsonl", "c/deep/x.jsonl"]);
    assert.equal(cli("check", "--format", "json", "--jobs", "1", root).stdout, r.stdout);
    const text = cli("check", "--jobs", "3", root);
    assert.equal(text.stdout, cli("check", "--jobs", "1", root).stdout);
    assert.match(text.stdout.trim().split("\n").pop()!, /^2 errors in 2 of 4 files$/);
    assert.equal(text.stderr, "", "no progress line when stderr is not a terminal");
  });

  it("several files are checked on worker threads, each thread taking the next file", async () => {
    const paths = [1, 2, 3, 4].map((i) => put(`w/${i}.jsonl`, i % 2 ? ORPHAN() : CLEAN()));
    const outcomes: FileOutcome[] = [];
    const pieces: string[][] = paths.map(() => []);
    await runInWorkers(paths.map((path) => ({ path, format: "text" as const })), 2, CLI, {
      piece: (i, s) => pieces[i].push(s),
      done: (i, o) => (outcomes[i] = o),
    });
    assert.deepEqual(outcomes.map((o) => o.status), [1, 0, 1, 0]);
    assert.ok(outcomes.every((o) => o.thread > 0), "not the main thread");
    assert.equal(new Set(outcomes.map((o) => o.thread)).size, 2, "two threads");
    assert.match(pieces[0].join(""), /1\.jsonl:5:\d+ error orphan-result/);
  });

  it("a folder without *.jsonl files is exit 2 with one line", () => {
    const empty = join(dir, "empty");
    mkdirSync(empty);
    const r = cli("check", empty);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /no session files \(\*\.jsonl, session-\*\.json, \*\.messages\.json, api_conversation_history\.json\) in this folder/);
  });
});

describe("help, version, summary, files that are not sessions", () => {
  it("--help / -h / check --help: commands, options and exit codes, exit 0", () => {
    for (const args of [["--help"], ["-h"], ["check", "--help"], ["render", "-h"], ["fix", "--help"]]) {
      const r = cli(...args);
      assert.equal(r.status, 0, args.join(" "));
      assert.match(r.stdout, /Usage:/);
      assert.match(r.stdout, /Exit status/);
    }
    assert.match(cli("--help").stdout, /check .*\n.*render .*\n.*fix /);
    assert.match(cli("check", "--help").stdout, /--format text\|json[\s\S]*--provider[\s\S]*--jobs/);
  });

  it("--version prints the package's version", () => {
    const r = cli("--version");
    assert.equal(r.status, 0);
    assert.equal(r.stdout, `transcript-inspector ${JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version}\n`);
  });

  it("the summary line counts findings and files", () => {
    const clean = put("s/clean.jsonl", CLEAN());
    const clean2 = put("s/clean2.jsonl", CLEAN());
    assert.equal(cli("check", clean, clean2).stdout, "no problems in 2 files\n");
    const bad = put("s/bad.jsonl", ORPHAN());
    const r = cli("check", bad);
    assert.match(r.stdout, /\n1 error in 1 file\n$/);
    assert.match(cli("check", clean, bad).stdout, /\n1 error in 1 of 2 files\n$/);
  });

  it("README.md and a JSONL of no known format: reported once as not a session transcript, exit 0; render refuses with exit 2", () => {
    const readme = put("n/README.md", "# Title\n\nSome text.\n".repeat(50));
    const other = put("n/other.jsonl", '{"level":"info","msg":"started"}\n{"level":"warn","msg":"slow"}\n');
    const r = cli("check", readme, other);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(
      r.stdout,
      `${readme}: not a session transcript (no line is a JSON object)\n${other}: not a session transcript (no line is an entry of a format it reads (${FORMAT_PROFILES.map((f) => f.name).join(", ")}))\n2 files are not session transcripts\n`,
    );
    const j = JSON.parse(cli("check", "--format", "json", readme).stdout).files[0];
    assert.deepEqual([j.format, j.findings, j.note], ["unknown", [], "not a session transcript: no line is a JSON object"]);
    for (const p of [readme, other]) {
      const rr = cli("render", p);
      assert.equal(rr.status, 2);
      assert.equal(rr.stdout, "");
      assert.match(rr.stderr, /^transcript-inspector: .*: not a session transcript \(.*\); nothing to render\n$/);
    }
  });

  it("text output stays escaped in the not-a-session line", () => {
    const p = put("n/evil\u001b[31m.md", "plain\n");
    assert.doesNotMatch(cli("check", p).stdout, /\u001b/);
  });
});

describe("progress", () => {
  it("one line rewritten with \\r on a terminal, cleared at the end; none elsewhere", () => {
    assert.equal(Progress.forStream({ isTTY: false, write: () => true }), undefined);
    let t = 0;
    let written = "";
    const p = new Progress({ isTTY: true, columns: 40, write: (s: string) => (written += s) }, () => (t += 1000));
    p.update(0, 3, "a.jsonl");
    p.update(1, 3, "b.jsonl");
    p.update(3, 3);
    p.clear();
    assert.equal(written, "\rchecking 0/3 files: a.jsonl\x1b[K\rchecking 1/3 files: b.jsonl\x1b[K\rchecking 3/3 files\x1b[K\r\x1b[K");
    assert.ok(!written.includes("\n"));
  });
});

describe("progress on a real terminal", () => {
  const hasScript = spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;
  it("drawn on stderr in place, cleared before any stdout text and at the end (under script(1), a pty)", { skip: !hasScript && "script(1) is not installed" }, () => {
    const root = join(dir, "tty");
    for (let i = 0; i < 6; i++) put(`tty/${i}.jsonl`, i % 2 ? ORPHAN() : CLEAN());
    const r = spawnSync("script", ["-qec", `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} check ${JSON.stringify(root)}`, "/dev/null"], { encoding: "utf8", timeout: 120_000 });
    const out = r.stdout;
    assert.match(out, /\rchecking \d+\/6 files/);
    assert.doesNotMatch(out, /\rchecking[^\r]*\x1b\[K[^\r]/, "a progress line is overwritten or cleared, never followed by text");
    const plain = out.replace(/\r(checking [^\r\n]*)?\x1b\[K/g, "").replace(/\r\n/g, "\n");
    // on a terminal: coloured, and each finding's detail on indented lines (issue 23 item 9); the same text otherwise
    assert.match(plain, /\x1b\[31merror\x1b\[39m/);
    const unwrapped = plain.replace(/\x1b\[[0-9;]*m/g, "").replace(/\n {4}/g, " ");
    assert.equal(unwrapped, cli("check", root).stdout);
  });
});

describe("long lines' text read again from disk", () => {
  it("readSessionLines drops long lines' text after parsing and reads the same text back (BOM, CRLF, multi-byte)", async () => {
    const { readSessionLines } = await import("../../server/src/io/read-session-lines.js");
    const long = (k: number) => `{"k":${k},"text":"${"é日x".repeat(200)}"}`;
    const text = `\ufeff${long(1)}\r\n{"short":1}\n${long(2)}\r${long(3)}`;
    const p = put("disk/long.jsonl", text);
    const r = readSessionLines(p, { chunkBytes: 100 });
    assert.ok(r.ok);
    const whole = parseText(text);
    assert.deepEqual(lineView(r.lines.parsed.lines), lineView(whole.lines));
    const kept = readSessionLines(p, { keepText: true });
    assert.ok(kept.ok);
    assert.deepEqual(lineView(kept.lines.parsed.lines), lineView(whole.lines));
    // the long lines were not kept: asking for their text reads their bytes again
    const buf = Buffer.from(text);
    const reads: [number, number][] = [];
    const lazy = readLines(chunkedReader(buf, 64), { chunkBytes: 64, reread: (a, b) => (reads.push([a, b]), buf.subarray(a, b)) });
    assert.deepEqual(reads, []);
    assert.equal(lazy.parsed.lines.at(2)!.text, whole.lines.at(2)!.text);
    assert.equal(lazy.parsed.lines.at(1)!.text, '{"short":1}');
    assert.equal(reads.length, 1, "only the long line asked for is read again");
  });
});
