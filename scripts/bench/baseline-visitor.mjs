// The bare baseline loop's body, one place for both baselines (baseline.mjs, its own process,
// and baseline-loop.ts, in memory): JSON.parse a line and count orphan tool results (a result
// whose id no earlier call has) in any of these layouts: pi toolCall / toolResult (OpenClaw,
// oh-my-pi), Claude Code tool_use / tool_result blocks, Codex function_call / function_call_output
// items, Copilot CLI toolRequests / tool.execution_complete events, Gemini CLI toolCalls with their
// functionResponse results, Kimi CLI tool_calls / tool messages (Cursor: no ids, parsing only).

/** A counter; `visit(line)` parses one line (a parse error throws) and counts it. */
export function orphanCounter() {
  const calls = new Set();
  const counter = {
    calls,
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
      } else if (e?.type === "assistant.message") {
        const requests = e.data?.toolRequests;
        if (Array.isArray(requests)) for (const r of requests) calls.add(r?.toolCallId);
      } else if (e?.type === "tool.execution_complete") {
        if (!calls.has(e.data?.toolCallId)) counter.orphans++;
      } else if (e?.type === "response_item") {
        const p = e.payload;
        if (p?.type === "function_call") calls.add(p.call_id);
        else if (p?.type === "function_call_output" && !calls.has(p.call_id)) counter.orphans++;
      } else if (e?.type === "gemini") {
        // Gemini CLI: a call holds its own results (functionResponse parts)
        if (Array.isArray(e.toolCalls))
          for (const c of e.toolCalls) {
            calls.add(c?.id);
            if (Array.isArray(c?.result)) for (const r of c.result) if (r?.functionResponse && !calls.has(r.functionResponse.id)) counter.orphans++;
          }
      } else if (e?.role === "assistant" && Array.isArray(e.tool_calls)) {
        for (const c of e.tool_calls) calls.add(c?.id); // Kimi CLI
      } else if (e?.role === "tool") {
        if (!calls.has(e.tool_call_id)) counter.orphans++;
      }
    },
  };
  return counter;
}

/** Whether a text is one JSON document (Cline, Roo Code): an array, or an object spread over lines. */
export function isDocument(head) {
  return /^\s*(\[|\{\s*\n)/.test(head);
}

/**
 * The loop over a whole text: a document is parsed at once and its messages (the array, or its
 * `messages`) visited as Anthropic messages (tool_use / tool_result blocks); JSONL line by line
 * (a line that does not parse throws, unless `skipBad`).
 */
export function countText(text, skipBad = false) {
  const counter = orphanCounter();
  if (isDocument(text.slice(0, 64))) {
    const doc = JSON.parse(text);
    const messages = Array.isArray(doc) ? doc : Array.isArray(doc?.messages) ? doc.messages : [];
    for (const m of messages) {
      counter.lines++;
      const calls = counter.calls;
      if (Array.isArray(m?.content))
        for (const c of m.content) {
          if (c?.type === "tool_use") calls.add(c.id);
          else if (c?.type === "tool_result" && !calls.has(c.tool_use_id)) counter.orphans++;
        }
    }
    return counter;
  }
  for (const line of text.split("\n")) {
    try {
      counter.visit(line);
    } catch (e) {
      if (!skipBad) throw e;
    }
  }
  return counter;
}
