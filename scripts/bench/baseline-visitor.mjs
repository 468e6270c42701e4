// The bare baseline loop's body, one place for both baselines (baseline.mjs, its own process,
// and baseline-loop.ts, in memory): JSON.parse a line and count orphan tool results (a result
// whose id no earlier call has) in any of the three layouts: pi toolCall / toolResult, Claude
// Code tool_use / tool_result blocks, Codex function_call / function_call_output items.

/** A counter; `visit(line)` parses one line (a parse error throws) and counts it. */
export function orphanCounter() {
  const calls = new Set();
  const counter = {
    lines: 0,
    orphans: 0,
    visit(line) {
      if (!line) return;
      counter.lines++;
      const e = JSON.parse(line);
      if (e?.type === "message") {
        const m = e.message;
        if (m?.role === "assistant" && Array.isArray(m.content)) {
          for (const c of m.content) if (c?.type === "toolCall") calls.add(c.id);
        } else if (m?.role === "toolResult" && !calls.has(m.toolCallId)) counter.orphans++;
      } else if (e?.type === "assistant" || e?.type === "user") {
        const content = e.message?.content;
        if (Array.isArray(content))
          for (const c of content) {
            if (c?.type === "tool_use") calls.add(c.id);
            else if (c?.type === "tool_result" && !calls.has(c.tool_use_id)) counter.orphans++;
          }
      } else if (e?.type === "response_item") {
        const p = e.payload;
        if (p?.type === "function_call") calls.add(p.call_id);
        else if (p?.type === "function_call_output" && !calls.has(p.call_id)) counter.orphans++;
      }
    },
  };
  return counter;
}
