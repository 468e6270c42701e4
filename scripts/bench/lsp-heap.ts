/**
 * Where the language server's memory goes while it holds one session: drives `Store` and
 * `LineDocument` as the server does (open, append one line, edit a middle line, each followed by
 * the diagnostics it publishes) and prints, per stage, the heap and RSS after a full GC and the
 * peak RSS so far. With `--snapshot DIR`, writes a heap snapshot after the last stage (summarise
 * it with scripts/bench/heap-top.mjs).
 *   node --expose-gc --import tsx scripts/bench/lsp-heap.ts META.json [--snapshot DIR]
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { writeHeapSnapshot } from "node:v8";
import { diagnostics } from "../../server/src/lsp/diagnostics";
import { DEFAULT_SETTINGS } from "../../server/src/lsp/settings";
import { LineDocument } from "../../server/src/lsp/line-document";
import { Store } from "../../server/src/lsp/store";
import { appendedLine, type SessionMeta } from "./generate";

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const MB = (n: number) => (n / 1048576).toFixed(1);
const meta = JSON.parse(readFileSync(process.argv[2], "utf8")) as SessionMeta;
const snapAt = process.argv.indexOf("--snapshot");
const snapDir = snapAt > 0 ? process.argv[snapAt + 1] : null;
const fileMb = meta.bytes / 1048576;

function report(stage: string): void {
  gc();
  gc();
  const m = process.memoryUsage();
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(
    `${stage.padEnd(14)} heapUsed ${MB(m.heapUsed).padStart(7)} MB  external+buffers ${MB(m.external + m.arrayBuffers).padStart(6)} MB  rss ${MB(m.rss).padStart(7)} MB  peak ${MB(peak).padStart(7)} MB (${(peak / meta.bytes).toFixed(1)}x of ${fileMb.toFixed(1)} MB)`,
  );
}

report("start");
let text: string | null = readFileSync(meta.file, "utf8");
report("text read");
const uri = pathToFileURL(meta.file).href;
const store = new Store();
const doc = LineDocument.create(uri, "jsonl", 1, text);
text = null;
const publish = (version: number) => {
  const st = store.get(uri, version, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS);
  return st.model ? diagnostics(st.model, uri, DEFAULT_SETTINGS).length : 0;
};
doc.lines();
report("lines parsed");
publish(1);
report("open");
const append = appendedLine(meta, meta.lines, meta.lastId, "appended").line;
LineDocument.update(doc, [{ range: { start: { line: meta.lines, character: 0 }, end: { line: meta.lines, character: 0 } }, text: append }], 2);
publish(2);
report("append");
{
  const old = doc.lines().lines.at(meta.middleLine)!.text;
  LineDocument.update(doc, [{ range: { start: { line: meta.middleLine, character: 0 }, end: { line: meta.middleLine, character: old.length } }, text: old.replace('"text":"', '"text":"edited: ') }], 3);
}
publish(3);
report("edit-middle");
if (snapDir) console.log(`snapshot: ${writeHeapSnapshot(join(snapDir, `lsp-heap-${process.pid}.heapsnapshot`))}`);
// What each part holds on its own: released one after the other, each measured after a full GC.
store.clear();
report("- analyses");
for (const l of doc.lines().lines.held) delete l.value;
report("- values");
(doc as unknown as { parsed: unknown }).parsed = null;
report("- lines");
