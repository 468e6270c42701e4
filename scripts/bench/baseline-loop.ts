/**
 * The baseline loop on a text in memory (the LSP and inspector scenarios' baseline, measured in
 * their own process): split + JSON.parse + orphan loop (a result whose id no earlier call has),
 * reading each format's pairing keys as baseline.mjs does: pi `toolCall` / `toolResult`, Claude
 * Code `tool_use` / `tool_result`, Codex `function_call` / `function_call_output`.
 */
export function baselineLoop(text: string): number {
  const calls = new Set<string>();
  let orphans = 0;
  for (const line of text.split("\n")) {
    if (!line) continue;
    const e = JSON.parse(line);
    if (e?.type === "message") {
      const m = e.message;
      if (m?.role === "assistant" && Array.isArray(m.content)) {
        for (const c of m.content) if (c?.type === "toolCall") calls.add(c.id);
      } else if (m?.role === "toolResult" && !calls.has(m.toolCallId)) orphans++;
    } else if (e?.type === "assistant" || e?.type === "user") {
      const content = e.message?.content;
      if (Array.isArray(content))
        for (const c of content) {
          if (c?.type === "tool_use") calls.add(c.id);
          else if (c?.type === "tool_result" && !calls.has(c.tool_use_id)) orphans++;
        }
    } else if (e?.type === "response_item") {
      const p = e.payload;
      if (p?.type === "function_call") calls.add(p.call_id);
      else if (p?.type === "function_call_output" && !calls.has(p.call_id)) orphans++;
    }
  }
  return orphans;
}
