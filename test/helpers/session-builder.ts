/**
 * Builds pi v3 session files for tests: a linear branch of messages and custom entries, each
 * line one entry, so tests can state expectations by line number.
 */
export type Spec =
  | { user: number; text?: string }
  | { assistant: number; calls?: string[]; text?: string; thinking?: string; stopReason?: string; args?: Record<string, unknown> }
  | { result: number; id: string; tool?: string; isError?: boolean; text?: string }
  | { chain: ChainSpec }
  | { custom: string; data?: unknown }
  | { customMessage: string; content?: string; details?: unknown; ts?: number }
  | { bash: number; command?: string };

export interface ChainSpec {
  blockId: string;
  start: number;
  final: number | null;
  dropped: string[];
  droppedOccurrenceKeys?: string[];
  protectedToolCallIds?: string[];
  toolRefs?: string[];
  compressedAt?: number;
  rangeSummaryText?: string;
}

export function entryOf(spec: Spec, id: string, parentId: string | null): Record<string, unknown> {
  const base = { id, parentId, timestamp: new Date(Date.UTC(2026, 0, 1) + Number(id.slice(1)) * 1000).toISOString() };
  if ("user" in spec) return { type: "message", ...base, message: { role: "user", content: [{ type: "text", text: spec.text ?? `user at ${spec.user}` }], timestamp: spec.user } };
  if ("assistant" in spec) {
    const content: unknown[] = [];
    if (spec.thinking) content.push({ type: "thinking", thinking: spec.thinking });
    if (spec.text || !spec.calls?.length) content.push({ type: "text", text: spec.text ?? `assistant at ${spec.assistant}` });
    for (const c of spec.calls ?? []) content.push({ type: "toolCall", id: c, name: c.replace(/_\d+$/, ""), arguments: spec.args ?? { command: `run ${c}` } });
    return {
      type: "message",
      ...base,
      message: { role: "assistant", content, api: "anthropic-messages", provider: "anthropic", model: "claude", stopReason: spec.stopReason ?? (spec.calls?.length ? "toolUse" : "stop"), timestamp: spec.assistant },
    };
  }
  if ("result" in spec)
    return {
      type: "message",
      ...base,
      message: { role: "toolResult", toolCallId: spec.id, toolName: spec.tool ?? spec.id.replace(/_\d+$/, ""), content: [{ type: "text", text: spec.text ?? `output of ${spec.id}` }], isError: spec.isError ?? false, timestamp: spec.result },
    };
  if ("chain" in spec) {
    const c = spec.chain;
    return {
      type: "custom",
      ...base,
      customType: "context-prune-chain",
      data: {
        blockId: c.blockId,
        startUserTimestamp: c.start,
        finalAssistantTimestamp: c.final,
        droppedToolCallIds: c.dropped,
        droppedOccurrenceKeys: c.droppedOccurrenceKeys,
        protectedToolCallIds: c.protectedToolCallIds,
        toolRefs: c.toolRefs ?? [],
        compressedAt: c.compressedAt ?? 9_000_000 + Number(c.blockId.slice(1)),
        rangeSummaryText: c.rangeSummaryText ?? `summary of ${c.blockId}`,
      },
    };
  }
  if ("custom" in spec) return { type: "custom", ...base, customType: spec.custom, data: spec.data };
  if ("customMessage" in spec)
    return { type: "custom_message", ...base, ...(spec.ts ? { timestamp: new Date(spec.ts).toISOString() } : {}), customType: spec.customMessage, content: spec.content ?? `${spec.customMessage} content`, display: false, details: spec.details };
  return { type: "message", ...base, message: { role: "bashExecution", command: spec.command ?? "ls", output: "", exitCode: 0, cancelled: false, truncated: false, timestamp: spec.bash } };
}

/** A session file: header on line 1, then one entry per spec (spec i is on file line i + 2). */
export function sessionText(specs: Spec[], opts: { eol?: string } = {}): string {
  const eol = opts.eol ?? "\n";
  const lines = [JSON.stringify({ type: "session", version: 3, id: "test-session", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/test" })];
  let parent: string | null = null;
  specs.forEach((s, i) => {
    const id = `e${i + 1}`;
    lines.push(JSON.stringify(entryOf(s, id, parent)));
    parent = id;
  });
  return lines.join(eol) + eol;
}

/** 0-based file line of spec i. */
export const lineOfSpec = (i: number) => i + 1;

/** The seed's #8 regression fixture (toolcall-id-collisions.md, Testing). */
export function seedRegressionSpecs(): Spec[] {
  return [
    { user: 1000 },
    { assistant: 1100, calls: ["bash_18"] },
    { result: 1150, id: "bash_18" },
    { assistant: 1200, text: "done b5" },
    { user: 2000 },
    { assistant: 2100, calls: ["bash_23"] },
    { result: 2150, id: "bash_23" },
    { assistant: 2200, text: "done b7" },
    { user: 3000 },
    { assistant: 3100, calls: ["bash_23", "gauntlet_setting_24"] },
    { result: 3150, id: "bash_23" },
    { result: 3160, id: "gauntlet_setting_24" },
    { chain: { blockId: "b5", start: 1000, final: 1200, dropped: ["bash_18"] } },
    { chain: { blockId: "b7", start: 2000, final: 2200, dropped: ["bash_23"] } },
  ];
}
