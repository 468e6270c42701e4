/**
 * A map as a snapshot: a new version with some keys set or removed shares the large part (`base`)
 * with the version it came from and holds only what changed since (`top`, at most about the square
 * root of the map's size; then the next version starts a new base). A continued analysis (an
 * append, an edit in place) so costs O(sqrt n) amortised per change instead of a copy of the whole
 * map, and the previous version reads as it did (issue 20: an analysis is a snapshot).
 *
 * Reads as a `ReadonlyMap` minus `size` and `forEach`: `get`, `has` and iteration in the order a
 * copied `Map` would have (the base's keys, then the keys added since).
 */

/** What `top` holds for a key of the base removed since. */
const REMOVED: unique symbol = Symbol("removed");

/** A key's value since the base; `moved`: a key of the base removed and set again (it iterates at the end, as in a `Map`). */
type Slot<V> = { value: V; moved: boolean } | typeof REMOVED;

export class LayeredMap<K, V> implements Iterable<[K, V]> {
  private constructor(
    private readonly base: ReadonlyMap<K, V>,
    private readonly top: ReadonlyMap<K, Slot<V>> | undefined,
  ) {}

  /** The map `map` holds (the caller gives the map up: it must not change it afterwards). */
  static over<K, V>(map: Map<K, V>): LayeredMap<K, V> {
    return new LayeredMap(map, undefined);
  }

  /**
   * A new version with each change applied in order, as `Map.set` (`undefined`: `Map.delete`)
   * would on a copy: a key set keeps its place, a key removed and set again goes last. This one
   * is unchanged.
   */
  with(changes: Iterable<readonly [K, V | undefined]>): LayeredMap<K, V> {
    const top = new Map<K, Slot<V>>(this.top);
    let changed = false;
    for (const [k, v] of changes) {
      changed = true;
      const was = top.get(k);
      const inBase = this.base.has(k);
      if (v === undefined) {
        if (inBase) top.set(k, REMOVED);
        else top.delete(k);
      } else if (was === REMOVED || (!inBase && was === undefined)) {
        // Set again after a removal, or new: last.
        top.delete(k);
        top.set(k, { value: v, moved: inBase });
      } else top.set(k, { value: v, moved: was?.moved ?? false });
    }
    if (!changed) return this;
    if (top.size * top.size <= this.base.size + 4096) return new LayeredMap(this.base, top);
    const m = new Map(this.base);
    for (const [k, slot] of top) {
      if (slot === REMOVED || slot.moved) m.delete(k);
      if (slot !== REMOVED) m.set(k, slot.value);
    }
    return new LayeredMap(m, undefined);
  }

  get(key: K): V | undefined {
    const slot = this.top?.get(key);
    if (slot === undefined) return this.base.get(key);
    return slot === REMOVED ? undefined : slot.value;
  }

  has(key: K): boolean {
    const slot = this.top?.get(key);
    return slot === undefined ? this.base.has(key) : slot !== REMOVED;
  }

  /** Every key once: the base's in its order (with their values since), then those set since, last set last. */
  *[Symbol.iterator](): IterableIterator<[K, V]> {
    const top = this.top;
    if (!top) {
      yield* this.base;
      return;
    }
    for (const [k, v] of this.base) {
      const slot = top.get(k);
      if (slot === undefined) yield [k, v];
      else if (slot !== REMOVED && !slot.moved) yield [k, slot.value];
    }
    for (const [k, slot] of top) if (slot !== REMOVED && (slot.moved || !this.base.has(k))) yield [k, slot.value];
  }
}
