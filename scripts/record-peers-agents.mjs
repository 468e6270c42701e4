#!/usr/bin/env node
// NOT FOR CI OR TESTS. Never call this from scripts/test.mjs, a test, a hook or a CI job: it
// installs a real agent CLI from npm (100-250 MB) and runs it. It only re-records the golden
// files that the tests read.
//
// Re-records what a real agent CLI sends when it resumes a session, for every session file of
// the shared corpus (../shared/corpus/<corpus dir>, or $TI_CORPUS/<corpus dir>), of the repository's
// corpus (test/corpus/<agent>/) and every constructed file of test/fixtures/<agent>/, into
// test/fixtures/peer-<agent>/<file name>.json:
//
//   node scripts/record-peers-agents.mjs copilot-cli|gemini-cli [--only NAME[,NAME...]] [--jobs N]
//
// How: copies the shared peer tool (../shared/tools/peer-<tool>, or $PEER_DIR) to a temp dir,
// installs it (`npm ci`, or `npm install --no-save` where the tool's lock file does not list the
// platform packages), then `node run.mjs FILE OUT` for each file (the CLI talks only to a fake API
// on 127.0.0.1, inside `unshare -n` where it works; see the tool's README). Recordings are
// normalised: the temp dir in paths becomes <tmp>, wall-clock durations and dates are dropped.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SHARED = path.resolve(ROOT, "..", "shared");
const AGENTS = {
  "copilot-cli": { tool: "peer-copilot", corpus: "copilot", ext: [".jsonl"] },
  "gemini-cli": { tool: "peer-gemini", corpus: "gemini-cli", ext: [".jsonl", ".json"] },
};
const args = process.argv.slice(2);
const agent = args[0];
const spec = AGENTS[agent];
if (!spec) {
  console.error(`usage: node scripts/record-peers-agents.mjs ${Object.keys(AGENTS).join("|")} [--only NAME,...] [--jobs N]`);
  process.exit(2);
}
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = opt("--only")?.split(",");
const jobs = Number(opt("--jobs") ?? 4);
const PEER = process.env.PEER_DIR ?? path.join(SHARED, "tools", spec.tool);
const CORPUS = path.join(process.env.TI_CORPUS ?? path.join(SHARED, "corpus"), spec.corpus);
const FIXTURES = path.join(ROOT, "test", "fixtures", agent);
const REPO_CORPUS = path.join(ROOT, "test", "corpus", agent);
const OUT = path.join(ROOT, "test", "fixtures", `peer-${agent}`);

const inputs = [];
for (const dir of [CORPUS, REPO_CORPUS, FIXTURES]) {
  if (!fs.existsSync(dir)) {
    console.error(`(no ${dir})`);
    continue;
  }
  for (const f of fs.readdirSync(dir).sort()) if (spec.ext.some((e) => f.endsWith(e)) && fs.statSync(path.join(dir, f)).isFile()) inputs.push(path.join(dir, f));
}
const todo = inputs.filter((p) => !only || only.includes(path.basename(p)));
if (todo.length === 0) {
  console.error("nothing to record");
  process.exit(1);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `record-peers-${agent}-`));
const tool = path.join(tmp, spec.tool);
fs.cpSync(PEER, tool, { recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`) });
fs.chmodSync(tool, 0o755);
for (const f of fs.readdirSync(tool)) fs.chmodSync(path.join(tool, f), 0o644);
console.error(`installing the peer tool in ${tool} ...`);
const install = spawnSync("npm", [...(spec.install ?? ["ci"]), "--no-audit", "--no-fund"], { cwd: tool, stdio: ["ignore", "inherit", "inherit"] });
if (install.status !== 0) {
  console.error("install failed");
  process.exit(1);
}
fs.mkdirSync(OUT, { recursive: true });

const normalise = (o) =>
  JSON.parse(
    JSON.stringify(o, (k, v) => (["seconds", "t", "resumeTime", "stdoutHead"].includes(k) ? undefined : v)).replaceAll(tmp, "<tmp>").replace(/\/tmp\/peer-[a-z]+-[A-Za-z0-9]+/g, "<tmp>"),
  );

function runOne(file) {
  return new Promise((resolve) => {
    const out = path.join(tmp, `${path.basename(file)}.out.json`);
    const child = spawn(process.execPath, ["run.mjs", file, out, "--timeout", "120"], { cwd: tool, stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    child.on("exit", (code) => {
      if (!fs.existsSync(out)) {
        console.error(`${path.basename(file)}: no recording (exit ${code}) ${err.slice(0, 300)}`);
        return resolve();
      }
      const rec = normalise(JSON.parse(fs.readFileSync(out, "utf8")));
      fs.writeFileSync(path.join(OUT, `${path.basename(file)}.json`), JSON.stringify(rec, null, 1) + "\n");
      console.error(`${path.basename(file)}: recorded (exit ${code})`);
      resolve();
    });
  });
}

const queue = [...todo];
await Promise.all(
  Array.from({ length: Math.max(1, jobs) }, async () => {
    while (queue.length) await runOne(queue.shift());
  }),
);
fs.rmSync(tmp, { recursive: true, force: true });
