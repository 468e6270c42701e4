/**
 * Serialisable views of an analysis, with 1-based lines and columns as editors show them:
 * the `check` and `render` contracts of the CLI (and the data the webview receives).
 */
import { viewRecorded } from "./view-recorded.js";
import type { ViewRecorded } from "../protocol/view.js";
import type { Analysis } from "../engine/index.js";
import { findingPlace, pathPlace } from "../engine/index.js";
import { dropReasonLabel } from "../engine/index.js";
import { type Finding, lineOf, type Msg, type Origin, type Session, sourceLinesOf } from "../engine/index.js";
import { type RecordedUsage, type UsageTotals, usageByMessage } from "../engine/index.js";
import { formatProfile } from "../engine/index.js";
import { isoTime, messageSize, type SizeTotals, sizeTotals, type UsageJson, usageJson } from "./message-size.js";

export interface FindingJson {
  code: string;
  severity: Finding["severity"];
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  toolCallId?: string;
  related?: { line: number; message: string }[];
}

export function findingJson(lines: Session["lines"], f: Omit<Finding, "code"> & { code: string }): FindingJson {
  const r = findingPlace(lines, f);
  const out: FindingJson = {
    code: f.code,
    severity: f.severity,
    line: r.line + 1,
    column: r.start + 1,
    endLine: r.line + 1,
    endColumn: r.end + 1,
    message: f.message,
  };
  if (f.toolCallId !== undefined) out.toolCallId = f.toolCallId;
  if (f.related?.length) out.related = f.related.map((x) => ({ line: pathPlace(lines, x.line, x.path).line + 1, message: x.message }));
  return out;
}

export interface CheckFileJson {
  path: string;
  format: string;
  entries: number;
  findings: FindingJson[];
}

/** One file of `check --format json`: `findings` are the analysis's, or the ones given (the findings the file shows, shown-findings.ts). */
export function checkJson(path: string, a: Analysis, findings: readonly Finding[] = a.findings): CheckFileJson {
  return {
    path,
    format: a.session.format,
    entries: a.session.entries.length,
    findings: findings.map((f) => findingJson(a.session.lines, f)),
  };
}

/** One content block of a message as sent: what it is, its tool-call id, and who made it up (never in the file). */
export interface RenderBlockJson {
  kind: "text" | "thinking" | "call" | "result" | "image" | "other";
  id?: string;
  synthetic?: string;
}

export interface RenderMsgJson {
  line: number | null;
  /** Every file line the message is made of, 1-based and ascending; [] for a message the agent or a pruner makes. */
  lines: number[];
  /** Its content blocks in order (a tool result is one `result` block). */
  blocks: RenderBlockJson[];
  role: string;
  entryId?: string;
  synthetic?: string;
  blockId?: string;
  toolCallIds?: string[];
  toolCallId?: string;
  /** When the message was written (ISO 8601), when the format records it. */
  timestamp?: string;
  /** Characters of the text as sent, and its token estimate (the inspector's numbers). */
  chars: number;
  tokens: number;
  /** Usage the agent recorded for this response (not an estimate). */
  usage?: UsageJson;
}

function msgJson(m: Msg, usageAt: Map<Origin, RecordedUsage>): RenderMsgJson {
  const size = messageSize(m);
  const out: RenderMsgJson = { line: m.origin.kind === "entry" ? m.origin.line + 1 : null, lines: sourceLinesOf(m).map((l) => l + 1), blocks: blocksJson(m), role: m.agentRole ?? m.role, chars: size.chars, tokens: size.tokens };
  if (m.origin.kind === "entry") out.entryId = m.origin.entryId;
  else {
    out.synthetic = m.origin.synthetic;
    if (m.origin.blockId) out.blockId = m.origin.blockId;
  }
  if (m.role === "assistant" && Array.isArray(m.content)) {
    // a call without an id (Cursor records none) names none
    const ids = m.content.filter((b: any) => b && b.type === "toolCall" && typeof b.id === "string").map((b: any) => String(b.id));
    if (ids.length) out.toolCallIds = ids;
  }
  if (m.role === "toolResult") out.toolCallId = String(m.toolCallId);
  const time = isoTime(m);
  if (time !== undefined) out.timestamp = time;
  const used = usageAt.get(m.origin);
  if (used) out.usage = usageJson(used);
  return out;
}

const BLOCK_KINDS: Record<string, RenderBlockJson["kind"]> = { text: "text", thinking: "thinking", redacted_thinking: "thinking", toolCall: "call", image: "image" };

/** Why a message or block was made up: the message's own synthetic kind, or the block's `synthetic` mark. */
function madeBy(m: Msg, block?: { synthetic?: unknown }): string | undefined {
  if (block && typeof block.synthetic === "string") return block.synthetic;
  return m.origin.kind === "synthetic" ? m.origin.synthetic : undefined;
}

function blocksJson(m: Msg): RenderBlockJson[] {
  if (m.role === "toolResult") {
    const b: RenderBlockJson = { kind: "result", id: String(m.toolCallId) };
    // A result the agent made up says why on its content block (Codex's "aborted"), else on its origin.
    const by = madeBy(m, Array.isArray(m.content) ? m.content.find((c: any) => typeof c?.synthetic === "string") : undefined);
    if (by) b.synthetic = by;
    return [b];
  }
  if (typeof m.content === "string" || !Array.isArray(m.content)) {
    const by = madeBy(m);
    return [by ? { kind: "text", synthetic: by } : { kind: "text" }];
  }
  return m.content.map((c: any) => {
    const kind = (c && typeof c === "object" && BLOCK_KINDS[c.type]) || "other";
    const b: RenderBlockJson = { kind };
    if (kind === "call" && typeof c.id === "string") b.id = c.id;
    const by = madeBy(m, c && typeof c === "object" ? c : undefined);
    if (by) b.synthetic = by;
    return b;
  });
}

export interface RenderJson {
  path: string;
  format: string;
  /** The pi pruner; "none" for other formats (see `afterModel`). */
  pruner: string;
  /** What `after` models for this format: `kind` and a label for people. */
  afterModel: { kind: string; label: string; short: string };
  leaf: string | null;
  before: RenderMsgJson[];
  after: RenderMsgJson[];
  dropped: { line: number; by: string; role: string }[];
  chains: { blockId: string; line: number; resolved: boolean; startLine?: number | null; endLine?: number | null; reason?: string }[];
  /** Messages, characters and estimated tokens before and after, and what is saved. */
  totals: SizeTotals & { tokenizer: string; recorded?: UsageTotals };
  /** Claude Code subagent (sidechain) lines: not in the context; grouped under their Task call when matched. */
  sidechains?: { toolCallId?: string; callLine?: number; agentId?: string; lines: number[] }[];
  /** The After column against what the agent recorded it sent (OpenClaw's trajectory beside the session). */
  recorded?: ViewRecorded;
}

export function renderJson(path: string, a: Analysis): RenderJson {
  const usageAt = new Map<Origin, RecordedUsage>([...usageByMessage(a.before, a.usage.records)].map(([m, r]) => [m.origin, r]));
  const before = a.before.map((m) => msgJson(m, usageAt));
  const after = a.after.map((m) => msgJson(m, usageAt));
  const totals: RenderJson["totals"] = { ...sizeTotals(before, after), tokenizer: "tokenx estimate" };
  if (a.usage.records.length > 0) totals.recorded = { ...a.usage.totals };
  const side = formatProfile(a.session.format)?.sidechains?.(a.session);
  const recorded = viewRecorded(a);
  const sidechains = side && [...side.groups, ...side.unmatched].map((g) => ({
    ...(g.toolCallId !== undefined ? { toolCallId: g.toolCallId, callLine: g.callLine! + 1 } : {}),
    ...(g.agentId !== undefined ? { agentId: g.agentId } : {}),
    lines: g.lines.map((l) => l + 1),
  }));
  return {
    path,
    format: a.session.format,
    pruner: a.pruner,
    afterModel: a.afterModel,
    leaf: a.session.leafId,
    before,
    after,
    dropped: a.dropped
      .filter((d) => d.msg.origin.kind === "entry")
      .map((d) => ({ line: lineOf(d.msg)! + 1, by: dropReasonLabel(d.by), role: d.msg.role })),
    chains: [
      ...a.prune.chains.resolved.map((r) => ({
        blockId: r.chain.data.blockId,
        line: r.chain.entry.line + 1,
        resolved: true,
        startLine: lineNo(r.startIndex, a),
        endLine: lineNo(r.endIndex, a),
      })),
      ...a.prune.chains.unresolved.map((u) => ({ blockId: u.chain.data.blockId, line: u.chain.entry.line + 1, resolved: false, reason: u.reason })),
    ],
    totals,
    ...(sidechains?.length ? { sidechains } : {}),
    ...(recorded ? { recorded } : {}),
  };
}

function lineNo(index: number, a: Analysis): number | null {
  // Ranges index the array the chain phase saw; its messages are `before` after phases 1-2,
  // which keep positions, so the origin of before[index] is the boundary message.
  const m = a.before[index];
  return m && m.origin.kind === "entry" ? m.origin.line + 1 : null;
}
