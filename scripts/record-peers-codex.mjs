#!/usr/bin/env node
// NOT FOR CI OR TESTS. Never call this from scripts/test.mjs, a test, a hook or a CI job: it
// installs the real Codex CLI (about 420 MB from npm) and runs it. It only re-records the golden
// files that the tests read.
//
// Re-records what the real Codex CLI sends when it resumes a rollout, for every Codex file of
// the shared corpus (../shared/corpus/codex, or $TI_CORPUS/codex) and every constructed rollout in
// test/fixtures/codex/, into test/fixtures/peer-codex/<file-stem>.json.
//
// How: copies the shared peer tool (../shared/tools/peer-codex, or $PEER_CODEX_DIR) to a temp
// dir, runs `npm ci` there, then `node run.mjs ROLLOUT OUT` for each file (the CLI talks only to a
// fake Responses API on 127.0.0.1; see the tool's README). The temp dir is removed at the end.
//
//   node scripts/record-peers-codex.mjs [--only STEM[,STEM...]] [--keep-full DIR] [--corpus DIR] [--out DIR]
//
// --corpus DIR reads the rollouts of DIR instead of the corpus and the fixtures; --out DIR writes
// the recordings there instead of test/fixtures/peer-codex (to check files that are not in the
// corpus without touching the goldens: scripts/peer-compare-unseen.ts).
//
// --keep-full DIR also keeps each full captured request (requests.full.json) as DIR/<stem>.json;
// those hold whole prompts and are for reading, not for committing.
//
// Two adjustments to the temp copy of run.mjs (the shared tool itself is never changed):
// - a rollout with no `session_meta` line but a bare legacy meta first line ({id, timestamp}) is
//   placed under that id, so the CLI's own verdict on legacy rollouts is recorded;
// - a rollout with neither gets a recording that says the tool could not place it.
// Recordings are normalised: the temp dir in paths becomes <tmp>.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SHARED = path.resolve(ROOT, "..", "shared");
const PEER = process.env.PEER_CODEX_DIR ?? path.join(SHARED, "tools", "peer-codex");

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = opt("--only")?.split(",");
const keepFull = opt("--keep-full");
const CORPUS = opt("--corpus") ? path.resolve(opt("--corpus")) : path.join(process.env.TI_CORPUS ?? path.join(SHARED, "corpus"), "codex");
const FIXTURES = opt("--corpus") ? null : path.join(ROOT, "test", "fixtures", "codex");
const OUT = opt("--out") ? path.resolve(opt("--out")) : path.join(ROOT, "test", "fixtures", "peer-codex");

const inputs = [];
for (const dir of [CORPUS, FIXTURES].filter(Boolean)) {
  if (!fs.existsSync(dir)) {
    console.error(`(no ${dir})`);
    continue;
  }
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith(".jsonl")).sort()) inputs.push(path.join(dir, f));
}
const stemOf = (p) => path.basename(p, ".jsonl");
const seen = new Map();
for (const p of inputs) {
  if (seen.has(stemOf(p))) throw new Error(`two inputs share the stem ${stemOf(p)}: ${seen.get(stemOf(p))} and ${p}`);
  seen.set(stemOf(p), p);
}
const todo = inputs.filter((p) => !only || only.includes(stemOf(p)));
if (todo.length === 0) {
  console.error("nothing to record");
  process.exit(1);
}

// ------------------------------------------------------------- the tool, in a temp dir
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "record-peers-codex-"));
const tool = path.join(tmp, "peer-codex");
fs.cpSync(PEER, tool, { recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`) });
fs.chmodSync(tool, 0o755);
for (const f of fs.readdirSync(tool)) fs.chmodSync(path.join(tool, f), 0o644);
const runMjs = path.join(tool, "run.mjs");
const ORIGINAL = "const metaRec = recs.find((r) => r && r.type === 'session_meta');";
const LEGACY =
  "const metaRec = recs.find((r) => r && r.type === 'session_meta') ?? (recs[0] && typeof recs[0].id === 'string' && typeof recs[0].timestamp === 'string' && !('type' in recs[0]) ? { payload: recs[0], timestamp: recs[0].timestamp } : undefined);";
const runText = fs.readFileSync(runMjs, "utf8");
if (runText.includes(ORIGINAL)) fs.writeFileSync(runMjs, runText.replace(ORIGINAL, LEGACY));
else console.error("warning: run.mjs changed; legacy bare rollouts will not be placed");

console.error(`installing the peer tool in ${tool} ...`);
const ci = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: tool, stdio: ["ignore", "inherit", "inherit"] });
if (ci.status !== 0) {
  fs.rmSync(tmp, { recursive: true, force: true });
  throw new Error("npm ci failed");
}

// ------------------------------------------------------------- record
fs.mkdirSync(OUT, { recursive: true });
if (keepFull) fs.mkdirSync(keepFull, { recursive: true });
const normalise = (text) => text.replace(/\/tmp\/peer-codex-[A-Za-z0-9]+/g, "<tmp>").replace(/\/tmp\/record-peers-codex-[A-Za-z0-9]+/g, "<tmp>");
let failed = 0;
for (const p of todo) {
  const stem = stemOf(p);
  const out = path.join(OUT, `${stem}.json`);
  const r = spawnSync(process.execPath, [runMjs, p, out, ...(keepFull ? ["--keep"] : [])], { cwd: tool, encoding: "utf8", maxBuffer: 64 << 20 });
  const log = `${r.stdout ?? ""}${r.stderr ?? ""}`;
  if (!fs.existsSync(out) || r.status !== 0) {
    const reason = (log.match(/Error: [^\n]*/) ?? [log.trim().split("\n").pop() ?? ""])[0];
    fs.writeFileSync(out, JSON.stringify({ rollout: path.basename(p), notRecorded: true, reason: normalise(reason) }, null, 1) + "\n");
    console.error(`${stem}: not recorded (${reason})`);
    failed++;
    continue;
  }
  const kept = log.match(/kept temp dir: (\S+)/);
  if (kept) {
    if (keepFull) fs.copyFileSync(path.join(kept[1], "requests.full.json"), path.join(keepFull, `${stem}.json`));
    fs.rmSync(kept[1], { recursive: true, force: true });
  }
  fs.writeFileSync(out, normalise(fs.readFileSync(out, "utf8")));
  console.error(log.trim().split("\n").pop());
}
fs.rmSync(tmp, { recursive: true, force: true });
console.error(`${todo.length - failed}/${todo.length} recorded into ${path.relative(ROOT, OUT)}`);
