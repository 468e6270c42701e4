/**
 * pi-condense's `pruneMessages`, the four phases in order (research notes section 2.4):
 * 1 stub summarized results (occurrence-keyed, fail-closed), 2 error-argument purge,
 * 3 chain ranges (positional), 4 orphan sweep. Nothing changed -> the input array itself.
 */
import type { Msg } from "../types.js";
import { applyChainRanges, type ChainReport, emptyChainReport } from "./chain-ranges.js";
import type { PiCondenseConfig } from "./config.js";
import { purgeErroredArgs } from "./error-purge.js";
import type { ChainEntry, IndexerState } from "./indexer-state.js";
import { type SweptResult, sweepOrphanToolResults } from "./orphan-sweep.js";
import { stubSummarizedResults } from "./stub-summarized.js";

export interface PruneResult {
  messages: Msg[];
  pruned: boolean;
  chains: ChainReport;
  swept: SweptResult[];
}

export function chainSummaryText(indexer: IndexerState) {
  return (c: ChainEntry): string => c.data.rangeSummaryText ?? indexer.perBatchSummaryText(c.data.droppedOccurrenceKeys ?? c.data.droppedToolCallIds);
}

export function pruneMessages(messages: Msg[], indexer: IndexerState, config: PiCondenseConfig): PruneResult {
  let current = stubSummarizedResults(messages, indexer, config);
  if (config.purgeErrors.enabled) current = purgeErroredArgs(current, config.purgeErrors);
  let chains: ChainReport = emptyChainReport(current);
  if (config.chainCompression.enabled) {
    const entries = indexer.getChainEntries();
    if (entries.length > 0) {
      const text = chainSummaryText(indexer);
      const lookup = (blockId: string) => {
        const c = indexer.findChainByBlockId(blockId);
        return c ? text(c) || undefined : undefined;
      };
      chains = applyChainRanges(current, entries, text, config.chainCompression.stripFinalAssistantThinking, lookup);
      current = chains.messages;
    }
  }
  const sweep = sweepOrphanToolResults(current);
  current = sweep.messages;
  return { messages: current, pruned: current !== messages, chains, swept: sweep.swept };
}
