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
import { formatProfile, type ResumeOptions } from "../formats/registry.js";
import type { Finding, Msg, Session } from "../model/types.js";

export type AfterModelKind = "pi-condense" | "acp-kernel" | "pi-no-pruner" | "agent-resume" | "none";

export interface AfterModel {
  kind: AfterModelKind;
  /** One line for people: what the After column shows. */
  label: string;
  /** A few words for narrow places (the inspector's header); `label` is the tooltip. */
  short: string;
}

const PI_WIRE = "what pi sends (convertToLlm, then pi-ai)";

export function piAfterModel(pruner: "pi-condense" | "acp-kernel" | "none", agent?: string): AfterModel {
  // an agent built on pi's runtime without pi's pruners (OpenClaw, oh-my-pi)
  if (agent !== undefined && pruner === "none") return { kind: "pi-no-pruner", label: `what ${agent} sends on pi's runtime (convertToLlm, then pi-ai)`, short: agent };
  if (pruner === "pi-condense") return { kind: "pi-condense", label: `pruned by pi-condense, then ${PI_WIRE}`, short: "pi-condense" };
  if (pruner === "acp-kernel") return { kind: "acp-kernel", label: `pruned by acp-kernel, then ${PI_WIRE}`, short: "acp-kernel" };
  return { kind: "pi-no-pruner", label: `no pruner: ${PI_WIRE}`, short: "no pruner" };
}

export const NO_PRUNER: AfterModel = { kind: "none", label: "no pruner: after = before", short: "no pruner" };

export interface AgentAfter {
  model: AfterModel;
  messages: Msg[];
  dropped: { msg: Msg; by: DropReason }[];
  /** What the agent's reading loses (the profile's resume findings). */
  findings: Finding[];
}

/** The After column of a session that pruners do not render: the agent's own resume context, or before. */
export function agentAfter(session: Session, before: Msg[], options?: ResumeOptions): AgentAfter {
  const r = formatProfile(session.format)?.resume?.(session, before, options);
  if (!r) return { model: NO_PRUNER, messages: before, dropped: [], findings: [] };
  return { model: { kind: "agent-resume", label: r.label, short: r.short ?? "resume" }, messages: r.messages, dropped: r.dropped, findings: r.findings ?? [] };
}
