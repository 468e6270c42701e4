// Benchmarks the engine on a large synthetic session built from the corpus, printing ratios
// against a baseline measured in the same run (no absolute-time assertions anywhere).
//   npm run bench            (builds dist/ first if needed)
import { readFileSync } from "node:fs";
import { join } from "node:path";

{
  const { build } = await import("esbuild");
  await build({ entryPoints: ["server/src/engine/analyze.ts"], bundle: true, platform: "node", format: "cjs", outfile: "dist/bench-entry.js", mainFields: ["module", "main"], logLevel: "warning" });
}
const { analyze } = await import(join(process.cwd(), "dist/bench-entry.js"));
const corpus = process.env.TI_CORPUS ?? join(process.cwd(), "..", "shared", "corpus");
const base = readFileSync(join(corpus, "pi", "pi-mono-large-session-v1.jsonl"), "utf8");
const [header, ...rest] = base.trimEnd().split("\n");
const times = Number(process.env.BENCH_REPEAT ?? 20);
const big = [header, ...Array.from({ length: times }, () => rest).flat()].join("\n") + "\n";

function time(label, fn, runs = 3) {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    best = Math.min(best, performance.now() - t);
  }
  return { label, ms: best };
}
const baseline = time("baseline: JSON.parse of every line", () => {
  for (const l of big.split("\n")) if (l) JSON.parse(l);
});
const full = time("analyze (parse, model, render, findings)", () => analyze(big));
const prev = analyze(big);
const appended = big + rest[rest.length - 1] + "\n";
const incremental = time("re-analysis after one appended line (incremental)", () => analyze(appended, { previous: prev }));
const fullAgain = time("re-analysis after one appended line (from scratch)", () => analyze(appended));
const mb = (big.length / 1e6).toFixed(1);
console.log(`session: ${mb} MB, ${big.split("\n").length - 1} lines (large-session-v1 x${times})`);
for (const r of [baseline, full, incremental, fullAgain]) console.log(`${r.label.padEnd(52)} ${(r.ms / baseline.ms).toFixed(2)}x baseline`);
console.log(`(baseline ${baseline.ms.toFixed(0)} ms on this machine; ratios are what to compare across runs)`);
