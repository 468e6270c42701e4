/**
 * Custom requests and notifications between the extension (language client) and the language
 * server. Lines are 1-based here (what people see); the engine is 0-based inside.
 */
import type { ViewFix } from "./view.js";

// ---------------------------------------------------------------------------------------------
// Language server custom requests/notifications (extension <-> server)

/** `transcriptInspector/render`: the before/after view model of one document. */
export const RENDER_REQUEST = "transcriptInspector/render";
export interface RenderParams {
  uri: string;
}

/** `transcriptInspector/didChangeRender` (server -> client): a document's render changed. */
export const RENDER_CHANGED_NOTIFICATION = "transcriptInspector/didChangeRender";
export interface RenderChangedParams {
  uri: string;
  version: number | null;
}

/** `transcriptInspector/status` (server -> client): counts for the status bar. */
export const STATUS_NOTIFICATION = "transcriptInspector/status";
export interface StatusParams {
  uri: string;
  /** Whether the server recognised the document as a session transcript. */
  isSession: boolean;
  format: string;
  pruner: string;
  errors: number;
  warnings: number;
  messagesBefore: number;
  messagesAfter: number;
}

// ---------------------------------------------------------------------------------------------
// Applying a webview fix through the server (extension -> server)

/**
 * `transcriptInspector/fixEdit`: the WorkspaceEdit (LSP shape) that applies a `ViewFix` to a
 * document, or null when the fix is no longer safe or applicable. The extension applies it with
 * `workspace.applyEdit`, so it lands in the editor's undo history.
 */
export const FIX_EDIT_REQUEST = "transcriptInspector/fixEdit";
export interface FixEditParams {
  uri: string;
  fix: ViewFix;
}
export interface FixEditTextEdit {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  newText: string;
}
export type FixEditResult = { changes: Record<string, FixEditTextEdit[]> } | null;

/** Command that reveals a 1-based line: arguments `[line]` or `[line, uri]`. */
export const REVEAL_LINE_COMMAND = "transcriptInspector.revealLine";
/** Settings section read with workspace/configuration. */
export const SETTINGS_SECTION = "transcriptInspector";
