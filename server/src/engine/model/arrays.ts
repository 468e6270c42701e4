/**
 * Array helpers for lists as long as the input. A spread in a call (`out.push(...list)`,
 * `Math.max(...list)`) passes every element as an argument on the stack: about 120,000 of them
 * overflow it ("Maximum call stack size exceeded"), and a transcript decides how many findings,
 * messages, blocks or lines there are. These loop instead; the lint rule in eslint.config.mjs
 * forbids spreads in calls under server/src (a bounded one says why beside it).
 */

/** Appends every item of `items` to `target` (in order) and returns `target`. */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  if (Array.isArray(items)) {
    const n = items.length;
    for (let i = 0; i < n; i++) target.push(items[i] as T);
  } else for (const x of items) target.push(x);
  return target;
}

/** The smallest number of a non-empty list (Infinity for an empty one, as `Math.min()`). */
export function minOf(values: readonly number[]): number {
  let m = Infinity;
  for (const v of values) if (v < m) m = v;
  return m;
}

/** The largest number of a non-empty list (-Infinity for an empty one, as `Math.max()`). */
export function maxOf(values: readonly number[]): number {
  let m = -Infinity;
  for (const v of values) if (v > m) m = v;
  return m;
}

/** `list` with `removed` items from `start` replaced by `insert`, in place (the `splice` of any length). */
export function spliceAll<T>(list: T[], start: number, removed: number, insert: readonly T[]): T[] {
  const tail = list.slice(start + removed);
  list.length = start;
  pushAll(list, insert);
  pushAll(list, tail);
  return list;
}

/**
 * The first index of `list` whose element fails `before` (Rust's `partition_point`): `before`
 * must hold for a prefix of the list and fail for the rest. O(log n).
 */
export function partitionPoint<T>(list: readonly T[], before: (x: T) => boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(list[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Two lists with the same items (by identity) in the same order. */
export function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
