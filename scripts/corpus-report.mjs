#!/usr/bin/env node
// Findings by code over the real-session corpus, per agent and in total, as a built CLI reports
// them (`check --format json`, the detected provider), plus what `fix --dry-run` would do. Any
// checkout's CLI can be given, so the same corpus can be counted before and after a change:
//
//   node scripts/corpus-report.mjs [--cli dist/cli.js] [--corpus test/corpus] [--json OUT.json]
//   node scripts/corpus-report.mjs --cli /tmp/old-main/dist/cli.js --json /tmp/before.json
//   node scripts/corpus-report.mjs --before /tmp/before.json      (a before/after table)
//
// The corpus folders read are claude-code, codex, pi and copilot-cli (whichever exist). The CLI
// must be built (`npm run build` in its checkout). Prints Markdown tables.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const cli = resolve(opt("--cli", join(root, "dist", "cli.js")));
const corpus = resolve(opt("--corpus", join(root, "test", "corpus")));
const jsonOut = opt("--json");
const beforeFile = opt("--before");
if (!existsSync(cli)) {
  console.error(`corpus-report: no CLI at ${cli} (npm run build first)`);
  process.exit(2);
}
const AGENTS = ["claude-code", "codex", "pi", "copilot-cli"].filter((a) => existsSync(join(corpus, a)));

function run(cmdArgs) {
  const r = spawnSync(process.execPath, [cli, ...cmdArgs], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status === 2) throw new Error(`${cmdArgs.slice(0, 2).join(" ")}: ${r.stderr.trim().split("\n").slice(-3).join(" ")}`);
  return r.stdout;
}

/** { agents: { agent: { files, findings: { "code severity": n }, fix: { files, did: { phrase: n } } } } } */
function count() {
  const out = { cli, corpus, agents: {} };
  for (const agent of AGENTS) {
    const files = readdirSync(join(corpus, agent)).filter((f) => f.endsWith(".jsonl")).sort().map((f) => join(corpus, agent, f));
    const findings = {};
    const checked = JSON.parse(run(["check", "--format", "json", ...files]));
    for (const file of checked.files) for (const f of file.findings) findings[`${f.code} ${f.severity}`] = (findings[`${f.code} ${f.severity}`] ?? 0) + 1;
    // fix --dry-run: one summary line per file ("PATH: would ..., would ..." or "PATH: nothing to fix").
    const did = {};
    let fixing = 0;
    const text = run(["fix", "--dry-run", ...files]);
    for (const path of files) {
      const line = text.split("\n").find((l) => l.startsWith(`${path}: `));
      const summary = line ? line.slice(path.length + 2).replace(/; \d+ error finding\(s\) left$/, "") : "(no summary)";
      if (summary === "nothing to fix") continue;
      fixing++;
      for (const phrase of summary.split(", ")) {
        // One key per repair, whatever the number (singular or plural words).
        const key = phrase.replace(/\d+/g, "N").replace(/\b(parent|root|turn|line|result|call|id|entry)s\b/g, "$1").replace(/\bentries\b/g, "entry");
        const n = Number((/\d+/.exec(phrase) ?? ["1"])[0]);
        did[key] = (did[key] ?? 0) + n;
      }
    }
    out.agents[agent] = { files: files.length, findings, fix: { files: fixing, did } };
  }
  return out;
}

const sum = (o) => Object.values(o).reduce((a, b) => a + b, 0);
const keysOf = (...objs) => [...new Set(objs.flatMap((o) => Object.keys(o ?? {})))].sort();

function table(now, before) {
  const lines = [];
  const agents = keysOf(now.agents, before?.agents);
  const cell = (r, agent, key) => r?.agents[agent]?.findings[key] ?? 0;
  const total = (r, key) => agents.reduce((a, ag) => a + cell(r, ag, key), 0);
  const head = before ? agents.flatMap((a) => [`${a} before`, `${a} after`]).concat(["total before", "total after"]) : agents.concat(["total"]);
  lines.push(`Findings by code and severity (${agents.map((a) => `${a}: ${(now.agents[a] ?? before.agents[a]).files} files`).join(", ")})`);
  lines.push("");
  lines.push(`| code severity | ${head.join(" | ")} |`);
  lines.push(`|---|${head.map(() => "---:").join("|")}|`);
  const codes = keysOf(...agents.map((a) => now.agents[a]?.findings), ...agents.map((a) => before?.agents[a]?.findings));
  for (const key of codes) {
    const cells = before ? agents.flatMap((a) => [cell(before, a, key), cell(now, a, key)]).concat([total(before, key), total(now, key)]) : agents.map((a) => cell(now, a, key)).concat([total(now, key)]);
    lines.push(`| ${key} | ${cells.join(" | ")} |`);
  }
  const all = (r, a) => sum(r?.agents[a]?.findings ?? {});
  const sums = before ? agents.flatMap((a) => [all(before, a), all(now, a)]).concat([agents.reduce((x, a) => x + all(before, a), 0), agents.reduce((x, a) => x + all(now, a), 0)]) : agents.map((a) => all(now, a)).concat([agents.reduce((x, a) => x + all(now, a), 0)]);
  lines.push(`| **all findings** | ${sums.map((n) => `**${n}**`).join(" | ")} |`);
  lines.push("");
  lines.push("`fix --dry-run`: files it would change, and what it would do (summed over files)");
  lines.push("");
  for (const a of agents) {
    const f = (r) => r?.agents[a]?.fix;
    const describe = (x) => (x ? `${x.files} files${Object.keys(x.did).length ? ": " + Object.entries(x.did).map(([k, n]) => `${k.replace(/^would /, "").replace("N ", "")} (${n})`).join(", ") : ""}` : "-");
    lines.push(before ? `- ${a}: before ${describe(f(before))}; after ${describe(f(now))}` : `- ${a}: ${describe(f(now))}`);
  }
  return lines.join("\n");
}

const now = count();
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(now, null, 2) + "\n");
const before = beforeFile ? JSON.parse(readFileSync(beforeFile, "utf8")) : undefined;
console.log(table(now, before));
