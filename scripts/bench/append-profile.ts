/**
 * Profiles only what a user waits for after the open: N one-line appends (or N edits of a middle
 * line; a document's: text inserted inside a middle prompt) on one generated session, each with the publish's diagnostics, as lsp-profile.ts does.
 * Writes a .cpuprofile of that phase alone (node:inspector), for scripts/bench/profile-top.mjs:
 * `node --import tsx scripts/bench/append-profile.ts META.json append|edit N OUT.cpuprofile`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { pathToFileURL } from "node:url";
import { prunedHints } from "../../server/src/lsp/diagnostics";
import { DEFAULT_SETTINGS } from "../../server/src/lsp/settings";
import { LineDocument } from "../../server/src/lsp/line-document";
import { Store } from "../../server/src/lsp/store";
import { ProviderTargets } from "../../server/src/lsp/provider-targets";
import { boundSource } from "../../server/src/lsp/diagnostics-bound";
import { appendedLine, type SessionMeta } from "./generate";

async function main() {
  const [metaFile, kind = "append", count = "20", out = "append.cpuprofile"] = process.argv.slice(2);
  const meta = JSON.parse(readFileSync(metaFile, "utf8")) as SessionMeta;
  const uri = pathToFileURL(meta.file).href;
  const store = new Store();
  const providers = new ProviderTargets();
  let doc = LineDocument.create(uri, "jsonl", 1, readFileSync(meta.file, "utf8"));
  const publish = (version: number) => {
    const st = store.get(uri, version, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS);
    // What the server publishes (server.ts publishSteps): the shown findings and pruned hints, bounded.
    if (st.model) boundSource(providers.diagnosticSource(st, DEFAULT_SETTINGS, prunedHints(st.model, uri, DEFAULT_SETTINGS)), uri);
  };
  publish(1);
  let parent = meta.lastId;
  const old = doc.lines().lines.at(meta.middleLine)!.text;
  const change = (version: number) => {
    if (kind === "edit" && meta.document) {
      // a document (Cline, Roo Code): text inserted inside the middle prompt, as lsp-scenario.ts edits it
      const at = { line: meta.middleLine, character: meta.middleCharacter ?? 0 };
      doc = LineDocument.update(doc, [{ range: { start: at, end: at }, text: `${version} ` }], version);
    } else if (kind === "edit") {
      const text = old.replace('"text":"', `"text":"edit ${version}: `);
      const cur = doc.lines().lines.at(meta.middleLine)!.text;
      doc = LineDocument.update(doc, [{ range: { start: { line: meta.middleLine, character: 0 }, end: { line: meta.middleLine, character: cur.length } }, text }], version);
    } else {
      const at = doc.lines().lines.length;
      const next = appendedLine(meta, at, parent, "appended");
      parent = next.id;
      doc = LineDocument.update(doc, [{ range: { start: { line: at, character: 0 }, end: { line: at, character: 0 } }, text: next.line }], version);
    }
  };
  // Warm up (the first append and edit take the slower path once).
  for (let v = 2; v < 5; v++) {
    change(v);
    publish(v);
  }
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  const times: number[] = [];
  for (let i = 0; i < Number(count); i++) {
    const t = performance.now();
    change(5 + i);
    publish(5 + i);
    times.push(performance.now() - t);
  }
  const { profile } = await session.post("Profiler.stop");
  writeFileSync(out, JSON.stringify(profile));
  times.sort((a, b) => a - b);
  console.log(`${kind} x${count}: median ${times[times.length >> 1].toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times[times.length - 1].toFixed(1)}); profile ${out}`);
}
void main();
