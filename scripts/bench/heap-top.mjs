/**
 * Summarises a V8 heap snapshot: self size by node type and constructor (or string length
 * bucket), largest first.
 *   node --max-old-space-size=8000 scripts/bench/heap-top.mjs FILE.heapsnapshot [N]
 */
import { readFileSync } from "node:fs";

const snap = JSON.parse(readFileSync(process.argv[2], "utf8"));
const top = Number(process.argv[3] ?? 25);
const meta = snap.snapshot.meta;
const F = meta.node_fields.length;
const types = meta.node_types[0];
const iType = meta.node_fields.indexOf("type");
const iName = meta.node_fields.indexOf("name");
const iSelf = meta.node_fields.indexOf("self_size");
const { nodes, strings } = snap;
const by = new Map();
let total = 0;
for (let i = 0; i < nodes.length; i += F) {
  const type = types[nodes[i + iType]];
  const size = nodes[i + iSelf];
  total += size;
  let key;
  if (type === "string" || type === "concatenated string" || type === "sliced string") {
    const n = size;
    key = `${type} ${n >= 1 << 20 ? ">=1MB" : n >= 4096 ? "4KB-1MB" : n >= 256 ? "256B-4KB" : "<256B"}`;
  } else key = `${type} ${strings[nodes[i + iName]]}`.slice(0, 80);
  const e = by.get(key) ?? { count: 0, size: 0 };
  e.count++;
  e.size += size;
  by.set(key, e);
}
console.log(`total self size ${(total / 1048576).toFixed(1)} MB in ${nodes.length / F} nodes`);
for (const [k, e] of [...by].sort((a, b) => b[1].size - a[1].size).slice(0, top))
  console.log(`${(e.size / 1048576).toFixed(1).padStart(8)} MB ${String(e.count).padStart(9)}  ${k}`);
