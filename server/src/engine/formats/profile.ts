/**
 * A format profile: everything the engine needs to know about one agent's session files, in one
 * place. Each agent is one folder under formats/ exporting one `FormatProfile`; registry.ts lists
 * them. Nothing outside formats/ branches on a format's name: it asks the profile. Adding a
 * format = one folder (copy formats/codex/, the simplest linear one) and one registry line.
 */
import type { LineList } from "../model/line-list.js";
import type { DropReason } from "../model/drop-reason.js";
import type { ModelRef, ProviderName } from "../model/provider-names.js";
import type { LineUsage } from "../model/usage-record.js";
import type { DocumentPlaces, Entry, Finding, JsonPath, Msg, Session, SourceLine } from "../model/types.js";

/**
 * How a document changed since the version before, as the continuation saw it: lines appended
 * from this 0-based line on (the lines before are the same), or these 0-based lines edited in
 * place (the line count and every other line are the same).
 */
export type LineChange = { append: number } | { edited: readonly number[] };

/** What a reader makes of a file's lines: the tree nodes and the format's own findings. */
export interface FormatRead {
  header?: Session["header"];
  entries: Entry[];
  findings: Finding[];
}

/** How a repair removes the line of an orphan tool result in this format. */
export type ResultLineRemoval =
  /** Delete the line; nothing else names it (linear files, v1 pi). */
  | "delete-line"
  /** Delete the line and point its children's parent key at its parent. */
  | "reparent";

/** What the agent sends on resume instead of its whole branch (a compaction's cut, a rollback). */
export interface ResumeContext {
  messages: Msg[];
  dropped: { msg: Msg; by: DropReason }[];
  /** 0-based line of the boundary (or compaction) the context starts from. */
  line: number;
  /** One line for people: what the After column shows. */
  label: string;
  /** A few words for narrow places (the inspector's header); `label` is the tooltip. Default "resume". */
  short?: string;
  /** What the agent's reading loses or makes up, in the agent's words (results dropped, turns skipped). */
  findings?: Finding[];
}

/** What the context build depends on besides the branch (pi: the pi version rendered for). */
export interface ContextOptions {
  piVersion?: string;
}

/** What the caller chose about the agent's reading. */
export interface ResumeOptions {
  /** Which of the profile's `readingVersions` to model (default: the first, the newest). */
  version?: string;
}

/**
 * How findings name the runtime that acts on the file: the agent that loads it and the code that
 * sends its context. A finding on a Claude Code file never says what pi does.
 */
export interface RuntimeWords {
  /** The agent as people name it: "pi", "Claude Code", "Codex". */
  readonly agent: string;
  /** What builds the request from the session, when it is not the agent itself ("pi's provider layer (pi-ai)"). */
  readonly sender: string;
  /** What the sender does with a call that has no result before the next message (one clause). */
  readonly missingResult: string;
  /** Which of two entries with one id the agent keeps (one clause). */
  readonly duplicateId: string;
}

/** How the provider rules see this agent's requests. */
export interface ProviderShape {
  /** The provider and model each turn's request went to, in branch order (the last one is the target). */
  modelTurns(session: Session): ModelRef[];
  /** The provider pack a message's own model speaks (to tell same-model turns from replayed ones). */
  packOf(m: Msg): ProviderName | undefined;
  /** Whether the same-model test also compares the recorded model and api (pi records both per message). */
  readonly recordsModelPerMessage: boolean;
  /** Whether the sender serialises the request itself (pi-ai: empty blocks dropped, unsigned thinking as text). */
  readonly serialisedBySender: boolean;
  /** Each file line is one request message (Claude Code writes one user line per result). */
  readonly oneMessagePerLine: boolean;
  /**
   * The agent's next request always adds a user turn after the history it resumes (Claude Code,
   * Codex and Copilot CLI send the user's new prompt, or a continuation message): a history that
   * ends on an assistant message is a finished turn, never a prefill. False where the agent may
   * send the history as it ends (pi continues from its last message).
   */
  readonly nextRequestAddsUserTurn: boolean;
  /**
   * The agent's next request sends the history's last calls as they are, without results, before
   * the user's new prompt (Kimi CLI makes none up): the provider rules read them as unanswered,
   * not as calls still in flight. Absent: the last message's calls are in flight.
   */
  readonly sendsLastCallsUnanswered?: boolean;
  /**
   * What the agent sends is not known, and the file is not a request (Cursor: no call ids, no
   * results, the request built on its servers): the provider rules check nothing of it, whichever
   * provider is chosen. Absent: they check the After column.
   */
  readonly requestNotKnown?: boolean;
  /** The sender sends Gemini 3 a signature bypass for an unsigned call (pi-ai). */
  readonly bypassesThoughtSignature: boolean;
  /**
   * The sent messages are the context's own or copies of them (sharing their `origin`), so a rule
   * may compare a sent message with the context's (pi's pruners, Codex, Copilot CLI, Gemini CLI).
   * False where the resume builds its own messages from the lines (Claude Code): nothing of the
   * context is looked up for them.
   */
  readonly sendsContextMessages: boolean;
  /** The agent's own Responses reasoning items, in file order (Codex), for the reasoning rule. */
  reasoningItems?(session: Session): { item: Record<string, any>; line: number; bare: boolean }[];
}

/** Subagent lines written into the main session file, grouped under the call that ran them (Claude Code's sidechains). */
export interface SidechainGroup {
  /** The Task call's id and the 0-based line of its assistant message, when matched. */
  toolCallId?: string;
  callLine?: number;
  agentId?: string;
  /** 0-based lines, in file order. */
  lines: number[];
  messages: Msg[];
}

export interface Sidechains {
  groups: SidechainGroup[];
  unmatched: SidechainGroup[];
}

/**
 * A folder where the agent keeps its sessions (the session library's discovery reads these). Pure
 * data: the library resolves it against the user's home and environment.
 */
export interface SessionFolder {
  /** The folder under the user's home, with "/" separators: ".claude/projects". */
  readonly home: string;
  /**
   * An environment variable that moves the folder: its value, joined with `under` when given,
   * replaces `home` ("CODEX_HOME" + "sessions").
   */
  readonly env?: { readonly name: string; readonly under?: string };
  /** Sessions the agent archived (Codex's archived_sessions): listed, not resumed by default. */
  readonly archived?: boolean;
  /** The folder holds the agent's store (`store`: a database), not session files: the session library lists the store's sessions (library/stores.ts) and does not walk the folder. */
  readonly store?: boolean;
}

/**
 * Where an agent keeps a subagent's transcript of its own: a path inside the folder named as the
 * session file without its extension, beside it (Claude Code 2.1: `<session>/subagents/agent-<id>.jsonl`),
 * or a file named `prefix…suffix` somewhere in the agent's dated sessions tree (`…/YYYY/MM/DD/`,
 * the session's own day first: Codex's child rollouts).
 */
export type TranscriptPlace = { in: "session-folder"; path: string[] } | { in: "sessions-tree"; prefix: string; suffix: string };

/** Ids a subagent transcript may be named by (no path separators, no dots: nothing but a name). */
export const SUBAGENT_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** A file or folder name looked for (one path element, not `.` or `..`). */
const PLAIN_NAME = /^(?!\.\.?$)[A-Za-z0-9._-]{1,255}$/;
/** Whether a place names plain files and folders only: what the server and the library may look for (never a path from the file). */
export const isSafePlace = (w: TranscriptPlace): boolean =>
  w.in === "session-folder" ? w.path.length > 0 && w.path.length <= 8 && w.path.every((p) => PLAIN_NAME.test(p)) : PLAIN_NAME.test(w.prefix + w.suffix);

/** A subagent a tool call ran whose transcript is a file of its own, not lines of this file. */
export interface SubagentTranscript {
  toolCallId: string;
  /** The agent's id for it (Claude Code's `agentId`, Codex's child thread id), as recorded: unchecked. */
  id: string;
  /** The agent's type or the tool that spawned it, when recorded. */
  label?: string;
  where: TranscriptPlace;
}

/**
 * What README.md's table of agents says about a format: repair/agent-table-doc.ts writes the table
 * from these, the profile's `label` and `sessionFolders`, the rule table and the repairs (the
 * Repaired column is the fixes of the codes checked that `RepairSpec.offeredOn` allows here);
 * test/unit/agent-table.test.ts compares it with the README and checks the codes named here.
 * Markdown, one short cell each.
 */
export interface AgentDoc {
  /** The session files, each a path under the profile's first `sessionFolders` folder, with a note ("v1 to v3"). */
  readonly files: readonly { readonly path: string; readonly note?: string }[];
  /** What is read: the lines and records the reading takes, in a few words. */
  readonly reads: string;
  /** What the After column is: what the agent (or its pruner) sends. */
  readonly sends: string;
  /**
   * The finding codes this agent's files are checked for besides the provider rules (every
   * format's): the file's shape, the agent's reading, its pairing. A code found on the format's
   * corpus or fixtures is listed here (a test checks).
   */
  readonly checks: readonly string[];
  /** What the repairs write or leave alone, when it needs saying (a sentence or two). */
  readonly repairNote?: string;
  /** The agent versions tried, and how: "2.1.112 and 2.0.31: the real CLIs resumed …". Names each of `readingVersions`. */
  readonly versions: string;
}

/** How many characters of a JSON document `detectDocument` sees. */
export const DOCUMENT_HEAD_CHARS = 64 * 1024;

/** A compaction one line records: what started it and the context's tokens before it, where the agent wrote them. */
export interface CompactionRecord {
  /** As the agent names it: Claude Code's `compactMetadata.trigger` ("auto", "manual"). */
  trigger?: string;
  /** The context's tokens before the compaction, as recorded (Claude Code `preTokens`, pi `tokensBefore`). */
  tokensBefore?: number;
}

/**
 * A database an agent keeps its sessions in, as a format reads it: rows of a query. io/ opens the
 * file (read-only, its write-ahead log included: io/sqlite-file.ts) and gives the format this.
 */
export interface StoreDatabase {
  /** The names of the database's tables. */
  tables(): readonly string[];
  /** The rows of one SELECT (`?` parameters), each as column -> value. */
  rows(sql: string, params?: readonly (string | number)[]): Record<string, unknown>[];
}

/** A folder tree an agent keeps its sessions in (one JSON file per record), as a format reads it. */
export interface StoreFolder {
  /** The names in the folder at `path` (below the store's root); none when it is no folder. */
  list(path: readonly string[]): readonly string[];
  /** The text of the file at `path`; undefined when it cannot be read. */
  read(path: readonly string[]): string | undefined;
}

/**
 * What the agent itself recorded it compiled for the model at a run's start (OpenClaw's
 * `context.compiled`): the messages as the agent's own message objects, with the ids as sent.
 */
export interface RecordedContext {
  /** 0-based line of the record in its file. */
  readonly line: number;
  /** When it was recorded (ISO 8601), as written. */
  readonly at?: string;
  /** The session entry that was the leaf when it was compiled. */
  readonly leafId?: string;
  /** The run's prompt, sent after the messages. */
  readonly prompt?: string;
  readonly messages: readonly Record<string, unknown>[];
  /** Why the agent recorded only the first messages (its own bound), when it did. */
  readonly cut?: string;
}

export type RecordedContextRead = { ok: true; record: RecordedContext } | { ok: false; error: string };

/**
 * A file beside the session where the agent records what it sent (OpenClaw's trajectory): the
 * server reads it (bounded, never blocking) and the analysis compares it with the After column.
 */
export interface RecordedContextSource {
  /** What the file is, for people ("OpenClaw's trajectory"). */
  readonly label: string;
  /** The file's name beside a session file of this name, or null when it has none. */
  fileName(sessionFileName: string): string | null;
  /** The names of such files (a folder's walk leaves them out: they are no sessions). */
  readonly fileNamePattern: RegExp;
  /** The session file's name beside a file of this name (the inverse of `fileName`), or null when it is none. */
  sessionFileName(recordingName: string): string | null;
  read(text: string): RecordedContextRead;
}

/** One session a store holds. */
export interface StoredSession {
  readonly id: string;
  readonly title?: string;
  /** Milliseconds since 1970, when recorded. */
  readonly updated?: number;
}

/**
 * An agent that keeps its sessions in a store (a SQLite database, a folder of JSON records) rather
 * than a file per session: each session is read out as the agent's own JSON export of it (one
 * document, `detectDocument` takes it), which the engine then reads like a session file. Read
 * only: nothing is ever written to a store.
 */
export interface SessionStore {
  /** The database's file names (`opencode.db`). */
  readonly databaseName: RegExp;
  /** The storage folder's name in the agent's data folder (`storage`). */
  readonly folderName: string;
  /** Whether a database is this agent's (its tables, and the columns the reading selects). */
  isDatabase(db: StoreDatabase): boolean;
  sessionsInDatabase(db: StoreDatabase): StoredSession[];
  /** A session of the database as its JSON document's text; undefined when it holds no such session. */
  documentInDatabase(db: StoreDatabase, id: string): string | undefined;
  /** Whether a folder is this agent's storage tree, from the names in it. */
  isFolder(names: readonly string[]): boolean;
  sessionsInFolder(folder: StoreFolder): StoredSession[];
  documentInFolder(folder: StoreFolder, id: string): string | undefined;
}

export interface FormatProfile<N extends string = string> {
  /** The format's name: `Session.format`, the `format` of CLI JSON and the view model. */
  readonly name: N;
  /** The agent as people name it (tables, status bar). */
  readonly label: string;
  readonly words: RuntimeWords;
  /**
   * Whether a parsed object marks a file of this format. `index` counts the objects seen so
   * far (0 for the first); detection looks at the first 50 objects, readers in registry order.
   */
  detect(value: Record<string, any>, index: number): boolean;
  /**
   * The format whose files this agent writes, with marks of its own (OpenClaw and oh-my-pi write
   * pi's): once `base` is detected, the first 50 objects are still offered to `marks`, and a mark
   * makes the file this agent's. `detect` is then what tells the file alone (before the base's
   * first object); the variant is listed before its base in the registry.
   */
  readonly variantOf?: { readonly base: string; marks(value: Record<string, any>): boolean };
  /** Lines -> entries (tree nodes, in file order) and the format's line-level findings. */
  read(lines: LineList): FormatRead;
  /**
   * Whether a JSON document (one JSON value over the whole file, not JSON Lines: an agent that
   * writes its session with `JSON.stringify(x, null, 2)`) is a session of this format, from the
   * start of its text (at most DOCUMENT_HEAD_CHARS characters: a long document is sniffed before
   * it is parsed). Absent: the format has no document form.
   */
  detectDocument?(head: string): boolean;
  /**
   * Reads a JSON-document session (model/json-document.ts): every path in what it makes (entries'
   * values, call and result paths, findings) is a path from the document's root, and each entry's
   * line is where its value starts (`doc.lineOf(path)`). Required with `detectDocument`.
   */
  readDocument?(doc: DocumentPlaces, lines: LineList): FormatRead;
  /** Where the agent keeps its sessions when not as files of their own (a database, a folder of records): read-only. */
  readonly store?: SessionStore;
  /** The agent writes its sessions only as JSON documents (no JSON Lines form): no repair applies to its files (they edit lines). */
  readonly documentsOnly?: boolean;
  /** The names of this agent's JSON-document session files (Gemini CLI: `session-*.json`): a folder's walk (`check DIR`) takes them beside `*.jsonl`. */
  readonly documentFileName?: RegExp;
  /** The branch's context as the agent builds it, each message with its origin. */
  buildContext(branch: Entry[]): Msg[];
  /** The active leaf among `entries` (file order), as the agent picks it on load. */
  leaf(entries: Entry[]): Entry | undefined;
  /**
   * The entries the agent reads as the conversation up to `leaf`, oldest first, when that is not
   * the path from `leaf` to its root (Claude Code bridges a missing parent by time and brings back
   * parallel calls and results from sibling branches). Absent: the path.
   */
  branch?(entries: Entry[], leaf: Entry): Entry[];
  /** The key of an entry's own id on its line (findings point at it). */
  readonly idKey: string;
  /** The key of an entry's parent link on its line (findings and repairs point at it). */
  readonly parentKey: string;
  /** Top-level keys whose string value names another entry (go-to-definition). */
  readonly entryRefKeys: ReadonlySet<string>;
  /** Whether `path` on a line holding `value` is where a tool-call id or a result's call id sits. */
  isIdPath(value: any, path: JsonPath): boolean;
  /** What the repairs need to know about this format. */
  readonly repair: {
    /**
     * How to remove the line holding exactly the tool result `id` (and nothing else), or null
     * when the line is not that (removing it would lose other content) or the format cannot.
     */
    resultLineRemoval(value: Record<string, any>, id: string, entry: Entry | undefined, session: Session): ResultLineRemoval | null;
    /**
     * Whether the result `id` on `line` repeats a result the agent already sends for its call
     * (Gemini CLI 0.60 and 0.61 keep each result in the call's record and again in a user record,
     * and send both): dropping it loses nothing the model saw. Absent: only pi-condense's sweep
     * says a result is a second one.
     */
    repeatedResult?(session: Session, line: number, id: string): boolean;
    /**
     * Whether lines inside a turn other than its call and result may carry the call id (progress
     * and event lines): a rename then renames them too instead of giving up.
     */
    readonly turnLinesCarryIds: boolean;
    /**
     * The line this format writes for a call that never got its result: an error result saying
     * the call was interrupted, shaped as the agent writes results. `prev` is the entry the new
     * line follows (its parent in a tree format); `callLine` is the value of the call's line;
     * `newId` an id unused in the file (tree formats use it as the new entry's id).
     */
    interruptedResult(call: { id: string; name?: string }, callLine: Record<string, any>, prev: Entry, newId: string): Record<string, unknown>;
    /** Whether the file links entries by id (`parentKey`); otherwise the tree is the file order. */
    readonly linked: boolean;
    /**
     * The agent answers a call with a result of its id anywhere in what it sends (Codex): a call
     * with no result of its own is answered by another call's, and renamed alone it would lose
     * that answer, so the rename repair leaves it.
     */
    readonly answersById?: boolean;
    /**
     * Where the parent link of the line (0-based) should point so that the agent's resume reads
     * the turns it skips (`resume-skips-turns`): the line and id of the new parent, or why not.
     */
    relinkTarget?(session: Session, line: number): { line: number; id: string } | { reason: string };
    /** A new entry id in the agent's style, from four 8-hex-digit hashes (pi: 8 hex digits; Claude Code: a UUID). */
    newEntryId(hex: readonly [string, string, string, string]): string;
    /** Why lines may not be added or moved in this session (a v1 pi file with compactions counts lines), or null. */
    countsLines?(session: Session): string | null;
    /**
     * Why results split over several lines are not merged into the turn's first in this format
     * (one sentence a user reads); absent where the merge applies (Claude Code's user lines).
     */
    readonly noMergeReason?: string;
  };
  /**
   * How appended or edited lines read, given the session they join (the continuation's hook):
   * their entries and findings, as a full read of the whole file would give them, or null when
   * they cannot be read without the rest (a v1 pi file, lines before the header): the session is
   * then read in full. Absent: every change reads the session in full.
   */
  readLinesIn?(session: Session, lines: readonly SourceLine[]): FormatRead | null;
  /**
   * The entries of a session continued through `readLinesIn` (an append or an edit in place) and
   * every line of the document, before its leaf and branch are taken: a profile that keeps what
   * it read beside a read's entries (Claude Code's reading, which its `leaf` and `branch` use)
   * keeps it for these entries too, continued from what it kept for `previous.entries` (the
   * version before) after `previous.change`. With a `branch` hook the continued session's leaf
   * and branch are the profile's over all entries. Absent: nothing is kept.
   */
  continueRead?(entries: readonly Entry[], lines: LineList, previous: { entries: readonly Entry[]; change: LineChange }): void;
  /**
   * The context (Before) of a branch that gained `tail`, from the previous one: the previous
   * messages followed by the tail's, or null when the tail changes earlier messages in a way the
   * hook does not follow (a compaction, a response streamed on from the previous line): the
   * context is then built in full. A hook may replace earlier messages (Gemini CLI: a record
   * written again replaces its messages in their place): the stages after it resume from the
   * first message that changed.
   */
  extendContext?(prevBefore: Msg[], prevBranch: readonly Entry[], tail: readonly Entry[], options: ContextOptions): Msg[] | null;
  /**
   * The context after entries were edited in place (same id, parent and kind), from the previous
   * one: each edited entry's message replaced, or null when an edit changes more than its own
   * message (the context is then built in full). Absent: always built in full.
   */
  editContext?(prevBefore: Msg[], prevBranch: readonly Entry[], edits: readonly { before: Entry; after: Entry }[], options: ContextOptions): Msg[] | null;
  /** The usage the agent recorded on one line, if any. */
  usageOnLine(value: Record<string, any>, line: number): LineUsage | undefined;
  /** The compaction this line records, as the agent wrote it (the inspector's and the library's compaction events). Absent: the agent writes none. */
  compactionOn?(value: Record<string, any>): CompactionRecord | undefined;
  /**
   * For each compaction at `branch[indices[k]]` (ascending), the messages it took out of the
   * context the agent builds itself (pi's buildSessionContext keeps the summary and the entries
   * from `firstKeptEntryId`). Absent: what a compaction takes out is what the agent's resume drops
   * (its drop reasons say it).
   */
  compactionsLeft?(branch: readonly Entry[], indices: readonly number[]): Msg[][];
  /** The usage a JSON-document session records (its lines hold no values of their own), in document order. */
  documentUsage?(doc: DocumentPlaces): LineUsage[];
  readonly providers: ProviderShape;
  /**
   * What the agent sends when it resumes the session, when that is not the branch as built:
   * undefined for a branch sent whole. Absent when pruners render the After column (pi).
   */
  resume?(session: Session, before: Msg[], options?: ResumeOptions): ResumeContext | undefined;
  /** The agent versions whose readings differ, newest first (the first is the default): "2.1", "2.0". */
  readonly readingVersions?: readonly string[];
  /** Subagent lines inside the file, not part of the context: groups to show under their calls. */
  sidechains?(session: Session): Sidechains;
  /** Subagents whose transcripts are files of their own, and where the agent keeps them. */
  subagentTranscripts?(session: Session, before: readonly Msg[]): SubagentTranscript[];
  /**
   * pi's pipeline renders its After column: the `context` event's messages, pi's pruners
   * (pi-condense, acp-kernel), `convertToLlm` and the provider layer (pi-ai).
   */
  readonly renderedByPruners: boolean;
  /**
   * With `renderedByPruners`: whether pi's pruners run (pi-condense and acp-kernel are pi's
   * extensions; an agent built on pi's runtime without them sets false). Absent: they run.
   */
  readonly runsPiPruners?: boolean;
  /**
   * With `renderedByPruners`: the messages the agent leaves out of what it sends after pi's
   * pipeline has built it (OpenClaw's replay filter drops its own transcript-only turns), each
   * with why. Absent: none.
   */
  replayDrops?(messages: readonly Msg[]): { msg: Msg; by: DropReason }[];
  /**
   * With `renderedByPruners`: the tool-call ids the agent sends in place of the file's (OpenClaw
   * rewrites them by its model's replay policy): `sent` (pi-ai's output) with the ids as sent,
   * changed messages copied (keeping their origin), or null when none changes. `session` tells the
   * model the next request goes to; `replayed` is what
   * pi-ai was given, `standIns` its stand-in results with their calls. The After column and the
   * provider rules read these ids; the file's findings and repairs keep the file's. Absent: the
   * file's ids are sent.
   */
  sentIds?(session: Session, replayed: readonly Msg[], sent: readonly Msg[], standIns: readonly { msg: Msg; call: { id: string }; assistant: Msg }[]): Msg[] | null;
  /**
   * The agent links lines to other files of the same folder (a continued session, subagent lines):
   * a parent not in this file is information, and the sibling files are searched for it.
   */
  readonly linksOtherFiles: boolean;
  /** Where the agent keeps its sessions, under the user's home (the session library scans them). */
  readonly sessionFolders?: readonly SessionFolder[];
  /**
   * The folder the session worked in, where no line of the file names it (a document's header:
   * OpenCode's `info.directory`, Hermes Agent's `cwd` column): the session library's project.
   */
  workingDirectory?(session: Session): string | undefined;
  /** Where the agent records what it compiled for the model, beside the session (OpenClaw's trajectory). Absent: nowhere. */
  readonly recordedContext?: RecordedContextSource;
  /** README.md's row for the agent in its table of agents. */
  readonly doc: AgentDoc;
}
