/**
 * `pruner-throws`: an input on which pi-condense 2.9.1's `pruneMessages` throws. pi's
 * `emitContext` (packages/coding-agent/src/core/extensions/runner.ts, `emitContext`) catches an
 * exception from an extension's `context` handler, reports it, and goes on with the messages it
 * had: the request goes out unpruned. The input stays in the session (a chain entry for good,
 * a message until a compaction drops it), so every request after it is unpruned too.
 */
import type { PruneResult } from "../render/pi-condense/prune-messages.js";
import type { Finding } from "../model/types.js";
import { type CodeTable, findingMaker } from "../model/finding-kit.js";

export const PRUNER_THROWS_CODES = {
  "pruner-throws": {
    description: "An input on which pi-condense's pruneMessages throws: pi then sends every request unpruned.",
    severity: "error",
    follows: "pi emitContext (extensions/runner.ts) catching a context handler's exception; pi-condense 2.9.1 render path",
    fixes: [],
  },
} as const satisfies CodeTable;

const make = findingMaker(PRUNER_THROWS_CODES);

export function prunerThrowFindings(prune: PruneResult, fallbackLine: number): Finding[] {
  const site = prune.threw;
  if (!site) return [];
  return [
    make("pruner-throws", {
      line: site.line ?? fallbackLine,
      path: site.line === null ? undefined : site.path,
      message:
        `pi-condense crashes on this entry, so nothing is pruned. While the entry is in the session, pruning is off for every request. ` +
        `Its pruneMessages ${site.what} (pi-condense 2.9.1 ${site.source}), a TypeError; pi catches it and sends the context unpruned, as the After view shows.`,
    }),
  ];
}
