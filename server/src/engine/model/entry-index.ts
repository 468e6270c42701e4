/**
 * A session's entries by id, as a snapshot. A continued session (an append, an edit in place)
 * adds its entries to a new index and the previous version's index reads as it did: a layered
 * map (layered-map.ts), so an append costs O(sqrt n) amortised instead of a copy of the whole
 * index, and the previous version's ids never change under it (issue 20).
 */
import type { Entry, EntryIds } from "./types.js";
import { LayeredMap } from "./layered-map.js";

export class EntryIndex implements EntryIds {
  private constructor(private readonly map: LayeredMap<string, Entry>) {}

  /** An index of `entries` in file order: a later entry with an id wins, as pi's index does. */
  static of(entries: Iterable<Entry>): EntryIndex {
    const m = new Map<string, Entry>();
    for (const e of entries) m.set(e.id, e);
    return new EntryIndex(LayeredMap.over(m));
  }

  /** The index a map holds (the caller gives the map up: it must not change it afterwards). */
  static over(map: Map<string, Entry>): EntryIndex {
    return new EntryIndex(LayeredMap.over(map));
  }

  /** A new index with `entries` set (a later one wins); this one is unchanged. */
  with(entries: readonly Entry[]): EntryIndex {
    return entries.length === 0 ? this : new EntryIndex(this.map.with(entries.map((e) => [e.id, e] as const)));
  }

  get(id: string): Entry | undefined {
    return this.map.get(id);
  }

  has(id: string): boolean {
    return this.map.has(id);
  }

  /** Every id once, with its entry: the first entry's place, then the ids added since. */
  [Symbol.iterator](): IterableIterator<[string, Entry]> {
    return this.map[Symbol.iterator]();
  }
}
