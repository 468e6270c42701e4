/**
 * Phase 3 of pi-condense's `pruneMessages`: chain ranges, positional (seed
 * toolcall-id-collisions.md, section A; AC 1-5a; docs/research/formats.md section 2.6).
 *
 * Each `context-prune-chain` entry resolves to an index range by role-gated timestamps: exactly
 * one user message at `startUserTimestamp`, exactly one assistant at `finalAssistantTimestamp`,
 * and start < end; otherwise it drops nothing and inserts no synthetic. Inside a range only
 * assistant, toolResult and per-batch summary messages drop; the synthetic chain message goes in
 * right after the start; the end is kept (thinking stripped). Ids never drive a drop.
 */
import type { Msg } from "../../model/types.js";
import { toolCallsOf } from "../../model/types.js";
import { bareId, type ChainEntry, CUSTOM_TYPE_SUMMARY, textOf } from "./indexer-state.js";
import { occKey } from "../../model/occurrence-index.js";
import {
  checkContentArray,
  checkContentIterable,
  checkResultBlocks,
  isIterable,
  kindOf,
  PrunerThrow,
  rawChainData,
  throwsAt,
} from "./pruner-throw.js";

// pi-condense 2.9.1 lines this phase follows (src/chain-range-prune.ts unless named).
const SRC = {
  protectedSet: "src/chain-range-prune.ts:175",
  resultText: "src/batch-capture.ts:6-10 via src/chain-range-prune.ts:186",
  blocks: "src/chain-range-prune.ts:190-191",
  recorded: "src/chain-range-prune.ts:199, src/occurrence-key.ts:27",
  substitute: "src/nested-placeholders.ts:14 via src/chain-range-prune.ts:47-49",
  toolRefs: "src/chain-range-prune.ts:50",
  summaryRefs: "src/chain-range-prune.ts:14-16, 30-34",
  strip: "src/chain-range-prune.ts:37-38, 234",
};

/** 2.9.1 src/occurrence-key.ts:12-14: only `undefined` means "no timestamp". */
function occKeyRaw(id: unknown, resultTimestamp: unknown): string {
  return resultTimestamp === undefined ? String(id) : `${String(id)}@${String(resultTimestamp)}`;
}

export type UnresolvedReason =
  | "null-final"
  | "missing-start"
  | "ambiguous-start"
  | "missing-end"
  | "ambiguous-end"
  | "end-before-start"
  | "nested"
  | "duplicate-start";

export interface ResolvedChain {
  chain: ChainEntry;
  startIndex: number;
  endIndex: number;
  /** Bare ids of the calls and results inside (start, end). */
  idsInRange: string[];
  /** Messages this chain removes (in its range, or per-batch summaries it covers). */
  dropped: Msg[];
  synthetic?: Msg;
  mismatch?: { recorded: number; actual: number; missing: string[]; extra: string[] };
}

export interface UnresolvedChain {
  chain: ChainEntry;
  reason: UnresolvedReason;
  detail: string;
  /** The other chain for nested / duplicate-start. */
  other?: ChainEntry;
}

export interface ChainReport {
  messages: Msg[];
  resolved: ResolvedChain[];
  unresolved: UnresolvedChain[];
  /** Message -> block id of the chain that dropped it. */
  droppedBy: Map<Msg, string>;
}

/** The report of a chain phase that changed nothing. */
export function emptyChainReport(messages: Msg[]): ChainReport {
  return { messages, resolved: [], unresolved: [], droppedBy: new Map() };
}

export function isPerBatchSummary(m: Msg): boolean {
  return m.role === "custom" && m.customType === CUSTOM_TYPE_SUMMARY;
}

export function resolveRange(
  chain: ChainEntry,
  messages: Msg[],
  index: TimestampIndex = timestampIndex(messages),
): { startIndex: number; endIndex: number } | { reason: UnresolvedReason; detail: string } {
  const d = chain.data;
  if (d.finalAssistantTimestamp === null)
    return { reason: "null-final", detail: "`finalAssistantTimestamp` is null (the chain was interrupted)" };
  const starts = index.user.get(d.startUserTimestamp);
  const ends = index.assistant.get(d.finalAssistantTimestamp);
  const startIndex = starts?.[0] ?? -1;
  const startMatches = starts?.length ?? 0;
  const endIndex = ends?.[0] ?? -1;
  const endMatches = ends?.length ?? 0;
  if (startMatches === 0) return { reason: "missing-start", detail: `no user message has timestamp ${d.startUserTimestamp}` };
  if (startMatches > 1) return { reason: "ambiguous-start", detail: `${startMatches} user messages have timestamp ${d.startUserTimestamp}` };
  if (endMatches === 0) return { reason: "missing-end", detail: `no assistant message has timestamp ${d.finalAssistantTimestamp}` };
  if (endMatches > 1) return { reason: "ambiguous-end", detail: `${endMatches} assistant messages have timestamp ${d.finalAssistantTimestamp}` };
  if (!(startIndex < endIndex)) return { reason: "end-before-start", detail: "the final assistant comes before the start user message" };
  return { startIndex, endIndex };
}

/** Indexes of user and assistant messages by timestamp (a chain resolves by lookup, not a scan). */
export interface TimestampIndex {
  user: Map<unknown, number[]>;
  assistant: Map<unknown, number[]>;
}

export function timestampIndex(messages: Msg[]): TimestampIndex {
  const user = new Map<unknown, number[]>();
  const assistant = new Map<unknown, number[]>();
  messages.forEach((m, i) => {
    const by = m.role === "user" ? user : m.role === "assistant" ? assistant : undefined;
    if (!by) return;
    const l = by.get(m.timestamp);
    if (l) l.push(i);
    else by.set(m.timestamp, [i]);
  });
  return { user, assistant };
}

// The copies this phase makes, kept per source so that the next analysis (an append) gets the
// same objects for the same input: the wire's prefix then stays identical (providers/request-build.ts).
const strippedMemo = new WeakMap<Msg, Msg>();
const syntheticMemo = new WeakMap<object, Msg>();

function withoutThinking(m: Msg): Msg {
  const memo = strippedMemo.get(m);
  if (memo) return memo;
  const content = (m.content as any[]).filter((c) => !(c && c.type === "thinking"));
  // pi-condense copies the end assistant either way; mark it only when thinking was removed.
  const copy = content.length === m.content.length ? { ...m, content } : { ...m, content, thinkingStripped: true };
  strippedMemo.set(m, copy);
  return copy;
}

/** The previous analysis's synthetic message of `chain` when it is the same message, else `built`. */
function sameSynthetic(chain: ChainEntry, built: Msg): Msg {
  const prev = syntheticMemo.get(chain.entry);
  const text = (built.content as { text: string }[])[0].text;
  if (prev && prev.timestamp === built.timestamp && (prev.content as { text: string }[])[0].text === text && JSON.stringify(prev.origin) === JSON.stringify(built.origin)) return prev;
  syntheticMemo.set(chain.entry, built);
  return built;
}

/** Substitutes `{bN}` placeholders one level deep with other blocks' summaries. */
function substituteBlockRefs(text: string, lookup: (id: string) => string | undefined, selfBlockId: string): string {
  return text.replace(/\{(b\d+)\}/g, (whole, id: string) => {
    if (id === selfBlockId) return whole;
    return lookup(id) ?? whole;
  });
}

export function buildSyntheticChainMessage(
  chain: ChainEntry,
  summary: unknown,
  lookup: ((id: string) => string | undefined) | undefined,
  protectedOutputs: { tool: string; text: string }[],
): Msg {
  const d = chain.data;
  if (lookup && typeof summary !== "string")
    throw throwsAt.chainSite(chain, "rangeSummaryText", `calls \`replace\` on the chain's summary text, which is ${kindOf(summary)}`, SRC.substitute);
  const body = lookup ? substituteBlockRefs(summary as string, lookup, d.blockId) : String(summary);
  const rawRefs = rawChainData(chain).toolRefs;
  if (!Array.isArray(rawRefs))
    throw throwsAt.chainSite(chain, "toolRefs", `reads \`toolRefs.join\`, but \`toolRefs\` is ${kindOf(rawRefs)}`, SRC.toolRefs);
  const prot = protectedOutputs.map((p) => `\n\n<protected-output tool="${p.tool}">\n${p.text}\n</protected-output>`).join("");
  return {
    role: "user",
    content: [{ type: "text", text: `<compressed-chain id="${d.blockId}" tools="${rawRefs.join(",")}">\n${body}${prot}\n</compressed-chain>` }],
    timestamp: d.compressedAt,
    origin: { kind: "synthetic", synthetic: "chain-summary", blockId: d.blockId, forLine: chain.entry.line },
  };
}

export function applyChainRanges(
  messages: Msg[],
  chains: ChainEntry[],
  summaryText: (c: ChainEntry) => unknown,
  stripFinalThinking: boolean,
  lookup?: (blockId: string) => string | undefined,
): ChainReport {
  const report = emptyChainReport(messages);
  if (chains.length === 0) return report;

  const existingSynthetic = new Set<string>();
  for (const m of messages) {
    if (m.role !== "user") continue;
    const text = Array.isArray(m.content) ? m.content[0]?.text ?? "" : "";
    const match = /^<compressed-chain id="([^"]+)"/.exec(typeof text === "string" ? text : "");
    if (match) existingSynthetic.add(match[1]);
  }

  const resolved: { chain: ChainEntry; startIndex: number; endIndex: number }[] = [];
  const byTimestamp = timestampIndex(messages);
  for (const chain of chains) {
    const r = resolveRange(chain, messages, byTimestamp);
    if ("reason" in r) report.unresolved.push({ chain, reason: r.reason, detail: r.detail });
    else resolved.push({ chain, ...r });
  }
  const accepted: typeof resolved = [];
  const claimed = new Map<number, ChainEntry>();
  for (const c of resolved) {
    const outer = resolved.find((o) => o !== c && c.startIndex > o.startIndex && c.startIndex < o.endIndex);
    const dup = claimed.get(c.startIndex);
    if (outer || dup) {
      report.unresolved.push({
        chain: c.chain,
        reason: outer ? "nested" : "duplicate-start",
        detail: outer
          ? `its range starts inside the range of ${outer.chain.data.blockId}`
          : `its range starts at the same message as ${dup!.data.blockId}, which takes the slot`,
        other: outer ? outer.chain : dup,
      });
      continue;
    }
    claimed.set(c.startIndex, c.chain);
    accepted.push(c);
  }
  if (accepted.length === 0) return report;

  const dropBlock = new Map<number, string>();
  const stripAt = new Set<number>();
  const insertAfter = new Map<number, { synthetic: Msg; blockId: string }>();
  const droppedBare = new Map<string, string>();
  const droppedOcc = new Map<string, string>();
  const byBlock = new Map<string, ResolvedChain>();

  for (const { chain, startIndex, endIndex } of accepted) {
    const d = chain.data;
    const raw = rawChainData(chain);
    const rawProtected = raw.protectedToolCallIds ?? [];
    if (!isIterable(rawProtected))
      throw throwsAt.chainSite(chain, "protectedToolCallIds", `builds a set from \`protectedToolCallIds\`, which is ${kindOf(rawProtected)}`, SRC.protectedSet);
    const protectedIds = new Set<unknown>(rawProtected);
    const protectedOutputs: { tool: string; text: string }[] = [];
    const idsInRange: string[] = [];
    for (let i = startIndex + 1; i < endIndex; i++) {
      const m = messages[i];
      dropBlock.set(i, d.blockId);
      if (m.role === "toolResult" && typeof m.toolCallId === "string") {
        idsInRange.push(m.toolCallId);
        droppedBare.set(m.toolCallId, d.blockId);
        droppedOcc.set(occKey(m.toolCallId, typeof m.timestamp === "number" ? m.timestamp : undefined), d.blockId);
        if (protectedIds.has(m.toolCallId)) checkResultBlocks(m, SRC.resultText);
        if (protectedIds.has(m.toolCallId)) protectedOutputs.push({ tool: String(m.toolName), text: textOf(m.content) });
      } else if (m.role === "assistant") {
        checkContentIterable(m, SRC.blocks);
        for (const c of toolCallsOf(m)) {
          idsInRange.push(c.id);
          droppedBare.set(c.id, d.blockId);
        }
      }
    }
    const rawDropped = raw.droppedToolCallIds ?? [];
    if (!Array.isArray(rawDropped))
      throw throwsAt.chainSite(chain, "droppedToolCallIds", `calls \`droppedToolCallIds.map\`, but \`droppedToolCallIds\` is ${kindOf(rawDropped)}`, SRC.recorded);
    rawDropped.forEach((id: unknown, i: number) => {
      if (typeof id !== "string")
        throw new PrunerThrow({ line: chain.entry.line, path: ["data", "droppedToolCallIds", i], what: `takes the bare id of \`droppedToolCallIds[${i}]\` (\`lastIndexOf\`), which is ${kindOf(id)}, in chain ${d.blockId}`, source: SRC.recorded });
    });
    const recorded = new Set(d.droppedToolCallIds.map(bareId));
    const actual = new Set(idsInRange);
    const rc: ResolvedChain = { chain, startIndex, endIndex, idsInRange, dropped: [] };
    if (recorded.size !== actual.size || [...recorded].some((id) => !actual.has(id)))
      rc.mismatch = {
        recorded: recorded.size,
        actual: actual.size,
        missing: [...recorded].filter((id) => !actual.has(id)),
        extra: [...actual].filter((id) => !recorded.has(id)),
      };
    if (stripFinalThinking) stripAt.add(endIndex);
    const synthetic = sameSynthetic(chain, buildSyntheticChainMessage(chain, summaryText(chain), lookup, protectedOutputs));
    rc.synthetic = existingSynthetic.has(d.blockId) ? undefined : synthetic;
    insertAfter.set(startIndex, { synthetic, blockId: d.blockId });
    byBlock.set(d.blockId, rc);
    report.resolved.push(rc);
  }

  // 2.9.1 reads only `details.toolCallRefs` here (a legacy `toolCallIds` summary is never
  // covered), unfiltered, and stops at the first ref that is covered.
  const coveringBlock = (m: Msg): string | undefined => {
    const details = m.details;
    const refs = details !== null && details !== undefined ? (details as any).toolCallRefs ?? [] : [];
    const site = (path: (string | number)[], what: string) => throwsAt.msgSite(m, ["details", "toolCallRefs", ...path], what, SRC.summaryRefs);
    if (!Array.isArray(refs)) throw site([], `calls \`toolCallRefs.some\` on a per-batch summary whose \`details.toolCallRefs\` is ${kindOf(refs)}`);
    for (let k = 0; k < refs.length; k++) {
      const r = refs[k];
      if (r === null || r === undefined) throw site([k], `reads \`resultTimestamp\` of summary ref ${k}, which is ${kindOf(r)}`);
      const ts = (r as any).resultTimestamp;
      const id = (r as any).toolCallId;
      if (ts === undefined && typeof id !== "string")
        throw site([k], `takes the bare id of summary ref ${k}'s \`toolCallId\` (\`lastIndexOf\`), which is ${kindOf(id)}`);
      const b = ts !== undefined ? droppedOcc.get(occKeyRaw(id, ts)) : droppedBare.get(bareId(id));
      if (b) return b;
    }
    return undefined;
  };

  const out: Msg[] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    const summary = isPerBatchSummary(m);
    const droppable = m.role === "assistant" || m.role === "toolResult" || summary;
    const inBlock = dropBlock.get(i);
    if (inBlock && droppable) {
      report.droppedBy.set(m, inBlock);
      byBlock.get(inBlock)!.dropped.push(m);
      continue;
    }
    const cover = summary ? coveringBlock(m) : undefined;
    if (cover) {
      report.droppedBy.set(m, cover);
      byBlock.get(cover)!.dropped.push(m);
      continue;
    }
    if (m.role === "assistant" && stripAt.has(i)) checkContentArray(m, "filter", SRC.strip);
    out.push(m.role === "assistant" && stripAt.has(i) ? withoutThinking(m) : m);
    const ins = insertAfter.get(i);
    if (ins && !existingSynthetic.has(ins.blockId)) out.push(ins.synthetic);
  }
  report.messages = out;
  return report;
}
