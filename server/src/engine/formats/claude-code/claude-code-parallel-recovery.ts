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
 * recovery. Linear apart from the sorts.
 */
import { isObject } from "../../model/parse.js";
import type { TranscriptLine } from "./claude-code-transcript.js";

/** `message.id` of an assistant line (undefined when the line has none or is not an assistant). */
export function apiMessageId(tl: TranscriptLine): unknown {
  return tl.raw.type === "assistant" && isObject(tl.raw.message) ? tl.raw.message.id : undefined;
}

function holdsToolResult(tl: TranscriptLine): boolean {
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

export function recoverParallel(map: ReadonlyMap<unknown, TranscriptLine>, chain: TranscriptLine[]): Recovery {
  const recovered = new Set<TranscriptLine>();
  const lastOfId = new Map<unknown, TranscriptLine>();
  for (const tl of chain) {
    const id = apiMessageId(tl);
    if (id) lastOfId.set(id, tl);
  }
  if (lastOfId.size === 0) return { chain, recovered };
  const onChain = new Set<TranscriptLine>(chain);
  const linesOfId = new Map<unknown, TranscriptLine[]>();
  const resultsUnder = new Map<unknown, TranscriptLine[]>();
  for (const tl of map.values()) {
    const id = apiMessageId(tl);
    if (id) {
      if (!lastOfId.has(id)) continue;
      const list = linesOfId.get(id);
      if (list) list.push(tl);
      else linesOfId.set(id, [tl]);
    } else if (tl.parent && holdsToolResult(tl)) {
      const list = resultsUnder.get(tl.parent);
      if (list) list.push(tl);
      else resultsUnder.set(tl.parent, [tl]);
    }
  }
  const insertAfter = new Map<TranscriptLine, TranscriptLine[]>();
  const done = new Set<unknown>();
  for (const a of chain) {
    const id = apiMessageId(a);
    if (!id || done.has(id)) continue;
    done.add(id);
    const lines = linesOfId.get(id) ?? [];
    const calls = lines.filter((l) => !onChain.has(l));
    const results: TranscriptLine[] = [];
    for (const l of lines) for (const r of resultsUnder.get(l.raw.uuid) ?? []) if (!onChain.has(r)) results.push(r);
    if (calls.length === 0 && results.length === 0) continue;
    calls.sort(byTimestamp);
    results.sort(byTimestamp);
    const back = [...calls, ...results];
    for (const l of back) {
      onChain.add(l);
      recovered.add(l);
    }
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
