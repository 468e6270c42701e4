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
