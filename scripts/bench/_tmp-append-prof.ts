import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { pathToFileURL } from "node:url";
import { diagnostics } from "../../server/src/lsp/features";
import { DEFAULT_SETTINGS } from "../../server/src/lsp/settings";
import { LineDocument } from "../../server/src/lsp/line-document";
import { Store } from "../../server/src/lsp/store";
const meta = JSON.parse(readFileSync(process.argv[2], "utf8"));
const text = readFileSync(meta.file, "utf8");
const uri = pathToFileURL(meta.file).href;
const store = new Store();
const doc = LineDocument.create(uri, "jsonl", 1, text);
const get = (v: number) => { const st = store.get(uri, v, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS); return st.model ? diagnostics(st.model, uri, DEFAULT_SETTINGS) : []; };
get(1);
let parent = meta.lastId; let v = 1; let line = meta.lines;
const s = new Session(); s.connect();
s.post("Profiler.enable"); s.post("Profiler.start");
const times: number[] = [];
for (let i = 0; i < 10; i++) {
  const id = `e-prof-${i}`;
  const t = JSON.stringify({ type: "message", id, parentId: parent, timestamp: "2027-01-01T00:00:00.000Z", message: { role: "user", content: [{ type: "text", text: "appended" }], timestamp: 1798761600000 + i } }) + "\n";
  parent = id; v++;
  const t0 = performance.now();
  LineDocument.update(doc, [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: t }], v);
  line++;
  get(v);
  times.push(performance.now() - t0);
}
s.post("Profiler.stop", (err, r) => { writeFileSync("/tmp/append-prof/append.cpuprofile", JSON.stringify(r.profile)); console.log(times.map((t) => t.toFixed(0)).join(" ")); });
