/**
 * The before/after view model (protocol.ts `RenderView`) computed from an analysis. The webview
 * only draws this; it re-implements nothing of the engine.
 */
import { estimateTokenCount } from "tokenx";
import type { RenderView, ViewFinding, ViewFix, ViewMessage, ViewRange } from "../protocol/index.js";
import type { Analysis } from "../engine/analyze.js";
import { dropBlockId, dropReasonLabel } from "../engine/drop-reason.js";
import { messageText } from "../engine/message-text.js";
import { REPAIRS } from "../engine/repair/registry.js";
import { codeSpec } from "../engine/rules/registry.js";
import type { Finding, Msg } from "../engine/types.js";


const PREVIEW_CHARS = 240;

/**
 * Code actions offered for a finding (the rule table's fixes); the language server applies each
 * kind. With the analysis, a one-finding repair that is not offered there is left out, and the
 * file-wide ones come only after one that is.
 */
export function fixesForFinding(f: Finding, a?: Analysis): ViewFix[] {
  const line = f.line + 1;
  const kinds = codeSpec(f.code).fixes;
  const offered = a ? kinds.filter((k) => { const p = REPAIRS[k].plan?.(a, f.line, f.toolCallId, false); return !p || !("reason" in p); }) : kinds;
  const any = offered.some((k) => REPAIRS[k].one);
  return offered.filter((k) => REPAIRS[k].one || any).map((kind) => {
    const fix: ViewFix = { title: REPAIRS[kind].label(f), kind, line };
    if (REPAIRS[kind].one) fix.toolCallId = f.toolCallId;
    return fix;
  });
}

export function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : estimateTokenCount(text);
}

function preview(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > PREVIEW_CHARS ? one.slice(0, PREVIEW_CHARS - 1) + "…" : one;
}

export function buildRenderView(a: Analysis, uri: string, version: number | null): RenderView {
  const findingsByLine = new Map<number, ViewFinding[]>();
  const counts: Record<string, number> = {};
  for (const f of a.findings) {
    counts[f.code] = (counts[f.code] ?? 0) + 1;
    const vf: ViewFinding = { code: f.code, severity: f.severity, message: f.message, line: f.line + 1, fixes: fixesForFinding(f, a) };
    const list = findingsByLine.get(f.line) ?? [];
    list.push(vf);
    findingsByLine.set(f.line, list);
  }
  const dropped = new Map(a.dropped.map((d) => [d.msg, d.by]));
  const inBlock = new Map<Msg, string>();
  for (const r of a.prune.chains.resolved) for (let i = r.startIndex; i <= r.endIndex; i++) if (a.before[i]) inBlock.set(a.before[i], r.chain.data.blockId);

  const keys = new Map<Msg, string>();
  const keyOf = (m: Msg, col: string, i: number) => {
    if (m.origin.kind === "entry") {
      const k = `L${m.origin.line + 1}${m.toolCallId !== undefined ? `:${m.toolCallId}` : ""}`;
      return k;
    }
    return `${col}${i}:${m.origin.synthetic}`;
  };
  const view = (m: Msg, col: "b" | "a", i: number): ViewMessage => {
    const text = messageText(m);
    const line = m.origin.kind === "entry" ? m.origin.line + 1 : null;
    const vm: ViewMessage = {
      key: keys.get(m) ?? keyOf(m, col, i),
      role: m.agentRole ?? m.role,
      line,
      preview: preview(text),
      tokens: estimateTokens(text),
      findings: line !== null && (col === "b" || m.origin.kind === "entry") ? findingsByLine.get(line - 1) ?? [] : [],
    };
    if (m.origin.kind === "entry") vm.entryId = m.origin.entryId;
    else {
      vm.synthetic = m.origin.synthetic;
      if (m.origin.blockId) vm.blockId = m.origin.blockId;
    }
    if (m.toolName) vm.toolNames = [String(m.toolName)];
    if (m.role === "assistant") {
      const calls = (Array.isArray(m.content) ? m.content : []).filter((b: any) => b?.type === "toolCall");
      if (calls.length) {
        vm.toolCallIds = calls.map((b: any) => String(b.id));
        vm.toolNames = calls.map((b: any) => String(b.name ?? "tool"));
      }
    }
    if (m.role === "toolResult") vm.toolCallId = String(m.toolCallId);
    if (col === "b") {
      const by = dropped.get(m);
      if (by) {
        vm.droppedBy = { kind: by.kind, label: dropReasonLabel(by) };
        const block = dropBlockId(by);
        if (block !== undefined) vm.droppedBy.blockId = block;
      }
      const block = inBlock.get(m);
      if (block) vm.blockId = block;
    }
    if (m.stubbed) vm.changed = "stubbed";
    else if (m.purgedArgs) vm.changed = "purged";
    else if (m.thinkingStripped) vm.changed = "thinking-stripped";
    return vm;
  };
  const before = a.before.map((m, i) => {
    const v = view(m, "b", i);
    keys.set(m, v.key);
    return v;
  });
  // A message in "after" from a file line names the before-message it is (or a copy of: stubbed,
  // stripped) by `beforeKey`; its own key gets a suffix when a line yields several messages.
  const after = a.after.map((m, i) => view(m, "a", i));
  const dedupe = new Set<string>();
  for (const v of after) {
    if (v.line !== null) v.beforeKey = v.key;
    if (dedupe.has(v.key)) v.key = `${v.key}#${dedupe.size}`;
    dedupe.add(v.key);
  }

  const ranges: ViewRange[] = [
    ...a.prune.chains.resolved.map((r) => ({
      blockId: r.chain.data.blockId,
      kind: "chain" as const,
      line: r.chain.entry.line + 1,
      resolved: true,
      startKey: keys.get(a.before[r.startIndex]),
      endKey: keys.get(a.before[r.endIndex]),
      dropped: r.dropped.length,
    })),
    ...a.prune.chains.unresolved.map((u) => ({
      blockId: u.chain.data.blockId,
      kind: "chain" as const,
      line: u.chain.entry.line + 1,
      resolved: false,
      reason: u.reason,
      dropped: 0,
    })),
  ];
  if (a.acp) {
    const byBlock = new Map<string, Msg[]>();
    for (const [m, blocks] of a.acp.coveredBy) for (const b of blocks) byBlock.set(b, [...(byBlock.get(b) ?? []), m]);
    for (const [blockId, msgs] of byBlock) {
      const idx = msgs.map((m) => a.before.indexOf(m)).sort((x, y) => x - y);
      ranges.push({
        blockId,
        kind: "acp",
        line: (a.session.header?.line ?? 0) + 1,
        resolved: true,
        startKey: keys.get(a.before[idx[0]]),
        endKey: keys.get(a.before[idx[idx.length - 1]]),
        dropped: msgs.filter((m) => dropped.has(m)).length,
      });
    }
    for (const [m, blocks] of a.acp.coveredBy) {
      const v = before[a.before.indexOf(m)];
      if (v && !v.blockId) v.blockId = blocks[0];
    }
  }
  const sum = (xs: ViewMessage[]) => xs.reduce((n, x) => n + x.tokens, 0);
  return {
    uri,
    version,
    format: a.session.format,
    pruner: a.pruner,
    leaf: a.session.leafId,
    before,
    after,
    ranges,
    totals: {
      before: { messages: before.length, tokens: sum(before) },
      after: { messages: after.length, tokens: sum(after) },
      tokenizer: "tokenx estimate",
    },
    findingCounts: counts,
  };
}
