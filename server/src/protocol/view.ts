/**
 * The before/after view model the server computes and the inspector webview draws (re-implementing
 * nothing). Types only: the Node side and the browser bundle both import this file.
 *
 * Lines are 1-based here (what people see); the engine is 0-based inside.
 */
// ---------------------------------------------------------------------------------------------
// The view model the server computes (the webview renders it, re-implementing nothing)

export type ViewRole = "user" | "assistant" | "toolResult" | "custom" | "system" | "branchSummary" | "compactionSummary" | "bashExecution" | string;

export interface ViewFinding {
  code: string;
  severity: "error" | "warning" | "information" | "hint";
  message: string;
  line: number;
  /** Code-action kinds the server offers for it (the webview shows them as buttons). */
  fixes: ViewFix[];
}

export interface ViewFix {
  title: string;
  /** Opaque to the webview: handed back to the extension, which asks the server to apply it. */
  kind:
    | "remove-orphan"
    | "fix-all-orphans"
    | "make-id-unique"
    | "insert-missing-result"
    | "move-result"
    | "drop-duplicate-result"
    | "relink-parent"
    | "break-parent-cycle"
    | "remove-malformed-line"
    | "merge-split-results"
    | "relink-skipped-turns"
    | "fix-all";
  line: number;
  toolCallId?: string;
}

/** Why a before-message is not sent (the engine's DropReason, with its label). */
export interface ViewDropReason {
  kind: "chain" | "acp-block" | "acp-strip-orphan" | "acp-not-projected" | "orphan-sweep" | "pi-ai-skipped-turn" | "convert-excluded" | "convert-unknown-role" | "resume-cut" | "resume-skip" | "resume-drop";
  /** The chain or acp-kernel block, for `chain` and `acp-block`. */
  blockId?: string;
  /** What to show (`chain:b7`, `orphan-sweep`, `pi-ai:error-turn`, ...): for display only. */
  label: string;
}

export interface ViewMessage {
  /** Unique key within one column of one render. */
  key: string;
  /** After column: the key of the before-message this one is (a copy of), when it comes from a file line. */
  beforeKey?: string;
  role: ViewRole;
  /** 1-based file line; null for synthetic messages. */
  line: number | null;
  entryId?: string;
  /** `resume-history`: what the agent sends on resume in place of a compacted history (an item of a Codex `compacted` line's replacement history, Copilot CLI's summary); `resume-filler`: a message the agent adds on resume to keep its turns in order (Gemini CLI). */
  synthetic?: "chain-summary" | "synthetic-tool-result" | "acp-summary" | "stub-result" | "resume-history" | "resume-filler";
  /** Tool names: one per call of an assistant message (in call order), or the result's tool. */
  toolNames?: string[];
  toolCallIds?: string[];
  toolCallId?: string;
  /** Plain text preview (never HTML: the webview renders it as text). */
  preview: string;
  /** Estimated tokens of the message as sent. */
  tokens: number;
  /** Characters of the message's text as sent (what `tokens` estimates). */
  chars?: number;
  /** When the message was written (ISO 8601), when the format records it. */
  timestamp?: string;
  /** Usage the agent recorded for this response (assistant messages), not an estimate. */
  usage?: ViewUsage;
  /**
   * Claude Code: the subagent (sidechain) lines run by this message's Task call, in file order.
   * Not part of the context: draw them as a collapsed group under the call.
   */
  sidechain?: ViewSidechain[];
  /** Subagents this message's calls ran whose transcripts are files of their own (Claude Code 2.1, Codex). */
  subagents?: ViewSubagent[];
  /** Block id of the chain/acp range the message is inside (before) or stands for (after). */
  blockId?: string;
  /** Why the message is not in "after" (before column only). */
  droppedBy?: ViewDropReason;
  /** The result was replaced by a stub (phase 1) or its arguments purged (phase 2). */
  changed?: "stubbed" | "purged" | "thinking-stripped";
  findings: ViewFinding[];
  /** The content to draw (rows answers carry it, bounded; the view model does not hold it). */
  content?: ViewContent;
}

/**
 * A part of a message's content as the inspector draws it (issue 23): text (with how to read it),
 * thinking, a tool call (arguments as indented JSON, and an edit or patch when the call is one),
 * an image (its size; the bytes are not sent). Texts are bounded: `totalChars` says how long one
 * was when it was cut. Everything is drawn as text (Markdown rendered with raw HTML off).
 */
export type ViewBlock =
  | { type: "text"; text: string; format: "markdown" | "plain" | "diff"; totalChars?: number }
  | { type: "thinking"; text: string; totalChars?: number; redacted?: boolean }
  | {
      type: "toolCall";
      id: string;
      name: string;
      /** The arguments as indented JSON (a JSON string argument, as Codex records them, parsed first), without the parts `edits` or `patch` show. */
      args: string;
      totalChars?: number;
      /** File edits the call makes (old and new text), for Edit-like tools. */
      edits?: { path?: string; before: string; after: string; cut?: boolean }[];
      /** A patch the call applies: `apply` (Codex apply_patch) or `unified` (a unified diff). */
      patch?: { kind: "apply" | "unified"; text: string; cut?: boolean };
    }
  /** `ref`: the block's index in the message's content, to ask for its bytes (`FullTextQuery.image`). */
  | { type: "image"; mimeType?: string; bytes?: number; ref?: number }
  | { type: "other"; label: string; text: string; totalChars?: number };

/** A message's content for drawing, bounded (message-content.ts). */
export interface ViewContent {
  blocks: ViewBlock[];
  /** True when blocks or text were left out to keep the message within its bound. */
  cut?: boolean;
  /** Tool results: the result is an error. */
  isError?: boolean;
}

/** Tokens and cost as the agent recorded them (pi `usage`, Claude Code `message.usage`, Codex `token_count`). */
export interface ViewUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /** Reasoning output tokens, where recorded separately (Codex). */
  reasoning?: number;
  /** USD, where recorded (pi). */
  cost?: number;
  model?: string;
}

/** Recorded usage summed over a session file (every response, on any branch). */
export interface ViewUsageTotals {
  responses: number;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  reasoning: number;
  cost?: number;
}

/** Where the before/after difference comes from (estimated tokens). */
export interface ViewTotalsBreakdown {
  /** Before-messages not sent (dropped by a range, the orphan sweep, the wire, ...). */
  dropped: { messages: number; tokens: number };
  /** Messages only in After, by synthetic kind (`synthetic-tool-result`, `chain-summary`, ...). */
  added: { kind: string; messages: number; tokens: number }[];
  /** Messages sent changed (stubbed, purged, thinking stripped): their tokens before and after. */
  changed: { kind: string; messages: number; tokensBefore: number; tokensAfter: number }[];
}

/**
 * A subagent a tool call ran, with a transcript of its own: Claude Code's
 * `<session>/subagents/agent-<id>.jsonl`, Codex's child rollout named by its thread id.
 */
export interface ViewSubagent {
  toolCallId: string;
  /** Claude Code's `agentId`, Codex's child thread id. */
  id: string;
  /** The agent that ran it, as people name it ("Claude Code"). */
  agent: string;
  /**
   * Where the agent keeps the transcript: a path in the folder named as the session beside it,
   * or a file named `prefix…suffix` in its dated sessions tree. Plain names only.
   */
  where: { in: "session-folder"; path: string[] } | { in: "sessions-tree"; prefix: string; suffix: string };
  /** The agent's type or the tool that spawned it, when recorded (plain text). */
  label?: string;
  /** The transcript's file name, when the server found it beside the session. */
  file?: string;
}

/** A group of Claude Code sidechain (subagent) lines. */
export interface ViewSidechain {
  /** The Task call's id, when the group was matched to one. */
  toolCallId?: string;
  agentId?: string;
  /** 1-based file lines of the group. */
  lines: number[];
  messages: ViewMessage[];
}

export interface ViewRange {
  blockId: string;
  kind: "chain" | "acp";
  /** 1-based file line of the entry that defines it. */
  line: number;
  resolved: boolean;
  reason?: string;
  /** Keys of the before-messages at the range's start and end (inclusive), when resolved. */
  startKey?: string;
  endKey?: string;
  dropped: number;
}

export interface RenderView {
  uri: string;
  version: number | null;
  format: string;
  pruner: "pi-condense" | "acp-kernel" | "none";
  /** What the After column models, per format: `short` for the header, `label` in full (tooltip). */
  afterModel?: { kind: string; label: string; short: string };
  leaf: string | null;
  before: ViewMessage[];
  after: ViewMessage[];
  ranges: ViewRange[];
  totals: {
    before: { messages: number; tokens: number };
    after: { messages: number; tokens: number };
    /** Always an estimate: labelled as such in the UI. */
    tokenizer: string;
    /** Characters before and after, and what pruning saves (messages, characters, tokens). */
    chars?: { before: number; after: number };
    saved?: { messages: number; chars: number; tokens: number };
    /** Usage the agent recorded over the whole file, when it records any. */
    recorded?: ViewUsageTotals;
    /** What makes up the difference: messages dropped, added (by kind) and changed, with their tokens. */
    breakdown?: ViewTotalsBreakdown;
  };
  /** Claude Code sidechain lines no Task call on the branch could be matched to (listed with a note). */
  unmatchedSidechain?: { note: string; groups: ViewSidechain[] };
  findingCounts: Record<string, number>;
  /** Provider rules: the provider shown, the detected one, and every provider's verdict. */
  provider?: ViewProvider;
  /** The session's other branches and roots, and what this view leaves out (view-branches.ts). */
  branches?: ViewBranches;
  /** The compactions on the shown branch, oldest first (at most MAX_VIEW_COMPACTIONS; `compactionsOmitted` more). */
  compactions?: ViewCompaction[];
  compactionsOmitted?: number;
  /** The After column against what the agent recorded it sent (OpenClaw's trajectory beside the session), when there is such a file. */
  recorded?: ViewRecorded;
}

/** What the agent recorded it sent, compared with the After column (presentation/view-recorded.ts). */
export interface ViewRecorded {
  /** What the record is ("OpenClaw's trajectory") and its file's name (plain text). */
  label: string;
  file: string;
  /** 1-based line of the record in its file; when it was recorded (ISO 8601). */
  recordLine: number;
  at?: string;
  agrees: boolean;
  /** 1-based line of the session where they first part. */
  line?: number;
  /** One plain sentence saying all of the above. */
  summary: string;
  /** The recorded messages (the first 200; `recorded` in all): what the agent sent, as it recorded it. */
  messages: { role: string; ids: string[]; preview: string }[];
  recorded: number;
}

/** Compactions a view lists at most (each is a row of the inspector). */
export const MAX_VIEW_COMPACTIONS = 500;

/**
 * A compaction on the shown branch, as an event (issue 26 item 6): pi `compaction`, Claude Code
 * `compact_boundary`, Codex `compacted`, Copilot CLI `session.compaction_complete`. The inspector
 * shows it as a row of its own where it happened.
 */
export interface ViewCompaction {
  /** 1-based line of the compaction. */
  line: number;
  /** The agent as people name it. */
  agent: string;
  /** What started it, as the agent recorded it ("auto", "manual"). */
  trigger?: string;
  /**
   * The context's tokens before it: as the agent recorded them on the line (`agent`), else the
   * input the last response before it recorded (`response`, on `line`).
   */
  tokensBefore?: { tokens: number; from: "agent" | "response"; line?: number };
  /** The context's tokens after it: the input the next response recorded (on `line`). */
  tokensAfter?: { tokens: number; line: number };
  /**
   * What left the context at it: messages, of which tool calls and results, the first and last
   * line, and their estimated tokens where the view measured them all (messages a resume drops are
   * rows of the view; pi's context build leaves them out of Before, so they are not measured:
   * pi records the tokens before instead).
   */
  left: { messages: number; toolMessages: number; tokens?: number; firstLine?: number; lastLine?: number };
  /** One plain sentence saying all of the above (the row, the CLI, screen readers). */
  summary: string;
}

/**
 * A branch of the session (issue 23 item 4): a leaf whose path holds messages the view of the
 * shown branch does not show, or the shown branch itself. Lines are 1-based.
 */
export interface ViewBranch {
  /** The leaf's entry id: the inspector asks for the view of this branch with it. */
  leafId: string;
  /** Line of the leaf entry. */
  line: number;
  /** Line of the root entry its path starts at. */
  rootLine: number;
  /** Entries from the root to the leaf. */
  entries: number;
  /** The shown branch: its messages; another branch: its messages the shown view does not show. */
  messages: number;
  /** Line of the last entry it shares with the shown branch; absent when it shares none (another conversation). */
  forkLine?: number;
  /**
   * `results`: its own messages are only tool results (Claude Code writes each result of a
   * parallel turn on a branch parented to its call; the reading shown did not take it back).
   */
  kind?: "results";
  /** The conversation it belongs to (1-based, the shown one first: `ViewBranches.conversations`). */
  conversation?: number;
  /** Its last user prompt, as a one-line preview (plain text). */
  preview?: string;
  /** When its last message was written (ISO 8601). */
  timestamp?: string;
  /** The agent's own active branch (the one it resumes). */
  active?: boolean;
  /** The branch the view shows. */
  shown?: boolean;
}

/** A root of the session's entry tree with the branches that hold messages under it. */
export interface ViewConversation {
  rootId: string;
  rootLine: number;
  /** 1-based, the shown one first. */
  index: number;
  branches: number;
  /** Messages on its listed branches (the shown conversation: the shown branch's and the others' own). */
  messages: number;
  shown?: boolean;
}

/** What the file holds besides the branch shown, and what the view leaves out. */
export interface ViewBranches {
  /** The leaf the view shows, and the agent's active one (they differ once the page picked another). */
  shownLeaf: string | null;
  activeLeaf: string | null;
  /** The first MAX_LISTED_CONVERSATIONS; `conversationCount` says how many hold messages. */
  conversations: ViewConversation[];
  conversationCount: number;
  /** The shown branch first, then the others by conversation (the first MAX_LISTED_BRANCHES); `branchCount` in all. */
  branches: ViewBranch[];
  branchCount: number;
  /** What the view leaves out, and why. */
  leftOut: {
    /** Messages on other branches and in other conversations, once each. */
    messages: number;
    /** Other branches of the shown conversation, and other conversations. */
    branches: number;
    conversations: number;
    /** Leaves without messages of their own (progress lines, parallel results the agent merges back, lines before a compaction the context follows). */
    quietLeaves: number;
    /** Subagent lines shown under their Task calls rather than as messages. */
    subagentLines: number;
    subagentLeaves: number;
    /** Leaves not read (the walk's bound): their messages are not counted. */
    uncounted?: number;
  };
}

export interface ViewProvider {
  /** The provider whose verdict the findings follow (`anthropic`, ...); "" when none is known. */
  target: string;
  /** The provider of the session's latest turn; "" when not recognised. */
  detected: string;
  verdicts: { name: string; label: string; rejects: boolean; problems: number }[];
  /** The provider rules checked nothing: what the agent sends is not known (Cursor), so no verdict means "accepts". */
  notChecked?: true;
}
