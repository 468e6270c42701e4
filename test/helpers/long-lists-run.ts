/**
 * Child process of the long-lists test (test/unit/long-lists.test.ts), run with a small stack
 * (`node --stack-size=...`): sessions whose lists (findings, messages, one message's blocks, one
 * turn's lines) are long enough to overflow that stack through a spread in a call go through every
 * consumer. Prints one JSON line with what each produced; throws (exit 1) on an overflow.
 */
import { fixAll } from "../../server/src/engine/index.js";
import { everyConsumer } from "./every-consumer.js";

const N = Number(process.argv[2] ?? 20000);
const header = JSON.stringify({ type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/" });
const lines = [header, JSON.stringify({ type: "message", id: "u", parentId: null, message: { role: "user", content: "hi", timestamp: 1 } })];
// one assistant turn with N calls, one message of N blocks
const calls = Array.from({ length: N }, (_, i) => ({ type: "toolCall", id: `c${i}`, name: "bash", arguments: {} }));
lines.push(JSON.stringify({ type: "message", id: "a", parentId: "u", message: { role: "assistant", content: calls, api: "anthropic-messages", provider: "anthropic", model: "claude", stopReason: "toolUse", timestamp: 2 } }));
let parent = "a";
// N results of the turn (one turn of N + 1 lines), then N orphan results and N lines of `{}`
for (let i = 0; i < N; i++) {
  lines.push(`{"type":"message","id":"r${i}","parentId":"${parent}","message":{"role":"toolResult","toolCallId":"c${i}","toolName":"bash","content":[],"isError":false,"timestamp":3}}`);
  parent = `r${i}`;
}
for (let i = 0; i < N; i++) {
  lines.push(`{"type":"message","id":"o${i}","parentId":"${parent}","message":{"role":"toolResult","toolCallId":"x${i}","toolName":"bash","content":[],"isError":false,"timestamp":4}}`);
  parent = `o${i}`;
}
for (let i = 0; i < N; i++) lines.push("{}", "[]");
// a user message of N blocks
lines.push(JSON.stringify({ type: "message", id: "u2", parentId: parent, message: { role: "user", content: Array.from({ length: N }, () => ({ type: "text", text: "x" })), timestamp: 5 } }));
const text = lines.join("\n") + "\n";

// fix-all of the chained orphans takes a round per halving (an analysis each): the repairs are
// run on N malformed lines instead, all removed in one round.
const malformed = [header, ...Array.from({ length: N }, () => "[]"), lines[1]].join("\n") + "\n";

everyConsumer(text, { maxLines: 40, maxActionLines: 40, noFix: true }).then(
  async (a) => {
    const byCode: Record<string, number> = {};
    for (const f of a.findings) byCode[f.code] = (byCode[f.code] ?? 0) + 1;
    const fixed = await everyConsumer(malformed, { maxLines: 40, maxActionLines: 40 });
    process.stdout.write(JSON.stringify({ findings: byCode, before: a.before.length, fixedFindings: fixed.findings.length, removed: fixAll(malformed).done.get("remove-malformed-line") }) + "\n");
  },
  (e) => {
    process.stderr.write(`${(e as Error).stack ?? e}\n`);
    process.exit(1);
  },
);
