/**
 * Why a message of the context is not in what goes on the wire. Typed, so nothing parses a
 * string back; `dropReasonLabel` gives the short label the CLI and the inspector show
 * (`chain:b7`, `acp:b2`, `orphan-sweep`, `pi-ai:error-turn`, `convertToLlm:excluded`, ...).
 */
export type DropReason =
  /** Inside a resolved pi-condense chain range. */
  | { kind: "chain"; blockId: string }
  /** Folded by an active acp-kernel block (its summary stands in for it). */
  | { kind: "acp-block"; blockId: string }
  /** Stripped by acp-kernel's orphan post-pass. */
  | { kind: "acp-strip-orphan" }
  /** Not projected to a kernel core (acp-kernel never sees it). */
  | { kind: "acp-not-projected" }
  /** Removed by pi-condense's orphan sweep. */
  | { kind: "orphan-sweep" }
  /** An assistant turn pi-ai leaves out (stopReason error or aborted). */
  | { kind: "pi-ai-skipped-turn"; stopReason: string }
  /** A bash execution excluded from the context with `!!` (pi's convertToLlm). */
  | { kind: "convert-excluded" }
  /** A message of a role pi's convertToLlm does not send. */
  | { kind: "convert-unknown-role" }
  /**
   * Not in the context the agent rebuilds on resume (after-model.ts): before Claude Code's latest
   * `compact_boundary`, replaced by a compaction (a Codex `compacted` item, Copilot CLI's
   * `session.compaction_complete`), rolled back (Codex) or cleared (Copilot CLI's `/clear`). `line`
   * is the 0-based line of the boundary, compaction, rollback or clear. Claude Code also leaves out a
   * line whose calls have no result (`unanswered-call`), a message it does not send (`not-sent`:
   * thinking or whitespace only, an API-error placeholder, a result that answers no call) and, in an
   * older version's reading, a line its walk does not reach (`off-chain`); `line` is then the message's own.
   */
  | { kind: "resume-cut"; by: "compact-boundary" | "compacted" | "rolled-back" | "context-cleared" | "unanswered-call" | "not-sent" | "off-chain"; line: number }
  /**
   * Left out by the agent's own reading on resume, item by item (Codex): a line it cannot decode,
   * an output whose call it does not send, or every item when it refuses the file. `line` is the
   * 0-based line that says why (the item's own, or the line the refusal is about).
   */
  | { kind: "resume-skip"; why: "undecodable" | "orphan-output" | "refused"; line: number }
  /**
   * Left out by the agent when it rebuilds the context on resume (`what`): a result whose call is
   * not in its turn (Copilot CLI); a user message it skips (Gemini CLI: empty, a `/` or `?`
   * command, its own `<session_context>` or `<hook_context>`); a model turn of thoughts only, or
   * one its curated history drops (an empty text part); every message when it cannot load the file;
   * a turn the agent keeps in its file only (OpenClaw's delivery mirrors and injected notes).
   */
  | { kind: "resume-drop"; what: "orphan-result" | "ignored-prompt" | "thoughts-only" | "invalid-model-turn" | "refused" | "transcript-only" };

export type DropKind = DropReason["kind"];

export function dropReasonLabel(r: DropReason): string {
  switch (r.kind) {
    case "chain":
      return `chain:${r.blockId}`;
    case "acp-block":
      return `acp:${r.blockId}`;
    case "acp-strip-orphan":
      return "acp:strip-orphan";
    case "acp-not-projected":
      return "acp:not-projected";
    case "orphan-sweep":
      return "orphan-sweep";
    case "pi-ai-skipped-turn":
      return `pi-ai:${r.stopReason}-turn`;
    case "convert-excluded":
      return "convertToLlm:excluded";
    case "convert-unknown-role":
      return "convertToLlm:unknown-role";
    case "resume-cut":
      return `${r.by}:L${r.line + 1}`;
    case "resume-skip":
      return r.why === "refused" ? "refused" : `${r.why}:L${r.line + 1}`;
    case "resume-drop":
      return `resume:${r.what}`;
  }
}

/** The block a drop belongs to (chain or acp-kernel block), if any. */
export function dropBlockId(r: DropReason): string | undefined {
  return r.kind === "chain" || r.kind === "acp-block" ? r.blockId : undefined;
}
