// Summarises a .cpuprofile: self time per function (top N), as `node profile-top.mjs FILE [N]`.
import { readFileSync } from "node:fs";
const p = JSON.parse(readFileSync(process.argv[2], "utf8"));
const n = Number(process.argv[3] ?? 25);
const self = new Map();
const dt = new Map();
for (let i = 0; i < p.samples.length; i++) dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
let total = 0;
for (const node of p.nodes) {
  const t = (dt.get(node.id) ?? 0) / 1000;
  total += t;
  const f = node.callFrame;
  const k = `${f.functionName || "(anon)"} ${f.url.split("/").slice(-2).join("/")}:${f.lineNumber + 1}`;
  self.set(k, (self.get(k) ?? 0) + t);
}
for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${t.toFixed(0).padStart(7)} ms ${((100 * t) / total).toFixed(1).padStart(5)}%  ${k}`);
console.log(`${total.toFixed(0).padStart(7)} ms total`);
