// The bare baseline loop the CLI is compared with, run as its own process like the CLI:
// read the file, split it into lines, JSON.parse every line, and find orphan tool results
// (a result whose id no earlier call has), in any of the layouts of baseline-visitor.mjs: pi toolCall /
// toolResult, Claude Code tool_use / tool_result blocks, Codex function_call /
// function_call_output items (the loop of baseline-visitor.mjs, as baseline-loop.ts). Prints the orphan count.
// A JSON document (Cline, Roo Code) is parsed whole. Files over 512 MB (longer than a JavaScript
// string) are read line by line.
import { createReadStream, readFileSync, statSync } from "node:fs";
import { createInterface } from "node:readline";
import { countText, orphanCounter } from "./baseline-visitor.mjs";

const file = process.argv[2];
const counter = orphanCounter();
function visit(line) {
  try {
    counter.visit(line);
  } catch {
    // a line that does not parse is skipped, as the CLI skips it
  }
}
if (statSync(file).size < 500 * 1024 * 1024) {
  // a JSON document (Cline, Roo Code) is parsed at once; JSONL line by line
  const text = readFileSync(file, "utf8");
  const c = countText(text, true);
  counter.lines = c.lines;
  counter.orphans = c.orphans;
} else {
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) visit(line);
}
process.stdout.write(`${counter.lines} lines, ${counter.orphans} orphans\n`);
