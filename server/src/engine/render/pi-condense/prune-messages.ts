/**
 * pi-condense's `pruneMessages`, the four phases in order (docs/research/formats.md section 2.4):
 * 1 stub summarized results (occurrence-keyed, fail-closed), 2 error-argument purge,
 * 3 chain ranges (positional), 4 orphan sweep. Nothing changed -> the input array itself.
 */
import type { Msg } from "../../model/types.js";
import { applyChainRanges, type ChainReport, emptyChainReport } from "./chain-ranges.js";
import type { PiCondenseConfig } from "./config.js";
import { purgeErroredArgs } from "./error-purge.js";
import type { ChainEntry, IndexerState } from "./indexer-state.js";
import { type SweptResult, sweepOrphanToolResults } from "./orphan-sweep.js";
import { isIterable, kindOf, PrunerThrow, rawChainData, type ThrowSite, throwsAt } from "./pruner-throw.js";
import { stubSummarizedResults } from "./stub-summarized.js";

export interface PruneResult {
  messages: Msg[];
  pruned: boolean;
  chains: ChainReport;
  swept: SweptResult[];
  /**
   * Where 2.9.1's `pruneMessages` throws on this input. pi's `emitContext` catches the exception
   * and sends the context unpruned, so `messages` is then the input itself.
   */
  threw?: ThrowSite;
}

/**
 * The chain's summary text (2.9.1 src/pruner.ts:154-156): `rangeSummaryText` when present (as
 * is, whatever its type), else the per-batch bodies of `droppedOccurrenceKeys ??
 * droppedToolCallIds` (src/indexer.ts:417-438, which reads `.length` and builds a set of them).
 */
export function chainSummaryText(indexer: IndexerState) {
  return (c: ChainEntry): unknown => {
    const d = rawChainData(c);
    if (d.rangeSummaryText !== null && d.rangeSummaryText !== undefined) return d.rangeSummaryText;
    const field = d.droppedOccurrenceKeys !== null && d.droppedOccurrenceKeys !== undefined ? "droppedOccurrenceKeys" : "droppedToolCallIds";
    const ids = d[field];
    if (ids === null || ids === undefined)
      throw throwsAt.chainSite(c, field, "looks up per-batch summaries for a chain without `rangeSummaryText`, `droppedOccurrenceKeys` or `droppedToolCallIds` (reads `length` of undefined)", "src/indexer.ts:418 via src/pruner.ts:154-156");
    if ((ids as any).length === 0) return "";
    if (!isIterable(ids))
      throw throwsAt.chainSite(c, field, `builds a set from \`${field}\`, which is ${kindOf(ids)}`, "src/indexer.ts:419 via src/pruner.ts:154-156");
    return indexer.perBatchSummaryText(ids as Iterable<unknown>);
  };
}

export function pruneMessages(messages: Msg[], indexer: IndexerState, config: PiCondenseConfig): PruneResult {
  try {
    return pruneUnguarded(messages, indexer, config);
  } catch (e) {
    if (!(e instanceof PrunerThrow)) throw e;
    return { messages, pruned: false, chains: emptyChainReport(messages), swept: [], threw: e.site };
  }
}

function pruneUnguarded(messages: Msg[], indexer: IndexerState, config: PiCondenseConfig): PruneResult {
  let current = stubSummarizedResults(messages, indexer, config);
  if (config.purgeErrors.enabled) current = purgeErroredArgs(current, config.purgeErrors);
  let chains: ChainReport = emptyChainReport(current);
  if (config.chainCompression.enabled) {
    const entries = indexer.getChainEntries();
    if (entries.length > 0) {
      const text = chainSummaryText(indexer);
      const lookup = (blockId: string) => {
        const c = indexer.findChainByBlockId(blockId);
        const t = c ? text(c) : undefined;
        return t ? (t as string) : undefined;
      };
      chains = applyChainRanges(current, entries, text, config.chainCompression.stripFinalAssistantThinking, lookup);
      current = chains.messages;
    }
  }
  const sweep = sweepOrphanToolResults(current);
  current = sweep.messages;
  return { messages: current, pruned: current !== messages, chains, swept: sweep.swept };
}
