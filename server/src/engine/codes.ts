/**
 * Every finding code, with what it means. README's "Finding codes" section documents each one
 * under the same anchor (`#code-<code>`), which diagnostics link to.
 */
export const FINDING_CODES = {
  "malformed-line": "A line that is not valid JSON or not a JSON object.",
  "unknown-entry": "An object that is not an entry of a known shape (unknown type, no id, no message).",
  "broken-parent": "A parent link that names no entry.",
  "duplicate-entry-id": "Two entries share one id.",
  "unresolved-range": "A chain entry whose range cannot be resolved; it drops nothing.",
  "range-id-mismatch": "The ids a chain range drops differ from its droppedToolCallIds.",
  "colliding-id": "A tool-call id used by calls in more than one turn.",
  "duplicate-call-id": "The same tool-call id twice in one assistant message.",
  "id-set-drop-hazard": "A live call reuses an id listed as dropped by a chain entry.",
  "orphan-result": "A tool result with no open call of its id in its turn.",
  "leading-non-user": "The rendered context does not open with a user message.",
  "pending-call": "Calls of the last turn without results: not a commit boundary.",
  "partial-message": "An aborted or errored assistant turn, or a truncated last line.",
  "dangling-call": "A call without a result before the next message (pi-ai inserts a synthetic result).",
  "error-turn-results": "Results of an assistant turn that pi-ai leaves out (stopReason error/aborted).",
  "first-user-pinned": "acp-kernel re-sends a covered first user message verbatim.",
  "acp-dangling-ref": "An acp-kernel block or message ref that resolves to nothing.",
  "acp-sidecar-invalid": "An acp-kernel sidecar that is not valid state.",
  "pruner-throws": "pi-condense throws on this entry: pi sends every request unpruned.",
} as const;

export type FindingCode = keyof typeof FINDING_CODES;

export const DOCS_BASE = "https://github.com/transcript-inspector/transcript-inspector#code-";
