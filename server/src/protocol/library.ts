/**
 * The session library (issue 26): every session on disk, checked in the background, searchable,
 * with its subagents, compactions and cost. The types the language server, the CLI and the
 * extension's Sessions view share, and the requests between the extension and the server.
 * Node only (it imports the JSON-RPC runtime), like lsp.ts.
 */
import { NotificationType, RequestType } from "vscode-languageserver-protocol";

/** Recorded tokens, summed. */
export interface LibraryTokens {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /** Reasoning output tokens where the agent records them apart (Codex; already inside `output`). */
  reasoning: number;
}

/** One model's recorded usage in a session, priced with the price table. */
export interface LibraryModelUsage {
  model: string;
  responses: number;
  tokens: LibraryTokens;
  /** USD from the price table; undefined when the table has no price for the model. */
  cost?: number;
  /** USD the agent recorded itself (pi), when it did. */
  recordedCost?: number;
}

/** A compaction (Claude Code compact_boundary, Codex compacted, pi compaction) as an event. */
export interface LibraryCompaction {
  /** 1-based line. */
  line: number;
  trigger?: string;
  /** The context's tokens before, as the agent recorded them (Claude Code preTokens, pi tokensBefore). */
  tokensBefore?: number;
  /** The context's tokens after: the next response's recorded input (uncached, cache read and written). */
  tokensAfter?: number;
}

/** A call in a session that ran a subagent (Claude Code Task/Agent, Codex spawn_agent). */
export interface LibrarySpawn {
  callId: string;
  tool: string;
  /** 1-based line of the call. */
  line: number;
  /** The subagent's id as the result names it (Claude Code `agentId`, Codex the new thread). */
  agentId?: string;
  /** Whether the parent holds the call's result. */
  hasResult: boolean;
  description?: string;
  /** Where the subagent's transcript should be, when the agent keeps it beside the session (Claude Code). */
  transcript?: string;
  /** The name of its transcript in the agent's sessions tree, `prefix…suffix` (Codex's child rollouts). */
  transcriptName?: string;
}

/** What links a session file to the one that ran it. */
export interface LibraryParentRef {
  kind: "subagent" | "fork";
  /** The parent's file when the path says it (Claude Code subagents/, pi parentSession). */
  path?: string;
  /** The parent's session or thread id (Codex parent_thread_id). */
  sessionId?: string;
  /** The call in the parent that spawned it (Codex spawn_call_id). */
  callId?: string;
  agentId?: string;
  /** From Claude Code's `agent-*.meta.json`. */
  agentType?: string;
  description?: string;
}

/** A problem across files: a subagent and the call that ran it. */
export interface LibraryLinkIssue {
  code: "missing-child" | "child-unfinished" | "result-missing" | "parent-missing";
  message: string;
  /** 1-based line in this session, when one is meant. */
  line?: number;
  /** The other file. */
  other?: string;
}

/** One session file as the library knows it (the cache keeps these). */
export interface LibrarySession {
  path: string;
  size: number;
  mtimeMs: number;
  /** The format's name (pi, claude-code, codex, ...), or "unknown" with `note` for a file that is not a session. */
  agent: string;
  agentLabel: string;
  note?: string;
  /** The project: the working directory the session recorded, else its folder. */
  project: string;
  title: string;
  sessionId?: string;
  /** Epoch ms of the first and last recorded times. */
  startedAt?: number;
  lastAt?: number;
  messages: number;
  errors: number;
  warnings: number;
  /** The first error finding: code and message. */
  firstError?: { code: string; line: number; message: string };
  /** The target provider (the session's own, or the one asked for) and its verdict. */
  target?: string;
  targetLabel?: string;
  rejects: boolean;
  /** Why the target rejects: the finding's code, line and the provider's error text. */
  rejection?: { code: string; line: number; text: string };
  /** Which providers would reject the next request. */
  rejectedBy: string[];
  tokens: LibraryTokens;
  models: LibraryModelUsage[];
  /** Priced cost of the session's own responses (USD); undefined when nothing could be priced. */
  cost?: number;
  /** Models the table has no price for. */
  unpriced: string[];
  compactions: LibraryCompaction[];
  spawns: LibrarySpawn[];
  parent?: LibraryParentRef;
  /** Claude Code subagent lines inside the file (in-file sidechains), by agent id. */
  sidechains: { agentId?: string; callId?: string; lines: number }[];
  /** The last message is a final answer (no call left open, not an error or aborted turn). */
  finished: boolean;
  archived?: boolean;
  /** A session of an agent's store (`path` is `<store>#<id>`): the editor opens it as a store document (protocol/stores.ts), not as a file. */
  store?: { path: string; id: string };
  /** Unreadable: why. */
  error?: string;
}

/** A session with what linking found across files (the library adds these after the check). */
export interface LibrarySessionLinked extends LibrarySession {
  /** Child sessions (subagents, forks): their paths. */
  children: string[];
  /** The parent's path when found. */
  parentPath?: string;
  linkIssues: LibraryLinkIssue[];
  /** Own cost plus the children's, each file counted once. */
  costWithChildren?: number;
  /**
   * A session in the Sessions view's nodes carries at most a few entries of each list (a session
   * can hold thousands of calls, compactions or models) and its texts cut: how many were left out.
   */
  omitted?: { spawns: number; compactions: number; linkIssues: number; children: number; models: number; sidechains: number };
}

export interface LibraryCount {
  key: string;
  label: string;
  sessions: number;
  cost?: number;
  tokens?: LibraryTokens;
}

/**
 * The library's state in a few numbers and its one sentence: what the Sessions view's message and
 * badge show, sent on every change. Counted without linking sessions across files, so it costs
 * one pass over the sessions; the rest of the summary is computed when asked for.
 */
export interface LibraryStatus {
  /** Session files found (not counting files that are not sessions). */
  sessions: number;
  checked: number;
  /** Session files read since the library started (a second start with the cache reads none that did not change). */
  read: number;
  /** Files still to check. */
  pending: number;
  scanning: boolean;
  paused: boolean;
  /** Sessions whose target provider would reject the next request. */
  rejected: number;
  withErrors: number;
  /** The one sentence: "312 sessions, 7 would be rejected by Anthropic". */
  headline: string;
}

/** Lists of the summary (days, models, models without a price) hold at most this many entries over LSP. */
export const LIBRARY_MAX_LIST = 366;

export interface LibrarySummary extends LibraryStatus {
  /** Rejections by target provider. */
  rejectedBy: LibraryCount[];
  withWarnings: number;
  notSessions: number;
  unreadable: number;
  tokens: LibraryTokens;
  cost: number;
  /** Models without a price. */
  unpriced: string[];
  byAgent: LibraryCount[];
  byDay: LibraryCount[];
  byModel: LibraryCount[];
  compactions: number;
  subagents: number;
  linkIssues: number;
  /** Entries left out of byDay, byModel and unpriced (each lists at most LIBRARY_MAX_LIST over LSP; the command line lists all). */
  omitted?: { days: number; models: number; unpriced: number };
  priceTable: { date: string; source: string; models: number };
  /** The search index: its size, its bound, whether a session did not fit, whether documents are still being added. */
  search: { documents: number; sessions: number; chars: number; budgetChars: number; full: boolean; indexing: boolean };
}

// ---------------------------------------------------------------------------------------------
// The Sessions view (extension <-> server)

export interface LibraryConfigureParams {
  enabled: boolean;
  home: string;
  workspaceFolders: string[];
  /** Folders the user added (transcriptInspector.library.folders). */
  folders: string[];
  /** Where the cache and the search index live (the extension's global storage). */
  cacheDir?: string;
  /** A LiteLLM price file to use instead of the table that ships. */
  priceFile?: string;
  /** The provider to judge sessions for ("auto": each session's own). */
  provider?: string;
  /** Characters the search index holds at most. */
  searchBudgetChars?: number;
  /** Worker threads (default: one). */
  threads?: number;
}

export type LibraryNodeKind = "agent" | "project" | "day" | "session" | "failing" | "info";

export interface LibraryNode {
  /** Stable id: `agent:NAME`, `project:NAME\u0000PROJECT`, `day:...`, `session:PATH`, `failing`. */
  id: string;
  kind: LibraryNodeKind;
  label: string;
  /** Sessions under this node (groups). */
  count?: number;
  /** Sessions under it that the target rejects, or with errors (groups). */
  rejected?: number;
  errors?: number;
  /** The workspace's own project. */
  workspace?: boolean;
  session?: LibrarySessionLinked;
  hasChildren: boolean;
}

export interface LibraryChildrenParams {
  /** The parent node's id; none for the roots. */
  id?: string;
  /** Only sessions whose title, project, path, agent or provider contains this (case-insensitive). */
  filter?: string;
  /** Only sessions the target rejects or with errors. */
  problemsOnly?: boolean;
}
export interface LibraryChildrenResult {
  nodes: LibraryNode[];
  /** Nodes left out (a group lists at most LIBRARY_MAX_CHILDREN). */
  more: number;
}
export const LIBRARY_MAX_CHILDREN = 1000;

/** `transcriptInspector/library/configure`: (re)start the library with these folders and settings. */
export const LibraryConfigureRequest = new RequestType<LibraryConfigureParams, LibrarySummary | null, void>("transcriptInspector/library/configure");
/** `transcriptInspector/library/children`: a node's children in the Sessions view. */
export const LibraryChildrenRequest = new RequestType<LibraryChildrenParams, LibraryChildrenResult, void>("transcriptInspector/library/children");
/** `transcriptInspector/library/summary`: the counts and the headline. */
export const LibrarySummaryRequest = new RequestType<Record<string, never>, LibrarySummary | null, void>("transcriptInspector/library/summary");
/** `transcriptInspector/library/refresh`: scan the folders again now. */
export const LibraryRefreshRequest = new RequestType<Record<string, never>, LibrarySummary | null, void>("transcriptInspector/library/refresh");

export interface LibrarySearchParams {
  query: string;
  limit?: number;
}
export interface LibrarySearchHit {
  path: string;
  /** A store's session (`path` is `<store>#<id>`): opened as a store document. */
  store?: { path: string; id: string };
  /** 1-based line of the match. */
  line: number;
  /** prompt, answer, call, output, id, title. */
  kind: string;
  agent: string;
  title: string;
  /** Text around the match (at most about 160 characters). */
  snippet: string;
  /** Ranges of the matched terms inside `snippet`. */
  ranges: [number, number][];
  score: number;
}
export interface LibrarySearchResult {
  hits: LibrarySearchHit[];
  /** Matching documents in all. */
  total: number;
  /** Sessions not in the index (its size bound). */
  notIndexed: number;
}
/** `transcriptInspector/library/search`: matches across sessions, in context. */
export const LibrarySearchRequest = new RequestType<LibrarySearchParams, LibrarySearchResult, void>("transcriptInspector/library/search");

/** `transcriptInspector/library/didChange` (server -> client): sessions were added, changed or checked; the status only (ask for the summary). */
export const LibraryChangedNotification = new NotificationType<LibraryStatus>("transcriptInspector/library/didChange");
