/**
 * Object keys for caches keyed by several values: `tupleKey(a, b, c)` is the same frozen object
 * for the same values (compared as `Map` keys compare: objects by identity), so a `Map` or a
 * `WeakMap` can be keyed by the tuple without building a string of it. The values are kept in a
 * trie of `Map`s: use it for the few distinct tuples a cache sees (request variants, rule modes,
 * models), not for values that grow with a session.
 */
export type KeyPart = string | number | boolean | null | undefined | object;

/** The key of one tuple: its parts, for a caller that needs them back. */
export interface TupleKey {
  readonly parts: readonly KeyPart[];
}

interface Node {
  next: Map<KeyPart, Node>;
  key?: TupleKey;
}

const root: Node = { next: new Map() };

/** The one key object of these values in this order. */
export function tupleKey(...parts: KeyPart[]): TupleKey {
  let node = root;
  for (const p of parts) {
    let n = node.next.get(p);
    if (!n) node.next.set(p, (n = { next: new Map() }));
    node = n;
  }
  return (node.key ??= Object.freeze({ parts: Object.freeze([...parts]) }));
}
