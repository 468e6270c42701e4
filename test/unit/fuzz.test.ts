/**
 * Hostile input never crashes or hangs the engine: seeded mutations of corpus sessions (cut
 * lines, swapped lines, deleted lines, flipped characters, wrong JSON types) must analyse, with
 * every finding on an existing line and a range inside it. Bounded and deterministic.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../server/src/engine/pipeline/analyze.js";
import { findingRange } from "../../server/src/engine/model/positions.js";
import { buildRenderView } from "../../server/src/presentation/view-model.js";
import { corpusFiles } from "../helpers/corpus.js";
import { seedRegressionSpecs, sessionText } from "../helpers/session-builder.js";

function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

const WEIRD = ['null', '[]', '"x"', '{}', '{"type":"message","message":null}', '{"type":"message","id":1}', '{"type":"custom","customType":"context-prune-chain","data":{"blockId":"b1","startUserTimestamp":"x"}}', '\u202e', '\u0000'];

function mutate(text: string, r: () => number): string {
  const lines = text.split("\n");
  const n = 1 + Math.floor(r() * 4);
  for (let k = 0; k < n && lines.length > 1; k++) {
    const i = Math.floor(r() * lines.length);
    const op = Math.floor(r() * 6);
    if (op === 0) lines[i] = lines[i].slice(0, Math.floor(r() * lines[i].length));
    else if (op === 1) lines.splice(i, 1);
    else if (op === 2) {
      const j = Math.floor(r() * lines.length);
      [lines[i], lines[j]] = [lines[j], lines[i]];
    } else if (op === 3) {
      const p = Math.floor(r() * lines[i].length);
      lines[i] = lines[i].slice(0, p) + String.fromCharCode(32 + Math.floor(r() * 90)) + lines[i].slice(p + 1);
    } else if (op === 4) lines.splice(i, 0, WEIRD[Math.floor(r() * WEIRD.length)]);
    else lines[i] = lines[i].replace(/"toolCallId":"[^"]*"/, '"toolCallId":"fuzz_1"').replace(/"parentId":"[^"]*"/, '"parentId":"nowhere"');
  }
  return lines.join(r() < 0.5 ? "\n" : "\r\n");
}

describe("fuzz: mutated sessions analyse without crashing", () => {
  const seeds = [...corpusFiles().filter((f) => f.text.length < 20_000).map((f) => f.text), sessionText(seedRegressionSpecs())];
  it(`${seeds.length} sources x 40 mutations each`, () => {
    const r = rng(20261202);
    let findings = 0;
    for (const src of seeds) {
      for (let k = 0; k < 40; k++) {
        const text = mutate(src, r);
        const a = analyze(text);
        buildRenderView(a, "file:///fuzz.jsonl", 1);
        for (const f of a.findings) {
          assert.ok(f.line >= 0 && f.line < a.session.lines.length, `${f.code} on line ${f.line}`);
          const range = findingRange(a.session.lines, f);
          assert.ok(range.start >= 0 && range.end <= a.session.lines.at(f.line)!.text.length && range.start <= range.end, `${f.code} range`);
          findings++;
        }
      }
    }
    assert.ok(findings > 100, "the mutations do produce findings");
  });
});
