/**
 * `providers.sendsContextMessages` (formats/profile.ts): a format that says its sent messages are
 * built apart from the context lets the provider rules skip looking the context up for them
 * (providers/verdicts.ts `beforeOf`). On every corpus file of such a format, no sent message
 * shares an origin with a message of the context, so the skipped lookups would have found nothing.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { formatProfile } from "../../server/src/engine/formats/registry.js";
import { allCorpusFiles } from "../helpers/corpus.js";

test("a format whose sent messages are its own shares no origin between After and Before", () => {
  let checked = 0;
  for (const f of allCorpusFiles()) {
    const a = analyze(f.text);
    if (formatProfile(a.session.format)?.providers.sendsContextMessages !== false) continue;
    const origins = new Set(a.before.map((m) => m.origin));
    for (const m of a.after) assert.ok(!origins.has(m.origin), `${f.name}: a sent message shares its origin with the context`);
    checked += a.after.length;
  }
  assert.ok(checked > 100, `sent messages checked: ${checked}`);
});
