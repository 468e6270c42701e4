// The bare baseline loop the CLI is compared with, run as its own process like the CLI:
// read the file, split it into lines, JSON.parse every line, and find orphan tool results
// (a toolResult whose toolCallId no earlier assistant call has). Prints the orphan count.
// Files over 512 MB (longer than a JavaScript string) are read line by line.
import { createReadStream, readFileSync, statSync } from "node:fs";
import { createInterface } from "node:readline";

const file = process.argv[2];
const calls = new Set();
let orphans = 0;
let lines = 0;
function visit(line) {
  if (!line) return;
  lines++;
  let e;
  try {
    e = JSON.parse(line);
  } catch {
    return;
  }
  const m = e && e.type === "message" ? e.message : null;
  if (!m) return;
  if (m.role === "assistant" && Array.isArray(m.content)) {
    for (const c of m.content) if (c && c.type === "toolCall") calls.add(c.id);
  } else if (m.role === "toolResult" && !calls.has(m.toolCallId)) orphans++;
}
if (statSync(file).size < 500 * 1024 * 1024) {
  for (const line of readFileSync(file, "utf8").split("\n")) visit(line);
} else {
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) visit(line);
}
process.stdout.write(`${lines} lines, ${orphans} orphans\n`);
