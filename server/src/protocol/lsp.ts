/**
 * Custom requests and notifications between the extension (language client) and the language
 * server, as typed request objects: `client.sendRequest(RenderRequest, params)` and
 * `connection.onRequest(RenderRequest, handler)` check params and results at compile time on
 * both sides. Lines are 1-based here (what people see); the engine is 0-based inside.
 *
 * Node only (it imports the JSON-RPC runtime): the webview imports view.ts and webview.ts
 * directly, never this file or index.ts.
 */
import { NotificationType, RequestType } from "vscode-languageserver-protocol";
import type { ProviderGuardReason, ProviderStatus } from "./providers.js";
import type { RenderView, ViewFix } from "./view.js";
import type { FullTextAnswer, FullTextQuery, LocateAnswer, LocateQuery, RowsAnswer, RowsQuery, SubagentAnswer, SubagentQuery, ViewSummary } from "./view-window.js";

// ---------------------------------------------------------------------------------------------
// The inspector's view of a document (extension -> server, and server -> extension when it changes)

export interface RenderParams {
  uri: string;
  /** The provider whose verdict the inspector shows (default: the document's target). */
  provider?: string;
  /**
   * The branch to show: the id of its leaf entry (`ViewBranch.leafId`; default, or an id that
   * names no entry: the agent's active branch). The windowed requests below take it too.
   */
  leafId?: string;
}
/** Which branch a windowed request is about (see `RenderParams.leafId`). */
export interface BranchParams {
  uri: string;
  leafId?: string;
}
/** The view model, or null when the document is not a session transcript. */
export type RenderResult = RenderView | null;
/** `transcriptInspector/render`: the before/after view model of one document. */
export const RenderRequest = new RequestType<RenderParams, RenderResult, void>("transcriptInspector/render");

export interface RenderChangedParams {
  uri: string;
  version: number | null;
}
/** `transcriptInspector/didChangeRender` (server -> client): a document's render changed. */
export const RenderChangedNotification = new NotificationType<RenderChangedParams>("transcriptInspector/didChangeRender");

// ---------------------------------------------------------------------------------------------
// What the status bar and the editor title button need (server -> client)

export interface StatusParams {
  uri: string;
  /** Whether the server recognised the document as a session transcript (it knows the formats). */
  isSession: boolean;
  /** The sniffed format: a session format's name, or `unknown`. */
  format: string;
  pruner: string;
  errors: number;
  warnings: number;
  messagesBefore: number;
  messagesAfter: number;
  /** Present when the server published only the first `shown` of `total` diagnostics. */
  capped?: { shown: number; total: number };
  /** The target provider and its verdict (protocol/providers.ts). */
  provider?: ProviderStatus;
}
/** `transcriptInspector/status` (server -> client): sent after every analysis of a document. */
export const StatusNotification = new NotificationType<StatusParams>("transcriptInspector/status");

// ---------------------------------------------------------------------------------------------
// Applying a webview fix through the server (extension -> server)

export interface FixEditParams {
  uri: string;
  fix: ViewFix;
}
export interface FixEditTextEdit {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  newText: string;
}
/** A WorkspaceEdit (LSP shape), or null when the fix is no longer safe or applicable. */
export type FixEditResult = { changes: Record<string, FixEditTextEdit[]> } | null;
/**
 * `transcriptInspector/fixEdit`: the edit that applies a `ViewFix` to a document. The extension
 * applies it with `workspace.applyEdit`, so it lands in the editor's undo history.
 */
export const FixEditRequest = new RequestType<FixEditParams, FixEditResult, void>("transcriptInspector/fixEdit");

// Fix preview (issue 23 item 8b): a repair's edits, and the target's verdict before and after it

export interface PreviewFixParams {
  uri: string;
  fix: ViewFix;
}
/** The target provider's verdict on the next request. */
export interface PreviewVerdict {
  /** The provider (`anthropic`, ...); null when none is known. */
  provider: string | null;
  rejects: boolean;
  problems: number;
  /** When it rejects: the first finding that makes it (view-guard.ts). */
  reason?: ProviderGuardReason;
}
export interface PreviewFixAnswer {
  /** The repair's edits on the document as it is (LSP shape, 0-based). */
  edits: FixEditTextEdit[];
  before: PreviewVerdict;
  after: PreviewVerdict;
  /** Errors and warnings the repair removes, and any it adds, by code. */
  fixed: { code: string; count: number }[];
  added: { code: string; count: number }[];
}
/** `transcriptInspector/previewFix`: what a fix would change and the verdict after it; null when it no longer applies. */
export const PreviewFixRequest = new RequestType<PreviewFixParams, PreviewFixAnswer | null, void>("transcriptInspector/previewFix");

// ---------------------------------------------------------------------------------------------
// Session files an editor shows but VS Code does not sync (over 50 MB) (extension -> server)

export interface UnsyncedDocumentParams {
  uri: string;
}
/**
 * `transcriptInspector/didShowUnsynced`: an editor shows this file but the client has no synced
 * document for it (VS Code passes none over 50 MB to extensions). The server reads it from disk,
 * publishes its diagnostics and follows appends until `didHideUnsynced`.
 */
export const DidShowUnsyncedNotification = new NotificationType<UnsyncedDocumentParams>("transcriptInspector/didShowUnsynced");
/** `transcriptInspector/didHideUnsynced`: no editor shows the file any more: the server releases it. */
export const DidHideUnsyncedNotification = new NotificationType<UnsyncedDocumentParams>("transcriptInspector/didHideUnsynced");

// ---------------------------------------------------------------------------------------------

/** Command that reveals a 1-based line: arguments `[line]` or `[line, uri]` (hover links use it). */
export const REVEAL_LINE_COMMAND = "transcriptInspector.revealLine";
/** Settings section read with workspace/configuration. */
export const SETTINGS_SECTION = "transcriptInspector";

// ---------------------------------------------------------------------------------------------
// The windowed inspector (view-window.ts): a summary, then rows, places and full texts on request

/** `transcriptInspector/summary`: the header of a document's view, or null when it is not a session. */
export const SummaryRequest = new RequestType<RenderParams, ViewSummary | null, void>("transcriptInspector/summary");
/** `transcriptInspector/rows`: a bounded window of the rows matching the filters. */
export const RowsRequest = new RequestType<RowsQuery & BranchParams, RowsAnswer | null, void>("transcriptInspector/rows");
/** `transcriptInspector/locate`: a row's index among the matching rows (a line, a row key, a range start). */
export const LocateRequest = new RequestType<LocateQuery & BranchParams, LocateAnswer | null, void>("transcriptInspector/locate");
/** `transcriptInspector/subagent`: the transcript of a subagent a call ran (its file and first messages), or null when not found. */
export const SubagentRequest = new RequestType<SubagentQuery & BranchParams, SubagentAnswer | null, void>("transcriptInspector/subagent");
/** `transcriptInspector/fullText`: one message's full text, bounded. */
export const FullTextRequest = new RequestType<FullTextQuery & BranchParams, FullTextAnswer | null, void>("transcriptInspector/fullText");
