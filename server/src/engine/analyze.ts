/**
 * The engine's front door: parse -> model -> render (prune, sweep, wire) -> findings.
 * The CLI, the language server and the tests all call `analyze`.
 */
import { contextEventMessages } from "./formats/pi.js";
import { type PiCondenseConfig, withDefaults, type DeepPartial } from "./pi-condense/config.js";
import { IndexerState } from "./pi-condense/indexer-state.js";
import { type PruneResult, pruneMessages } from "./pi-condense/prune-messages.js";
import { chainFindings } from "./rules/chain-ranges.js";
import { commitBoundaryFindings } from "./rules/commit-boundary.js";
import { leadingUserFindings } from "./rules/leading-user.js";
import { indexOccurrences, occurrenceFindings, type OccurrenceIndex } from "./rules/occurrence-identity.js";
import { orphanFindings } from "./rules/orphan-sweep.js";
import { toWire, type WireReport } from "./rules/provider-wire.js";
import { wireFindings } from "./rules/provider-wire-findings.js";
import { buildContext, readSession } from "./session.js";
import type { Finding, Msg, Session } from "./types.js";

export type PrunerName = "pi-condense" | "acp-kernel" | "none";

export interface AnalyzeOptions {
  piCondense?: DeepPartial<PiCondenseConfig>;
  /** Codes to leave out (for example `colliding-id` when switched off). */
  disabledCodes?: string[];
}

export interface Analysis {
  session: Session;
  pruner: PrunerName;
  /** The branch's context as the agent builds it. */
  before: Msg[];
  /** After the pruner (pi-condense's `pruneMessages`). */
  pruned: Msg[];
  /** What goes on the wire (convertToLlm + pi-ai transformMessages applied to `pruned`). */
  after: Msg[];
  /** Messages of `before` that are not in `after`, and why. */
  dropped: { msg: Msg; by: string }[];
  prune: PruneResult;
  wire: WireReport;
  occurrences: OccurrenceIndex;
  indexer: IndexerState;
  findings: Finding[];
}

export function analyze(text: string, options: AnalyzeOptions = {}): Analysis {
  return analyzeSession(readSession(text), options);
}

export function analyzeSession(session: Session, options: AnalyzeOptions = {}): Analysis {
  const config = withDefaults(options.piCondense);
  const before = contextEventMessages(buildContext(session));
  const indexer = IndexerState.rebuild(session.branch);
  const prune: PruneResult = config.enabled
    ? pruneMessages(before, indexer, config)
    : { messages: before, pruned: false, chains: { messages: before, resolved: [], unresolved: [], droppedBy: new Map() }, swept: [] };
  const wire = toWire(prune.messages);
  const occurrences = indexOccurrences(before);

  const dropped: { msg: Msg; by: string }[] = [];
  const sweptSet = new Set(prune.swept.map((s) => s.msg));
  const wireDropped = new Map(wire.dropped.map((d) => [d.msg, d.by]));
  const droppedMsgs = new Set<Msg>();
  for (const m of before) {
    const block = prune.chains.droppedBy.get(m);
    const by = block ? `chain:${block}` : sweptSet.has(m) ? "orphan-sweep" : wireDropped.get(m);
    if (by) {
      dropped.push({ msg: m, by });
      droppedMsgs.add(m);
    }
  }

  const findings: Finding[] = [...session.findings];
  findings.push(...occurrenceFindings(occurrences));
  findings.push(...chainFindings(prune.chains, occurrences, new Set([...prune.chains.droppedBy.keys()])));
  findings.push(...orphanFindings(prune.swept, occurrences));
  findings.push(...leadingUserFindings(before, wire.messages));
  findings.push(...commitBoundaryFindings(before, occurrences));
  findings.push(...wireFindings(wire, occurrences));
  const disabled = new Set(options.disabledCodes ?? []);
  const kept = findings.filter((f) => !disabled.has(f.code));
  kept.sort((a, b) => a.line - b.line || a.code.localeCompare(b.code));
  const pruner: PrunerName = !config.enabled ? "none" : "pi-condense";
  return { session, pruner, before, pruned: prune.messages, after: wire.messages, dropped, prune, wire, occurrences, indexer, findings: kept };
}
