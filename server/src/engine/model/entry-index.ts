/**
 * A session's entries by id, as a snapshot. A continued session (an append, an edit in place)
 * adds its entries to a new index and the previous version's index reads as it did: the two
 * share the large part (`base`) and each holds what was added since (`added`, at most about the
 * square root of the session's size; then the next version starts a new base). An append so costs
 * O(sqrt n) amortised instead of a copy of the whole index, and an analysis stays a snapshot
 * (issue 20): the previous version's ids never change under it.
 */
import type { Entry, EntryIds } from "./types.js";

export class EntryIndex implements EntryIds {
  private constructor(
    private readonly base: ReadonlyMap<string, Entry>,
    private readonly added: ReadonlyMap<string, Entry> | undefined,
  ) {}

  /** An index of `entries` in file order: a later entry with an id wins, as pi's index does. */
  static of(entries: Iterable<Entry>): EntryIndex {
    const m = new Map<string, Entry>();
    for (const e of entries) m.set(e.id, e);
    return new EntryIndex(m, undefined);
  }

  /** The index a map holds (the caller gives the map up: it must not change it afterwards). */
  static over(map: Map<string, Entry>): EntryIndex {
    return new EntryIndex(map, undefined);
  }

  /** A new index with `entries` set (a later one wins); this one is unchanged. */
  with(entries: readonly Entry[]): EntryIndex {
    if (entries.length === 0) return this;
    const addedSize = (this.added?.size ?? 0) + entries.length;
    if (addedSize * addedSize > this.base.size + 4096) {
      const m = new Map(this.base);
      if (this.added) for (const [k, e] of this.added) m.set(k, e);
      for (const e of entries) m.set(e.id, e);
      return new EntryIndex(m, undefined);
    }
    const added = new Map(this.added);
    for (const e of entries) added.set(e.id, e);
    return new EntryIndex(this.base, added);
  }

  get(id: string): Entry | undefined {
    return this.added?.get(id) ?? this.base.get(id);
  }

  has(id: string): boolean {
    return this.added?.has(id) === true || this.base.has(id);
  }

  /** Every id once, with its entry: the base's order, then the ids added since. */
  *[Symbol.iterator](): IterableIterator<[string, Entry]> {
    const added = this.added;
    for (const [k, e] of this.base) yield [k, added?.get(k) ?? e];
    if (added) for (const [k, e] of added) if (!this.base.has(k)) yield [k, e];
  }
}
