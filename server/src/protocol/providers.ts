/**
 * Provider rules on the wire: which provider a document's next request goes to (the target),
 * per-provider verdicts for the switch, and the per-document override. Provider names are the
 * CLI's (`anthropic`, `bedrock`, `openai-chat`, ...); `auto` follows the session's latest turn.
 *
 * Node only, like lsp.ts (it imports the JSON-RPC runtime).
 */
import { RequestType } from "vscode-languageserver-protocol";

/** The target provider of a document, as the status bar shows it (a field of StatusParams). */
export interface ProviderStatus {
  /** The provider the findings' severities follow; null when none is chosen or detected. */
  target: string | null;
  /** Its display name (`Anthropic`), or a word saying that none is known. */
  label: string;
  /** Where the target comes from: this document's switch, the setting, or the session's latest turn. */
  source: "document" | "setting" | "session" | "none";
  /** The provider of the session's latest turn; null when not recognised. */
  detected: string | null;
  /** Whether the target rejects the next request, and how many provider findings make it. */
  rejects: boolean;
  problems: number;
  /** When it rejects: the first finding that makes it, for the status bar (presentation/view-guard.ts). */
  reason?: ProviderGuardReason;
}

/** Why the target provider would reject the next request (the live guard, issue 23 item 8c). */
export interface ProviderGuardReason {
  code: string;
  /** 1-based line of the finding. */
  line: number;
  /** What is wrong there (plain text, at most 300 characters). */
  message: string;
  /** The provider's own error text for it (`N`/`M` for indexes), when known. */
  error?: string;
  /** `error` describes the provider's reply rather than quoting it. */
  paraphrase?: boolean;
  toolCallId?: string;
  /** The provider's display name. */
  provider?: string;
}

export interface ProviderVerdictItem {
  name: string;
  label: string;
  rejects: boolean;
  /** How many provider findings make it reject. */
  problems: number;
}

export interface ProviderVerdictsParams {
  uri: string;
}
export type ProviderVerdictsResult = { status: ProviderStatus; verdicts: ProviderVerdictItem[] } | null;
/** `transcriptInspector/providerVerdicts`: every provider's verdict on a document's next request. */
export const ProviderVerdictsRequest = new RequestType<ProviderVerdictsParams, ProviderVerdictsResult, void>("transcriptInspector/providerVerdicts");

export interface SetTargetProviderParams {
  uri: string;
  /** A provider name, or `auto` to follow the setting and then the session. */
  provider: string;
}
/** `transcriptInspector/setTargetProvider`: the document's target (false when the name is not a provider). */
export const SetTargetProviderRequest = new RequestType<SetTargetProviderParams, boolean, void>("transcriptInspector/setTargetProvider");

// ---------------------------------------------------------------------------------------------
// "Paste a provider error" (issue 23 item 8a): the file line of the request place an error names

export interface ProviderErrorParams {
  uri: string;
  /** The error text as the provider returned it (pasted by the user). */
  text: string;
  /** The branch the inspector shows (its leaf's id); default: the agent's active branch. */
  leafId?: string;
}
/** Where the place an error names comes from; null when the text names no place (`messages.N`, `messages[N]`, `input[N]`). */
export interface ProviderErrorAnswer {
  /** The provider whose request was counted (from the error's wording, else the target) and its name. */
  provider: string;
  label: string;
  /** The path as the error wrote it, and its numbers. */
  path: string;
  index: number;
  part?: number;
  /** 1-based file line it comes from; null when the request has no such place, or a message made up by the agent. */
  line: number | null;
  /** Every file line of that request message (a Claude Code response streamed over several). */
  lines?: number[];
  /** The JSON path on `line` of the block, when the error names one. */
  jsonPath?: string[];
  /** What it is: "tool message (result of toolu_1)", "user message", ... */
  what?: string;
  toolCallId?: string;
  /** Tool-call ids the error names. */
  ids: string[];
  /** Places counted in the request (messages or input items). */
  requestLength: number;
  /** How it was counted, and anything that did not add up. */
  note?: string;
}
export type ProviderErrorResult = ProviderErrorAnswer | null;
/** `transcriptInspector/providerError`: the file line of the request place a provider's error names. */
export const ProviderErrorRequest = new RequestType<ProviderErrorParams, ProviderErrorResult, void>("transcriptInspector/providerError");
