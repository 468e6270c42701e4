/**
 * engine/model/layered-map.ts, the snapshot map of the session's entries and the occurrence index
 * (issue 20): after any sequence of versions, each made from an earlier one with keys set and
 * removed, every version reads (`get`, `has`, iteration order) exactly as a `Map` copied and
 * changed the same way, and the versions it was made from read as they did.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { LayeredMap } from "../../server/src/engine/model/layered-map.js";

type Change = readonly [number, number | undefined];

// Enough keys, and changes, that versions outgrow their layer and start a new base (top² > base + 4,096).
const KEYS = 400;
const change = fc.tuple(fc.nat(KEYS - 1), fc.option(fc.nat(1000), { nil: undefined })) as fc.Arbitrary<Change>;
/** Each version: which earlier version it starts from, and its changes. */
const version = fc.record({ from: fc.nat(), changes: fc.array(change, { maxLength: 160, size: "max" }) });

function copied(map: Map<number, number>, changes: readonly Change[]): Map<number, number> {
  const m = new Map(map);
  for (const [k, v] of changes) {
    if (v === undefined) m.delete(k);
    else m.set(k, v);
  }
  return m;
}

function assertSame(layered: LayeredMap<number, number>, map: Map<number, number>, what: string): void {
  assert.deepEqual([...layered], [...map], `${what}: iteration`);
  for (let k = 0; k < KEYS; k++) {
    assert.equal(layered.get(k), map.get(k), `${what}: get(${k})`);
    assert.equal(layered.has(k), map.has(k), `${what}: has(${k})`);
  }
}

describe("layered map", () => {
  it("every version reads as a copied Map changed the same way; earlier versions are unchanged", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(KEYS - 1), fc.nat(1000)), { maxLength: 200 }), fc.array(version, { minLength: 1, maxLength: 40 }), (start, steps) => {
        const first = new Map(start);
        const maps = [first];
        const layered = [LayeredMap.over(new Map(first))];
        for (const { from, changes } of steps) {
          const i = from % maps.length;
          maps.push(copied(maps[i], changes));
          layered.push(layered[i].with(changes));
        }
        layered.forEach((l, i) => assertSame(l, maps[i], `version ${i}`));
      }),
      { seed: 20, numRuns: 150 },
    );
  });

  it("a long run of small changes starts a new base now and then, and still reads the same", () => {
    let map = new Map<number, number>();
    for (let k = 0; k < 100; k++) map.set(k, k);
    let layered = LayeredMap.over(new Map(map));
    for (let i = 0; i < 500; i++) {
      const changes: Change[] = [[i % 130, i], [(i * 7) % 100, i % 3 === 0 ? undefined : -i]];
      map = copied(map, changes);
      layered = layered.with(changes);
      if (i % 50 === 0) assertSame(layered, map, `step ${i}`);
    }
    assertSame(layered, map, "the end");
  });
});
