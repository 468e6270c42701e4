/**
 * OpenClaw's active branch: its `leaf` rows (OpenClaw's own entry type, not pi's) are navigation
 * controls written by its session store. A leaf row selects `targetId` as the active leaf and
 * sets the append cursor (`appendParentId`, `targetId` when absent); an entry appended under the
 * cursor while the active leaf is elsewhere hangs off the active leaf; an entry whose parent is
 * unknown hangs off the active leaf; entries with `appendMode: "side"` never move the leaf; a leaf
 * row naming an unknown entry changes nothing. Only a file holding a leaf row is read this way;
 * others are read as pi reads them (the last entry's path).
 *
 * Follows openclaw/openclaw 021887e1 src/config/sessions/transcript-tree.ts
 * (`scanSessionTranscriptTree`, `selectSessionTranscriptActiveEntries`,
 * `selectSessionTranscriptLeafControlledPath`; read from the code index, docs/research/pi-family.md).
 * Not modelled: `reset` rows (OpenClaw's history bound), reported as an entry type not known.
 */
import { isObject } from "../../../model/parse.js";
import type { Entry } from "../../../model/types.js";

const CANONICAL = new Set(["message", "thinking_level_change", "model_change", "compaction", "reset", "branch_summary", "custom", "custom_message", "label", "session_info"]);

interface TreeNode {
  entry: Entry;
  /** The parent OpenClaw reads (a leaf row's is its target). */
  parentId: string | null;
  /** The active leaf after this row, if it moves it. */
  leafId: string | null | undefined;
  appendParentId: string | null;
  side: boolean;
  isLeafControl: boolean;
  /** A leaf row's visible parent (through the leaf rows it hangs off), resolved once when it is read. */
  visible?: string | null;
}

export interface OpenClawTree {
  /** Whether the file holds a valid leaf row: only then does OpenClaw read the tree this way. */
  hasLeafControl: boolean;
  /** The active leaf's id after the last row (null: none). */
  leafId: string | null;
  byId: Map<string, TreeNode>;
  /** Every entry by its id, a later one winning (pi's path, without leaf rows). */
  entryById: Map<string, Entry>;
}

const nonEmpty = (v: unknown): string | undefined => (typeof v === "string" && v.trim().length > 0 ? v : undefined);
/** null for null, the string for a non-empty string, undefined (invalid) otherwise. */
const idOrNull = (v: unknown): string | null | undefined => (v === null ? null : nonEmpty(v));

/** One row as OpenClaw's tree reads it, or undefined when it is not a tree row (no own `parentId`, no id). */
function treeRow(e: Entry): Omit<TreeNode, "entry"> | undefined {
  const raw = e.raw;
  if (!isObject(raw) || raw.type === "session" || !Object.hasOwn(raw, "parentId")) return undefined;
  const id = nonEmpty(raw.id);
  const parentId = idOrNull(raw.parentId);
  if (!id || parentId === undefined) return undefined;
  if (raw.type === "leaf") {
    const target = idOrNull(raw.targetId);
    const append = raw.appendParentId === undefined ? target : idOrNull(raw.appendParentId);
    const mode = raw.appendMode === undefined ? "" : raw.appendMode === "side" ? "side" : undefined;
    if (target === undefined || append === undefined || mode === undefined) return undefined;
    return { parentId: target, leafId: target, appendParentId: append, side: mode === "side", isLeafControl: true };
  }
  const side = raw.appendMode === "side";
  return { parentId, leafId: CANONICAL.has(String(raw.type)) && !side ? id : undefined, appendParentId: id, side, isLeafControl: false };
}

const cache = new WeakMap<readonly Entry[], OpenClawTree>();

/** Where a scan ended, to go on from when the entries only grew (an append). */
interface ScanRun {
  readonly entries: readonly Entry[];
  readonly tree: OpenClawTree;
  readonly invalid: Set<string>;
  readonly appendParentId: string | null;
  /** Taken over by a later scan (its maps go on there): not to be gone on from again. */
  spent: boolean;
}

/** The last scan per file, by its first entry (a change keeps the entries before it). */
const runs = new WeakMap<Entry, ScanRun>();

/** Whether `b` starts with the entries of `a` (the same objects). */
function sameStart(a: readonly Entry[], b: readonly Entry[]): boolean {
  for (let i = a.length - 1; i >= 0; i--) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * OpenClaw's reading of the tree, in file order (one pass; cached per entry list). When the last
 * scan's entries are the start of these (an append), it goes on from where that scan ended: its
 * maps are taken over, and its own result is no longer served.
 */
export function scanOpenClawTree(entries: readonly Entry[]): OpenClawTree {
  const hit = cache.get(entries);
  if (hit) return hit;
  const first = entries[0];
  const prev = first ? runs.get(first) : undefined;
  let from = 0;
  let byId = new Map<string, TreeNode>();
  let entryById = new Map<string, Entry>();
  let invalid = new Set<string>();
  let leafId: string | null = null;
  let appendParentId: string | null = null;
  let hasLeafControl = false;
  if (prev && !prev.spent && prev.entries.length <= entries.length && sameStart(prev.entries, entries)) {
    prev.spent = true;
    cache.delete(prev.entries);
    from = prev.entries.length;
    ({ byId, entryById, leafId, hasLeafControl } = prev.tree);
    invalid = prev.invalid;
    appendParentId = prev.appendParentId;
  }
  // a parent through leaf rows to the visible entry they select (OpenClaw walks the rows each time;
  // each row's walk is kept when it is read, so a chain of rows costs one step per entry, not its length)
  const visibleParent = (id: string | null): string | null => {
    if (id === null) return null;
    const n = byId.get(id);
    return n?.isLeafControl ? (n.visible ?? null) : id;
  };
  const add = (node: TreeNode) => {
    if (node.isLeafControl) node.visible = node.parentId === node.entry.id ? null : visibleParent(node.parentId);
    byId.set(node.entry.id, node);
  };
  for (let k = from; k < entries.length; k++) {
    const e = entries[k];
    entryById.set(e.id, e);
    const explicit = treeRow(e);
    if (explicit?.isLeafControl) {
      const known = (id: string | null) => id === null || (byId.has(id) && !invalid.has(id));
      if (!known(explicit.leafId ?? null) || !known(explicit.appendParentId)) {
        // an invalid control is transparent: it moves nothing
        invalid.add(e.id);
        add({ entry: e, parentId: e.parentId, leafId: undefined, appendParentId, side: explicit.side, isLeafControl: true });
        continue;
      }
    }
    let row = explicit;
    if (!row && CANONICAL.has(e.type) && isObject(e.raw) && !Object.hasOwn(e.raw, "parentId") && nonEmpty(e.raw.id)) {
      // a parentless row of an older appender continues the active leaf
      const side = e.raw.appendMode === "side";
      row = { parentId: leafId, leafId: side ? undefined : e.id, appendParentId: e.id, side, isLeafControl: false };
    }
    if (!row) continue;
    if (!row.isLeafControl && CANONICAL.has(e.type)) {
      const stale = explicit !== undefined && row.parentId !== null && !byId.has(row.parentId) && leafId !== null;
      const logical =
        !row.side && stale ? leafId : explicit !== undefined && !row.side && row.parentId === appendParentId && leafId !== appendParentId ? leafId : row.parentId;
      row = { ...row, parentId: visibleParent(logical) };
    }
    const node: TreeNode = { entry: e, ...row };
    add(node);
    appendParentId = node.appendParentId;
    if (node.leafId !== undefined) leafId = node.leafId;
    if (node.isLeafControl) hasLeafControl = true;
  }
  const tree: OpenClawTree = { hasLeafControl, leafId, byId, entryById };
  cache.set(entries, tree);
  if (first) runs.set(first, { entries, tree, invalid, appendParentId, spent: false });
  return tree;
}

/** The active leaf OpenClaw picks: the leaf rows' selection, or (none) the last entry, as pi. */
export function openClawLeaf(entries: Entry[]): Entry | undefined {
  const tree = scanOpenClawTree(entries);
  if (!tree.hasLeafControl) return entries[entries.length - 1];
  return tree.leafId === null ? undefined : tree.byId.get(tree.leafId)?.entry;
}

/**
 * The entries OpenClaw sends up to `leaf` in a file with leaf rows: the path through the parents it
 * reads, leaf rows left out, and before it the nearest compaction written before the path starts.
 * Undefined without leaf rows (pi's path).
 */
export function openClawBranch(entries: Entry[], leaf: Entry): Entry[] {
  const tree = scanOpenClawTree(entries);
  const path: Entry[] = [];
  if (!tree.hasLeafControl) {
    // pi's path: the parents as written
    const byId = tree.entryById;
    const seen = new Set<string>();
    for (let e: Entry | undefined = leaf; e && !seen.has(e.id); e = e.parentId === null ? undefined : byId.get(e.parentId)) {
      seen.add(e.id);
      path.push(e);
    }
    return path.reverse();
  }
  const seen = new Set<string>();
  let cur: string | null = leaf.id;
  while (cur !== null) {
    if (seen.has(cur)) return [];
    seen.add(cur);
    const n = tree.byId.get(cur);
    if (!n) break;
    if (!n.isLeafControl) path.push(n.entry);
    cur = n.parentId;
  }
  path.reverse();
  const firstLine = path[0]?.line;
  if (firstLine !== undefined) {
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i];
      if (e.line >= firstLine) continue;
      if (e.type === "compaction" || e.type === "reset") return [e, ...path];
    }
  }
  return path;
}
