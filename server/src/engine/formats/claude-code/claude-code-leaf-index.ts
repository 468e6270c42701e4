/**
 * What Claude Code 2.1's choice of the leaf (claude-code-leaf.ts, `resumeLeaf`) reads of a map,
 * kept so that lines added to the map update it instead of reading the map again:
 *
 * - the parent values the lines name (a line no line names is childless);
 * - each line's nearest `user`/`assistant` line up the parents (memoised by uuid);
 * - for each such nearest line, how many childless lines lead to it (the leaf candidates).
 *
 * With one candidate it is the leaf's only choice; with several, the last main-thread line of the
 * file decides (3.5-3.6); only when that cannot decide are the candidates read in map order (done
 * by `resumeLeaf` over the map). Keyed by uuid, not by line object: an edited line gets a new
 * object with the same uuid, parent and kind.
 *
 * Adding lines changes the index in place: the reading state that owns it hands it on to the next
 * version (claude-code-reading-state.ts), never back. A line whose uuid an earlier line already
 * names as its parent (a missing parent that appears) would change what earlier lines lead to, and
 * a line that names itself is its own parent: `add` refuses both, and the caller reads the map
 * again.
 */
import type { TranscriptLine } from "./claude-code-transcript.js";

const isMessage = (tl: TranscriptLine) => tl.raw.type === "user" || tl.raw.type === "assistant";

export class LeafIndex {
  /** Every `parent` value a line of the map names (null excluded), as `resumeLeaf` collects them. */
  private readonly parents = new Set<unknown>();
  /** Each line's nearest user/assistant line up the parents, by uuid; null: none (a cycle, a missing parent). */
  private readonly up = new Map<unknown, unknown>();
  /** Childless lines per nearest user/assistant line (its uuid); only counts above zero are kept. */
  private readonly candidates = new Map<unknown, number>();

  private constructor(private readonly map: ReadonlyMap<unknown, TranscriptLine>) {}

  /** The index of a whole map (one pass, as `resumeLeaf` reads it). */
  static of(map: ReadonlyMap<unknown, TranscriptLine>): LeafIndex {
    const x = new LeafIndex(map);
    for (const tl of map.values()) if (tl.parent !== null) x.parents.add(tl.parent);
    for (const tl of map.values()) if (!x.parents.has(tl.raw.uuid)) x.count(tl.raw.uuid, 1);
    return x;
  }

  /**
   * Takes lines just added to the map (in file order) into account; false when one of them is a
   * line an earlier line already named as its parent (the index is then no longer valid).
   */
  add(lines: readonly TranscriptLine[]): boolean {
    for (const tl of lines) {
      if (this.parents.has(tl.raw.uuid) || tl.parent === tl.raw.uuid) return false;
      if (tl.parent !== null && !this.parents.has(tl.parent)) {
        this.parents.add(tl.parent);
        // Its parent had no child until now: it is no longer a leaf candidate.
        if (this.map.has(tl.parent)) this.count(tl.parent, -1);
      }
      this.count(tl.raw.uuid, 1);
    }
    return true;
  }

  /**
   * The leaf as `resumeLeaf` picks it, when the index can tell (`lastMain`: the transcript's last
   * main-thread line); "scan" when only a pass over the map in its order can.
   */
  leaf(lastMain: { uuid: unknown } | undefined): TranscriptLine | undefined | "scan" {
    let pick: unknown;
    if (this.candidates.size > 1) {
      const f = lastMain && this.map.has(lastMain.uuid) ? this.upOf(lastMain.uuid) : null;
      if (f === null) return "scan";
      pick = f;
    } else if (this.candidates.size === 1) pick = this.candidates.keys().next().value;
    else return undefined;
    const tl = this.map.get(pick);
    if (!tl || tl.raw.isSidechain || !isMessage(tl)) return undefined;
    return parseTimeOf(tl) > -Infinity ? tl : undefined;
  }

  private count(uuid: unknown, by: number): void {
    const m = this.upOf(uuid);
    if (m === null) return;
    const n = (this.candidates.get(m) ?? 0) + by;
    if (n > 0) this.candidates.set(m, n);
    else this.candidates.delete(m);
  }

  /** The uuid of the nearest user/assistant line up from the line with `uuid`, itself included; null when none. */
  private upOf(uuid: unknown): unknown {
    const known = this.up.get(uuid);
    if (known !== undefined) return known;
    const path: unknown[] = [];
    const onPath = new Set<unknown>();
    let found: unknown = null;
    let cur = this.map.get(uuid);
    while (cur) {
      const k = cur.raw.uuid;
      const memo = this.up.get(k);
      if (memo !== undefined) {
        found = memo;
        break;
      }
      if (onPath.has(k)) break; // a cycle: none
      if (isMessage(cur)) {
        found = k;
        break;
      }
      path.push(k);
      onPath.add(k);
      cur = cur.parent ? this.map.get(cur.parent) : undefined;
    }
    for (const p of path) this.up.set(p, found);
    const self = this.map.get(uuid);
    if (self && isMessage(self)) this.up.set(uuid, uuid);
    return found;
  }
}

/** `Date.parse(timestamp)` as claude-code-leaf.ts reads it. */
function parseTimeOf(tl: TranscriptLine): number {
  const v = tl.raw.timestamp;
  return Date.parse(typeof v === "string" ? v : String(v));
}
