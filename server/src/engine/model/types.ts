/**
 * The engine's data model. Pure TypeScript: nothing here imports `vscode` or an LSP package,
 * so the language server, the CLI and the tests all share it.
 *
 * Lines are 0-based inside the engine; the CLI and the LSP convert at their edges.
 */
import type { DocumentPlaces, LineList, SourceLine } from "./line-list.js";

export type { DocumentPlaces, SourceLine };

export type Severity = "error" | "warning" | "information" | "hint";

/**
 * A format name from formats/registry.ts (`FormatProfile.name`), or "unknown". The registry
 * checks at compile time that this union is exactly its formats' names.
 */
export type SessionFormat = "pi" | "openclaw" | "oh-my-pi" | "claude-code" | "codex" | "copilot-cli" | "gemini-cli" | "kimi-cli" | "cline" | "cline-extension" | "opencode" | "roo-code" | "hermes" | "cursor" | "unknown";

/** Where a context message came from. */
export type Origin =
  | { kind: "entry"; line: number; entryId: string }
  | { kind: "synthetic"; synthetic: SyntheticKind; blockId?: string; forLine?: number };

/**
 * `resume-history`: what the agent sends on resume in place of the history a compaction replaced
 * (a Codex `compacted` item's replacement history, Copilot CLI's summary message); `resume-filler`:
 * a message the agent adds on resume to keep its turns in order (Gemini CLI's "[The previous
 * response was interrupted before it completed.]" after a history that ends in tool results).
 */
export type SyntheticKind = "chain-summary" | "synthetic-tool-result" | "acp-summary" | "stub-result" | "resume-history" | "resume-filler";

/** A path inside one line's JSON value, for locating a character range on demand. */
export type JsonPath = (string | number)[];

export interface RelatedInfo {
  line: number;
  message: string;
  /** Optional JSON path on that line, to narrow the range. */
  path?: JsonPath;
}

/** A finding of any code (rules/registry.ts `FindingCode` names the codes the engine reports). */
export interface Finding {
  code: string;
  severity: Severity;
  /** 0-based line. */
  line: number;
  /** JSON path of the offending value on that line; the whole line when absent. */
  path?: JsonPath;
  /** Explicit 0-based column range (used for unparseable lines). */
  columns?: { start: number; end: number };
  message: string;
  toolCallId?: string;
  related?: RelatedInfo[];
  /** The render drops what this finding points at (the editor fades it). */
  unnecessary?: boolean;
}

/** A pi session entry (any format is normalised to this tree shape). */
export interface Entry {
  /** 0-based file line. */
  line: number;
  id: string;
  parentId: string | null;
  type: string;
  /** The parsed object exactly as on disk (after in-memory migration for v1/v2). */
  raw: Record<string, any>;
  /** true when the id was assigned by the v1 migration (not on disk). */
  syntheticId?: boolean;
}

/** What the engine reads of a session's entries by id: a lookup that never changes (model/entry-index.ts). */
export interface EntryIds extends Iterable<[string, Entry]> {
  get(id: string): Entry | undefined;
  has(id: string): boolean;
  /** An index with `entries` set as well (a later one wins); this one is unchanged. */
  with(entries: readonly Entry[]): EntryIds;
}

/** The lookup that reading a tree needs (a Map serves too). */
export type EntryLookup = Pick<EntryIds, "get" | "has">;

export interface Session {
  format: SessionFormat;
  /** Every line of the file; blank ones are runs, not objects (line-list.ts). */
  lines: LineList;
  header?: { line: number; raw: Record<string, any>; version: number };
  /** Entries (tree nodes) in file order. */
  entries: Entry[];
  /** Entries by id (a later entry with an id wins); a continued session's is a new index (model/entry-index.ts). */
  byId: EntryIds;
  /** Leaf entry ids (entries with no children), in file order. */
  leaves: string[];
  /** The active leaf: the last entry appended, as pi does on load. */
  leafId: string | null;
  /** Root-to-leaf path of the active branch. */
  branch: Entry[];
  findings: Finding[];
  /** Whether the file ends in the middle of a line (an append in progress or a crash). */
  truncatedLastLine: boolean;
}

/**
 * A message in the context, in pi's AgentMessage shape (role, content, timestamp, ...), with
 * where it came from. Pruning copies messages with spread, so `origin` travels with them.
 */
export interface Msg {
  role: string;
  timestamp?: number;
  content?: any;
  toolCallId?: string;
  toolName?: string;
  isError?: boolean;
  stopReason?: string;
  customType?: string;
  details?: any;
  /** Summary text (branchSummary, compactionSummary) and their fields. */
  summary?: string;
  fromId?: string;
  tokensBefore?: number;
  /** bashExecution fields (pi). */
  command?: string;
  output?: unknown;
  excludeFromContext?: boolean;
  exitCode?: number | null;
  cancelled?: boolean;
  truncated?: boolean;
  fullOutputPath?: string;
  /** custom_message display flag (pi). */
  display?: unknown;
  /** The assistant's provider, api and model (pi). */
  provider?: string;
  api?: string;
  model?: string;
  /**
   * Every file line the message is made of, ascending, when more than its origin's (Claude Code
   * streams one response over several lines); see `sourceLinesOf`.
   */
  sourceLines?: number[];
  /** Where the origin line holds this result's call id, when not `message.toolCallId` (Claude Code, Codex). */
  resultPath?: JsonPath;
  // Marks the render sets on copies it changes:
  /** Phase 1 replaced the result with a stub of a summarized occurrence. */
  stubbed?: { ref: string; originalChars: number };
  /** Phase 2 purged the arguments of an errored call. */
  purgedArgs?: boolean;
  /** The chain phase stripped thinking blocks at the range end. */
  thinkingStripped?: boolean;
  /** acp-kernel kept only some calls of this multi-call assistant. */
  acpPartial?: boolean;
  /** convertToLlm sent this agent message as a user message; its role before. */
  agentRole?: string;
  origin: Origin;
}

export interface ToolCallBlock {
  type: "toolCall";
  id: string;
  name?: string;
  arguments?: unknown;
}

/**
 * Tool calls per content array, for the passes that each ask (sweep, wire, occurrences, rules):
 * computed once per array and length (context builders only ever append blocks). Callers never
 * change the returned array.
 */
const callsMemo = new WeakMap<unknown[], { length: number; calls: ToolCallBlock[] }>();
const NO_CALLS: ToolCallBlock[] = [];

export function toolCallsOf(msg: Msg): ToolCallBlock[] {
  if (msg.role !== "assistant" || !Array.isArray(msg.content)) return NO_CALLS;
  const content = msg.content as unknown[];
  const memo = callsMemo.get(content);
  if (memo && memo.length === content.length) return memo.calls;
  const calls = content.filter((b: any): b is ToolCallBlock => b && typeof b === "object" && b.type === "toolCall" && typeof b.id === "string");
  callsMemo.set(content, { length: content.length, calls });
  return calls;
}

/** The file lines a message is made of, ascending: none for a message the agent or a pruner makes. */
export function sourceLinesOf(msg: Msg): number[] {
  if (msg.sourceLines) return msg.sourceLines;
  return msg.origin.kind === "entry" ? [msg.origin.line] : [];
}

export function lineOf(msg: Msg): number | null {
  return msg.origin.kind === "entry" ? msg.origin.line : null;
}
