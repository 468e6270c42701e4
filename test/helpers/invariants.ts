/**
 * The shared post-condition of every render test (seed AC 12): no toolResult survives without a
 * preceding surviving toolCall of its id in its own turn. Written independently of the engine's
 * sweep on purpose, so the check is not the code under test asserting itself.
 */
import assert from "node:assert/strict";

export function assertNoOrphanToolResults(messages: { role: string; toolCallId?: string; content?: any }[], label = "render"): void {
  let open: string[] = [];
  messages.forEach((m, i) => {
    if (m.role === "assistant") {
      open = (Array.isArray(m.content) ? m.content : []).filter((b: any) => b?.type === "toolCall").map((b: any) => b.id);
    } else if (m.role === "toolResult") {
      const at = open.indexOf(String(m.toolCallId));
      assert.ok(at >= 0, `${label}: message ${i} is a toolResult for ${m.toolCallId} with no open call in its turn`);
      open.splice(at, 1);
    } else open = [];
  });
}
