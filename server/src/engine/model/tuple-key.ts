/**
 * Object keys for caches keyed by several values: `tupleKey(a, b, c)` is the same frozen object
 * for the same values (compared as `Map` keys compare: objects by identity), so a `Map` or a
 * `WeakMap` can be keyed by the tuple without building a string of it. The values are kept in a
 * trie of `Map`s: `tupleKey` for the few distinct tuples of constants a program has (request
 * variants, rule modes); `scopedTupleKey` for tuples holding values read from a file (a model
 * name), whose trie is released with the scope object (a session's first message).
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
const scoped = new WeakMap<object, Node>();

/** The one key object of these values in this order. */
export function tupleKey(...parts: KeyPart[]): TupleKey {
  return keyIn(root, parts);
}

/** The one key object of these values within `scope`: kept only as long as `scope` is. */
export function scopedTupleKey(scope: object, ...parts: KeyPart[]): TupleKey {
  let r = scoped.get(scope);
  if (!r) scoped.set(scope, (r = { next: new Map() }));
  return keyIn(r, parts);
}

function keyIn(start: Node, parts: KeyPart[]): TupleKey {
  let node = start;
  for (const p of parts) {
    let n = node.next.get(p);
    if (!n) node.next.set(p, (n = { next: new Map() }));
    node = n;
  }
  return (node.key ??= Object.freeze({ parts: Object.freeze([...parts]) }));
}
