/**
 * The acp-kernel render of a pi branch, the way billion-context-pi runs it (docs/research/formats.md section 3.3):
 * project pi messages to kernel cores (`entryId`, or `entryId#toolCallId` per call of a
 * multi-call assistant), `prune` with the sidecar's state, and convert back (rendered summaries
 * become user messages; a multi-call assistant keeps only its surviving calls).
 */
import type { DropReason } from "../../model/drop-reason.js";
import type { Msg } from "../../model/types.js";
import { toolCallsOf } from "../../model/types.js";
import { textOf } from "../../formats/message-text.js";
import { baseIdOf, type CoreMessage, coveredBases, kernelPrune, type KernelPruneReport } from "./kernel-prune.js";
import type { CompressionState } from "./sidecar.js";
import { pushAll } from "../../model/arrays.js";

const UI_ONLY_CUSTOM = new Set(["acp-status", "acp-export"]);

export interface AcpRender {
  messages: Msg[];
  /** before-message -> why it is gone (an acp-kernel block, the orphan strip, not projected). */
  droppedBy: Map<Msg, DropReason>;
  /** before-message -> the active blocks covering it. */
  coveredBy: Map<Msg, string[]>;
  kernel: KernelPruneReport;
  firstUser?: { msg: Msg; pinned: boolean; covered: boolean };
}

function fallbackText(m: Msg): string {
  const parts: string[] = [];
  if (m.command) parts.push(`$ ${m.command}`);
  const out = textOf(m.output);
  if (out) parts.push(out);
  if (m.summary) parts.push(String(m.summary));
  return parts.join("\n").trim();
}

function project(m: Msg): CoreMessage[] {
  if (m.origin.kind !== "entry") return [];
  const id = m.origin.entryId;
  if (m.role === "user") return [{ id, role: "user", contentType: "text", text: textOf(m.content) }];
  if (m.role === "toolResult") return [{ id, role: "tool", contentType: "tool-result", toolName: m.toolName, toolCallId: m.toolCallId, text: textOf(m.content) }];
  if (m.role === "assistant") {
    const calls = toolCallsOf(m).filter((c) => c.name);
    const text = textOf(m.content);
    if (calls.length === 1) return [{ id, role: "assistant", contentType: "tool-call", toolName: calls[0].name, toolCallId: calls[0].id, text }];
    if (calls.length > 1)
      return calls.map((c) => ({ id: `${id}#${c.id}`, role: "assistant" as const, contentType: "tool-call" as const, toolName: c.name, toolCallId: c.id, text }));
    return text.trim() ? [{ id, role: "assistant", contentType: "text", text }] : [];
  }
  if (m.role === "custom") {
    if (UI_ONLY_CUSTOM.has(String(m.customType))) return [];
    const text = textOf(m.content);
    return text ? [{ id, role: "user", contentType: "text", text }] : [];
  }
  const text = textOf(m.content) || fallbackText(m);
  return text ? [{ id, role: "user", contentType: "text", text }] : [];
}

export function renderAcp(before: Msg[], state: CompressionState): AcpRender {
  const covered = coveredBases(state);
  const coveredBy = new Map<Msg, string[]>();
  for (const m of before) {
    if (m.origin.kind !== "entry") continue;
    const base = m.origin.entryId;
    const blocks = state.blocks.filter((b) => b.active && b.effectiveMessageIds.some((id) => baseIdOf(id) === base)).map((b) => b.blockId);
    if (blocks.length) coveredBy.set(m, blocks);
  }
  const empty: KernelPruneReport = { messages: [], anchors: [], stripped: [] };
  if (covered.size === 0) return { messages: before, droppedBy: new Map(), coveredBy, kernel: empty };

  const byId = new Map<string, Msg>();
  const cores: CoreMessage[] = [];
  for (const m of before) {
    if (m.origin.kind === "entry") byId.set(m.origin.entryId, m);
    pushAll(cores, project(m));
  }
  const kernel = kernelPrune(cores, state);
  const out: Msg[] = [];
  const emitted = new Set<string>();
  for (const core of kernel.messages) {
    if (core.id.startsWith("acp_summary_")) {
      out.push({
        role: "user",
        content: [{ type: "text", text: core.text ?? "" }],
        origin: { kind: "synthetic", synthetic: "acp-summary", blockId: core.id.slice("acp_summary_".length) },
      });
      continue;
    }
    const base = baseIdOf(core.id);
    if (emitted.has(base)) continue;
    const original = byId.get(base);
    if (!original) continue;
    emitted.add(base);
    if (core.id.includes("#")) {
      const surviving = new Set(kernel.messages.filter((c) => c.id.startsWith(`${base}#`)).map((c) => c.toolCallId));
      const content = (original.content as any[]).filter((b) => !(b && b.type === "toolCall") || surviving.has(b.id));
      out.push(content.length === original.content.length ? original : { ...original, content, acpPartial: true });
    } else out.push(original);
  }
  const kept = new Set(out.filter((m) => m.origin.kind === "entry").map((m) => (m.origin as any).entryId as string));
  const strippedBases = new Set(kernel.stripped.map((c) => baseIdOf(c.id)));
  const droppedBy = new Map<Msg, DropReason>();
  for (const m of before) {
    if (m.origin.kind !== "entry" || kept.has(m.origin.entryId)) continue;
    const blocks = coveredBy.get(m);
    droppedBy.set(m, blocks ? { kind: "acp-block", blockId: blocks[0] } : { kind: strippedBases.has(m.origin.entryId) ? "acp-strip-orphan" : "acp-not-projected" });
  }
  let firstUser: AcpRender["firstUser"];
  if (kernel.firstUser) {
    const core = cores[kernel.firstUser.index];
    const msg = byId.get(baseIdOf(core.id));
    if (msg) firstUser = { msg, pinned: kernel.firstUser.pinned, covered: kernel.firstUser.covered };
  }
  return { messages: out, droppedBy, coveredBy, kernel, firstUser };
}
