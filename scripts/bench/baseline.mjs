// The bare baseline loop the CLI is compared with, run as its own process like the CLI:
// read the file, split it into lines, JSON.parse every line, and find orphan tool results
// (a result whose id no earlier call has), in any of the three layouts: pi toolCall /
// toolResult, Claude Code tool_use / tool_result blocks, Codex function_call /
// function_call_output items (the same loop as baseline-loop.ts). Prints the orphan count.
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
  if (e?.type === "message") {
    const m = e.message;
    if (m?.role === "assistant" && Array.isArray(m.content)) {
      for (const c of m.content) if (c?.type === "toolCall") calls.add(c.id);
    } else if (m?.role === "toolResult" && !calls.has(m.toolCallId)) orphans++;
  } else if (e?.type === "assistant" || e?.type === "user") {
    const content = e.message?.content;
    if (Array.isArray(content))
      for (const c of content) {
        if (c?.type === "tool_use") calls.add(c.id);
        else if (c?.type === "tool_result" && !calls.has(c.tool_use_id)) orphans++;
      }
  } else if (e?.type === "response_item") {
    const p = e.payload;
    if (p?.type === "function_call") calls.add(p.call_id);
    else if (p?.type === "function_call_output" && !calls.has(p.call_id)) orphans++;
  }
}
if (statSync(file).size < 500 * 1024 * 1024) {
  for (const line of readFileSync(file, "utf8").split("\n")) visit(line);
} else {
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) visit(line);
}
process.stdout.write(`${lines} lines, ${orphans} orphans\n`);
