// The bare loop the library bench compares with: every *.jsonl file under DIR read, split into
// lines and each line parsed with JSON.parse, one file after another. Prints the counts.
//   node scripts/bench/library-baseline.mjs DIR
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

let files = 0;
let lines = 0;
let bytes = 0;
const walk = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (e.name.endsWith(".jsonl")) {
      const text = readFileSync(p, "utf8");
      bytes += text.length;
      files++;
      for (const l of text.split("\n")) {
        if (!l) continue;
        try {
          JSON.parse(l);
          lines++;
        } catch {}
      }
    }
  }
};
walk(process.argv[2]);
console.log(JSON.stringify({ files, lines, bytes }));
