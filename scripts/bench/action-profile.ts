/**
 * Profiles the first (cold) code action after the open, as a user's first lightbulb: the open's
 * analysis and diagnostics first, then `textDocument/codeAction` on the first diagnostic of the
 * hover line (else the first one), as lsp-scenario.ts asks it. Writes a .cpuprofile of the
 * action alone, for scripts/bench/profile-top.mjs:
 * `node --import tsx scripts/bench/action-profile.ts META.json OUT.cpuprofile`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { pathToFileURL } from "node:url";
import { diagnostics } from "../../server/src/lsp/diagnostics";
import { DEFAULT_SETTINGS } from "../../server/src/lsp/settings";
import { LineDocument } from "../../server/src/lsp/line-document";
import { Store } from "../../server/src/lsp/store";
import { ProviderTargets } from "../../server/src/lsp/provider-targets";
import { codeActions } from "../../server/src/lsp/actions";
import type { SessionMeta } from "./generate";

async function main() {
  const [metaFile, out = "action.cpuprofile"] = process.argv.slice(2);
  const meta = JSON.parse(readFileSync(metaFile, "utf8")) as SessionMeta;
  const uri = pathToFileURL(meta.file).href;
  const store = new Store();
  const providers = new ProviderTargets();
  const doc = LineDocument.create(uri, "jsonl", 1, readFileSync(meta.file, "utf8"));
  const st = store.get(uri, 1, { parsed: doc.lines(), text: () => doc.getText() }, DEFAULT_SETTINGS);
  const diags = st.model ? providers.diagnostics(st, DEFAULT_SETTINGS, diagnostics(st.model, uri, DEFAULT_SETTINGS)) : [];
  const d = diags.find((x) => x.range.start.line === meta.hoverLine) ?? diags[0];
  if (!d) throw new Error("no diagnostics");
  const onLine = diags.filter((x) => x.range.start.line <= d.range.start.line && d.range.start.line <= x.range.end.line);
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  const t = performance.now();
  const actions = codeActions(st, d.range, undefined, onLine, true);
  const ms = performance.now() - t;
  const { profile } = await session.post("Profiler.stop");
  writeFileSync(out, JSON.stringify(profile));
  const t2 = performance.now();
  codeActions(st, d.range, undefined, onLine, true);
  console.log(`first code action on line ${d.range.start.line + 1} (${String(d.code)}): ${ms.toFixed(1)} ms, ${actions.length} actions (${actions.map((a) => a.title).join("; ").slice(0, 200)}); again ${(performance.now() - t2).toFixed(1)} ms; profile ${out}`);
}
void main();
