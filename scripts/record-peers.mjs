#!/usr/bin/env node
// record-peers.mjs: re-records the golden Claude Code resume requests in test/fixtures/peer-cc/.
//
// NEVER RUN IN CI OR FROM TESTS. It installs the real Claude Code CLI (npm
// @anthropic-ai/claude-code 2.1.112 and 2.0.31, a large third-party package) into a temporary
// directory and runs it. A developer runs it by hand after a corpus or fixture change and
// commits the recordings; tests only read those recordings.
//
//   node scripts/record-peers.mjs [--peer DIR] [--corpus DIR] [--out DIR] [--only STEM ...] [--timeout S] [--keep]
//
// --out DIR writes the recordings to DIR/<cli version>/ instead of test/fixtures/peer-cc (to check
// files that are not in the corpus without touching the goldens: scripts/peer-compare-unseen.ts).
//
// For every Claude Code file of the corpus (default test/corpus/claude-code) and every
// constructed file in test/fixtures/claude-code/, it runs the shared peer tool (default
// ../shared/tools/peer-cc, copied to a temporary directory and installed there with
// `npm ci --ignore-scripts`) once with each CLI version, and writes
// test/fixtures/peer-cc/<cli version>/<file stem>.json: the tool's summary of the request the CLI
// sent, with what depends on the machine or the day taken out (see normalise()). The tool runs
// the CLI against a fake API on 127.0.0.1 only; see its README.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const FIXTURES = path.join(ROOT, "test/fixtures/claude-code");
const DEFAULT_OUT = path.join(ROOT, "test/fixtures/peer-cc");
const VERSIONS = [
  { dir: "2.1.112", cli: null },
  { dir: "2.0.31", cli: "node_modules/claude-code-2.0/cli.js" },
];

function parseArgs(argv) {
  const a = { peer: path.resolve(ROOT, "../shared/tools/peer-cc"), corpus: path.join(ROOT, "test/corpus/claude-code"), only: [], timeout: 30, keep: false, out: DEFAULT_OUT };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i];
    if (x === "--peer") a.peer = path.resolve(argv[++i]);
    else if (x === "--corpus") a.corpus = path.resolve(argv[++i]);
    else if (x === "--only") a.only.push(argv[++i]);
    else if (x === "--out") a.out = path.resolve(argv[++i]);
    else if (x === "--timeout") a.timeout = Number(argv[++i]);
    else if (x === "--keep") a.keep = true;
    else {
      console.error(`unknown argument ${x}`);
      process.exit(2);
    }
  }
  return a;
}

function sessionFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .sort()
    .map((f) => path.join(dir, f));
}

// The installed copy of the peer tool. run.mjs of 2026-12-04 throws on a line that is JSON `null`
// (it reads `o[key]` of every parsed line); the copy is patched to read such a line as `{}`, which
// changes nothing else. When the shared tool no longer has that line, the patch does nothing.
function installPeer(peerDir) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "record-peers-"));
  const dir = path.join(tmp, "peer-cc");
  fs.cpSync(peerDir, dir, { recursive: true });
  for (const f of fs.readdirSync(dir)) fs.chmodSync(path.join(dir, f), 0o644);
  fs.chmodSync(dir, 0o755);
  const runPath = path.join(dir, "run.mjs");
  const src = fs.readFileSync(runPath, "utf8");
  const before = "recs.push({ line: i + 1, o: JSON.parse(l) });";
  if (src.includes(before)) {
    fs.writeFileSync(runPath, src.replace(before, "recs.push({ line: i + 1, o: JSON.parse(l) ?? {} });"));
    console.error("record-peers: patched the copy of run.mjs to read a `null` line as {}");
  }
  console.error(`record-peers: npm ci in ${dir}`);
  const r = spawnSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: dir, stdio: ["ignore", "inherit", "inherit"] });
  if (r.status !== 0) throw new Error("npm ci failed in the peer tool copy");
  return { tmp, dir };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const DATE = /\b\d{4}-\d{2}-\d{2}\b/g;

// What the summary holds that depends on this machine, this day or this run, and what replaces it:
// - the session id the tool makes up for a file whose sessionId is not a UUID -> "<random-session-id>";
// - run times, the network-namespace flag, blocked DNS look-ups, raw stdout/stderr (durations,
//   costs, ids) -> dropped; stdout is kept as its result type, stderr only for a failed run;
// - request body and system prompt sizes (the system prompt holds the OS, shell, cwd and date)
//   -> dropped;
// - the user-context reminder the CLI puts first ("# currentDate"): its hash and head depend on
//   the day -> textSha1 "<env>", dates in heads -> "<date>".
function normalise(out) {
  let text = JSON.stringify(out);
  const made = (out.run?.rewrites ?? []).map((r) => /-> ([0-9a-f-]{36})/.exec(r)?.[1]).filter(Boolean);
  for (const id of made) text = text.split(id).join("<random-session-id>");
  const o = JSON.parse(text);
  const run = o.run ?? {};
  // stdout is the CLI's JSON result, cut at 600 characters by the tool: keep its kind only.
  const head = run.stdoutHead ?? "";
  const field = (k) => new RegExp(`"${k}":("[^"]*"|true|false)`).exec(head)?.[1];
  const stdout = head ? { type: JSON.parse(field("type") ?? "null"), subtype: JSON.parse(field("subtype") ?? "null"), is_error: JSON.parse(field("is_error") ?? "null") } : null;
  o.run = {
    prompt: run.prompt,
    args: run.args,
    rewrites: run.rewrites,
    exitCode: run.exitCode,
    timedOut: run.timedOut,
    stdout,
    ...(run.exitCode !== 0 ? { stderrHead: scrub(run.stderrHead ?? "") } : {}),
  };
  o.requests = (o.requests ?? []).map((r) => {
    const { bodyLength: _b, systemLength: _s, ...rest } = r;
    return rest;
  });
  const m = o.main;
  if (m) {
    delete m.systemLength;
    m.firstUserTextHead = (m.firstUserTextHead ?? "").replace(DATE, "<date>");
    m.lastUserTextHead = (m.lastUserTextHead ?? "").replace(DATE, "<date>");
    for (const b of m.blocksNotFromFile ?? []) {
      if (!/# currentDate/.test(b.head ?? "")) continue;
      b.head = b.head.replace(DATE, "<date>");
      const s = m.messages?.[b.message]?.blocks?.[b.block];
      if (s) s.textSha1 = "<env>";
    }
  }
  return o;
}

function scrub(s) {
  return s.replace(UUID, "<uuid>").replace(/\/tmp\/[^\s"']*/g, "<tmp>");
}

// Same layout as the tool's own output: indented JSON, one line per request message.
function format(out) {
  if (!out.main || !Array.isArray(out.main.messages)) return JSON.stringify(out, null, 1) + "\n";
  const body = out.main.messages.map((m) => "   " + JSON.stringify(m)).join(",\n");
  const text = JSON.stringify({ ...out, main: { ...out.main, messages: "@@MESSAGES@@" } }, null, 1);
  return text.replace('"@@MESSAGES@@"', "[\n" + body + "\n  ]") + "\n";
}

function main() {
  if (process.env.CI) {
    console.error("record-peers: refusing to run under CI (it installs and runs a third-party CLI)");
    process.exit(2);
  }
  const args = parseArgs(process.argv.slice(2));
  const OUT = args.out;
  const inputs = [...sessionFiles(args.corpus), ...sessionFiles(FIXTURES)];
  const stems = new Map();
  for (const f of inputs) {
    const stem = path.basename(f, ".jsonl");
    if (stems.has(stem)) throw new Error(`two inputs share the stem ${stem}: ${stems.get(stem)} and ${f}`);
    stems.set(stem, f);
  }
  const chosen = args.only.length ? inputs.filter((f) => args.only.includes(path.basename(f, ".jsonl"))) : inputs;
  if (chosen.length === 0) throw new Error("no session files to record");
  const peer = installPeer(args.peer);
  let failed = 0;
  try {
    for (const v of VERSIONS) {
      fs.mkdirSync(path.join(OUT, v.dir), { recursive: true });
      for (const file of chosen) {
        const stem = path.basename(file, ".jsonl");
        const tmpOut = path.join(peer.tmp, `${v.dir}-${stem}.json`);
        const cli = v.cli ? ["--cli", v.cli] : [];
        const r = spawnSync(process.execPath, ["run.mjs", file, tmpOut, ...cli, "--timeout", String(args.timeout)], { cwd: peer.dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
        process.stdout.write(r.stdout);
        if (r.status !== 0 || !fs.existsSync(tmpOut)) {
          // The tool refuses some inputs (a file without any sessionId): a marker says so, so that
          // every input has a file here.
          failed++;
          const reason = scrub(((r.stderr || "").split("\n").find((l) => /Error/.test(l)) ?? "peer tool failed").trim());
          console.error(`record-peers: the peer tool failed on ${stem} (${v.dir}): ${reason}`);
          fs.writeFileSync(path.join(OUT, v.dir, `${stem}.json`), JSON.stringify({ tool: "scripts/record-peers.mjs", cliVersion: v.dir, session: { file: path.basename(file) }, notRecorded: reason }, null, 1) + "\n");
          continue;
        }
        const out = JSON.parse(fs.readFileSync(tmpOut, "utf8"));
        if (out.cliVersion !== v.dir) throw new Error(`expected CLI ${v.dir}, the tool ran ${out.cliVersion}`);
        fs.writeFileSync(path.join(OUT, v.dir, `${stem}.json`), format(normalise(out)));
      }
    }
  } finally {
    if (!args.keep) fs.rmSync(peer.tmp, { recursive: true, force: true });
    else console.error(`record-peers: kept ${peer.tmp}`);
  }
  console.log(`record-peers: ${chosen.length} file(s) x ${VERSIONS.length} version(s), ${failed} not recorded (see notRecorded)`);
  process.exit(failed ? 1 : 0);
}

main();
