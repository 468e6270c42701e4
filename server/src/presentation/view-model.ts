/**
 * The before/after view model (protocol/view.ts `RenderView`) computed from an analysis. The webview
 * only draws this; it re-implements nothing of the engine.
 */
import { viewRecorded } from "./view-recorded.js";
import type { RenderView, ViewFinding, ViewFix, ViewMessage, ViewRange, ViewSidechain, ViewTotalsBreakdown } from "../protocol/index.js";
import type { Analysis } from "../engine/index.js";
import { dropBlockId, dropReasonLabel } from "../engine/index.js";
import { messageText } from "../engine/index.js";
import { type FixKind, REPAIRS } from "../engine/index.js";
import { codeSpec } from "../engine/index.js";
import type { Finding, Msg, Origin } from "../engine/index.js";
import { usageByMessage, type RecordedUsage } from "../engine/index.js";
import { formatProfile } from "../engine/index.js";
import { estimateTokens, isoTime, messageSize, sizeTotals, usageJson } from "./message-size.js";
import { branchesOf } from "./view-branches.js";
import { subagentRefs } from "./view-subagents.js";
import { compactionsOf, isToolMessage } from "./view-compactions.js";

export { estimateTokens };

/** Compile-time: the fix kinds the protocol carries (ViewFix.kind) are exactly the engine's (FixKind). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const fixKindsAgree: Same<FixKind, ViewFix["kind"]> = true;
void fixKindsAgree;


const PREVIEW_CHARS = 240;

/**
 * The analysis messages behind a view's columns, in the view's order (the inspector draws their
 * content on request: message-content.ts). Held only as long as the view is.
 */
const viewMessages = new WeakMap<RenderView, { before: readonly Msg[]; after: readonly Msg[] }>();
export function messagesOfView(view: RenderView): { before: readonly Msg[]; after: readonly Msg[] } | undefined {
  return viewMessages.get(view);
}

/** `copy` (a clone of `view`, as tests make) draws its messages' content from `view`'s analysis. */
export function shareViewMessages(view: RenderView, copy: RenderView): void {
  const m = viewMessages.get(view);
  if (m) viewMessages.set(copy, m);
}

/** Where the before/after difference comes from: dropped, added (by kind), changed (by kind). */
export function totalsBreakdown(before: readonly ViewMessage[], after: readonly ViewMessage[]): ViewTotalsBreakdown {
  const dropped = { messages: 0, tokens: 0 };
  const tokensOf = new Map<string, number>();
  for (const m of before) {
    tokensOf.set(m.key, m.tokens);
    if (m.droppedBy) {
      dropped.messages++;
      dropped.tokens += m.tokens;
    }
  }
  const added = new Map<string, { kind: string; messages: number; tokens: number }>();
  const changed = new Map<string, { kind: string; messages: number; tokensBefore: number; tokensAfter: number }>();
  for (const m of after) {
    if (m.synthetic) {
      const a = added.get(m.synthetic) ?? { kind: m.synthetic, messages: 0, tokens: 0 };
      a.messages++;
      a.tokens += m.tokens;
      added.set(m.synthetic, a);
    } else if (m.changed) {
      const c = changed.get(m.changed) ?? { kind: m.changed, messages: 0, tokensBefore: 0, tokensAfter: 0 };
      c.messages++;
      c.tokensBefore += (m.beforeKey !== undefined ? tokensOf.get(m.beforeKey) : undefined) ?? m.tokens;
      c.tokensAfter += m.tokens;
      changed.set(m.changed, c);
    }
  }
  return { dropped, added: [...added.values()], changed: [...changed.values()] };
}

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

function preview(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > PREVIEW_CHARS ? one.slice(0, PREVIEW_CHARS - 1) + "…" : one;
}

/** How many messages' texts were measured (tokens, characters, preview) since the process started (tests count work, never time). */
export const viewWork = { measured: 0 };

interface Measured {
  role: string;
  content: unknown;
  preview: string;
  tokens: number;
  chars: number;
}

/**
 * A message's text measured once: its token estimate, length and preview are kept with the message
 * (weakly), so a message the pruner passes unchanged to the after column, and every message a
 * continued analysis carries into the next version, is not measured again. Kept only for roles
 * whose text is their content (checked by identity on use); the others are measured each time.
 */
const measuredOf = new WeakMap<Msg, Measured>();
const TEXT_BEYOND_CONTENT = new Set(["branchSummary", "compactionSummary", "bashExecution", "custom"]);

function measure(m: Msg): Measured {
  const kept = measuredOf.get(m);
  if (kept && kept.role === m.role && kept.content === m.content) return kept;
  viewWork.measured++;
  const text = messageText(m);
  const size = messageSize(m, text);
  const r: Measured = { role: m.role, content: m.content, preview: preview(text), tokens: size.tokens, chars: size.chars };
  if (!TEXT_BEYOND_CONTENT.has(m.role)) measuredOf.set(m, r);
  return r;
}

/**
 * The fixes of a finding are planned when its row is shown (`withFixes`), not when the view is
 * arranged: planning a repair for every finding of a long session (thousands of reused ids) was a
 * fifth of the inspector's first answer, for findings nobody scrolled to.
 */
const unplanned = new WeakMap<ViewFinding, { f: Finding; a: Analysis }>();

/** `vf` with its fixes planned, once (a finding of a view not made by buildRenderView is as it is). */
export function withFixes(vf: ViewFinding): ViewFinding {
  const p = unplanned.get(vf);
  if (p) {
    unplanned.delete(vf);
    vf.fixes = fixesForFinding(p.f, p.a);
  }
  return vf;
}

/** Every finding of `view` with its fixes planned (a whole render answered at once). */
export function withAllFixes(view: RenderView): RenderView {
  for (const m of [...view.before, ...view.after]) for (const f of m.findings) withFixes(f);
  return view;
}

/**
 * The view of `a`'s branch. `activeLeaf`: the agent's own active leaf, when `a` is the analysis of
 * another branch the inspector asked for (default: `a`'s).
 */
export function buildRenderView(a: Analysis, uri: string, version: number | null, activeLeaf: string | null = a.session.leafId): RenderView {
  // The findings of the lines that are messages of the view (the only ones it shows by line): a
  // file with a finding on each of a million lines that are no message makes no view finding.
  const messageLines = new Set<number>();
  const side = formatProfile(a.session.format)?.sidechains?.(a.session);
  for (const list of [a.before, a.after, ...(side ? [...side.groups, ...side.unmatched].map((g) => g.messages) : [])])
    for (const m of list) if (m.origin.kind === "entry") messageLines.add(m.origin.line);
  const findingsByLine = new Map<number, ViewFinding[]>();
  const counts: Record<string, number> = {};
  for (const f of a.findings) {
    counts[f.code] = (counts[f.code] ?? 0) + 1;
    if (!messageLines.has(f.line)) continue;
    const vf: ViewFinding = { code: f.code, severity: f.severity, message: f.message, line: f.line + 1, fixes: [] };
    if (codeSpec(f.code).fixes.length > 0) unplanned.set(vf, { f, a });
    const list = findingsByLine.get(f.line) ?? [];
    list.push(vf);
    findingsByLine.set(f.line, list);
  }
  const dropped = new Map(a.dropped.map((d) => [d.msg, d.by]));
  const inBlock = new Map<Msg, string>();
  for (const r of a.prune.chains.resolved) for (let i = r.startIndex; i <= r.endIndex; i++) if (a.before[i]) inBlock.set(a.before[i], r.chain.data.blockId);

  const usageAt = new Map<Origin, RecordedUsage>([...usageByMessage(a.before, a.usage.records)].map(([m, r]) => [m.origin, r]));
  const keys = new Map<Msg, string>();
  // A second message of one line with the same key (a Gemini CLI `$set` line holds a whole history)
  // gets a suffix; a copy of it in "after" (same origin) finds it by its origin.
  const keyByOrigin = new Map<Origin, string>();
  const keyOf = (m: Msg, col: string, i: number) => {
    if (m.origin.kind === "entry") {
      const k = `L${m.origin.line + 1}${m.toolCallId !== undefined ? `:${m.toolCallId}` : ""}`;
      return k;
    }
    return `${col}${i}:${m.origin.synthetic}`;
  };
  const view = (m: Msg, col: "b" | "a", i: number): ViewMessage => {
    const size = measure(m);
    const line = m.origin.kind === "entry" ? m.origin.line + 1 : null;
    const vm: ViewMessage = {
      key: keys.get(m) ?? (col === "a" ? keyByOrigin.get(m.origin) : undefined) ?? keyOf(m, col, i),
      role: m.agentRole ?? m.role,
      line,
      preview: size.preview,
      tokens: size.tokens,
      chars: size.chars,
      findings: line !== null && (col === "b" || m.origin.kind === "entry") ? findingsByLine.get(line - 1) ?? [] : [],
    };
    const time = isoTime(m);
    if (time !== undefined) vm.timestamp = time;
    const used = usageAt.get(m.origin);
    if (used) vm.usage = usageJson(used);
    if (m.origin.kind === "entry") vm.entryId = m.origin.entryId;
    else {
      vm.synthetic = m.origin.synthetic;
      if (m.origin.blockId) vm.blockId = m.origin.blockId;
    }
    if (m.toolName) vm.toolNames = [String(m.toolName)];
    if (m.role === "assistant") {
      const calls = (Array.isArray(m.content) ? m.content : []).filter((b: any) => b?.type === "toolCall");
      if (calls.length) {
        // a call without an id (Cursor records none) names none
        const ids = calls.filter((b: any) => typeof b.id === "string").map((b: any) => String(b.id));
        if (ids.length) vm.toolCallIds = ids;
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
  const subagents = subagentRefs(a);
  const usedKeys = new Map<string, number>();
  const before = a.before.map((m, i) => {
    const v = view(m, "b", i);
    const n = usedKeys.get(v.key) ?? 0;
    usedKeys.set(v.key, n + 1);
    if (n > 0) v.key = `${v.key}~${n}`;
    // A copy in "after" finds its before-message by origin, also when the agent sends it with
    // another id (OpenClaw's rewritten tool-call ids): the key holds the file's id.
    keyByOrigin.set(m.origin, v.key);
    keys.set(m, v.key);
    if (subagents.size && v.toolCallIds) for (const id of v.toolCallIds) {
      const ref = subagents.get(id);
      if (ref) (v.subagents ??= []).push({ ...ref });
    }
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
    for (const [m, blocks] of a.acp.coveredBy)
      for (const b of blocks) {
        const list = byBlock.get(b);
        if (list) list.push(m);
        else byBlock.set(b, [m]);
      }
    const position = new Map<Msg, number>(a.before.map((m, i) => [m, i]));
    for (const [blockId, msgs] of byBlock) {
      const idx = msgs.map((m) => position.get(m) ?? -1).sort((x, y) => x - y);
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
      const v = before[position.get(m) ?? -1];
      if (v && !v.blockId) v.blockId = blocks[0];
    }
  }
  const size = (v: ViewMessage) => ({ chars: v.chars ?? 0, tokens: v.tokens });
  const t = sizeTotals(before.map(size), after.map(size));
  const rv: RenderView = {
    uri,
    version,
    format: a.session.format,
    pruner: a.pruner,
    afterModel: a.afterModel,
    leaf: a.session.leafId,
    before,
    after,
    ranges,
    totals: {
      before: { messages: t.before.messages, tokens: t.before.tokens },
      after: { messages: t.after.messages, tokens: t.after.tokens },
      tokenizer: "tokenx estimate",
      chars: { before: t.before.chars, after: t.after.chars },
      saved: t.saved,
    },
    findingCounts: counts,
  };
  rv.totals.breakdown = totalsBreakdown(before, after);
  viewMessages.set(rv, { before: a.before, after: a.after });
  if (a.usage.records.length > 0) rv.totals.recorded = { ...a.usage.totals };
  const recorded = viewRecorded(a);
  if (recorded) rv.recorded = recorded;
  if (side) {
    // Subagent lines are not in the context: a group under the Task call that ran them.
    const sideView = (g: (typeof side.groups)[number], n: number): ViewSidechain => {
      const v: ViewSidechain = { lines: g.lines.map((l) => l + 1), messages: g.messages.map((m, i) => ({ ...view(m, "b", i), key: `S${n}:${i}:${keyOf(m, "b", i)}` })) };
      if (g.toolCallId !== undefined) v.toolCallId = g.toolCallId;
      if (g.agentId !== undefined) v.agentId = g.agentId;
      return v;
    };
    side.groups.forEach((g, n) => {
      const call = before.find((v) => v.line === g.callLine! + 1 && v.toolCallIds?.includes(g.toolCallId!));
      if (call) (call.sidechain ??= []).push(sideView(g, n));
      else side.unmatched.push(g);
    });
    if (side.unmatched.length)
      rv.unmatchedSidechain = {
        note: "Subagent (sidechain) lines whose Task call is not on this branch: they are not part of the context.",
        groups: side.unmatched.map((g, n) => sideView(g, side.groups.length + n)),
      };
  }
  const subagentLines = new Set<number>();
  if (side) for (const g of [...side.groups, ...side.unmatched]) for (const l of g.lines) subagentLines.add(l);
  const branches = branchesOf(a, activeLeaf, subagentLines);
  if (branches) rv.branches = branches;
  // Compactions as events: what the resume leaves out at compactions, measured as the view measured it.
  const cut = a.dropped.filter((d) => d.by.kind === "resume-cut" && (d.by.by === "compact-boundary" || d.by.by === "compacted")).map((d) => d.msg);
  const viewOf = new Map<Msg, ViewMessage>();
  a.before.forEach((m, i) => viewOf.set(m, before[i]));
  const compactions = compactionsOf(
    a,
    (m) => {
      const v = viewOf.get(m);
      // a message of the columns as measured there; one pi's context build left out is not measured (a whole history's text)
      return { tokens: v?.tokens, tool: isToolMessage(m), line: v ? v.line : m.origin.kind === "entry" ? m.origin.line + 1 : null };
    },
    cut,
  );
  if (compactions.list.length) rv.compactions = compactions.list;
  if (compactions.omitted) rv.compactionsOmitted = compactions.omitted;
  return rv;
}
