/**
 * What the After column models, per format, and the context it is:
 *
 * - pi: the pruner (pi-condense, or acp-kernel with its sidecar), then what pi sends
 *   (convertToLlm and pi-ai's transformMessages), as analyze.ts renders it;
 * - Claude Code: the context Claude Code rebuilds on resume (from the latest compact boundary);
 * - Codex: the history Codex rebuilds on resume (compactions' replacement history, rollbacks);
 * - anything else: nothing prunes it, so after = before.
 */
import type { DropReason } from "../model/drop-reason.js";
import { claudeResumeContext, type ResumeContext } from "../formats/claude-code/claude-code-resume.js";
import { codexResumeContext } from "../formats/codex/codex-resume.js";
import type { Msg, Session } from "../model/types.js";

export type AfterModelKind = "pi-condense" | "acp-kernel" | "pi-no-pruner" | "claude-code-resume" | "codex-resume" | "none";

export interface AfterModel {
  kind: AfterModelKind;
  /** One line for people: what the After column shows. */
  label: string;
  /** A few words for narrow places (the inspector's header); `label` is the tooltip. */
  short: string;
}

const PI_WIRE = "what pi sends (convertToLlm, then pi-ai)";

export function piAfterModel(pruner: "pi-condense" | "acp-kernel" | "none"): AfterModel {
  if (pruner === "pi-condense") return { kind: "pi-condense", label: `pruned by pi-condense, then ${PI_WIRE}`, short: "pi-condense" };
  if (pruner === "acp-kernel") return { kind: "acp-kernel", label: `pruned by acp-kernel, then ${PI_WIRE}`, short: "acp-kernel" };
  return { kind: "pi-no-pruner", label: `no pruner: ${PI_WIRE}`, short: "no pruner" };
}

export const NO_PRUNER: AfterModel = { kind: "none", label: "no pruner: after = before", short: "no pruner" };

export interface AgentAfter {
  model: AfterModel;
  messages: Msg[];
  dropped: { msg: Msg; by: DropReason }[];
}

/** The After column of a session that is not pi's: the agent's own resume context, or before. */
export function agentAfter(session: Session, before: Msg[]): AgentAfter {
  let r: ResumeContext | undefined;
  let model: AfterModel = NO_PRUNER;
  if (session.format === "claude-code") {
    r = claudeResumeContext(session, before);
    if (r) model = { kind: "claude-code-resume", label: `what Claude Code sends on resume: the context from the compact boundary on line ${r.line + 1}`, short: "resume after compact" };
  } else if (session.format === "codex") {
    r = codexResumeContext(session, before);
    if (r) model = { kind: "codex-resume", label: `what Codex rebuilds on resume: its history as replaced or rolled back on line ${r.line + 1}`, short: "resume after compact" };
  }
  return r ? { model, messages: r.messages, dropped: r.dropped } : { model, messages: before, dropped: [] };
}
