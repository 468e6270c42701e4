/**
 * Claude Code 2.1's recovery of parallel calls and results (docs/research/claude-code-resume.md
 * section 3.8). The 2.1 writer stores one assistant line per content block (same `message.id`),
 * each the child of the previous one, and each tool result as a user line whose parent is the
 * line of its call; so with several calls only one result lies on the path from the leaf and the
 * others sit on sibling branches.
 *
 * For each assistant `message.id` on the chain (the first time it is met, in chain order), its
 * assistant lines off the chain, then the off-chain tool-result lines whose parent is one of that
 * id's lines, each group sorted by `timestamp` (string order, stable), are put right after the last
 * chain line of that id. Only direct children that are tool-result lines come back. 2.0.31 has no
 * recovery. Linear apart from the sorts; `RecoveryIndex` keeps what it reads of the map.
 */
import { isObject } from "../../model/parse.js";
import type { TranscriptLine } from "./claude-code-transcript.js";

/** `message.id` of an assistant line (undefined when the line has none or is not an assistant). */
export function apiMessageId(tl: TranscriptLine): unknown {
  return tl.raw.type === "assistant" && isObject(tl.raw.message) ? tl.raw.message.id : undefined;
}

/** A user line with a `tool_result` block (3.8 brings back only these among a call line's children). */
export function holdsToolResult(tl: TranscriptLine): boolean {
  const m = tl.raw.message;
  return tl.raw.type === "user" && isObject(m) && Array.isArray(m.content) && m.content.some((b: unknown) => isObject(b) && b.type === "tool_result");
}

/** The timestamps' string order (Claude Code sorts with `localeCompare`; a missing one sorts as ""). */
function byTimestamp(a: TranscriptLine, b: TranscriptLine): number {
  const x = typeof a.raw.timestamp === "string" ? a.raw.timestamp : "";
  const y = typeof b.raw.timestamp === "string" ? b.raw.timestamp : "";
  return x.localeCompare(y);
}

export interface Recovery {
  /** The chain with the recovered lines in place. */
  chain: TranscriptLine[];
  /** The lines brought back. */
  recovered: Set<TranscriptLine>;
}

/**
 * What the recovery reads of a map, by uuid: the assistant lines of each `message.id` and the
 * tool-result lines under each line, in map order. Lines added to the map are added in place (the
 * reading state that owns the index hands it on to the next version, claude-code-reading-state.ts);
 * an edited line keeps its uuid, `message.id` and results, so its entries stay.
 */
export class RecoveryIndex {
  private readonly ofId = new Map<unknown, unknown[]>();
  private readonly under = new Map<unknown, unknown[]>();
  private constructor(private readonly map: ReadonlyMap<unknown, TranscriptLine>) {}

  static of(map: ReadonlyMap<unknown, TranscriptLine>): RecoveryIndex {
    const x = new RecoveryIndex(map);
    x.add(map.values());
    return x;
  }

  /** Takes lines just added to the map into account (in file order). */
  add(lines: Iterable<TranscriptLine>): void {
    for (const tl of lines) {
      const id = apiMessageId(tl);
      const [to, key] = id ? [this.ofId, id] : tl.parent && holdsToolResult(tl) ? [this.under, tl.parent] : [undefined, undefined];
      if (!to) continue;
      const list = to.get(key);
      if (list) list.push(tl.raw.uuid);
      else to.set(key, [tl.raw.uuid]);
    }
  }

  /** The uuids of the assistant lines of `id`, in map order. */
  linesOf(id: unknown): readonly unknown[] {
    return this.ofId.get(id) ?? [];
  }

  /**
   * What 3.8 brings back for `id`: its assistant lines off the chain, then the tool-result lines
   * off the chain under any of its lines, each group sorted by timestamp.
   */
  group(id: unknown, onChain: (tl: TranscriptLine) => boolean): TranscriptLine[] {
    const lines: TranscriptLine[] = [];
    for (const u of this.linesOf(id)) lines.push(this.map.get(u)!);
    const calls = lines.filter((l) => !onChain(l));
    const results: TranscriptLine[] = [];
    for (const l of lines)
      for (const u of this.under.get(l.raw.uuid) ?? []) {
        const r = this.map.get(u)!;
        if (!onChain(r)) results.push(r);
      }
    if (calls.length === 0 && results.length === 0) return calls;
    calls.sort(byTimestamp);
    results.sort(byTimestamp);
    return calls.concat(results);
  }
}

/** The chain with the lines of 3.8 brought back; `index`: the map's, when the caller keeps one. */
export function recoverParallel(map: ReadonlyMap<unknown, TranscriptLine>, chain: TranscriptLine[], index?: RecoveryIndex): Recovery {
  const recovered = new Set<TranscriptLine>();
  const lastOfId = new Map<unknown, TranscriptLine>();
  for (const tl of chain) {
    const id = apiMessageId(tl);
    if (id) lastOfId.set(id, tl);
  }
  if (lastOfId.size === 0) return { chain, recovered };
  const ix = index ?? RecoveryIndex.of(map);
  const onChain = new Set<TranscriptLine>(chain);
  const insertAfter = new Map<TranscriptLine, TranscriptLine[]>();
  const done = new Set<unknown>();
  for (const a of chain) {
    const id = apiMessageId(a);
    if (!id || done.has(id)) continue;
    done.add(id);
    // Each line off the chain belongs to one id's group at most (its own id, or its parent's).
    const back = ix.group(id, (tl) => onChain.has(tl));
    if (back.length === 0) continue;
    for (const l of back) recovered.add(l);
    insertAfter.set(lastOfId.get(id)!, back);
  }
  if (insertAfter.size === 0) return { chain, recovered };
  const out: TranscriptLine[] = [];
  for (const tl of chain) {
    out.push(tl);
    const back = insertAfter.get(tl);
    if (back) for (const l of back) out.push(l);
  }
  return { chain: out, recovered };
}
