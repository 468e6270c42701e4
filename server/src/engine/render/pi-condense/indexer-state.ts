/**
 * pi-condense's indexer state, rebuilt from the branch's `context-prune-*` entries exactly as
 * `reconstructFromSession` does (docs/research/formats.md section 2.3): records keyed by occurrence key,
 * short refs `tN`, summary bodies, dedup aliases, and the chain registry.
 */
import { isObject } from "../../model/parse.js";
import { occKey } from "../../model/occurrence-index.js";
import type { Entry } from "../../model/types.js";

/** Shared with the other pruners: see message-text.ts. */
export { textOf } from "../../formats/message-text.js";
import { textOf } from "../../formats/message-text.js";

export const CUSTOM_TYPE_SUMMARY = "context-prune-summary";
export const CUSTOM_TYPE_INDEX = "context-prune-index";
export const CUSTOM_TYPE_CHAIN = "context-prune-chain";
export const CUSTOM_TYPE_DEDUP_ALIAS = "context-prune-dedup-alias";


/** The bare provider id of an occurrence key (split on the last `@` only before digits). */
export function bareId(key: string): string {
  const m = /^(.*)@(\d+)$/.exec(key);
  return m ? m[1] : key;
}

export interface ToolCallRecord {
  toolCallId: string;
  toolName: string;
  args: Record<string, unknown>;
  resultText: string;
  isError: boolean;
  resultTimestamp?: number;
  spillPath?: string;
  spillBytes?: number;
  resultPreview?: string;
}

export interface ChainEntryData {
  blockId: string;
  startUserTimestamp: number;
  finalAssistantTimestamp: number | null;
  droppedToolCallIds: string[];
  droppedOccurrenceKeys?: string[];
  protectedToolCallIds?: string[];
  toolRefs: string[];
  compressedAt: number;
  rangeSummaryText?: string;
}

export interface ChainEntry {
  data: ChainEntryData;
  /** The session entry that persisted it. */
  entry: Entry;
}

export class IndexerState {
  readonly index = new Map<string, ToolCallRecord>();
  readonly keysByBareId = new Map<string, string[]>();
  readonly dedupAliasToOriginal = new Map<string, string>();
  readonly aliasByKey = new Map<string, string>();
  readonly keyByAlias = new Map<string, string>();
  readonly summaryBodies: { keys: string[]; text: string; entry: Entry }[] = [];
  private readonly chainRegistry = new Map<number, ChainEntry>();
  /** Every chain entry on the branch, in order, including those a later one replaced. */
  readonly allChainEntries: ChainEntry[] = [];

  static rebuild(branch: Entry[]): IndexerState {
    const s = new IndexerState();
    const aliases: Record<string, any>[] = [];
    for (const e of branch) {
      const v = e.raw;
      if (e.type === "custom" && v.customType === CUSTOM_TYPE_INDEX && isObject(v.data)) {
        for (const r of Array.isArray(v.data.toolCalls) ? v.data.toolCalls : []) {
          if (!isObject(r) || typeof r.toolCallId !== "string") continue;
          const key = occKey(r.toolCallId, r.resultTimestamp);
          s.index.set(key, r as ToolCallRecord);
          const keys = s.keysByBareId.get(r.toolCallId) ?? [];
          if (!keys.includes(key)) keys.push(key);
          s.keysByBareId.set(r.toolCallId, keys);
        }
        if (v.data.backfilled === true) s.registerRefs(v.data.refs);
      } else if (e.type === "custom_message" && v.customType === CUSTOM_TYPE_SUMMARY) {
        const refs = normalizeRefs(v.details);
        s.registerRefs(refs);
        // 2.9.1 src/indexer.ts:105-117: a summary body is kept only when its text is not empty.
        const text = typeof v.content === "string" ? v.content : textOf(v.content);
        if (text) s.summaryBodies.push({ keys: refs.map((r) => occKey(r.toolCallId, r.resultTimestamp)), text, entry: e });
      } else if (e.type === "custom" && v.customType === CUSTOM_TYPE_CHAIN && isObject(v.data)) {
        const d = v.data;
        if (typeof d.blockId === "string" && typeof d.startUserTimestamp === "number") {
          const ce: ChainEntry = { data: normalizeChain(d), entry: e };
          s.chainRegistry.set(d.startUserTimestamp, ce);
          s.allChainEntries.push(ce);
        }
      } else if (e.type === "custom" && v.customType === CUSTOM_TYPE_DEDUP_ALIAS && isObject(v.data)) {
        aliases.push(v.data);
      }
    }
    for (const a of aliases) {
      if (typeof a.newToolCallId !== "string" || typeof a.originalToolCallId !== "string") continue;
      const from = occKey(a.newToolCallId, a.newResultTimestamp);
      const to = occKey(a.originalToolCallId, a.originalResultTimestamp);
      s.dedupAliasToOriginal.set(from, to);
      const ref = s.aliasByKey.get(to);
      if (ref && !s.aliasByKey.has(from)) s.aliasByKey.set(from, ref);
    }
    return s;
  }

  private registerRefs(refs: unknown): void {
    for (const r of Array.isArray(refs) ? refs : []) {
      if (!isObject(r) || typeof r.shortId !== "string" || typeof r.toolCallId !== "string") continue;
      const key = occKey(r.toolCallId, r.resultTimestamp);
      this.aliasByKey.set(key, r.shortId);
      this.keyByAlias.set(r.shortId, key);
    }
  }

  /** Whether any result could be stubbed: something is indexed or dedup-aliased. */
  hasSummaries(): boolean {
    return this.index.size > 0 || this.dedupAliasToOriginal.size > 0;
  }

  /** Strict: an occurrence key that is indexed or dedup-aliased. */
  isSummarized(key: string): boolean {
    return this.index.has(key) || this.dedupAliasToOriginal.has(key);
  }

  /** A bare-id record from before occurrence keys, and no occurrence-keyed sibling. */
  hasLegacyBareRecord(id: string): boolean {
    const keys = this.keysByBareId.get(id);
    return this.index.has(id) && !!keys && keys.length === 1;
  }

  getRecord(key: string): ToolCallRecord | undefined {
    return this.index.get(key) ?? this.index.get(this.dedupAliasToOriginal.get(key) ?? "");
  }

  getShortRef(key: string): string | undefined {
    return this.aliasByKey.get(key) ?? this.aliasByKey.get(this.dedupAliasToOriginal.get(key) ?? "");
  }

  /** Chain registry values, later entry per start timestamp wins, sorted by start. */
  getChainEntries(): ChainEntry[] {
    return [...this.chainRegistry.values()].sort((a, b) => a.data.startUserTimestamp - b.data.startUserTimestamp);
  }

  /**
   * 2.9.1 src/indexer.ts:464-469: a scan of the registry in insertion order, so for a block id
   * two chain entries carry, the one registered first wins (a later entry with the same start
   * timestamp takes over its slot in the registry, not the slot's position).
   */
  findChainByBlockId(blockId: string): ChainEntry | undefined {
    for (const c of this.chainRegistry.values()) if (c.data.blockId === blockId) return c;
    return undefined;
  }

  /**
   * 2.9.1 src/indexer.ts:417-438: the distinct texts (first occurrence of each text kept) of the
   * summary bodies one of whose keys is in `keys`, by exact key: an occurrence-keyed body
   * (`id@ts`) is not found by a bare id, so a chain entry written before 2.6 (no
   * `droppedOccurrenceKeys`) finds none of them. Joined by blank lines.
   */
  perBatchSummaryText(keys: Iterable<unknown>): string {
    const want = new Set<unknown>(keys);
    const seen = new Set<string>();
    for (const b of this.summaryBodies) if (b.keys.some((k) => want.has(k))) seen.add(b.text);
    return [...seen].join("\n\n");
  }
}

function normalizeChain(d: Record<string, any>): ChainEntryData {
  return {
    blockId: d.blockId,
    startUserTimestamp: d.startUserTimestamp,
    finalAssistantTimestamp: typeof d.finalAssistantTimestamp === "number" ? d.finalAssistantTimestamp : null,
    droppedToolCallIds: Array.isArray(d.droppedToolCallIds) ? d.droppedToolCallIds.filter((x: unknown) => typeof x === "string") : [],
    droppedOccurrenceKeys: Array.isArray(d.droppedOccurrenceKeys) ? d.droppedOccurrenceKeys : undefined,
    protectedToolCallIds: Array.isArray(d.protectedToolCallIds) ? d.protectedToolCallIds : undefined,
    toolRefs: Array.isArray(d.toolRefs) ? d.toolRefs : [],
    compressedAt: typeof d.compressedAt === "number" ? d.compressedAt : 0,
    rangeSummaryText: typeof d.rangeSummaryText === "string" ? d.rangeSummaryText : undefined,
  };
}

/** `details.toolCallRefs`, or the legacy `{ toolCallIds }` shape (shortId = the id). */
export function normalizeRefs(details: unknown): { shortId: string; toolCallId: string; resultTimestamp?: number }[] {
  if (!isObject(details)) return [];
  // 2.9.1 src/summary-refs.ts:30-55 (normalizeSummaryToolCallRefs): a ref needs string shortId and toolCallId.
  if (Array.isArray(details.toolCallRefs))
    return details.toolCallRefs
      .filter((r: any) => isObject(r) && typeof r.shortId === "string" && typeof r.toolCallId === "string")
      .map((r: any) => ({ shortId: r.shortId, toolCallId: r.toolCallId, ...(typeof r.resultTimestamp === "number" ? { resultTimestamp: r.resultTimestamp } : {}) }));
  if (Array.isArray(details.toolCallIds))
    return details.toolCallIds.filter((x: unknown) => typeof x === "string").map((id: string) => ({ shortId: id, toolCallId: id }));
  return [];
}
