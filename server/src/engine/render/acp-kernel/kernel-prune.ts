/**
 * acp-kernel's `prune` (src/prune.ts, with the conditional first-user pin of
 * first-user-pin.diff, #489): covered messages drop by base id; each active block's rendered
 * summary is anchored at its earliest covered position, moved pair-safe; already-rendered
 * summaries keep their place; then the kernel's orphan strips run.
 */
import type { CompressionState } from "./sidecar.js";

export interface CoreMessage {
  id: string;
  role: "user" | "assistant" | "system" | "tool";
  contentType: "text" | "tool-call" | "tool-result" | "reasoning";
  text?: string;
  toolName?: string;
  toolCallId?: string;
}

export const SUMMARY_HEADER = "[Compressed conversation section]";
const SUMMARY_ID_PREFIX = "acp_summary_";

export const summaryMessageId = (blockId: string) => `${SUMMARY_ID_PREFIX}${blockId}`;

export function baseIdOf(id: string): string {
  const hash = id.indexOf("#");
  return hash > 0 ? id.slice(0, hash) : id;
}

export function isRenderedSummary(m: Pick<CoreMessage, "id" | "role" | "contentType">): boolean {
  return m.id.startsWith(SUMMARY_ID_PREFIX) && m.role === "system" && m.contentType === "text";
}

export function coveredBases(state: CompressionState): Set<string> {
  const out = new Set<string>();
  for (const b of state.blocks) if (b.active) for (const id of b.effectiveMessageIds) out.add(baseIdOf(id));
  return out;
}

interface Anchor {
  blockId: string;
  summary: string;
  topic?: string;
  insertAt: number;
}

export interface KernelPruneReport {
  messages: CoreMessage[];
  /** The first user was covered and kept (degenerate case), or covered and dropped (drop-safe). */
  firstUser?: { index: number; covered: boolean; pinned: boolean };
  /** Anchors after pair-safe adjustment: block -> index in the input. */
  anchors: { blockId: string; requested: number; insertAt: number }[];
  /** Cores removed by the post-passes. */
  stripped: CoreMessage[];
}

export function kernelPrune(messages: CoreMessage[], state: CompressionState): KernelPruneReport {
  const covered = coveredBases(state);
  if (covered.size === 0) return { messages: [...messages], anchors: [], stripped: [] };
  const firstUserIndex = messages.findIndex((m) => m.role === "user");
  const baseIndex = new Map<string, number>();
  const summaryIndex = new Map<string, number>();
  messages.forEach((m, i) => {
    const base = baseIdOf(m.id);
    const e = baseIndex.get(base);
    if (e === undefined || i < e) baseIndex.set(base, i);
    if (isRenderedSummary(m)) summaryIndex.set(m.id, i);
  });
  const anchors: Anchor[] = [];
  for (const block of state.blocks.filter((b) => b.active)) {
    const existing = summaryIndex.get(summaryMessageId(block.blockId));
    if (existing !== undefined) {
      anchors.push({ blockId: block.blockId, summary: block.summary, topic: block.topic, insertAt: existing });
      continue;
    }
    let earliest: number | null = null;
    for (const id of block.effectiveMessageIds) {
      const i = baseIndex.get(baseIdOf(id));
      if (i !== undefined && (earliest === null || i < earliest)) earliest = i;
    }
    anchors.push({ blockId: block.blockId, summary: block.summary, topic: block.topic, insertAt: earliest ?? 0 });
  }
  anchors.sort((a, b) => a.insertAt - b.insertAt);

  const ix = anchors.length ? pairingIndex(messages) : null;
  const safe = anchors
    .map((a) => ({ ...a, requested: a.insertAt, insertAt: ix ? pairSafeAnchorIndex(messages, a.insertAt, ix) : a.insertAt }))
    .sort((a, b) => a.insertAt - b.insertAt);
  const anchored = new Set(anchors.map((a) => summaryMessageId(a.blockId)));
  const firstCovered = firstUserIndex >= 0 && covered.has(baseIdOf(messages[firstUserIndex].id));
  const pin = firstUserIndex < 0 || !firstCovered || !firstUserDropSafe(messages, firstUserIndex, covered);
  const result: CoreMessage[] = [];
  const pending = [...safe];
  for (let i = 0; i < messages.length; i++) {
    while (pending.length && pending[0].insertAt === i) result.push(renderSummary(pending.shift()!));
    if (pin && i === firstUserIndex) {
      result.push(messages[i]);
      continue;
    }
    if (covered.has(baseIdOf(messages[i].id))) continue;
    if (isRenderedSummary(messages[i]) && anchored.has(messages[i].id)) continue;
    result.push(messages[i]);
  }
  while (pending.length) result.push(renderSummary(pending.shift()!));

  const afterCalls = stripOrphanedToolCalls(result);
  const afterResults = stripOrphanedToolResults(afterCalls);
  const final = stripOrphanedReasoning(afterResults);
  const kept = new Set(final);
  return {
    messages: final,
    firstUser: firstUserIndex >= 0 ? { index: firstUserIndex, covered: firstCovered, pinned: firstCovered && pin } : undefined,
    anchors: safe.map((a) => ({ blockId: a.blockId, requested: a.requested, insertAt: a.insertAt })),
    stripped: result.filter((m) => !kept.has(m)),
  };
}

function firstUserDropSafe(messages: CoreMessage[], first: number, covered: Set<string>): boolean {
  for (let i = first + 1; i < messages.length; i++) {
    const m = messages[i];
    if (covered.has(baseIdOf(m.id))) continue;
    if (isRenderedSummary(m)) continue;
    return m.role === "user";
  }
  return false;
}

function renderSummary(a: Anchor): CoreMessage {
  const body = a.summary.trim();
  const head = a.topic ? `${SUMMARY_HEADER} — ${a.topic}` : SUMMARY_HEADER;
  return { id: summaryMessageId(a.blockId), role: "system", contentType: "text", text: body ? `${head}\n${body}` : head };
}

interface PairingIndex {
  runStart: Int32Array;
  prefixEnd: Int32Array;
}

function pairingIndex(messages: CoreMessage[]): PairingIndex {
  const n = messages.length;
  const firstResult = new Map<string, number>();
  messages.forEach((m, i) => {
    if (m.contentType === "tool-result" && typeof m.toolCallId === "string" && !firstResult.has(m.toolCallId)) firstResult.set(m.toolCallId, i);
  });
  const runStart = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; ) {
    if (messages[i].role !== "assistant") {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < n && messages[j + 1].role === "assistant") j++;
    for (let k = i; k <= j; k++) runStart[k] = i;
    i = j + 1;
  }
  const prefixEnd = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const m = messages[i];
    let end = 0;
    if (m.role === "assistant" && m.contentType === "tool-call" && typeof m.toolCallId === "string") {
      const r = firstResult.get(m.toolCallId);
      if (r !== undefined) end = r + 1;
    }
    prefixEnd[i + 1] = Math.max(prefixEnd[i], end);
  }
  return { runStart, prefixEnd };
}

/** Never inside a run of assistant cores; never between a call and its first result. */
export function pairSafeAnchorIndex(messages: CoreMessage[], index: number, ix: PairingIndex): number {
  const n = messages.length;
  let safe = index;
  if (safe > 0 && safe < n) {
    const start = ix.runStart[safe];
    if (start >= 0 && messages[safe - 1].role === "assistant") safe = start;
  }
  if (safe < 0 || safe > n) return safe;
  for (let guard = 0; guard < n; guard++) {
    const next = Math.max(safe, ix.prefixEnd[safe]);
    if (next === safe) break;
    safe = next;
  }
  return safe;
}

function stripOrphanedToolResults(ms: CoreMessage[]): CoreMessage[] {
  const calls = new Set(ms.filter((m) => m.contentType === "tool-call" && m.toolCallId).map((m) => m.toolCallId));
  return ms.filter((m) => m.contentType !== "tool-result" || !m.toolCallId || calls.has(m.toolCallId));
}

function stripOrphanedToolCalls(ms: CoreMessage[]): CoreMessage[] {
  const results = new Set(ms.filter((m) => m.contentType === "tool-result" && m.toolCallId).map((m) => m.toolCallId));
  return ms.filter((m) => m.contentType !== "tool-call" || !m.toolCallId || m.toolName === "compress" || results.has(m.toolCallId));
}

function stripOrphanedReasoning(ms: CoreMessage[]): CoreMessage[] {
  const drop = new Set<number>();
  for (let i = 0; i < ms.length; i++) {
    if (drop.has(i) || ms[i].contentType !== "reasoning") continue;
    let j = i;
    while (j + 1 < ms.length && ms[j + 1].contentType === "reasoning") j++;
    const c = ms[j + 1];
    if (!(c && c.role === "assistant" && (c.contentType === "text" || c.contentType === "tool-call"))) for (let k = i; k <= j; k++) drop.add(k);
  }
  return drop.size ? ms.filter((_, i) => !drop.has(i)) : ms;
}
