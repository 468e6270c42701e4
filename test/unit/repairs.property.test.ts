/**
 * Issue 15, the repairs' properties (bounded: fixed seed, a few hundred cases, no timing), over
 * every corpus file and constructed sessions, damaged (test/helpers/repair-properties.ts): every
 * quick fix and fix-all is byte-exact, re-analyses without the repaired finding and with no new
 * one, and fix-all is idempotent, through the LSP edits and the CLI's byte path.
 * `npm run fuzz` runs the same properties longer.
 */
import { describe, it } from "node:test";
import fc from "fast-check";
import { corpusFiles } from "../helpers/corpus.js";
import { checkEachRepair, checkFixAll, damageArb, damage, head, inputArb } from "../helpers/repair-properties.js";

const SEED = 1515;
const HEAD = 80;
const corpus = corpusFiles();
const heads = corpus.map((f) => head(f.text, HEAD));

describe("repairs (property, bounded)", () => {
  it("every quick fix: byte-exact, the finding gone, no new finding (constructed and corpus sessions, damaged)", () => {
    fc.assert(fc.property(inputArb(heads), (t) => checkEachRepair(t)), { seed: SEED, numRuns: 250 });
  });
  it("fix-all on text and on bytes: byte-exact, idempotent, no new finding, what is left says why", () => {
    fc.assert(fc.property(inputArb(heads), fc.option(fc.nat(), { nil: undefined }), (t, bad) => checkFixAll(t, undefined, bad)), { seed: SEED + 1, numRuns: 250 });
  });
  it("every corpus file, whole and damaged: fix-all's properties hold", () => {
    for (const f of corpus) {
      checkFixAll(f.text);
      fc.assert(fc.property(fc.array(damageArb, { minLength: 1, maxLength: 3 }), (ds) => checkFixAll(damage(f.text.length > 400_000 ? head(f.text, 400) : f.text, ds))), { seed: SEED + 2, numRuns: f.text.length > 100_000 ? 2 : 6 });
    }
  });
});
