/**
 * Resuming a left fold over messages (issue 11 item 3). The orphan sweep and the wire pass walk
 * the context once, left to right, and their state is fresh after every assistant message (it
 * depends on that message alone). When the next run's input starts with the same message objects
 * as the last run's (an append, or an edit further on), the output up to the last assistant
 * message inside that shared part is the last run's, and the fold goes on from there.
 *
 * Each fold keeps its last run per input (a WeakMap keyed by the input's first message, released
 * with it) and, per assistant message it passed, how long its outputs were right after it.
 * Property tests compare the resumed folds with fresh ones after random appends and edits.
 */

/** How many leading elements `a` and `b` share (the same objects; a string's characters). */
export function sharedPrefix<T>(a: ArrayLike<T>, b: ArrayLike<T>): number {
  const n = Math.min(a.length, b.length);
  let k = 0;
  while (k < n && a[k] === b[k]) k++;
  return k;
}

/** How many trailing elements `a` and `b` share, not reaching into the first `from` of either (their shared prefix). */
export function sharedSuffix<T>(a: ArrayLike<T>, b: ArrayLike<T>, from = 0): number {
  const limit = Math.min(a.length, b.length) - from;
  let s = 0;
  while (s < limit && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  return s;
}

/** What a fold keeps of its last run: its input and its checkpoints (and its outputs, its own). */
export interface FoldRun<T> {
  input: T[];
  checkpoints: FoldCheckpoints;
}

/**
 * The last run over `input`'s first element, taken out of `runs` (the caller changes it in place
 * and puts its own run back with `keepRun`), and the checkpoint to resume at: the last one before
 * the first element the two inputs do not share. Undefined when there is nothing to resume from.
 */
export function takeRun<T extends object, R extends FoldRun<T>>(runs: WeakMap<T, R>, input: readonly T[]): { run: R; at: number } | undefined {
  const first = input[0];
  const run = first !== undefined ? runs.get(first) : undefined;
  if (!run) return undefined;
  runs.delete(first);
  const at = run.checkpoints.lastBefore(sharedPrefix(run.input, input));
  return at >= 0 ? { run, at } : undefined;
}

/** Keeps `run` as the last run over its input's first element. */
export function keepRun<T extends object, R extends FoldRun<T>>(runs: WeakMap<T, R>, run: R): void {
  if (run.input.length > 0) runs.set(run.input[0], run);
}

/**
 * Checkpoints of one run: for each assistant message the fold passed, its input index and the
 * lengths of the fold's outputs right after it. One flat typed array (1 + `outputs` numbers per
 * checkpoint) with a count: cutting it back is O(1) and refilling it allocates nothing.
 */
export class FoldCheckpoints {
  private data: Int32Array;
  private count = 0;
  private readonly stride: number;
  constructor(private readonly outputs: number) {
    this.stride = outputs + 1;
    this.data = new Int32Array(64 * this.stride);
  }
  /** Records that the fold's state is fresh right after input index `i`, with these output lengths. */
  mark(i: number, a: number, b = 0, c = 0, d = 0, e = 0): void {
    let at = this.count * this.stride;
    if (at + this.stride > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const x = this.data;
    x[at++] = i;
    x[at++] = a;
    if (this.outputs > 1) x[at++] = b;
    if (this.outputs > 2) x[at++] = c;
    if (this.outputs > 3) x[at++] = d;
    if (this.outputs > 4) x[at] = e;
    this.count++;
  }
  /** Input index of checkpoint `c`. */
  index(c: number): number {
    return this.data[c * this.stride];
  }
  /** Length of output `k` right after checkpoint `c`. */
  length(c: number, k: number): number {
    return this.data[c * this.stride + 1 + k];
  }
  /** The last checkpoint strictly before input index `p` (binary search); -1 when there is none. */
  lastBefore(p: number): number {
    let lo = 0;
    let hi = this.count - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.index(mid) < p) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }
  /**
   * Keeps checkpoints up to and including `c` and drops the rest, in place: the caller takes
   * this run over (it has taken it out of its cache first, so nothing else reads it).
   */
  truncateAfter(c: number): this {
    this.count = c + 1;
    return this;
  }
}

/**
 * What a flat map over a list keeps of its last run: the input, the output and how long the
 * output was after each input element (the run's own, taken over by the next run and cut back in
 * place; the output is never changed once returned).
 */
export interface FlatMapRun<T, R> {
  input: readonly T[];
  out: R[];
  countAfter: number[];
}

/**
 * `each` of every element of `input`, in order and flattened, continued from the last run kept
 * under `key` (taken out of `runs` and replaced by this one): the outputs of the elements both
 * inputs share at their start (the same objects) are the last run's. `each` must depend on its
 * element alone. The last run's output is returned again when nothing changed.
 */
export function flatMapResumed<T, R>(runs: WeakMap<object, FlatMapRun<T, R>>, key: object | undefined, input: readonly T[], each: (x: T) => readonly R[]): R[] {
  const prev = key ? runs.get(key) : undefined;
  if (key) runs.delete(key);
  const from = prev ? sharedPrefix(prev.input, input) : 0;
  let out: R[];
  let countAfter: number[];
  if (prev && from > 0) {
    const kept = prev.countAfter[from - 1];
    countAfter = prev.countAfter;
    countAfter.length = from;
    const added: R[] = [];
    for (let i = from; i < input.length; i++) {
      for (const r of each(input[i])) added.push(r);
      countAfter.push(kept + added.length);
    }
    out = kept === prev.out.length && added.length === 0 ? prev.out : prev.out.slice(0, kept).concat(added);
  } else {
    out = [];
    countAfter = [];
    for (const x of input) {
      for (const r of each(x)) out.push(r);
      countAfter.push(out.length);
    }
  }
  if (key) runs.set(key, { input, out, countAfter });
  return out;
}
