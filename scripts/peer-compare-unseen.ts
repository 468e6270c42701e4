// peer-compare-unseen.ts: the resume goldens' check, run on session files that are not in the
// corpus (issue 28: "the product's After against the agents' own request, on sessions it has not
// seen"). It reads a directory of Claude Code sessions and/or Codex rollouts and the recordings the
// record scripts wrote for them into a directory of their own, and prints, per file and CLI
// version, "equal" or "different" with the differences. It compares exactly as the goldens do
// (test/helpers/peer-cc-compare.ts, test/helpers/peer-codex-compare.ts).
//
//   node scripts/record-peers.mjs --corpus CC_DIR --out CC_REC --only STEM ...
//   node scripts/record-peers-codex.mjs --corpus CODEX_DIR --out CODEX_REC --only STEM,...
//   node --import tsx scripts/peer-compare-unseen.ts [--cc CC_DIR --cc-rec CC_REC] [--codex CODEX_DIR --codex-rec CODEX_REC]
//
// It also lists the Claude Code files for which the product reports that the resume skips turns
// (finding resume-skips-turns), the ones the re-link repair is for. Exit code 1 when a file differs.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { analyze } from "../server/src/engine/pipeline/analyze.js";
import { codexHistory } from "../server/src/engine/formats/codex/codex-history.js";
import { compareRecording } from "../test/helpers/peer-cc-compare.js";
import { compareHistory, newTally, type Recording } from "../test/helpers/peer-codex-compare.js";

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? resolve(args[i + 1]) : undefined;
};
const stemsOf = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .sort()
    .map((f) => f.slice(0, -6));

/** The engine's agentVersion for each recorded Claude Code release. */
const RELEASES: Record<string, string> = { "2.1.112": "2.1", "2.0.31": "2.0" };

let different = 0;

function claudeCode(dir: string, recDir: string): void {
  for (const release of Object.keys(RELEASES)) {
    if (!existsSync(join(recDir, release))) continue;
    const counts = { equal: 0, compared: 0, other: 0 };
    console.log(`\n== Claude Code ${release}`);
    for (const stem of stemsOf(dir)) {
      const recPath = join(recDir, release, `${stem}.json`);
      if (!existsSync(recPath)) {
        console.log(`${stem}: no recording`);
        continue;
      }
      const rec = JSON.parse(readFileSync(recPath, "utf8"));
      const text = readFileSync(join(dir, `${stem}.jsonl`), "utf8");
      const a = analyze(text, { agentVersion: RELEASES[release] });
      const r = compareRecording(rec, text, a.after);
      if (r.kind !== "compared") {
        // Not a request to compare: the product must send nothing (or say the CLI hangs or refuses).
        counts.other++;
        const agrees = a.after.length === 0 || /subagent|hangs|refuses/.test(a.afterModel.label);
        if (!agrees) different++;
        console.log(`${stem}: ${r.kind} by the CLI; product ${agrees ? "agrees" : `sends ${a.after.length} messages (${a.afterModel.label})`}`);
        continue;
      }
      counts.compared++;
      if (r.diffs.length === 0) counts.equal++;
      else different++;
      console.log(`${stem}: ${r.diffs.length === 0 ? "equal" : "DIFFERENT"} (history messages: recorded ${r.recorded}, product ${r.product})`);
      for (const d of r.diffs.slice(0, 20)) console.log(`    ${d}`);
      if (r.diffs.length > 20) console.log(`    ... ${r.diffs.length - 20} more`);
    }
    console.log(`Claude Code ${release}: ${counts.equal}/${counts.compared} resumed files equal; ${counts.other} not resumed by the CLI`);
  }
  // Per release: 2.0.31 skips turns that 2.1.112 keeps (progress lines in the chain).
  for (const [release, version] of Object.entries(RELEASES)) {
    const skips = stemsOf(dir).flatMap((stem) => {
      const f = analyze(readFileSync(join(dir, `${stem}.jsonl`), "utf8"), { agentVersion: version }).findings.find((x) => x.code === "resume-skips-turns");
      const n = f && /skips (\d+) messages/.exec(f.message)?.[1];
      return f ? [`${stem} (${n ?? "?"} messages)`] : [];
    });
    console.log(`resume-skips-turns for ${release}: ${skips.length ? skips.join(", ") : "none"}`);
  }
}

function codex(dir: string, recDir: string): void {
  console.log("\n== Codex");
  const tally = newTally();
  for (const stem of stemsOf(dir)) {
    const recPath = join(recDir, `${stem}.json`);
    if (!existsSync(recPath)) {
      console.log(`${stem}: no recording`);
      continue;
    }
    const r = JSON.parse(readFileSync(recPath, "utf8")) as Recording;
    if (r.notRecorded) {
      console.log(`${stem}: not recorded`);
      continue;
    }
    const text = readFileSync(join(dir, `${stem}.jsonl`), "utf8");
    const a = analyze(text);
    const h = codexHistory(a.session);
    tally.recordings++;
    let problems: string[];
    if (!r.main) problems = h.refusal ? [] : [`Codex refused the file (exit ${r.exit?.code}); the product resumes it`];
    else if (h.refusal) problems = [`the product refuses the file (${h.refusal.reason}); Codex resumed it`];
    else problems = compareHistory(r, text, h.items, tally);
    if (problems.length === 0) tally.equal++;
    else different++;
    console.log(`${stem}: ${problems.length === 0 ? "equal" : "DIFFERENT"} (${r.main ? `${h.items.length} history items` : "refused"})`);
    for (const p of problems.slice(0, 20)) console.log(`    ${p}`);
    if (problems.length > 20) console.log(`    ... ${problems.length - 20} more`);
  }
  console.log(
    `Codex: ${tally.equal}/${tally.recordings} recordings equal; ${tally.itemsEqual} of ${tally.items} history items equal; ${tally.idsEqual} of ${tally.ids} call ids equal; ` +
      `${tally.madeUp} made-up outputs; ${tally.textChangedByCodex} items whose text Codex changes on the way`,
  );
}

const cc = opt("--cc");
const codexDir = opt("--codex");
if (!cc && !codexDir) {
  console.error("usage: peer-compare-unseen.ts [--cc DIR --cc-rec DIR] [--codex DIR --codex-rec DIR]");
  process.exit(2);
}
if (cc) claudeCode(cc, opt("--cc-rec") ?? cc);
if (codexDir) codex(codexDir, opt("--codex-rec") ?? codexDir);
process.exit(different ? 1 : 0);
